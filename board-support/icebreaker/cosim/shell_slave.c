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
 * args (comma separated):
 *   unplug_busy=<n>  the board is pulled from USB once a kernel has run n clock cycles
 *                    (oclhls_usb_cosim_unplugged then says so to the port)
 *   cells=<path>     yosys' ice40 cells_sim.v (SB_SPRAM256KA), default from the build
 * Test hooks: shell_slave_cycles / shell_slave_busy_cycles / shell_slave_configured.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "icebreaker_model_abi.h"
#include "sim_model_build.h"
#include "usb_cosim_abi.h"

#ifndef OCLHLS_ICE40_CELLS_SIM
#define OCLHLS_ICE40_CELLS_SIM "/usr/share/yosys/ice40/cells_sim.v"
#endif

#define EXPORT __attribute__((visibility("default")))
#define OSC_HZ 12000000u

/* The model's functions (icebreaker_model_abi.h), from its model.so. */
struct model_fns {
    struct oclhls_ice40_model *(*create)(void);
    void (*destroy)(struct oclhls_ice40_model *);
    void (*set_spi)(struct oclhls_ice40_model *, int, int, int);
    void (*step)(struct oclhls_ice40_model *, uint32_t);
    int (*miso)(const struct oclhls_ice40_model *);
    uint64_t (*cycles)(const struct oclhls_ice40_model *);
    uint64_t (*busy_cycles)(const struct oclhls_ice40_model *);
};

struct shell_slave {
    int sclk, mosi, cs_n, creset_n;
    /* configuration port */
    int configuring, cdone;
    uint8_t shift;
    int nbits;
    uint8_t *image;
    size_t image_len, image_cap;
    /* the configured design */
    void *dl;
    struct model_fns fn;
    struct oclhls_ice40_model *model;
    uint64_t cycles_before; /* of models freed by a reset */
    /* unplug on a running kernel */
    uint64_t unplug_busy;
    int unplugged;
    char cells[1024];
};

static struct shell_slave *g_slave; /* the instance the test hooks look at */

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void unload(struct shell_slave *s)
{
    if (s->model) {
        s->cycles_before += s->fn.cycles(s->model);
        s->fn.destroy(s->model);
        s->model = NULL;
    }
    if (s->dl)
        dlclose(s->dl);
    s->dl = NULL;
}

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

static void *sym(void *dl, const char *name)
{
    void *p = dlsym(dl, name);

    if (!p)
        fprintf(stderr, "shell slave: the model lacks %s\n", name);
    return p;
}

static int load_model(struct shell_slave *s, const char *so)
{
    void *p[7];
    static const char *const names[7] = {
        "oclhls_ice40_model_new",        "oclhls_ice40_model_free", "oclhls_ice40_model_set_spi",
        "oclhls_ice40_model_step",       "oclhls_ice40_model_miso", "oclhls_ice40_model_cycles",
        "oclhls_ice40_model_busy_cycles"};

    s->dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!s->dl) {
        fprintf(stderr, "shell slave: cannot load %s: %s\n", so, dlerror());
        return -1;
    }
    for (int i = 0; i < 7; i++)
        if (!(p[i] = sym(s->dl, names[i])))
            return -1;
    /* object pointers to function pointers, the POSIX way */
    memcpy(&s->fn.create, &p[0], sizeof(p[0]));
    memcpy(&s->fn.destroy, &p[1], sizeof(p[1]));
    memcpy(&s->fn.set_spi, &p[2], sizeof(p[2]));
    memcpy(&s->fn.step, &p[3], sizeof(p[3]));
    memcpy(&s->fn.miso, &p[4], sizeof(p[4]));
    memcpy(&s->fn.cycles, &p[5], sizeof(p[5]));
    memcpy(&s->fn.busy_cycles, &p[6], sizeof(p[6]));
    s->model = s->fn.create();
    return s->model ? 0 : -1;
}

/* CS_n rose after the image: build the design and start it, or leave CDONE low. */
static void finish_configuration(struct shell_slave *s)
{
    static const char *const vflags[] = {"--timescale", "1ns/1ps", "-DNO_ICE40_DEFAULT_ASSIGNMENTS",
                                         "-Wno-MODDUP", NULL};
    static const char *const headers[] = {"icebreaker_model_abi.h", NULL};
    char prims[1024];
    const char *files[] = {prims, NULL}, *libs[] = {s->cells, NULL};
    struct oclhls_model_spec spec = {
        .key_name = "icebreaker-cosim-model",
        .cache_subdir = "cosim-models",
        .top = "icebreaker_top",
        .prefix = "Vicebreaker_model",
        .harness_dir = "board-support/icebreaker/cosim",
        .harness = "icebreaker_model.cpp",
        .harness_headers = headers,
        .exports = "oclhls_ice40_model_*",
        .extra_vflags = vflags,
        .extra_files = files,
        .library_files = libs,
    };
    char *so = NULL, *log = NULL;
    double t0 = now_s();
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
    if (oclhls_model_build(&spec, (const char *)s->image, len, &so, &log) != 0) {
        fprintf(stderr, "shell slave: the image (%zu bytes) did not build:\n%s\n", len,
                log ? log : "");
    } else if (load_model(s, so) == 0) {
        s->cdone = 1;
        fprintf(stderr, "shell slave: configured from a %zu-byte image in %.1f s (%s)\n", len,
                now_s() - t0, so);
    } else {
        unload(s);
    }
    free(so);
    free(log);
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
    if (s->model)
        s->fn.set_spi(s->model, sclk, cs_n, mosi);
}

static void slave_step(void *ctx, uint32_t n)
{
    struct shell_slave *s = ctx;

    if (!s->model || s->unplugged)
        return;
    s->fn.step(s->model, n);
    if (s->unplug_busy && s->fn.busy_cycles(s->model) >= s->unplug_busy)
        s->unplugged = 1;
}

static int slave_get_miso(void *ctx)
{
    struct shell_slave *s = ctx;

    return s->model && !s->unplugged ? s->fn.miso(s->model) : 1;
}

static void slave_set_gpio(void *ctx, uint8_t value, uint8_t direction)
{
    struct shell_slave *s = ctx;
    int creset_n = (direction & MPSSE_PIN_CRESET_N) ? !!(value & MPSSE_PIN_CRESET_N) : 1;

    if (!creset_n) { /* held in reset: the design is gone */
        unload(s);
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

static void parse_args(struct shell_slave *s, const char *args)
{
    const char *p = args ? args : "";

    while (*p) {
        size_t n = strcspn(p, ",");
        if (n > 12 && strncmp(p, "unplug_busy=", 12) == 0)
            s->unplug_busy = strtoull(p + 12, NULL, 10);
        else if (n > 6 && strncmp(p, "cells=", 6) == 0 && n - 6 < sizeof(s->cells))
            snprintf(s->cells, sizeof(s->cells), "%.*s", (int)(n - 6), p + 6);
        p += n + (p[n] == ',');
    }
}

EXPORT int oclhls_usb_cosim_open(const char *args, struct mpsse_slave *slave, uint64_t *clk_hz)
{
    struct shell_slave *s = calloc(1, sizeof(*s));

    if (!s)
        return -1;
    s->cs_n = 1;
    s->creset_n = 1;
    snprintf(s->cells, sizeof(s->cells), "%s", OCLHLS_ICE40_CELLS_SIM);
    parse_args(s, args);
    slave->ctx = s;
    slave->set_pins = slave_set_pins;
    slave->step = slave_step;
    slave->get_miso = slave_get_miso;
    slave->set_gpio = slave_set_gpio;
    slave->get_gpio = slave_get_gpio;
    *clk_hz = OSC_HZ;
    g_slave = s;
    return 0;
}

EXPORT void oclhls_usb_cosim_close(void *ctx)
{
    struct shell_slave *s = ctx;

    if (g_slave == s)
        g_slave = NULL;
    unload(s);
    free(s->image);
    free(s);
}

/* Optional ABI (usb_cosim_abi.h): nonzero once the board was pulled from USB. */
EXPORT int oclhls_usb_cosim_unplugged(void *ctx)
{
    return ((struct shell_slave *)ctx)->unplugged;
}

/* ---------------------------------------------------------------- test hooks */

EXPORT uint64_t shell_slave_cycles(void)
{
    struct shell_slave *s = g_slave;

    return s ? s->cycles_before + (s->model ? s->fn.cycles(s->model) : 0) : 0;
}

EXPORT uint64_t shell_slave_busy_cycles(void)
{
    struct shell_slave *s = g_slave;

    return s && s->model ? s->fn.busy_cycles(s->model) : 0;
}

EXPORT int shell_slave_configured(void)
{
    return g_slave && g_slave->cdone;
}
