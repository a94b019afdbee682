/* SPDX-License-Identifier: MIT */
#include "jtag_bitbang.h"

#include <stdlib.h>
#include <string.h>

enum jtag_state jtag_next(enum jtag_state s, int tms)
{
    /* IEEE 1149.1 TAP controller: the state each TMS value leads to */
    static const enum jtag_state next[16][2] = {
        [JTAG_RESET] = {JTAG_IDLE, JTAG_RESET},
        [JTAG_IDLE] = {JTAG_IDLE, JTAG_SELECT_DR},
        [JTAG_SELECT_DR] = {JTAG_CAPTURE_DR, JTAG_SELECT_IR},
        [JTAG_CAPTURE_DR] = {JTAG_SHIFT_DR, JTAG_EXIT1_DR},
        [JTAG_SHIFT_DR] = {JTAG_SHIFT_DR, JTAG_EXIT1_DR},
        [JTAG_EXIT1_DR] = {JTAG_PAUSE_DR, JTAG_UPDATE_DR},
        [JTAG_PAUSE_DR] = {JTAG_PAUSE_DR, JTAG_EXIT2_DR},
        [JTAG_EXIT2_DR] = {JTAG_SHIFT_DR, JTAG_UPDATE_DR},
        [JTAG_UPDATE_DR] = {JTAG_IDLE, JTAG_SELECT_DR},
        [JTAG_SELECT_IR] = {JTAG_CAPTURE_IR, JTAG_RESET},
        [JTAG_CAPTURE_IR] = {JTAG_SHIFT_IR, JTAG_EXIT1_IR},
        [JTAG_SHIFT_IR] = {JTAG_SHIFT_IR, JTAG_EXIT1_IR},
        [JTAG_EXIT1_IR] = {JTAG_PAUSE_IR, JTAG_UPDATE_IR},
        [JTAG_PAUSE_IR] = {JTAG_PAUSE_IR, JTAG_EXIT2_IR},
        [JTAG_EXIT2_IR] = {JTAG_SHIFT_IR, JTAG_UPDATE_IR},
        [JTAG_UPDATE_IR] = {JTAG_IDLE, JTAG_SELECT_DR},
    };
    return next[s & 15][tms ? 1 : 0];
}

const char *jtag_state_name(enum jtag_state s)
{
    static const char *const names[16] = {
        "Test-Logic-Reset", "Run-Test/Idle", "Select-DR-Scan", "Capture-DR", "Shift-DR",
        "Exit1-DR",         "Pause-DR",      "Exit2-DR",       "Update-DR",  "Select-IR-Scan",
        "Capture-IR",       "Shift-IR",      "Exit1-IR",       "Pause-IR",   "Exit2-IR",
        "Update-IR"};
    return names[s & 15];
}

void jtag_buf_reset(struct jtag_buf *b)
{
    b->len = 0;
    b->oom = 0;
}

void jtag_buf_free(struct jtag_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof(*b));
}

static void put(struct jtag_buf *b, uint8_t v)
{
    if (b->len == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 4096;
        uint8_t *p = realloc(b->data, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->data = p;
        b->cap = cap;
    }
    b->data[b->len++] = v;
}

void jtag_clock(struct jtag_buf *b, int tms, int tdi)
{
    uint8_t v = (uint8_t)((tms ? ULX3S_JTAG_TMS : 0) | (tdi ? ULX3S_JTAG_TDI : 0));

    put(b, v);
    put(b, v | ULX3S_JTAG_TCK);
    b->state = jtag_next(b->state, tms);
}

void jtag_reset(struct jtag_buf *b)
{
    for (int i = 0; i < 5; i++)
        jtag_clock(b, 1, 0);
    jtag_clock(b, 0, 0);
}

void jtag_idle(struct jtag_buf *b, uint32_t n)
{
    while (n--)
        jtag_clock(b, 0, 0);
}

void jtag_shift_begin(struct jtag_buf *b)
{
    jtag_clock(b, 1, 0); /* Select-DR-Scan */
    jtag_clock(b, 0, 0); /* Capture-DR */
    jtag_clock(b, 0, 0); /* Shift-DR */
}

/* Exit1 (taken with the last bit) -> Update -> Run-Test/Idle */
static void leave_shift(struct jtag_buf *b)
{
    jtag_clock(b, 1, 0);
    jtag_clock(b, 0, 0);
}

void jtag_shift(struct jtag_buf *b, int ir, const uint8_t *out, size_t nbits, size_t *tdo_at)
{
    jtag_clock(b, 1, 0); /* Select-DR-Scan */
    if (ir)
        jtag_clock(b, 1, 0); /* Select-IR-Scan */
    jtag_clock(b, 0, 0);     /* Capture */
    jtag_clock(b, 0, 0);     /* Shift */
    if (tdo_at)
        *tdo_at = b->len + 1;
    for (size_t i = 0; i < nbits; i++)
        jtag_clock(b, i + 1 == nbits, out ? (out[i / 8] >> (i % 8)) & 1 : 0);
    leave_shift(b);
}

void jtag_shift_bytes_msb(struct jtag_buf *b, const uint8_t *bytes, size_t n, int last)
{
    for (size_t i = 0; i < n; i++)
        for (int bit = 7; bit >= 0; bit--)
            jtag_clock(b, last && i + 1 == n && bit == 0, (bytes[i] >> bit) & 1);
    if (last)
        leave_shift(b);
}

void jtag_tdo_bits(const uint8_t *rx, size_t tdo_at, size_t nbits, uint8_t *out)
{
    memset(out, 0, (nbits + 7) / 8);
    for (size_t i = 0; i < nbits; i++)
        if (rx[tdo_at + 2 * i] & ULX3S_JTAG_TDO)
            out[i / 8] |= (uint8_t)(1u << (i % 8));
}
