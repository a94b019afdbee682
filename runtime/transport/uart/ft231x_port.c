/* SPDX-License-Identifier: MIT */
#include "ft231x_port.h"

#include <ftdi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "strbuf.h"

#define FTDI_VENDOR 0x0403
#define USB_TIMEOUT_MS 1000
/* A read waits for the bytes' time on the wire (twice over) plus this, for USB latency
   and the FPGA's answer; then the bytes still missing are lost (the link retries). */
#define READ_SLACK_MS 20

struct ft231x {
    struct ftdi_context *f;
    uint32_t baud;
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
    *port = (struct uart_port){p, ft_write, ft_read, ft_discard, ft_delay, ft_close, NULL, baud};
    return 0;
}
