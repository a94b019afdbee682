/* SPDX-License-Identifier: MIT */
/*
 * A model of the USB UART's wires for the co-simulation: the host's bytes go out as 8N1
 * frames on the slave's rx pin, one bit every clks_per_bit slave clocks, while the slave's
 * tx pin is sampled in the middle of each bit and its bytes are queued for the host. Both
 * directions run in the slave's clock, as on the wires, so the FPGA's link sees the same
 * start bits, stop bits and full-duplex timing as from an FT231X.
 *
 * Faults (a UART has no chip select to lose: bytes are corrupted or lost): each byte in
 * either direction is, with probability 1 / one_in from a seeded generator, sent with bits
 * flipped or not at all.
 */
#ifndef OCLHLS_UART_MODEL_H
#define OCLHLS_UART_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "uart_cosim_abi.h"

struct uart_model;

struct uart_model_stats {
    uint64_t bytes_out, bytes_in;          /* host to FPGA, FPGA to host */
    uint64_t corrupt_out, drop_out;        /* faults injected on the way to the FPGA */
    uint64_t corrupt_in, drop_in;          /* and on the way back */
    uint64_t framing_errors;               /* bytes back with a bad stop bit (dropped) */
    uint64_t cycles;                       /* slave clocks run */
};

struct uart_model *uart_model_new(const struct uart_slave *slave, uint32_t clks_per_bit);
void uart_model_free(struct uart_model *m);

/* Sends n bytes (the line's time passes, and the slave answers meanwhile). */
void uart_model_write(struct uart_model *m, const uint8_t *buf, size_t n);

/* Up to n received bytes; runs the line until they came or it has been quiet for a few
 * byte times (the slave answers one byte per byte, so nothing more is coming). */
size_t uart_model_read(struct uart_model *m, uint8_t *buf, size_t n);

void uart_model_discard(struct uart_model *m);

/* The line idle for us microseconds of the slave's clock (clk_hz). */
void uart_model_idle_us(struct uart_model *m, uint64_t clk_hz, uint32_t us);

void uart_model_random_faults(struct uart_model *m, uint64_t seed, uint32_t one_in);
void uart_model_get_stats(const struct uart_model *m, struct uart_model_stats *st);

#endif
