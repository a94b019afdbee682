/* SPDX-License-Identifier: MIT */
/*
 * The co-simulation port of the uart transport: the bytes go to uart_model, which drives
 * the UART wires of a simulated FPGA (a Verilated shell) instead of an FT231X on USB.
 *
 * OCLHLS_UART_COSIM selects it (uart_transport.c) and names the slave:
 *   <path>.so   a library exporting oclhls_uart_cosim_open and _close, and optionally
 *               _unplugged (board-support/ulx3s/cosim/uart_cosim_abi.h), optionally
 *               followed by ":args" (passed to open)
 *   unplugged   every port write and read fails, as with a board pulled from USB
 *   silent      the chip answers but nothing drives the FPGA's tx (no FPGA, not programmed)
 * OCLHLS_UART_COSIM_FAULTS=<seed>:<one_in> injects random faults (uart_model).
 */
#ifndef OCLHLS_UART_COSIM_PORT_H
#define OCLHLS_UART_COSIM_PORT_H

#include <stddef.h>

#include "uart_model.h"
#include "uart_port.h"

/* Opens the port described by spec; *clk_hz gets the slave's clock. 0 or -1. */
int uart_cosim_port_open(const char *spec, struct uart_port *port, uint64_t *clk_hz, char *err,
                         size_t errlen);

/* The model behind the most recently opened co-simulation port (statistics). */
struct uart_model *uart_cosim_last_model(void);

#endif
