/* SPDX-License-Identifier: MIT */
#include "ecp5_flash.h"

#include <stdlib.h>
#include <string.h>

#include "ecp5_jtag.h"
#include "jtag_bitbang.h"
#include "strbuf.h"

#define SPI_IDLE_CLOCKS 32u /* after LSC_PROG_SPI's key, as the tools' "RUNTEST IDLE 32" */
#define SETTLE_CLOCKS 16u
#define ERASE_WAIT_US 100000u /* ecp5_jtag.c's wait after ISC_ERASE */
#define REFRESH_WAIT_US 200000u
#define MAX_READS 8u /* reading instructions queued in one run */

/* spi_flash_bus on JTAG: each instruction one Shift-DR, queued in one bit-bang buffer. */
struct jtag_bus {
    const struct usb_link_port *port;
    struct jtag_buf b;
    size_t at[MAX_READS], n[MAX_READS]; /* the reading instructions: TDO index, bytes */
    unsigned nreads;
    int overflow;
};

static void bus_queue(void *ctx, const uint8_t *out, size_t n, int reading)
{
    struct jtag_bus *jb = ctx;

    jtag_shift_begin(&jb->b);
    if (reading) {
        if (jb->nreads == MAX_READS) {
            jb->overflow = 1;
        } else {
            jb->at[jb->nreads] = jb->b.len + 1; /* the TCK-high byte of the first bit */
            jb->n[jb->nreads++] = n;
        }
    }
    jtag_shift_bytes_msb(&jb->b, out, n, 1);
}

static int bus_run(void *ctx, uint8_t *in, char *err, size_t errlen)
{
    struct jtag_bus *jb = ctx;
    uint8_t *rx = malloc(jb->b.len ? jb->b.len : 1);
    size_t k = 0;
    int rc = -1;

    if (!rx || jb->overflow) {
        oclhls_fail(err, errlen,
                    rx ? "internal error: too many flash reads queued" : "out of host memory");
        jtag_buf_reset(&jb->b);
        goto out;
    }
    if (ecp5_jtag_run(jb->port, &jb->b, rx, err, errlen))
        goto out;
    /* MISO bit i of an instruction is TDO as TDI bit i goes in; bytes MSB first */
    for (unsigned r = 0; r < jb->nreads; r++)
        for (size_t i = 0; i < 8 * jb->n[r]; i++, k += (i % 8 == 0)) {
            if (i % 8 == 0 && in)
                in[k] = 0;
            if (in && (rx[jb->at[r] + 2 * i] & ULX3S_JTAG_TDO))
                in[k] |= (uint8_t)(0x80u >> (i % 8));
        }
    rc = 0;
out:
    jb->nreads = 0;
    jb->overflow = 0;
    free(rx);
    return rc;
}

static void bus_delay(void *ctx, uint32_t us)
{
    const struct usb_link_port *port = ((struct jtag_bus *)ctx)->port;

    if (port->delay_us)
        port->delay_us(port->ctx, us);
}

int ecp5_flash_open(const struct usb_link_port *port, struct spi_flash_id *id, char *err,
                    size_t errlen)
{
    static const uint8_t key[2] = {ECP5_PROG_SPI_KEY & 0xFF, ECP5_PROG_SPI_KEY >> 8};
    struct jtag_bus jb = {port, {0}, {0}, {0}, 0, 0};
    struct spi_flash_bus bus = {&jb, bus_queue, bus_run, bus_delay};
    uint8_t ir = ECP5_IR_LSC_PROG_SPI;
    uint32_t idcode = 0;
    int rc = -1;

    memset(id, 0, sizeof(*id));
    jtag_reset(&jb.b);
    if (ecp5_jtag_read32(port, &jb.b, ECP5_IR_READ_ID, &idcode, err, errlen) ||
        ecp5_jtag_check_id(idcode, err, errlen))
        goto out;
    /* no design may drive the flash's pins: clear the SRAM */
    ecp5_jtag_instruction_dr8(&jb.b, ECP5_IR_ISC_ENABLE, 0x00);
    ecp5_jtag_instruction_dr8(&jb.b, ECP5_IR_ISC_ERASE, 0x01);
    if (ecp5_jtag_run(port, &jb.b, NULL, err, errlen))
        goto out;
    bus_delay(&jb, ERASE_WAIT_US);
    jtag_shift(&jb.b, 1, (const uint8_t[]){ECP5_IR_ISC_DISABLE}, 8, NULL);
    jtag_idle(&jb.b, SETTLE_CLOCKS);
    jtag_shift(&jb.b, 1, &ir, 8, NULL);
    jtag_shift(&jb.b, 0, key, 16, NULL);
    jtag_idle(&jb.b, SPI_IDLE_CLOCKS);
    if (ecp5_jtag_run(port, &jb.b, NULL, err, errlen))
        goto out;
    rc = spi_flash_read_id(&bus, id,
                           "the ECP5's pass-through to its configuration flash (LSC_PROG_SPI) "
                           "did not reach one",
                           err, errlen);
out:
    jtag_buf_free(&jb.b);
    return rc;
}

int ecp5_flash_write(const struct usb_link_port *port, const struct spi_flash_id *id,
                     const uint8_t *image, size_t len, spi_flash_progress_fn progress,
                     void *progress_ctx, char *err, size_t errlen)
{
    struct jtag_bus jb = {port, {0}, {0}, {0}, 0, 0};
    struct spi_flash_bus bus = {&jb, bus_queue, bus_run, bus_delay};
    int rc;

    jb.b.state = JTAG_IDLE; /* where ecp5_flash_open left the TAP */
    rc = spi_flash_write(&bus, id, image, len, progress, progress_ctx, err, errlen);
    jtag_buf_free(&jb.b);
    return rc;
}

int ecp5_flash_boot(const struct usb_link_port *port, char *err, size_t errlen)
{
    struct jtag_buf b = {0};
    uint32_t status = 0;
    int rc = -1;

    b.state = JTAG_IDLE;
    jtag_shift(&b, 1, (const uint8_t[]){ECP5_IR_BYPASS}, 8, NULL);
    jtag_shift(&b, 1, (const uint8_t[]){ECP5_IR_LSC_REFRESH}, 8, NULL);
    jtag_idle(&b, SETTLE_CLOCKS);
    if (ecp5_jtag_run(port, &b, NULL, err, errlen))
        goto out;
    if (port->delay_us)
        port->delay_us(port->ctx, REFRESH_WAIT_US);
    if (ecp5_jtag_read32(port, &b, ECP5_IR_LSC_READ_STATUS, &status, err, errlen))
        goto out;
    if (!(status & ECP5_STATUS_DONE) || (status & ECP5_STATUS_FAIL)) {
        oclhls_fail(err, errlen,
                    "the ECP5 did not configure itself from the flash: status %08x (DONE %u, "
                    "FAIL %u)",
                    status, !!(status & ECP5_STATUS_DONE), !!(status & ECP5_STATUS_FAIL));
        goto out;
    }
    jtag_shift(&b, 1, (const uint8_t[]){ECP5_IR_BYPASS}, 8, NULL);
    rc = ecp5_jtag_run(port, &b, NULL, err, errlen);
out:
    jtag_buf_free(&b);
    return rc;
}
