/* SPDX-License-Identifier: MIT */
#include "ft231x_port.h"

#include <ftdi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ecp5_jtag.h"
#include "jtag_bitbang.h"
#include "strbuf.h"

#define FTDI_VENDOR 0x0403
#define USB_TIMEOUT_MS 1000
/* A read waits for the bytes' time on the wire (twice over) plus this, for USB latency
   and the FPGA's answer; then the bytes still missing are lost (the link retries). */
#define READ_SLACK_MS 20

/* The bit-bang rate libftdi is asked for (ftdi_set_baudrate; the chip clocks bit-bang
   bytes at a multiple of it) and the bytes written before the returned ones are read:
   in synchronous bit-bang the chip's receive buffer must not overflow. */
#define JTAG_BAUD 1000000
#define BB_CHUNK 256
#define BB_DEADLINE_MS 2000

struct ft231x {
    struct ftdi_context *f;
    uint32_t baud;
    uint8_t *back; /* bit-bang: bytes read back, not yet taken */
    size_t back_head, back_len, back_cap;
};

static uint64_t now_us(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void sleep_us(uint32_t us)
{
    struct timespec ts = {us / 1000000u, (long)(us % 1000000u) * 1000};

    nanosleep(&ts, NULL);
}

static int ft_write(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct ft231x *p = ctx;

    while (n) {
        int chunk = n > 65536 ? 65536 : (int)n;
        int rc = ftdi_write_data(p->f, buf, chunk);

        if (rc <= 0)
            return oclhls_fail(err, errlen, "USB write failed (board unplugged?): %s",
                               rc < 0 ? ftdi_get_error_string(p->f) : "nothing written");
        buf += rc;
        n -= (size_t)rc;
    }
    return 0;
}

static long ft_read(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct ft231x *p = ctx;
    uint64_t wire_us = (uint64_t)n * 10u * 1000000u / p->baud;
    uint64_t deadline = now_us() + 2 * wire_us + READ_SLACK_MS * 1000u;
    size_t got = 0;

    while (got < n) {
        int rc = ftdi_read_data(p->f, buf + got, (int)(n - got > 65536 ? 65536 : n - got));

        if (rc < 0)
            return oclhls_fail(err, errlen, "USB read failed (board unplugged?): %s",
                               ftdi_get_error_string(p->f));
        got += (size_t)rc;
        if (rc == 0) {
            if (now_us() > deadline)
                break; /* lost bytes: the caller pads and the link retries */
            sleep_us(100);
        }
    }
    return (long)got;
}

static void ft_discard(void *ctx)
{
    struct ft231x *p = ctx;

    ftdi_tciflush(p->f);
}

static void ft_delay(void *ctx, uint32_t us)
{
    (void)ctx;
    sleep_us(us);
}

static void ft_close(void *ctx)
{
    struct ft231x *p = ctx;

    ftdi_usb_close(p->f);
    ftdi_free(p->f);
    free(p);
}

/* ---------------------------------------------------------------- JTAG (bit-bang) */

static int bb_keep(struct ft231x *p, const uint8_t *buf, size_t n)
{
    if (p->back_head + p->back_len + n > p->back_cap) {
        if (p->back_head) {
            memmove(p->back, p->back + p->back_head, p->back_len);
            p->back_head = 0;
        }
        if (p->back_len + n > p->back_cap) {
            size_t cap = p->back_cap ? p->back_cap : 65536;
            while (cap < p->back_len + n)
                cap *= 2;
            uint8_t *q = realloc(p->back, cap);
            if (!q)
                return -1;
            p->back = q;
            p->back_cap = cap;
        }
    }
    memcpy(p->back + p->back_head + p->back_len, buf, n);
    p->back_len += n;
    return 0;
}

/* Writes in chunks and reads each chunk's bytes back before the next. */
static int bb_write(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct ft231x *p = ctx;
    uint8_t in[BB_CHUNK];

    while (n) {
        size_t chunk = n < BB_CHUNK ? n : BB_CHUNK, got = 0;
        uint64_t deadline = now_us() + BB_DEADLINE_MS * 1000u;

        if (ftdi_write_data(p->f, buf, (int)chunk) != (int)chunk)
            return oclhls_fail(err, errlen, "USB write failed (board unplugged?): %s",
                               ftdi_get_error_string(p->f));
        while (got < chunk) {
            int rc = ftdi_read_data(p->f, in + got, (int)(chunk - got));
            if (rc < 0)
                return oclhls_fail(err, errlen, "USB read failed (board unplugged?): %s",
                                   ftdi_get_error_string(p->f));
            got += (size_t)rc;
            if (rc == 0 && now_us() > deadline)
                return oclhls_fail(err, errlen,
                                   "USB read timeout: %zu of %zu bit-bang bytes from the FT231X",
                                   got, chunk);
        }
        if (bb_keep(p, in, chunk))
            return oclhls_fail(err, errlen, "out of host memory");
        buf += chunk;
        n -= chunk;
    }
    return 0;
}

static int bb_read(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct ft231x *p = ctx;

    if (p->back_len < n)
        return oclhls_fail(err, errlen, "internal error: %zu bit-bang bytes back, %zu wanted",
                           p->back_len, n);
    memcpy(buf, p->back + p->back_head, n);
    p->back_head += n;
    p->back_len -= n;
    return 0;
}

static int bb_enter(struct ft231x *p, char *err, size_t errlen)
{
    if (ftdi_set_bitmode(p->f, ULX3S_JTAG_OUTPUTS, BITMODE_SYNCBB) < 0 ||
        ftdi_set_baudrate(p->f, JTAG_BAUD) < 0 || ftdi_tcioflush(p->f) < 0)
        return oclhls_fail(err, errlen, "cannot put the FT231X into synchronous bit-bang: %s",
                           ftdi_get_error_string(p->f));
    p->back_head = p->back_len = 0;
    return 0;
}

static void bb_close(void *ctx)
{
    struct ft231x *p = ctx;

    ftdi_set_bitmode(p->f, 0, BITMODE_RESET);
    free(p->back);
    p->back = NULL;
    ft_close(ctx);
}

static void bb_port(struct ft231x *p, struct usb_link_port *port, void (*close)(void *))
{
    *port = (struct usb_link_port){p, bb_write, bb_read, ft_delay, close, 0};
}

static void bb_keep_open(void *ctx)
{
    (void)ctx; /* the UART port owns the chip */
}

/* The uart port's bitstream loader: JTAG in bit-bang, then the UART again. */
static int ft_load_bitstream(void *ctx, const uint8_t *bits, size_t len, char *err,
                             size_t errlen)
{
    struct ft231x *p = ctx;
    struct usb_link_port jtag;
    int rc;

    if (bb_enter(p, err, errlen))
        return -1;
    bb_port(p, &jtag, bb_keep_open);
    rc = ecp5_jtag_program_sram(&jtag, bits, len, err, errlen);
    free(p->back);
    p->back = NULL;
    p->back_cap = p->back_head = p->back_len = 0;
    if (ftdi_set_bitmode(p->f, 0, BITMODE_RESET) < 0 ||
        ftdi_set_baudrate(p->f, (int)p->baud) < 0 ||
        ftdi_set_line_property(p->f, BITS_8, STOP_BIT_1, NONE) < 0 || ftdi_tcioflush(p->f) < 0)
        return rc ? rc
                  : oclhls_fail(err, errlen, "cannot put the FT231X back into UART mode: %s",
                                ftdi_get_error_string(p->f));
    return rc;
}


int uart_ft231x_port_open(struct uart_port *port, const char *serial, uint32_t baud, char *err,
                          size_t errlen)
{
    struct ft231x *p = calloc(1, sizeof(*p));
    struct ftdi_context *f = ftdi_new();

    if (!p || !f) {
        free(p);
        if (f)
            ftdi_free(f);
        return oclhls_fail(err, errlen, "libftdi: out of memory");
    }
    if (ftdi_usb_open_desc(f, FTDI_VENDOR, FTDI_PID_FT231X, NULL, serial) < 0) {
        oclhls_fail(err, errlen, "no FT231X board%s%s%s found (USB %04x:%04x): %s",
                    serial ? " with serial '" : "", serial ? serial : "", serial ? "'" : "",
                    FTDI_VENDOR, FTDI_PID_FT231X, ftdi_get_error_string(f));
        ftdi_free(f);
        free(p);
        return -1;
    }
    f->usb_read_timeout = USB_TIMEOUT_MS;
    f->usb_write_timeout = USB_TIMEOUT_MS;
    /* plain UART: 8N1, no flow control; 1 ms latency timer: each frame is a round trip */
    if (ftdi_usb_reset(f) < 0 || ftdi_set_bitmode(f, 0, BITMODE_RESET) < 0 ||
        ftdi_set_baudrate(f, (int)baud) < 0 ||
        ftdi_set_line_property(f, BITS_8, STOP_BIT_1, NONE) < 0 ||
        ftdi_setflowctrl(f, SIO_DISABLE_FLOW_CTRL) < 0 || ftdi_set_latency_timer(f, 1) < 0 ||
        ftdi_tcioflush(f) < 0) {
        oclhls_fail(err, errlen, "cannot set the FT231X's UART to %u baud 8N1: %s", baud,
                    ftdi_get_error_string(f));
        ftdi_usb_close(f);
        ftdi_free(f);
        free(p);
        return -1;
    }
    p->f = f;
    p->baud = baud;
    *port = (struct uart_port){p,        ft_write, ft_read, ft_discard, ft_delay,
                               ft_close, NULL,     baud,  ft_load_bitstream};
    return 0;
}

int uart_ft231x_jtag_open(struct usb_link_port *port, const char *serial, char *err,
                          size_t errlen)
{
    struct uart_port uart;
    struct ft231x *p;

    if (uart_ft231x_port_open(&uart, serial, JTAG_BAUD, err, errlen))
        return -1;
    p = uart.ctx;
    if (bb_enter(p, err, errlen)) {
        ft_close(p);
        return -1;
    }
    bb_port(p, port, bb_close);
    return 0;
}
