/* SPDX-License-Identifier: MIT */
/*
 * The iCEBreaker as a co-simulation slave of the usb transport (OCLHLS_USB_COSIM=<this
 * library>[:args], ABI in usb_cosim_abi.h): the FT2232H channel A pins of the board, driven
 * by the runtime's MPSSE model.
 *
 * Configuration port: CRESET_B low resets the FPGA (the design is gone, CDONE low); its
 * release with CS_n low starts SPI slave configuration (Lattice TN1248), and every byte
 * clocked in with CS_n low until CS_n rises is the image. A real iCE40 takes a bitstream;
 * Verilator cannot run one, so here the image is the program's Verilog section: when CS_n
 * rises, the trailing dummy-clock bytes (0x00 / 0xFF, never in Verilog text) are dropped,
 * the Verilated model of icebreaker_top is built (cached: oclhls_model_build) and loaded,
 * and CDONE rises. A failed build leaves CDONE low, as a bad bitstream does, and prints
 * the tool output. From then on SCK / SS_n / MOSI go to the design and MISO comes back;
 * one slave clock is one period of the 12 MHz oscillator, the design's clock in the model.
 * The flash that shares the wires is not modelled (the link never wakes it).
 *
 * The model's life and clock are the co-simulated boards' shared core
 * (board-support/cosim/cosim_slave.h, which also exports the test hooks); here are the
 * board's wires and its configuration port.
 *
 * args (comma separated):
 *   unplug_busy=<n>  the board is pulled from USB once a kernel has run n clock cycles
 *                    (oclhls_usb_cosim_unplugged then says so to the port)
 *   cells=<path>     yosys' ice40 cells_sim.v (SB_SPRAM256KA), default from the build
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cosim_slave.h"
#include "icebreaker_model_abi.h"
#include "usb_cosim_abi.h"

#ifndef OCLHLS_ICE40_CELLS_SIM
#define OCLHLS_ICE40_CELLS_SIM "/usr/share/yosys/ice40/cells_sim.v"
#endif

#define EXPORT __attribute__((visibility("default")))
#define OSC_HZ 12000000u

struct shell_slave {
    struct cosim_slave core; /* the configured design */
    int sclk, mosi, cs_n, creset_n;
    /* configuration port */
    int configuring, cdone;
    uint8_t shift;
    int nbits;
    uint8_t *image;
    size_t image_len, image_cap;
    /* the design's pins (icebreaker_model_abi.h) */
    void (*set_spi)(struct oclhls_cosim_model *, int, int, int);
    int (*miso)(const struct oclhls_cosim_model *);
    char cells[1024];
};

static int image_push(struct shell_slave *s, uint8_t byte)
{
    if (s->image_len == s->image_cap) {
        size_t cap = s->image_cap ? 2 * s->image_cap : 65536;
        uint8_t *p = realloc(s->image, cap);
        if (!p)
            return -1;
        s->image = p;
        s->image_cap = cap;
    }
    s->image[s->image_len++] = byte;
    return 0;
}

/* CS_n rose after the image: build the design and start it, or leave CDONE low. */
static void finish_configuration(struct shell_slave *s)
{
    static const char *const vflags[] = {"--timescale", "1ns/1ps", "-DNO_ICE40_DEFAULT_ASSIGNMENTS",
                                         "-Wno-MODDUP", NULL};
    static const char *const headers[] = {"icebreaker_model_abi.h", NULL};
    char prims[1024];
    const char *files[] = {prims, NULL}, *libs[] = {s->cells, NULL};
    const struct oclhls_model_spec spec = {
        .key_name = "icebreaker-cosim-model",
        .top = "icebreaker_top",
        .prefix = "Vicebreaker_model",
        .harness_dir = "board-support/icebreaker/cosim",
        .harness = "icebreaker_model.cpp",
        .harness_headers = headers,
        .extra_vflags = vflags,
        .extra_files = files,
        .library_files = libs,
    };
    const struct cosim_model_sym pins[] = {
        {"oclhls_ice40_model_set_spi", &s->set_spi},
        {"oclhls_ice40_model_miso", &s->miso},
        {NULL, NULL},
    };
    size_t len = s->image_len;

    s->configuring = 0;
    while (len && (s->image[len - 1] == 0x00 || s->image[len - 1] == 0xFF))
        len--; /* the dummy clocks after the image */
    if (!len)
        return;
    if (len >= 4 && memmem(s->image, len < 64 ? len : 64, "\x7e\xaa\x99\x7e", 4)) {
        fprintf(stderr, "shell slave: the image is an iCE40 bitstream (sync word 7EAA997E), "
                        "which the co-simulation cannot run; use a program built with "
                        "--no-bitstream\n");
        return;
    }
    /* the iCE40 primitive models the shell's Verilator bench uses (PLL, SB_IO) */
    snprintf(prims, sizeof(prims), "%s/board-support/ice40/ice40_prims_sim.sv", oclhls_datadir());
    if (cosim_slave_configure(&s->core, &spec, pins, s->image, len) == 0)
        s->cdone = 1;
}

static void slave_set_pins(void *ctx, int sclk, int mosi, int cs_n)
{
    struct shell_slave *s = ctx;

    if (s->configuring && !cs_n && sclk && !s->sclk) {
        s->shift = (uint8_t)(s->shift << 1 | (mosi ? 1 : 0));
        if (++s->nbits == 8) {
            s->nbits = 0;
            if (image_push(s, s->shift))
                s->configuring = 0; /* out of memory: CDONE stays low */
        }
    }
    if (s->configuring && cs_n && !s->cs_n)
        finish_configuration(s);
    s->sclk = sclk;
    s->mosi = mosi;
    s->cs_n = cs_n;
    if (s->core.model)
        s->set_spi(s->core.model, sclk, cs_n, mosi);
}

static void slave_step(void *ctx, uint32_t n)
{
    cosim_slave_step(&((struct shell_slave *)ctx)->core, n);
}

static int slave_get_miso(void *ctx)
{
    struct shell_slave *s = ctx;

    return cosim_slave_live(&s->core) ? s->miso(s->core.model) : 1;
}

static void slave_set_gpio(void *ctx, uint8_t value, uint8_t direction)
{
    struct shell_slave *s = ctx;
    int creset_n = (direction & MPSSE_PIN_CRESET_N) ? !!(value & MPSSE_PIN_CRESET_N) : 1;

    if (!creset_n) { /* held in reset: the design is gone */
        cosim_slave_unload(&s->core);
        s->configuring = 0;
        s->cdone = 0;
    } else if (!s->creset_n) { /* released: SS_n low selects SPI slave configuration */
        s->configuring = !(value & MPSSE_PIN_CS_N);
        s->image_len = 0;
        s->nbits = 0;
    }
    s->creset_n = creset_n;
}

static uint8_t slave_get_gpio(void *ctx)
{
    struct shell_slave *s = ctx;

    return s->cdone ? MPSSE_PIN_CDONE : 0;
}

/* The board's own args (cosim_slave_open reads unplug_busy). */
static void board_arg(void *ctx, const char *item, size_t n)
{
    struct shell_slave *s = ctx;

    cosim_arg_str(item, n, "cells=", s->cells, sizeof(s->cells));
}

EXPORT int oclhls_usb_cosim_open(const char *args, struct mpsse_slave *slave, uint64_t *clk_hz)
{
    struct shell_slave *s = calloc(1, sizeof(*s));

    if (!s)
        return -1;
    s->cs_n = 1;
    s->creset_n = 1;
    snprintf(s->cells, sizeof(s->cells), "%s", OCLHLS_ICE40_CELLS_SIM);
    cosim_slave_open(&s->core, "shell slave", args, board_arg, s);
    *slave = (struct mpsse_slave){.ctx = s,
                                  .set_pins = slave_set_pins,
                                  .step = slave_step,
                                  .get_miso = slave_get_miso,
                                  .set_gpio = slave_set_gpio,
                                  .get_gpio = slave_get_gpio};
    *clk_hz = OSC_HZ;
    return 0;
}

EXPORT void oclhls_usb_cosim_close(void *ctx)
{
    struct shell_slave *s = ctx;

    cosim_slave_close(&s->core);
    free(s->image);
    free(s);
}

/* Optional ABI (usb_cosim_abi.h): nonzero once the board was pulled from USB. */
EXPORT int oclhls_usb_cosim_unplugged(void *ctx)
{
    return ((struct shell_slave *)ctx)->core.unplugged;
}
