/* SPDX-License-Identifier: MIT */
/*
 * SPI flash programming for iCE40 boards (ice40_flash.h): spi_flash.c's protocol over the
 * MPSSE. Timing limit: the W25Q128JV datasheet's tRES1, 3 us at most (Release Power-down to
 * standby, "AC Electrical Characteristics").
 *
 * While the flash is written, CRESET_B is held low: the FPGA keeps its SPI pins in high
 * impedance and the FT2232H alone talks to the flash (as icestorm's iceprog does on the
 * iCEBreaker). To boot, the FPGA must be the SPI master: Lattice TN1248 ("iCE40
 * Programming and Configuration") has the device configure itself from SPI flash when
 * SPI_SS_B is high as CRESET_B rises, so the FT2232H releases SCLK, MOSI and CS_n (inputs)
 * for the boot and takes them back after CDONE.
 */
#include "ice40_flash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ice40_prog.h"
#include "mpsse.h"
#include "strbuf.h"

#define RELEASE_PD_US 5   /* tRES1 max 3 us */
#define CRESET_LOW_US 200 /* TN1248: >= 200 ns */
#define BOOT_POLL_US 1000u

/* Sends the buffer and reads back what it asked for (into in, which may be NULL when
 * nothing comes back). */
static int run(const struct usb_link_port *port, struct mpsse_buf *b, uint8_t *in, char *err,
               size_t errlen)
{
    size_t back = b->bytes_back;
    int rc;

    if (b->oom) {
        mpsse_buf_reset(b);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    rc = port->write(port->ctx, b->data, b->len, err, errlen);
    mpsse_buf_reset(b);
    if (rc == 0 && back)
        rc = port->read(port->ctx, in, back, err, errlen);
    return rc;
}

static void wait_us(const struct usb_link_port *port, uint32_t us)
{
    if (port->delay_us)
        port->delay_us(port->ctx, us);
}

/* One flash instruction under CS_n with the FPGA in reset; its bytes come back when
 * reading (a full-duplex transfer), else it is output only. */
static void flash_cmd(struct mpsse_buf *b, const uint8_t *out, size_t n, int reading)
{
    mpsse_set_pins(b, 0, 0);
    if (reading)
        mpsse_transfer(b, out, n);
    else
        mpsse_write_only(b, out, n);
    mpsse_set_pins(b, 1, 0);
}

/* spi_flash_bus on the MPSSE: instructions queue in one buffer; a run that reads anything
   ends with a pin read, which also flushes the chip's read buffer (send immediate). */
struct mpsse_bus {
    const struct usb_link_port *port;
    struct mpsse_buf b;
};

static void bus_queue(void *ctx, const uint8_t *out, size_t n, int reading)
{
    flash_cmd(&((struct mpsse_bus *)ctx)->b, out, n, reading);
}

static int bus_run(void *ctx, uint8_t *in, char *err, size_t errlen)
{
    struct mpsse_bus *mb = ctx;
    size_t back = mb->b.bytes_back;
    uint8_t *tmp;
    int rc;

    if (!back)
        return run(mb->port, &mb->b, NULL, err, errlen);
    mpsse_read_pins(&mb->b);
    tmp = malloc(back + 1);
    if (!tmp) {
        mpsse_buf_reset(&mb->b);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    rc = run(mb->port, &mb->b, tmp, err, errlen);
    if (rc == 0 && in)
        memcpy(in, tmp, back); /* the pins' byte after them is dropped */
    free(tmp);
    return rc;
}

static void bus_delay(void *ctx, uint32_t us)
{
    wait_us(((struct mpsse_bus *)ctx)->port, us);
}

int ice40_flash_open(const struct usb_link_port *port, uint16_t divisor, struct spi_flash_id *id,
                     char *err, size_t errlen)
{
    struct mpsse_bus mb = {port, {0}};
    struct spi_flash_bus bus = {&mb, bus_queue, bus_run, bus_delay};
    int rc = -1;

    memset(id, 0, sizeof(*id));
    mpsse_setup(&mb.b, divisor);
    mpsse_set_pins(&mb.b, 1, 0); /* CRESET_B low: the FPGA lets go of the SPI pins */
    if (run(port, &mb.b, NULL, err, errlen))
        goto out;
    wait_us(port, CRESET_LOW_US);
    mpsse_lone_byte(&mb.b, FLASH_RELEASE_POWER_DOWN, 0);
    if (run(port, &mb.b, NULL, err, errlen))
        goto out;
    wait_us(port, RELEASE_PD_US);
    rc = spi_flash_read_id(&bus, id,
                           "is this an iCE40 board with its configuration flash on FT2232H "
                           "channel A?",
                           err, errlen);
out:
    mpsse_buf_free(&mb.b);
    return rc;
}

int ice40_flash_write(const struct usb_link_port *port, const struct spi_flash_id *id,
                      const uint8_t *image, size_t len, ice40_flash_progress_fn progress,
                      void *progress_ctx, char *err, size_t errlen)
{
    struct mpsse_bus mb = {port, {0}};
    struct spi_flash_bus bus = {&mb, bus_queue, bus_run, bus_delay};
    int rc = spi_flash_write(&bus, id, image, len, progress, progress_ctx, err, errlen);

    mpsse_buf_free(&mb.b);
    return rc;
}

int ice40_flash_boot(const struct usb_link_port *port, uint32_t timeout_ms, char *err,
                     size_t errlen)
{
    /* ADBUS: CS_n and CRESET_B high, only CRESET_B an output (SCLK, MOSI, CS_n released) */
    static const uint8_t release[3] = {MPSSE_SET_LOW, MPSSE_PIN_CS_N | MPSSE_PIN_CRESET_N,
                                       MPSSE_PIN_CRESET_N};
    struct mpsse_buf b = {0};
    uint32_t waited = 0;
    uint8_t pins = 0;
    int rc = -1;

    mpsse_set_pins(&b, 1, 0); /* CRESET_B low with CS_n high */
    if (run(port, &b, NULL, err, errlen))
        goto out;
    wait_us(port, CRESET_LOW_US);
    if (port->write(port->ctx, release, sizeof(release), err, errlen))
        goto out;
    for (;;) {
        wait_us(port, BOOT_POLL_US);
        waited += BOOT_POLL_US;
        mpsse_read_pins(&b);
        if (run(port, &b, &pins, err, errlen))
            goto out;
        if (pins & MPSSE_PIN_CDONE)
            break;
        if (waited >= timeout_ms * 1000u) {
            oclhls_fail(
                err, errlen,
                "the FPGA did not boot from the flash: CDONE stayed low for %u ms (the image "
                "is not an iCE40 bitstream for this device?)",
                timeout_ms);
            goto out;
        }
    }
    /* The pins back to the host, the flash back to sleep: host-link frames share its wires. */
    mpsse_set_pins(&b, 1, 1);
    mpsse_lone_byte(&b, FLASH_DEEP_POWER_DOWN, 1);
    rc = run(port, &b, NULL, err, errlen);
out:
    mpsse_buf_free(&b);
    return rc;
}
