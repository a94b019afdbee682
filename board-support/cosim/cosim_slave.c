/* SPDX-License-Identifier: MIT */
/* The co-simulated boards' shared slave core: the Verilated design's life and clock. */
#define _GNU_SOURCE
#include "cosim_slave.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXPORT __attribute__((visibility("default")))

static struct cosim_slave *g_slave; /* the slave the test hooks look at */

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int cosim_arg_u64(const char *item, size_t n, const char *key, uint64_t *value)
{
    size_t k = strlen(key);

    if (n <= k || strncmp(item, key, k) != 0)
        return 0;
    *value = strtoull(item + k, NULL, 10);
    return 1;
}

int cosim_arg_str(const char *item, size_t n, const char *key, char *value, size_t size)
{
    size_t k = strlen(key);

    if (n <= k || strncmp(item, key, k) != 0 || n - k >= size)
        return 0;
    snprintf(value, size, "%.*s", (int)(n - k), item + k);
    return 1;
}

void cosim_slave_open(struct cosim_slave *c, const char *name, const char *args,
                      void (*board_arg)(void *ctx, const char *item, size_t n), void *ctx)
{
    const char *p = args ? args : "";

    memset(c, 0, sizeof(*c));
    c->name = name;
    while (*p) {
        size_t n = strcspn(p, ",");
        if (!cosim_arg_u64(p, n, "unplug_busy=", &c->unplug_busy) && board_arg)
            board_arg(ctx, p, n);
        p += n + (p[n] == ',');
    }
    g_slave = c;
}

void cosim_slave_close(struct cosim_slave *c)
{
    if (g_slave == c)
        g_slave = NULL;
    cosim_slave_unload(c);
}

void cosim_slave_unload(struct cosim_slave *c)
{
    if (c->model) {
        c->cycles_before += c->fn.cycles(c->model);
        c->fn.destroy(c->model);
        c->model = NULL;
    }
    if (c->dl)
        dlclose(c->dl);
    c->dl = NULL;
}

static int find_syms(struct cosim_slave *c, const struct cosim_model_sym *syms)
{
    for (; syms && syms->name; syms++) {
        void *p = dlsym(c->dl, syms->name);

        if (!p) {
            fprintf(stderr, "%s: the model lacks %s\n", c->name, syms->name);
            return -1;
        }
        memcpy(syms->fn, &p, sizeof(p)); /* object pointer to function pointer, the POSIX way */
    }
    return 0;
}

static int load_model(struct cosim_slave *c, const char *so, const struct cosim_model_sym *pins)
{
    const struct cosim_model_sym own[] = {
        {"oclhls_cosim_model_new", &c->fn.create},
        {"oclhls_cosim_model_free", &c->fn.destroy},
        {"oclhls_cosim_model_step", &c->fn.step},
        {"oclhls_cosim_model_cycles", &c->fn.cycles},
        {"oclhls_cosim_model_busy_cycles", &c->fn.busy_cycles},
        {NULL, NULL},
    };

    c->dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!c->dl) {
        fprintf(stderr, "%s: cannot load %s: %s\n", c->name, so, dlerror());
        return -1;
    }
    if (find_syms(c, own) || find_syms(c, pins))
        return -1;
    c->model = c->fn.create();
    return c->model ? 0 : -1;
}

int cosim_slave_configure(struct cosim_slave *c, const struct oclhls_model_spec *spec,
                          const struct cosim_model_sym *pins, const uint8_t *image, size_t len)
{
    static const char *const shared_headers[] = {"cosim_model_abi.h", "cosim_harness.h", NULL};
    struct oclhls_model_spec s = *spec;
    char *so = NULL, *log = NULL;
    double t0 = now_s();
    int rc = -1;

    s.cache_subdir = "cosim-models";
    s.exports = "oclhls_*_model_*";
    s.shared_dir = "board-support/cosim";
    s.shared_headers = shared_headers;
    s.lib_units = 1; /* float units and dividers compiled once per cache (cosim_harness.h) */
    cosim_slave_unload(c); /* the old design is gone, as on a board being configured */
    if (oclhls_model_build(&s, (const char *)image, len, &so, &log) != 0) {
        fprintf(stderr, "%s: the image (%zu bytes) did not build:\n%s\n", c->name, len,
                log ? log : "");
    } else if (load_model(c, so, pins) == 0) {
        fprintf(stderr, "%s: configured from a %zu-byte image in %.1f s (%s)\n", c->name, len,
                now_s() - t0, so);
        rc = 0;
    } else {
        cosim_slave_unload(c);
    }
    free(so);
    free(log);
    return rc;
}

int cosim_slave_live(const struct cosim_slave *c)
{
    return c->model && !c->unplugged;
}

uint64_t cosim_slave_step(struct cosim_slave *c, uint32_t n)
{
    uint64_t busy;

    if (!cosim_slave_live(c))
        return 0;
    c->fn.step(c->model, n);
    busy = c->fn.busy_cycles(c->model);
    if (c->unplug_busy && busy >= c->unplug_busy)
        c->unplugged = 1;
    return busy;
}

/* ---------------------------------------------------------------- test hooks */

EXPORT uint64_t oclhls_cosim_slave_cycles(void)
{
    struct cosim_slave *c = g_slave;

    return c ? c->cycles_before + (c->model ? c->fn.cycles(c->model) : 0) : 0;
}

EXPORT uint64_t oclhls_cosim_slave_busy_cycles(void)
{
    struct cosim_slave *c = g_slave;

    return c && c->model ? c->fn.busy_cycles(c->model) : 0;
}

EXPORT int oclhls_cosim_slave_configured(void)
{
    return g_slave && g_slave->model;
}
