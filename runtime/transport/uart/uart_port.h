/* SPDX-License-Identifier: MIT */
/*
 * The byte level of the uart transport: a serial line to the FPGA through a USB UART
 * (the ULX3S's FT231X). Everything above it (the UART framing of the host link, frames,
 * retries) is the same code whether the bytes go to a real chip (ft231x_port.c) or to the
 * UART model of the co-simulation (uart_cosim_port.c).
 */
#ifndef OCLHLS_UART_PORT_H
#define OCLHLS_UART_PORT_H

#include <stddef.h>
#include <stdint.h>

struct uart_port {
    void *ctx;
    /* Sends n bytes. 0, or -1 with a message in err (device gone). */
    int (*write)(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen);
    /*
     * Reads up to n bytes, waiting for them as long as the line may still be bringing
     * them (the port's timeout): a UART loses bytes, so fewer is not an error. The count,
     * or -1 with a message in err (device gone).
     */
    long (*read)(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen);
    /* Drops the bytes received and not read (late answers of an earlier exchange). */
    void (*discard)(void *ctx);
    /* Waits at least us microseconds of the link's time (wall time, or model time). */
    void (*delay_us)(void *ctx, uint32_t us);
    void (*close)(void *ctx);
    /*
     * Co-simulation only (else NULL): loads a configuration image into the simulated FPGA,
     * the stand-in for loading a bitstream (a Verilated FPGA runs the program's Verilog).
     * 0, or -1 with a message.
     */
    int (*configure)(void *ctx, const uint8_t *image, size_t len, char *err, size_t errlen);
    uint32_t baud; /* the line's rate, for messages */
    /*
     * A board only (else NULL): loads an ECP5 bitstream over JTAG through the same chip in
     * bit-bang mode (ecp5_jtag.c), then returns to the UART. 0, or -1 with a message.
     */
    int (*load_bitstream)(void *ctx, const uint8_t *bits, size_t len, char *err, size_t errlen);
};

#endif
