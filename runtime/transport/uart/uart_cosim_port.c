/* SPDX-License-Identifier: MIT */
#include "uart_cosim_port.h"

#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

struct uart_cosim_port {
    struct uart_model *model;
    struct uart_slave slave;
    uint64_t clk_hz;
    void *dl;
    void (*slave_close)(void *ctx);
    int (*slave_unplugged)(void *ctx);
    int unplugged;
};

static struct uart_cosim_port *last_port;

static int gone(struct uart_cosim_port *cp)
{
    if (!cp->unplugged && cp->slave_unplugged && cp->slave_unplugged(cp->slave.ctx))
        cp->unplugged = 1;
    return cp->unplugged;
}

static int cp_write(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct uart_cosim_port *cp = ctx;

    if (gone(cp))
        return oclhls_fail(err, errlen, "USB write failed: the board is gone (co-simulation)");
    uart_model_write(cp->model, buf, n);
    return 0;
}

static long cp_read(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct uart_cosim_port *cp = ctx;

    if (gone(cp))
        return oclhls_fail(err, errlen, "USB read failed: the board is gone (co-simulation)");
    return (long)uart_model_read(cp->model, buf, n);
}

static void cp_discard(void *ctx)
{
    uart_model_discard(((struct uart_cosim_port *)ctx)->model);
}

static void cp_delay(void *ctx, uint32_t us)
{
    struct uart_cosim_port *cp = ctx;

    if (!gone(cp))
        uart_model_idle_us(cp->model, cp->clk_hz, us);
}

static int cp_configure(void *ctx, const uint8_t *image, size_t len, char *err, size_t errlen)
{
    struct uart_cosim_port *cp = ctx;

    if (gone(cp))
        return oclhls_fail(err, errlen, "the board is gone (co-simulation)");
    if (!cp->slave.configure || cp->slave.configure(cp->slave.ctx, image, len) != 0)
        return oclhls_fail(err, errlen,
                           "the co-simulated FPGA did not accept the %zu-byte image (the slave "
                           "printed why)",
                           len);
    return 0;
}

static void cp_close(void *ctx)
{
    struct uart_cosim_port *cp = ctx;

    if (last_port == cp)
        last_port = NULL;
    uart_model_free(cp->model);
    if (cp->slave_close)
        cp->slave_close(cp->slave.ctx);
    if (cp->dl)
        dlclose(cp->dl);
    free(cp);
}

static void silent_set_rx(void *ctx, int level)
{
    (void)ctx, (void)level;
}
static void silent_step(void *ctx, uint32_t n)
{
    (void)ctx, (void)n;
}
static int silent_tx(void *ctx)
{
    (void)ctx;
    return 1;
}

static int load_slave(struct uart_cosim_port *cp, const char *spec, uint32_t *cpb, char *err,
                      size_t errlen)
{
    char path[1024];
    const char *colon = strchr(spec, ':'), *args = colon ? colon + 1 : "";
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    int (*open_fn)(const char *, struct uart_slave *, uint64_t *, uint32_t *);
    void *sym;

    if (len >= sizeof(path))
        return oclhls_fail(err, errlen, "OCLHLS_UART_COSIM: path too long");
    memcpy(path, spec, len);
    path[len] = 0;
    cp->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!cp->dl)
        return oclhls_fail(err, errlen, "OCLHLS_UART_COSIM: cannot load %s: %s", path, dlerror());
    sym = dlsym(cp->dl, "oclhls_uart_cosim_open");
    memcpy(&open_fn, &sym, sizeof(sym));
    sym = dlsym(cp->dl, "oclhls_uart_cosim_close");
    memcpy(&cp->slave_close, &sym, sizeof(sym));
    if (!open_fn || !cp->slave_close)
        return oclhls_fail(err, errlen,
                           "OCLHLS_UART_COSIM: %s lacks oclhls_uart_cosim_open/close", path);
    if (open_fn(args, &cp->slave, &cp->clk_hz, cpb) != 0) {
        cp->slave_close = NULL;
        return oclhls_fail(err, errlen, "OCLHLS_UART_COSIM: %s failed to start (args \"%s\")",
                           path, args);
    }
    sym = dlsym(cp->dl, "oclhls_uart_cosim_unplugged");
    memcpy(&cp->slave_unplugged, &sym, sizeof(sym));
    return 0;
}

int uart_cosim_port_open(const char *spec, struct uart_port *port, uint64_t *clk_hz, char *err,
                         size_t errlen)
{
    struct uart_cosim_port *cp = calloc(1, sizeof(*cp));
    const char *faults = getenv("OCLHLS_UART_COSIM_FAULTS");
    uint32_t cpb = 16;

    if (!cp)
        return oclhls_fail(err, errlen, "out of host memory");
    cp->slave = (struct uart_slave){NULL, silent_set_rx, silent_step, silent_tx, NULL};
    cp->clk_hz = 48000000;
    if (strcmp(spec, "unplugged") == 0)
        cp->unplugged = 1;
    else if (strcmp(spec, "silent") != 0 && load_slave(cp, spec, &cpb, err, errlen)) {
        cp_close(cp);
        return -1;
    }
    cp->model = uart_model_new(&cp->slave, cpb);
    if (!cp->model) {
        cp_close(cp);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    if (faults) {
        uint64_t seed = 0;
        uint32_t one_in = 0;
        if (sscanf(faults, "%" SCNu64 ":%" SCNu32, &seed, &one_in) == 2)
            uart_model_random_faults(cp->model, seed, one_in);
    }
    last_port = cp;
    *port = (struct uart_port){cp, cp_write, cp_read, cp_discard, cp_delay, cp_close,
                               cp_configure, (uint32_t)(cp->clk_hz / cpb), NULL};
    *clk_hz = cp->clk_hz;
    return 0;
}

struct uart_model *uart_cosim_last_model(void)
{
    return last_port ? last_port->model : NULL;
}
