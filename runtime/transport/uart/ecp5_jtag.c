/* SPDX-License-Identifier: MIT */
#include "ecp5_jtag.h"

#include <stdlib.h>

#include "jtag_bitbang.h"
#include "strbuf.h"

/* Run-Test/Idle clocks after each configuration instruction, and the wall time the
   erase and the wake-up after ISC_DISABLE may take (waited besides) */
#define SETTLE_CLOCKS 16u
#define ERASE_WAIT_US 100000u
#define SETTLE_US 10000u
/* bitstream bytes per USB round trip (each bit is 2 bytes each way) */
#define BURST_CHUNK 4096u

/* Sends the buffer and reads back as many bytes; rx gets them when not NULL. */
int ecp5_jtag_run(const struct usb_link_port *port, struct jtag_buf *b, uint8_t *rx, char *err,
                  size_t errlen)
{
    uint8_t *in = rx ? rx : malloc(b->len ? b->len : 1);
    int rc;

    if (b->oom || !in) {
        if (!rx)
            free(in);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    rc = port->write(port->ctx, b->data, b->len, err, errlen) != 0 ||
                 port->read(port->ctx, in, b->len, err, errlen) != 0
             ? -1
             : 0;
    if (!rx)
        free(in);
    jtag_buf_reset(b);
    return rc;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* An instruction with no data register to speak of, then idle clocks. */
static void instruction(struct jtag_buf *b, uint8_t ir)
{
    jtag_shift(b, 1, &ir, 8, NULL);
    jtag_idle(b, SETTLE_CLOCKS);
}

/* An instruction, then an 8-bit data register, then idle clocks. */
void ecp5_jtag_instruction_dr8(struct jtag_buf *b, uint8_t ir, uint8_t dr)
{
    jtag_shift(b, 1, &ir, 8, NULL);
    jtag_shift(b, 0, &dr, 8, NULL);
    jtag_idle(b, SETTLE_CLOCKS);
}

/* An instruction whose 32-bit data register is read (READ_ID, LSC_READ_STATUS). */
int ecp5_jtag_read32(const struct usb_link_port *port, struct jtag_buf *b, uint8_t ir,
                     uint32_t *value, char *err, size_t errlen)
{
    uint8_t rx[4096], bits[4];
    size_t at = 0;

    jtag_shift(b, 1, &ir, 8, NULL);
    jtag_shift(b, 0, NULL, 32, &at);
    if (b->len > sizeof(rx))
        return oclhls_fail(err, errlen, "internal error: JTAG buffer");
    if (ecp5_jtag_run(port, b, rx, err, errlen) != 0)
        return -1;
    jtag_tdo_bits(rx, at, 32, bits);
    *value = le32(bits);
    return 0;
}

static void wait_us(const struct usb_link_port *port, uint32_t us)
{
    if (port->delay_us)
        port->delay_us(port->ctx, us);
}

int ecp5_jtag_read_id(const struct usb_link_port *port, uint32_t *idcode, char *err, size_t errlen)
{
    struct jtag_buf b = {0};
    int rc;

    jtag_reset(&b);
    rc = ecp5_jtag_read32(port, &b, ECP5_IR_READ_ID, idcode, err, errlen);
    jtag_buf_free(&b);
    return rc;
}

int ecp5_jtag_check_id(uint32_t id, char *err, size_t errlen)
{
    if (id == 0 || id == 0xFFFFFFFFu)
        return oclhls_fail(err, errlen,
                           "no JTAG device answers (IDCODE %08x): is the ULX3S connected?", id);
    if (id != ECP5_IDCODE_LFE5U_85F)
        return oclhls_fail(err, errlen,
                           "the JTAG device's IDCODE is %08x, not the LFE5U-85F's %08x (the "
                           "ulx3s board is the 85F version)",
                           id, ECP5_IDCODE_LFE5U_85F);
    return 0;
}

int ecp5_jtag_program_sram(const struct usb_link_port *port, const uint8_t *bits, size_t len,
                           char *err, size_t errlen)
{
    struct jtag_buf b = {0};
    uint32_t id = 0, status = 0;
    int rc = -1;

    if (!len)
        return oclhls_fail(err, errlen, "the bitstream is empty");
    jtag_reset(&b);
    if (ecp5_jtag_read32(port, &b, ECP5_IR_READ_ID, &id, err, errlen) ||
        ecp5_jtag_check_id(id, err, errlen))
        goto out;
    ecp5_jtag_instruction_dr8(&b, ECP5_IR_ISC_ENABLE, 0x00);
    ecp5_jtag_instruction_dr8(&b, ECP5_IR_ISC_ERASE, 0x01);
    if (ecp5_jtag_run(port, &b, NULL, err, errlen))
        goto out;
    wait_us(port, ERASE_WAIT_US);
    if (ecp5_jtag_read32(port, &b, ECP5_IR_LSC_READ_STATUS, &status, err, errlen))
        goto out;
    if (status & (ECP5_STATUS_BUSY | ECP5_STATUS_FAIL)) {
        oclhls_fail(err, errlen, "the ECP5 is %s after ISC_ERASE (status %08x)",
                    status & ECP5_STATUS_FAIL ? "failed" : "busy", status);
        goto out;
    }
    /* the bitstream in one Shift-DR, sent in pieces */
    jtag_shift(&b, 1, (const uint8_t[]){ECP5_IR_LSC_BITSTREAM_BURST}, 8, NULL);
    jtag_shift_begin(&b);
    for (size_t off = 0; off < len; off += BURST_CHUNK) {
        size_t n = len - off < BURST_CHUNK ? len - off : BURST_CHUNK;
        jtag_shift_bytes_msb(&b, bits + off, n, off + n == len);
        if (ecp5_jtag_run(port, &b, NULL, err, errlen))
            goto out;
    }
    jtag_idle(&b, SETTLE_CLOCKS);
    instruction(&b, ECP5_IR_ISC_DISABLE);
    if (ecp5_jtag_run(port, &b, NULL, err, errlen))
        goto out;
    wait_us(port, SETTLE_US);
    if (ecp5_jtag_read32(port, &b, ECP5_IR_LSC_READ_STATUS, &status, err, errlen))
        goto out;
    if (!(status & ECP5_STATUS_DONE) || (status & ECP5_STATUS_FAIL)) {
        oclhls_fail(err, errlen,
                    "the ECP5 did not accept the bitstream (%zu bytes): status %08x (DONE %u, "
                    "FAIL %u)",
                    len, status, !!(status & ECP5_STATUS_DONE), !!(status & ECP5_STATUS_FAIL));
        goto out;
    }
    instruction(&b, ECP5_IR_BYPASS);
    rc = ecp5_jtag_run(port, &b, NULL, err, errlen);
out:
    jtag_buf_free(&b);
    return rc;
}
