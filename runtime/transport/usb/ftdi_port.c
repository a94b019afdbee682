/* SPDX-License-Identifier: MIT */
#include "ftdi_port.h"

#include <ftdi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "mpsse.h"
#include "strbuf.h"

#define USB_TIMEOUT_MS 1000   /* one libusb transfer */
#define READ_DEADLINE_MS 2000 /* all bytes of one read */

static uint64_t now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void sleep_us(uint32_t us)
{
    struct timespec ts = {us / 1000000u, (long)(us % 1000000u) * 1000};

    nanosleep(&ts, NULL);
}

static int ftdi_port_write(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct ftdi_context *f = ctx;

    while (n) {
        int chunk = n > 65536 ? 65536 : (int)n;
        int rc = ftdi_write_data(f, buf, chunk);

        if (rc <= 0)
            return oclhls_fail(err, errlen, "USB write failed (board unplugged?): %s",
                               rc < 0 ? ftdi_get_error_string(f) : "nothing written");
        buf += rc;
        n -= (size_t)rc;
    }
    return 0;
}

static int ftdi_port_read(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct ftdi_context *f = ctx;
    uint64_t deadline = now_ms() + READ_DEADLINE_MS;
    size_t got = 0;

    while (got < n) {
        size_t want = n - got > 65536 ? 65536 : n - got;
        int rc = ftdi_read_data(f, buf + got, (int)want);

        if (rc < 0)
            return oclhls_fail(err, errlen, "USB read failed (board unplugged?): %s",
                               ftdi_get_error_string(f));
        got += (size_t)rc;
        if (rc == 0) {
            if (now_ms() > deadline)
                return oclhls_fail(err, errlen,
                                   "USB read timeout: %zu of %zu bytes from the FT2232H", got, n);
            sleep_us(100);
        }
    }
    return 0;
}

static void ftdi_port_delay(void *ctx, uint32_t us)
{
    (void)ctx;
    sleep_us(us);
}

static void ftdi_port_close(void *ctx)
{
    struct ftdi_context *f = ctx;

    ftdi_set_bitmode(f, 0, BITMODE_RESET);
    ftdi_usb_close(f);
    ftdi_free(f);
}

int usb_ftdi_port_open(struct usb_link_port *port, const char *serial, char *err, size_t errlen)
{
    struct ftdi_context *f = ftdi_new();

    if (!f)
        return oclhls_fail(err, errlen, "libftdi: out of memory");
    /* ftdi_usb_open_desc with a NULL serial opens the first chip */
    if (ftdi_set_interface(f, INTERFACE_A) < 0 ||
        ftdi_usb_open_desc(f, FTDI_VID, FTDI_PID_FT2232H, NULL, serial) < 0) {
        oclhls_fail(err, errlen, "no FT2232H board%s%s%s found (USB %04x:%04x, interface A): %s",
                    serial ? " with serial '" : "", serial ? serial : "", serial ? "'" : "",
                    FTDI_VID, FTDI_PID_FT2232H, ftdi_get_error_string(f));
        ftdi_free(f);
        return -1;
    }
    f->usb_read_timeout = USB_TIMEOUT_MS;
    f->usb_write_timeout = USB_TIMEOUT_MS;
    /* MPSSE after a reset of the bit mode; 1 ms latency: each frame is a round trip */
    if (ftdi_usb_reset(f) < 0 || ftdi_set_latency_timer(f, 1) < 0 ||
        ftdi_set_bitmode(f, 0, BITMODE_RESET) < 0 ||
        ftdi_set_bitmode(f, MPSSE_DIRECTION, BITMODE_MPSSE) < 0 || ftdi_tcioflush(f) < 0) {
        oclhls_fail(err, errlen, "cannot put the FT2232H into MPSSE mode: %s",
                    ftdi_get_error_string(f));
        ftdi_usb_close(f);
        ftdi_free(f);
        return -1;
    }
    port->ctx = f;
    port->write = ftdi_port_write;
    port->read = ftdi_port_read;
    port->delay_us = ftdi_port_delay;
    port->close = ftdi_port_close;
    port->slave_clk_hz = 0;
    return 0;
}

