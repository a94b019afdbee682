/* SPDX-License-Identifier: MIT */
/*
 * The byte level of the usb transport: a channel to an FT2232H's MPSSE engine. Everything
 * above it (frames, MPSSE commands, retries, FPGA programming) is the same code whether the
 * bytes go to a real chip (ftdi_port.c) or to the MPSSE model of the co-simulation
 * (cosim_port.c).
 */
#ifndef OCLHLS_USB_PORT_H
#define OCLHLS_USB_PORT_H

#include <stddef.h>
#include <stdint.h>

struct usb_link_port {
    void *ctx;
    /* Sends n bytes of MPSSE commands. 0, or -1 with a message in err (device gone). */
    int (*write)(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen);
    /*
     * Reads exactly n bytes the MPSSE engine returned. 0, or -1 with a message in err when
     * the device is gone or the bytes did not come within the port's timeout.
     */
    int (*read)(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen);
    /* Waits at least us microseconds of the link's time (wall time, or model time). */
    void (*delay_us)(void *ctx, uint32_t us);
    void (*close)(void *ctx);
    /* The FPGA clock when the port knows it (co-simulation), else 0: the board's. */
    uint64_t slave_clk_hz;
};

#endif
