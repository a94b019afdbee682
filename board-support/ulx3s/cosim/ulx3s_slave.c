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
 * args (comma separated):
 *   mute_busy=<n>    the FPGA's UART output goes dead (stays high) once a kernel has run n
 *                    cycles: a link that stops answering, the USB chip still there
 *   unplug_busy=<n>  the board is pulled from USB once a kernel has run n cycles
 *   sdram=<path>     the SDRAM model (default: tests/rtl/sdram_model.svh of the source tree)
 * Test hooks: ulx3s_slave_cycles / ulx3s_slave_busy_cycles / ulx3s_slave_configured.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "sim_model_build.h"
#include "uart_cosim_abi.h"
#include "ulx3s_model_abi.h"

#ifndef OCLHLS_SDRAM_MODEL
#define OCLHLS_SDRAM_MODEL "tests/rtl/sdram_model.svh"
#endif

#define EXPORT __attribute__((visibility("default")))
#define CLK_HZ 80000000u
#define CLKS_PER_BIT 8u /* ulx3s_cosim_top's default */

struct model_fns {
    struct oclhls_ulx3s_model *(*create)(void);
    void (*destroy)(struct oclhls_ulx3s_model *);
    void (*set_rx)(struct oclhls_ulx3s_model *, int);
    void (*step)(struct oclhls_ulx3s_model *, uint32_t);
    int (*tx)(const struct oclhls_ulx3s_model *);
    uint64_t (*cycles)(const struct oclhls_ulx3s_model *);
    uint64_t (*busy_cycles)(const struct oclhls_ulx3s_model *);
};

struct ulx3s_slave {
    int rx;
    void *dl;
    struct model_fns fn;
    struct oclhls_ulx3s_model *model;
    uint64_t cycles_before;
    uint64_t mute_busy, unplug_busy;
    int muted, unplugged;
    char sdram[1024];
};

static struct ulx3s_slave *g_slave;

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void unload(struct ulx3s_slave *s)
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

static int load_model(struct ulx3s_slave *s, const char *so)
{
    static const char *const names[7] = {
        "oclhls_ulx3s_model_new",  "oclhls_ulx3s_model_free",   "oclhls_ulx3s_model_set_rx",
        "oclhls_ulx3s_model_step", "oclhls_ulx3s_model_tx",     "oclhls_ulx3s_model_cycles",
        "oclhls_ulx3s_model_busy_cycles"};
    void *p[7];

    s->dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!s->dl) {
        fprintf(stderr, "ulx3s slave: cannot load %s: %s\n", so, dlerror());
        return -1;
    }
    for (int i = 0; i < 7; i++)
        if (!(p[i] = dlsym(s->dl, names[i]))) {
            fprintf(stderr, "ulx3s slave: the model lacks %s\n", names[i]);
            return -1;
        }
    /* object pointers to function pointers, the POSIX way */
    memcpy(&s->fn.create, &p[0], sizeof(p[0]));
    memcpy(&s->fn.destroy, &p[1], sizeof(p[1]));
    memcpy(&s->fn.set_rx, &p[2], sizeof(p[2]));
    memcpy(&s->fn.step, &p[3], sizeof(p[3]));
    memcpy(&s->fn.tx, &p[4], sizeof(p[4]));
    memcpy(&s->fn.cycles, &p[5], sizeof(p[5]));
    memcpy(&s->fn.busy_cycles, &p[6], sizeof(p[6]));
    s->model = s->fn.create();
    return s->model ? 0 : -1;
}

static int slave_configure(void *ctx, const uint8_t *image, size_t len)
{
    struct ulx3s_slave *s = ctx;
    static const char *const vflags[] = {"--timescale", "1ns/1ps", "-Wno-MODDUP", NULL};
    static const char *const headers[] = {"ulx3s_model_abi.h", NULL};
    char prims[1024], top[1024];
    const char *files[] = {prims, s->sdram, top, NULL};
    struct oclhls_model_spec spec = {
        .key_name = "ulx3s-cosim-model",
        .cache_subdir = "cosim-models",
        .top = "ulx3s_cosim_top",
        .prefix = "Vulx3s_model",
        .harness_dir = "board-support/ulx3s/cosim",
        .harness = "ulx3s_model.cpp",
        .harness_headers = headers,
        .exports = "oclhls_ulx3s_model_*",
        .extra_vflags = vflags,
        .extra_files = files,
    };
    char *so = NULL, *log = NULL;
    double t0 = now_s();
    int rc = -1;

    unload(s); /* the old design is gone, as on a board being configured */
    /* an ECP5 bitstream's preamble FF FF BD B3 (Lattice TN1260) follows its comment header;
       Verilog text never holds those bytes */
    if (len >= 4 && memmem(image, len < 4096 ? len : 4096, "\xff\xff\xbd\xb3", 4)) {
        fprintf(stderr, "ulx3s slave: the image is an ECP5 bitstream (preamble FFFFBDB3), which "
                        "the co-simulation cannot run\n");
        return -1;
    }
    snprintf(prims, sizeof(prims), "%s/board-support/ecp5/ecp5_prims_sim.sv", oclhls_datadir());
    snprintf(top, sizeof(top), "%s/board-support/ulx3s/cosim/ulx3s_cosim_top.sv",
             oclhls_datadir());
    if (oclhls_model_build(&spec, (const char *)image, len, &so, &log) != 0) {
        fprintf(stderr, "ulx3s slave: the image (%zu bytes) did not build:\n%s\n", len,
                log ? log : "");
    } else if (load_model(s, so) == 0) {
        s->fn.set_rx(s->model, s->rx);
        fprintf(stderr, "ulx3s slave: configured from a %zu-byte image in %.1f s (%s)\n", len,
                now_s() - t0, so);
        rc = 0;
    } else {
        unload(s);
    }
    free(so);
    free(log);
    return rc;
}

static void slave_set_rx(void *ctx, int level)
{
    struct ulx3s_slave *s = ctx;

    s->rx = level;
    if (s->model)
        s->fn.set_rx(s->model, level);
}

static void slave_step(void *ctx, uint32_t n)
{
    struct ulx3s_slave *s = ctx;
    uint64_t busy;

    if (!s->model || s->unplugged)
        return;
    s->fn.step(s->model, n);
    busy = s->fn.busy_cycles(s->model);
    if (s->mute_busy && busy >= s->mute_busy)
        s->muted = 1;
    if (s->unplug_busy && busy >= s->unplug_busy)
        s->unplugged = 1;
}

static int slave_get_tx(void *ctx)
{
    struct ulx3s_slave *s = ctx;

    return s->model && !s->muted && !s->unplugged ? s->fn.tx(s->model) : 1;
}

static void parse_args(struct ulx3s_slave *s, const char *args)
{
    const char *p = args ? args : "";

    while (*p) {
        size_t n = strcspn(p, ",");
        if (n > 10 && strncmp(p, "mute_busy=", 10) == 0)
            s->mute_busy = strtoull(p + 10, NULL, 10);
        else if (n > 12 && strncmp(p, "unplug_busy=", 12) == 0)
            s->unplug_busy = strtoull(p + 12, NULL, 10);
        else if (n > 6 && strncmp(p, "sdram=", 6) == 0 && n - 6 < sizeof(s->sdram))
            snprintf(s->sdram, sizeof(s->sdram), "%.*s", (int)(n - 6), p + 6);
        p += n + (p[n] == ',');
    }
}

EXPORT int oclhls_uart_cosim_open(const char *args, struct uart_slave *slave, uint64_t *clk_hz,
                                  uint32_t *clks_per_bit)
{
    struct ulx3s_slave *s = calloc(1, sizeof(*s));

    if (!s)
        return -1;
    s->rx = 1;
    snprintf(s->sdram, sizeof(s->sdram), "%s", OCLHLS_SDRAM_MODEL);
    parse_args(s, args);
    slave->ctx = s;
    slave->set_rx = slave_set_rx;
    slave->step = slave_step;
    slave->get_tx = slave_get_tx;
    slave->configure = slave_configure;
    *clk_hz = CLK_HZ;
    *clks_per_bit = CLKS_PER_BIT;
    g_slave = s;
    return 0;
}

EXPORT void oclhls_uart_cosim_close(void *ctx)
{
    struct ulx3s_slave *s = ctx;

    if (g_slave == s)
        g_slave = NULL;
    unload(s);
    free(s);
}

EXPORT int oclhls_uart_cosim_unplugged(void *ctx)
{
    return ((struct ulx3s_slave *)ctx)->unplugged;
}

/* ---------------------------------------------------------------- test hooks */

EXPORT uint64_t ulx3s_slave_cycles(void)
{
    struct ulx3s_slave *s = g_slave;

    return s ? s->cycles_before + (s->model ? s->fn.cycles(s->model) : 0) : 0;
}

EXPORT uint64_t ulx3s_slave_busy_cycles(void)
{
    struct ulx3s_slave *s = g_slave;

    return s && s->model ? s->fn.busy_cycles(s->model) : 0;
}

EXPORT int ulx3s_slave_configured(void)
{
    return g_slave && g_slave->model;
}
