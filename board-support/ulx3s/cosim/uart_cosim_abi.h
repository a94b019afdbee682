/* SPDX-License-Identifier: MIT */
/*
 * The C ABI of a co-simulated board behind the uart transport: the two UART wires between
 * the FT231X and the FPGA, and the library that plays the board
 * (OCLHLS_UART_COSIM=<library>[:args]). The runtime's UART model
 * (runtime/transport/uart/uart_model.c, opened by uart_cosim_port.c) drives them;
 * ulx3s_slave.c (this folder: the ULX3S) is such a library.
 *
 * The wires are named from the FPGA's side: rx is the FT231X's TXD (host to FPGA), tx its
 * RXD (FPGA to host); both idle high, 8N1, clks_per_bit slave clocks per bit.
 */
#ifndef OCLHLS_UART_COSIM_ABI_H
#define OCLHLS_UART_COSIM_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The FPGA behind the UART model. */
struct uart_slave {
    void *ctx;
    void (*set_rx)(void *ctx, int level);         /* taken at the next clock edge */
    void (*step)(void *ctx, uint32_t clk_cycles); /* advance the slave's clock */
    int (*get_tx)(void *ctx);                     /* 1 when nothing drives it */
    /* Loads a configuration image: a Verilated FPGA takes the program's Verilog, where a
     * board takes a bitstream over JTAG. 0 configured, -1 not (the slave says why on
     * stderr; the FPGA then does not answer). */
    int (*configure)(void *ctx, const uint8_t *image, size_t len);
};

/*
 * What the library exports; uart_cosim_port.c looks them up by name.
 *
 * open: fills *slave, the slave's clock and the UART's bit time in slave clocks; args is
 * what follows the ':' of OCLHLS_UART_COSIM ("" when nothing does). 0, or -1 when the slave
 * cannot start. close: ends it (ctx: slave->ctx). unplugged (optional): nonzero once the
 * board was pulled from USB; from then on every port call fails.
 */
int oclhls_uart_cosim_open(const char *args, struct uart_slave *slave, uint64_t *slave_clk_hz,
                           uint32_t *clks_per_bit);
void oclhls_uart_cosim_close(void *ctx);
int oclhls_uart_cosim_unplugged(void *ctx);

#ifdef __cplusplus
}
#endif

#endif
