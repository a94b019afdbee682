/* SPDX-License-Identifier: MIT */
#include "mpsse.h"

#include <stdlib.h>
#include <string.h>

/* One MPSSE data command moves at most 65536 bytes (16-bit length - 1, AN_108 data shifting
 * commands). */
#define MPSSE_MAX_CHUNK 65536u

void mpsse_buf_reset(struct mpsse_buf *b)
{
    b->len = 0;
    b->bytes_back = 0;
    b->oom = 0;
}

void mpsse_buf_free(struct mpsse_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof(*b));
}

static void put(struct mpsse_buf *b, const uint8_t *p, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 512;
        uint8_t *d;

        while (cap < b->len + n)
            cap *= 2;
        d = realloc(b->data, cap);
        if (!d) {
            b->oom = 1;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

static void put1(struct mpsse_buf *b, uint8_t v)
{
    put(b, &v, 1);
}

uint16_t mpsse_divisor_for(uint32_t hz)
{
    /* AN_108, Set TCK/SK Divisor: TCK = 60 MHz / ((1 + div) * 2), divide-by-5 off */
    uint32_t half = MPSSE_MASTER_HZ / 2;
    uint32_t div;

    if (hz == 0)
        return 0xFFFF;
    div = (half + hz - 1) / hz - 1;
    if ((uint64_t)half / (div + 1) > hz)
        div++;
    return div > 0xFFFF ? 0xFFFF : (uint16_t)div;
}

uint32_t mpsse_sclk_hz(uint16_t divisor)
{
    return MPSSE_MASTER_HZ / (2u * (1u + divisor));
}

void mpsse_setup(struct mpsse_buf *b, uint16_t divisor)
{
    const uint8_t cmds[] = {
        MPSSE_DIV5_OFF,     /* clock from 60 MHz, not 12 MHz */
        MPSSE_ADAPTIVE_OFF, /* SCLK does not wait for an RTCK */
        MPSSE_3PHASE_OFF,   /* two-phase clocking, as SPI needs */
        MPSSE_LOOPBACK_OFF, MPSSE_SET_DIVISOR, (uint8_t)divisor, (uint8_t)(divisor >> 8),
    };

    put(b, cmds, sizeof(cmds));
    mpsse_set_pins(b, 1, 1);
}

void mpsse_set_pins(struct mpsse_buf *b, int cs_n, int creset_n)
{
    uint8_t v = (cs_n ? MPSSE_PIN_CS_N : 0) | (creset_n ? MPSSE_PIN_CRESET_N : 0);
    const uint8_t cmd[] = {MPSSE_SET_LOW, v, MPSSE_DIRECTION};

    put(b, cmd, sizeof(cmd));
}

static void data_cmd(struct mpsse_buf *b, uint8_t op, const uint8_t *out, size_t n)
{
    while (n) {
        size_t chunk = n < MPSSE_MAX_CHUNK ? n : MPSSE_MAX_CHUNK;
        const uint8_t hdr[] = {op, (uint8_t)(chunk - 1), (uint8_t)((chunk - 1) >> 8)};

        put(b, hdr, sizeof(hdr));
        put(b, out, chunk);
        out += chunk;
        n -= chunk;
    }
}

void mpsse_transfer(struct mpsse_buf *b, const uint8_t *out, size_t n)
{
    data_cmd(b, MPSSE_BYTES_IO_NEG_POS, out, n);
    b->bytes_back += n;
}

void mpsse_write_only(struct mpsse_buf *b, const uint8_t *out, size_t n)
{
    data_cmd(b, MPSSE_BYTES_OUT_NEG, out, n);
}

void mpsse_clocks(struct mpsse_buf *b, uint32_t n)
{
    while (n >= 8) {
        uint32_t bytes = n / 8 > MPSSE_MAX_CHUNK ? MPSSE_MAX_CHUNK : n / 8;
        const uint8_t cmd[] = {MPSSE_CLOCK_BYTES, (uint8_t)(bytes - 1),
                               (uint8_t)((bytes - 1) >> 8)};

        put(b, cmd, sizeof(cmd));
        n -= bytes * 8;
    }
    if (n) {
        const uint8_t cmd[] = {MPSSE_CLOCK_BITS, (uint8_t)(n - 1)};

        put(b, cmd, sizeof(cmd));
    }
}

void mpsse_read_pins(struct mpsse_buf *b)
{
    put1(b, MPSSE_GET_LOW);
    put1(b, MPSSE_SEND_IMMEDIATE);
    b->bytes_back += 1;
}

void mpsse_frame(struct mpsse_buf *b, const uint8_t *out, size_t n)
{
    mpsse_set_pins(b, 0, 1);
    mpsse_transfer(b, out, n);
    mpsse_set_pins(b, 1, 1);
    put1(b, MPSSE_SEND_IMMEDIATE); /* do not wait for the latency timer */
}

void mpsse_lone_byte(struct mpsse_buf *b, uint8_t byte, int creset_n)
{
    mpsse_set_pins(b, 0, creset_n);
    mpsse_write_only(b, &byte, 1);
    mpsse_set_pins(b, 1, creset_n);
}

void mpsse_sync(struct mpsse_buf *b)
{
    put1(b, MPSSE_SYNC_OPCODE);
    put1(b, MPSSE_SEND_IMMEDIATE);
    b->bytes_back += 2;
}
