/* SPDX-License-Identifier: MIT */
/*
 * The ULX3S as a co-simulation slave of the uart transport (OCLHLS_UART_COSIM=<this
 * library>[:args], ABI in uart_cosim_abi.h): the FT231X's two UART wires of the board,
 * driven by the runtime's UART model.
 *
 * Configuration: a board loads a bitstream over JTAG; Verilator cannot run one, so here the
 * image is the program's Verilog section, handed over by configure(): the Verilated model
 * of ulx3s_cosim_top (the board's shell with the SDRAM model, ulx3s_cosim_top.sv) is built
 * (cached: oclhls_model_build) and loaded. A failed build leaves the FPGA unconfigured
 * (its UART output high) and prints the tool output. One slave clock is one period of the
 * design's clock, taken as 80 MHz (the SDRAM model checks the controller's timing there);
 * the UART has CLKS_PER_BIT clocks per bit (ulx3s_cosim_top.sv says why it is not the
 * board's 25).
 *
 * The model's life and clock are the co-simulated boards' shared core
 * (board-support/cosim/cosim_slave.h, which also exports the test hooks); here are the
 * board's UART wires and its model spec.
 *
 * args (comma separated):
 *   mute_busy=<n>    the FPGA's UART output goes dead (stays high) once a kernel has run n
 *                    cycles: a link that stops answering, the USB chip still there
 *   unplug_busy=<n>  the board is pulled from USB once a kernel has run n cycles
 *   sdram=<path>     the SDRAM model (default: tests/rtl/sdram_model.svh of the source tree)
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cosim_slave.h"
#include "uart_cosim_abi.h"
#include "ulx3s_model_abi.h"

#ifndef OCLHLS_SDRAM_MODEL
#define OCLHLS_SDRAM_MODEL "tests/rtl/sdram_model.svh"
#endif

#define EXPORT __attribute__((visibility("default")))
#define CLK_HZ 80000000u
#define CLKS_PER_BIT 8u /* ulx3s_cosim_top's default */

struct ulx3s_slave {
    struct cosim_slave core; /* the configured design */
    int rx;
    /* the design's pins (ulx3s_model_abi.h) */
    void (*set_rx)(struct oclhls_cosim_model *, int);
    int (*tx)(const struct oclhls_cosim_model *);
    uint64_t mute_busy;
    int muted;
    char sdram[1024];
};

static int slave_configure(void *ctx, const uint8_t *image, size_t len)
{
    struct ulx3s_slave *s = ctx;
    static const char *const vflags[] = {"--timescale", "1ns/1ps", "-Wno-MODDUP", NULL};
    static const char *const headers[] = {"ulx3s_model_abi.h", NULL};
    char prims[1024], top[1024];
    const char *files[] = {prims, s->sdram, top, NULL};
    const struct oclhls_model_spec spec = {
        .key_name = "ulx3s-cosim-model",
        .top = "ulx3s_cosim_top",
        .prefix = "Vulx3s_model",
        .harness_dir = "board-support/ulx3s/cosim",
        .harness = "ulx3s_model.cpp",
        .harness_headers = headers,
        .extra_vflags = vflags,
        .extra_files = files,
    };
    const struct cosim_model_sym pins[] = {
        {"oclhls_ulx3s_model_set_rx", &s->set_rx},
        {"oclhls_ulx3s_model_tx", &s->tx},
        {NULL, NULL},
    };

    cosim_slave_unload(&s->core); /* the old design is gone, as on a board being configured */
    /* an ECP5 bitstream's preamble FF FF BD B3 (Lattice TN1260) follows its comment header;
       Verilog text never holds those bytes */
    if (len >= 4 && memmem(image, len < 4096 ? len : 4096, "\xff\xff\xbd\xb3", 4)) {
        fprintf(stderr, "ulx3s slave: the image is an ECP5 bitstream (preamble FFFFBDB3), which "
                        "the co-simulation cannot run\n");
        return -1;
    }
    snprintf(prims, sizeof(prims), "%s/board-support/ecp5/ecp5_prims_sim.sv", oclhls_datadir());
    snprintf(top, sizeof(top), "%s/board-support/ulx3s/cosim/ulx3s_cosim_top.sv", oclhls_datadir());
    if (cosim_slave_configure(&s->core, &spec, pins, image, len) != 0)
        return -1;
    s->set_rx(s->core.model, s->rx);
    return 0;
}

static void slave_set_rx(void *ctx, int level)
{
    struct ulx3s_slave *s = ctx;

    s->rx = level;
    if (s->core.model)
        s->set_rx(s->core.model, level);
}

static void slave_step(void *ctx, uint32_t n)
{
    struct ulx3s_slave *s = ctx;
    uint64_t busy = cosim_slave_step(&s->core, n);

    if (s->mute_busy && busy >= s->mute_busy)
        s->muted = 1;
}

static int slave_get_tx(void *ctx)
{
    struct ulx3s_slave *s = ctx;

    return cosim_slave_live(&s->core) && !s->muted ? s->tx(s->core.model) : 1;
}

/* The board's own args (cosim_slave_open reads unplug_busy). */
static void board_arg(void *ctx, const char *item, size_t n)
{
    struct ulx3s_slave *s = ctx;

    if (!cosim_arg_u64(item, n, "mute_busy=", &s->mute_busy))
        cosim_arg_str(item, n, "sdram=", s->sdram, sizeof(s->sdram));
}

EXPORT int oclhls_uart_cosim_open(const char *args, struct uart_slave *slave, uint64_t *clk_hz,
                                  uint32_t *clks_per_bit)
{
    struct ulx3s_slave *s = calloc(1, sizeof(*s));

    if (!s)
        return -1;
    s->rx = 1;
    snprintf(s->sdram, sizeof(s->sdram), "%s", OCLHLS_SDRAM_MODEL);
    cosim_slave_open(&s->core, "ulx3s slave", args, board_arg, s);
    *slave = (struct uart_slave){.ctx = s,
                                 .set_rx = slave_set_rx,
                                 .step = slave_step,
                                 .get_tx = slave_get_tx,
                                 .configure = slave_configure};
    *clk_hz = CLK_HZ;
    *clks_per_bit = CLKS_PER_BIT;
    return 0;
}

EXPORT void oclhls_uart_cosim_close(void *ctx)
{
    struct ulx3s_slave *s = ctx;

    cosim_slave_close(&s->core);
    free(s);
}

EXPORT int oclhls_uart_cosim_unplugged(void *ctx)
{
    return ((struct ulx3s_slave *)ctx)->core.unplugged;
}
