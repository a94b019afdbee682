/* SPDX-License-Identifier: MIT */
#include "jtag_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecp5_jtag.h"
#include "jtag_bitbang.h"
#include "spi_flash_model.h"
#include "strbuf.h"

#define FLASH_BYTES (16u << 20) /* the model's SPI flash: 16 MiB */

struct jtag_model {
    uint32_t idcode;
    uint8_t pins; /* the outputs as last written */
    int tdo;
    enum jtag_state state;
    uint8_t ir_shift, ir;
    uint64_t dr_shift; /* the short data registers (up to 64 bits) */
    unsigned dr_bits;
    int erased;
    /* the SPI flash behind LSC_PROG_SPI: 0 off, 1 waiting for the key, 2 passing through */
    struct spi_flash_model *flash;
    int spi;
    /* burst */
    uint8_t *bits;
    size_t nbits_in, bits_cap;
    /* bytes to read back */
    uint8_t *rx;
    size_t rx_head, rx_len, rx_cap;
    struct jtag_model_stats st;
};

static void violation(struct jtag_model *m, const char *msg)
{
    m->st.violations++;
    snprintf(m->st.last_violation, sizeof(m->st.last_violation), "%s (in %s)", msg,
             jtag_state_name(m->state));
}

static uint32_t status_word(const struct jtag_model *m)
{
    return (m->st.done ? ECP5_STATUS_DONE : 0) | (m->st.isc_enabled ? ECP5_STATUS_ISC_ENABLED : 0);
}

static int burst_push(struct jtag_model *m, int bit)
{
    size_t byte = m->nbits_in / 8;

    if (byte >= m->bits_cap) {
        size_t cap = m->bits_cap ? 2 * m->bits_cap : 65536;
        uint8_t *p = realloc(m->bits, cap);
        if (!p)
            return -1;
        memset(p + m->bits_cap, 0, cap - m->bits_cap);
        m->bits = p;
        m->bits_cap = cap;
    }
    if (bit)
        m->bits[byte] |= (uint8_t)(0x80u >> (m->nbits_in % 8)); /* MSB first */
    m->nbits_in++;
    return 0;
}

/* The preamble of an ECP5 bitstream after its header (TN1260): FF FF BD B3. */
static int has_preamble(const struct jtag_model *m)
{
    size_t n = m->nbits_in / 8;

    for (size_t i = 0; i + 4 <= n && i < 4096; i++)
        if (m->bits[i] == 0xFF && m->bits[i + 1] == 0xFF && m->bits[i + 2] == 0xBD &&
            m->bits[i + 3] == 0xB3)
            return 1;
    return 0;
}

/* An ECP5 bitstream at the start of the flash: the preamble within its first 4 KiB. */
static int flash_has_bitstream(const struct jtag_model *m)
{
    size_t n;
    const uint8_t *d = spi_flash_model_data(m->flash, &n);

    for (size_t i = 0; i + 4 <= n && i < 4096; i++)
        if (d[i] == 0xFF && d[i + 1] == 0xFF && d[i + 2] == 0xBD && d[i + 3] == 0xB3)
            return 1;
    return 0;
}

/* Update-IR: the instruction becomes current. */
static void update_ir(struct jtag_model *m)
{
    m->ir = m->ir_shift;
    m->spi = 0;
    if (m->st.n_instructions < sizeof(m->st.instructions))
        m->st.instructions[m->st.n_instructions++] = m->ir;
    switch (m->ir) {
    case ECP5_IR_READ_ID:
    case ECP5_IR_LSC_READ_STATUS:
    case ECP5_IR_ISC_ENABLE:
    case ECP5_IR_BYPASS:
        break;
    case ECP5_IR_LSC_PROG_SPI:
        m->spi = 1;
        m->st.spi_entered++;
        return;
    case ECP5_IR_LSC_REFRESH:
        /* as PROGRAMN: the device configures itself from the SPI flash */
        m->st.refreshes++;
        m->st.isc_enabled = 0;
        m->erased = 0;
        m->st.done = flash_has_bitstream(m);
        break;
    case ECP5_IR_ISC_ERASE:
        if (!m->st.isc_enabled)
            violation(m, "ISC_ERASE without ISC_ENABLE");
        break;
    case ECP5_IR_LSC_BITSTREAM_BURST:
        if (!m->st.isc_enabled || !m->erased)
            violation(m, "LSC_BITSTREAM_BURST without ISC_ENABLE and ISC_ERASE before it");
        m->nbits_in = 0;
        if (m->bits)
            memset(m->bits, 0, m->bits_cap);
        break;
    case ECP5_IR_ISC_DISABLE:
        if (!m->st.isc_enabled)
            violation(m, "ISC_DISABLE without ISC_ENABLE");
        /* configuration ends: the design starts if the SRAM holds a bitstream */
        m->st.done = m->st.isc_enabled && m->erased && m->nbits_in % 8 == 0 && has_preamble(m);
        m->st.isc_enabled = 0;
        m->erased = 0;
        break;
    default: {
        char msg[64];
        snprintf(msg, sizeof(msg), "unknown instruction 0x%02x", m->ir);
        violation(m, msg);
    }
    }
}

static void capture_dr(struct jtag_model *m)
{
    m->dr_bits = 0;
    m->dr_shift = 0;
    if (m->ir == ECP5_IR_READ_ID)
        m->dr_shift = m->idcode;
    else if (m->ir == ECP5_IR_LSC_READ_STATUS)
        m->dr_shift = status_word(m);
}

static void update_dr(struct jtag_model *m)
{
    uint8_t v = (uint8_t)(m->dr_shift >> 56); /* the last 8 bits shifted in */

    if (m->ir == ECP5_IR_ISC_ENABLE) {
        if (m->dr_bits != 8 || v != 0x00)
            violation(m, "ISC_ENABLE's data register is not 8 bits 0x00");
        m->st.isc_enabled = 1;
        m->st.done = 0; /* entering configuration drops the design */
    } else if (m->ir == ECP5_IR_ISC_ERASE) {
        if (m->dr_bits != 8 || v != 0x01)
            violation(m, "ISC_ERASE's data register is not 8 bits 0x01 (SRAM)");
        else if (m->st.isc_enabled)
            m->erased = 1;
    } else if (m->ir == ECP5_IR_LSC_BITSTREAM_BURST && m->nbits_in % 8) {
        violation(m, "the burst ended within a byte");
    } else if (m->ir == ECP5_IR_LSC_PROG_SPI && m->spi == 1) {
        if (m->dr_bits != 16 || (m->dr_shift >> 48) != ECP5_PROG_SPI_KEY)
            violation(m, "LSC_PROG_SPI's data register is not 16 bits 0x68FE");
        else
            m->spi = 2;
    }
}

/* A rising TCK edge: the TAP samples TMS and TDI. */
static void rising(struct jtag_model *m, int tms, int tdi)
{
    enum jtag_state s = m->state;

    m->st.tck_cycles++;
    if (s == JTAG_SHIFT_IR)
        m->ir_shift = (uint8_t)(m->ir_shift >> 1 | (tdi ? 0x80 : 0));
    if (s == JTAG_SHIFT_DR) {
        if (m->spi == 2) {
            spi_flash_model_clock(m->flash, tdi);
        } else if (m->ir == ECP5_IR_LSC_BITSTREAM_BURST) {
            if (burst_push(m, tdi))
                violation(m, "out of memory for the bitstream");
        } else {
            m->dr_shift = m->dr_shift >> 1 | (tdi ? 1ull << 63 : 0);
            m->dr_bits++;
        }
    }
    m->state = jtag_next(s, tms);
    /* through LSC_PROG_SPI the flash's chip select is low while in Shift-DR */
    if (m->spi == 2 && s != JTAG_SHIFT_DR && m->state == JTAG_SHIFT_DR)
        spi_flash_model_select(m->flash);
    if (m->spi == 2 && s == JTAG_SHIFT_DR && m->state != JTAG_SHIFT_DR)
        spi_flash_model_deselect(m->flash);
    switch (m->state) {
    case JTAG_RESET:
        m->ir = ECP5_IR_READ_ID; /* IEEE 1149.1: IDCODE after reset */
        break;
    case JTAG_CAPTURE_IR:
        m->ir_shift = 0x01;
        break;
    case JTAG_UPDATE_IR:
        update_ir(m);
        break;
    case JTAG_CAPTURE_DR:
        capture_dr(m);
        break;
    case JTAG_UPDATE_DR:
        update_dr(m);
        break;
    default:
        break;
    }
}

/* A falling edge: TDO shows the next bit of the register being shifted. */
static void falling(struct jtag_model *m)
{
    if (m->state == JTAG_SHIFT_IR)
        m->tdo = m->ir_shift & 1;
    else if (m->state == JTAG_SHIFT_DR && m->spi == 2)
        m->tdo = spi_flash_model_miso(m->flash);
    else if (m->state == JTAG_SHIFT_DR)
        m->tdo = m->ir == ECP5_IR_LSC_BITSTREAM_BURST ? 1 : (int)(m->dr_shift & 1);
    else
        m->tdo = 1;
}

static void push_rx(struct jtag_model *m, uint8_t v)
{
    if (m->rx_head + m->rx_len == m->rx_cap) {
        if (m->rx_head) {
            memmove(m->rx, m->rx + m->rx_head, m->rx_len);
            m->rx_head = 0;
        } else {
            size_t cap = m->rx_cap ? 2 * m->rx_cap : 65536;
            uint8_t *p = realloc(m->rx, cap);
            if (!p)
                return; /* the read then comes up short: a failed transfer */
            m->rx = p;
            m->rx_cap = cap;
        }
    }
    m->rx[m->rx_head + m->rx_len++] = v;
}

static void apply(struct jtag_model *m, uint8_t v)
{
    uint8_t old = m->pins;
    int rise = !(old & ULX3S_JTAG_TCK) && (v & ULX3S_JTAG_TCK);
    int fall = (old & ULX3S_JTAG_TCK) && !(v & ULX3S_JTAG_TCK);

    /* sampled before the byte applies (synchronous bit-bang) */
    push_rx(m, (uint8_t)((old & ULX3S_JTAG_OUTPUTS) | (m->tdo ? ULX3S_JTAG_TDO : 0)));
    /* the TAP samples at the rising edge: TMS and TDI must be settled before it (they may
       change with the falling edge) */
    if (rise && ((old ^ v) & (ULX3S_JTAG_TMS | ULX3S_JTAG_TDI)))
        violation(m, "TMS or TDI changed with TCK's rising edge");
    m->pins = v & ULX3S_JTAG_OUTPUTS;
    if (rise)
        rising(m, !!(v & ULX3S_JTAG_TMS), !!(v & ULX3S_JTAG_TDI));
    if (fall)
        falling(m);
}

struct jtag_model *jtag_model_new(uint32_t idcode)
{
    struct jtag_model *m = calloc(1, sizeof(*m));

    if (!m)
        return NULL;
    m->flash = spi_flash_model_new(FLASH_BYTES);
    if (!m->flash) {
        free(m);
        return NULL;
    }
    m->idcode = idcode;
    m->state = JTAG_RESET;
    m->ir = ECP5_IR_READ_ID;
    m->tdo = 1;
    return m;
}

void jtag_model_free(struct jtag_model *m)
{
    if (!m)
        return;
    spi_flash_model_free(m->flash);
    free(m->bits);
    free(m->rx);
    free(m);
}

const uint8_t *jtag_model_bitstream(const struct jtag_model *m, size_t *len)
{
    *len = m->nbits_in / 8;
    return m->bits;
}

void jtag_model_get_stats(const struct jtag_model *m, struct jtag_model_stats *st)
{
    *st = m->st;
}

struct spi_flash_model *jtag_model_flash(struct jtag_model *m)
{
    return m->flash;
}

static int port_write(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    for (size_t i = 0; i < n; i++)
        apply(ctx, buf[i]);
    return 0;
}

static int port_read(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct jtag_model *m = ctx;

    if (m->rx_len < n)
        return oclhls_fail(err, errlen, "timeout: the bit-bang returned %zu of %zu bytes",
                           m->rx_len, n);
    memcpy(buf, m->rx + m->rx_head, n);
    m->rx_head += n;
    m->rx_len -= n;
    return 0;
}

static void port_delay(void *ctx, uint32_t us)
{
    (void)ctx, (void)us;
}

static void port_close(void *ctx)
{
    jtag_model_free(ctx);
}

void jtag_model_port(struct jtag_model *m, struct usb_link_port *port)
{
    *port = (struct usb_link_port){m, port_write, port_read, port_delay, port_close, 0};
}
