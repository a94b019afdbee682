/* SPDX-License-Identifier: MIT */
/*
 * The host link's byte channel on an FT2232H's MPSSE engine (the iCE40 boards): one frame is
 * one full-duplex SPI transfer under CS_n (docs/host-link-protocol.md, "MPSSE command
 * stream"). Its state (port, command buffer) lives in struct usb_link.
 */
#include "link_ops.h"

#include "strbuf.h"
#include <string.h>

static int mpsse_start(void *ctx, uint16_t divisor, char *err, size_t errlen)
{
    struct usb_link *link = ctx;
    uint8_t echo[2];

    mpsse_buf_reset(&link->cmds);
    mpsse_setup(&link->cmds, divisor);
    mpsse_sync(&link->cmds);
    if (link->cmds.oom)
        return oclhls_fail(err, errlen, "out of host memory");
    if (link->port.write(link->port.ctx, link->cmds.data, link->cmds.len, err, errlen) != 0 ||
        link->port.read(link->port.ctx, echo, sizeof(echo), err, errlen) != 0)
        return -1;
    if (echo[0] != MPSSE_BAD_COMMAND || echo[1] != MPSSE_SYNC_OPCODE)
        return oclhls_fail(err, errlen,
                           "the FT2232H's MPSSE is out of step: %02x %02x instead of the "
                           "bad-command echo fa %02x",
                           echo[0], echo[1], MPSSE_SYNC_OPCODE);
    return 0;
}

/*
 * One MPSSE round trip. A retry first sends the flash's deep power-down command: a
 * corrupted CMD byte 0xAB would have woken the iCEBreaker's flash, which shares the wires
 * (docs/host-link-protocol.md).
 */
static int mpsse_exchange(void *ctx, const uint8_t *tx, uint8_t *rx, size_t n, int retry,
                          char *err, size_t errlen)
{
    struct usb_link *link = ctx;
    struct mpsse_buf *b = &link->cmds;

    mpsse_buf_reset(b);
    if (retry)
        mpsse_lone_byte(b, LINK_FLASH_DEEP_POWER_DOWN, 1);
    mpsse_frame(b, tx, n);
    if (b->oom)
        return oclhls_fail(err, errlen, "out of host memory");
    if (link->port.write(link->port.ctx, b->data, b->len, err, errlen) != 0)
        return -1;
    if (b->bytes_back != n)
        return oclhls_fail(err, errlen, "internal error: %zu MPSSE bytes back for %zu",
                           b->bytes_back, n);
    return link->port.read(link->port.ctx, rx, n, err, errlen);
}

static void mpsse_delay(void *ctx, uint32_t us)
{
    struct usb_link *link = ctx;

    if (link->port.delay_us)
        link->port.delay_us(link->port.ctx, us);
}

static void mpsse_close(void *ctx)
{
    struct usb_link *link = ctx;

    if (link->port.close)
        link->port.close(link->port.ctx);
    link->port.close = NULL;
}

struct usb_link_channel usb_mpsse_channel(struct usb_link *link)
{
    struct usb_link_channel c = {link, mpsse_start, mpsse_exchange, mpsse_delay, mpsse_close};

    return c;
}
