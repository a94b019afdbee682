/* SPDX-License-Identifier: MIT */
/*
 * SPI slave configuration of the iCE40 (Lattice TN1248, "iCE40 Programming and
 * Configuration", SPI slave configuration): CRESET_B low with SPI_SS_B low selects slave
 * mode when CRESET_B is released; after >= 1200 us the device takes the bitstream MSB
 * first, then needs at least 49 more SCLK cycles before CDONE goes high and the user
 * design starts. icestorm's iceprog does the same on the iCEBreaker (its SRAM mode).
 */
#include "ice40_prog.h"

#include <stdio.h>

#include "mpsse.h"
#include "strbuf.h"

#define CRESET_LOW_US 100     /* TN1248: >= 200 ns */
#define CRAM_CLEAR_US 2000    /* TN1248: >= 1200 us before the bitstream */
#define DUMMY_CLOCKS_AFTER 56 /* TN1248: >= 49 */

static int send(const struct usb_link_port *port, struct mpsse_buf *b, char *err, size_t errlen)
{
    int rc;

    if (b->oom)
        return oclhls_fail(err, errlen, "out of host memory");
    rc = port->write(port->ctx, b->data, b->len, err, errlen);
    mpsse_buf_reset(b);
    return rc;
}

static void wait_us(const struct usb_link_port *port, uint32_t us)
{
    if (port->delay_us)
        port->delay_us(port->ctx, us);
}

static int read_cdone(const struct usb_link_port *port, struct mpsse_buf *b, int *cdone, char *err,
                      size_t errlen)
{
    uint8_t pins;

    mpsse_read_pins(b);
    if (send(port, b, err, errlen) || port->read(port->ctx, &pins, 1, err, errlen))
        return -1;
    *cdone = (pins & MPSSE_PIN_CDONE) != 0;
    return 0;
}

int ice40_program_cram(const struct usb_link_port *port, uint16_t divisor, const uint8_t *bits,
                       size_t len, char *err, size_t errlen)
{
    struct mpsse_buf b = {0};
    int cdone = 0, rc = -1;

    mpsse_setup(&b, divisor);
    /* FPGA held in reset: the flash alone listens. Deep power-down, so that it ignores the
     * bitstream and, later, the host-link frames on the same wires. */
    mpsse_set_pins(&b, 1, 0);
    mpsse_lone_byte(&b, FLASH_DEEP_POWER_DOWN, 0);
    mpsse_set_pins(&b, 0, 0); /* SPI_SS_B low while CRESET_B rises: slave mode */
    if (send(port, &b, err, errlen))
        goto out;
    wait_us(port, CRESET_LOW_US);
    mpsse_set_pins(&b, 0, 1);
    if (send(port, &b, err, errlen))
        goto out;
    wait_us(port, CRAM_CLEAR_US);
    mpsse_write_only(&b, bits, len);
    mpsse_clocks(&b, DUMMY_CLOCKS_AFTER);
    mpsse_set_pins(&b, 1, 1);
    if (send(port, &b, err, errlen) || read_cdone(port, &b, &cdone, err, errlen))
        goto out;
    if (!cdone) {
        oclhls_fail(err, errlen,
                    "the FPGA did not accept the bitstream (%zu bytes): CDONE stayed low "
                    "(wrong device or a damaged bitstream? On the iCEBreaker, CRAM "
                    "programming needs the SRAM jumper setting)",
                    len);
        goto out;
    }
    /* The user design now owns the pins; the flash slept through the bitstream (it only
     * looks at the first byte after CS_n falls), sending the command again is harmless. */
    mpsse_lone_byte(&b, FLASH_DEEP_POWER_DOWN, 1);
    rc = send(port, &b, err, errlen);
out:
    mpsse_buf_free(&b);
    return rc;
}
