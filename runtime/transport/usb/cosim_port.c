/* SPDX-License-Identifier: MIT */
#include "cosim_port.h"

#include "strbuf.h"
#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cosim_port {
    struct mpsse_model *model;
    void *dl;
    void *slave_ctx;
    void (*slave_close)(void *ctx);
    int (*slave_unplugged)(void *ctx); /* optional: the slave pulled the board */
    int unplugged;
    uint64_t written, unplug_at; /* bytes written so far; the unplug mark */
};

static struct cosim_port *last_port;

/* The slave may pull the board out itself (e.g. while a kernel runs). */
static int gone(struct cosim_port *cp)
{
    if (!cp->unplugged && cp->slave_unplugged && cp->slave_unplugged(cp->slave_ctx))
        cp->unplugged = 1;
    return cp->unplugged;
}

static int cosim_write(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct cosim_port *cp = ctx;

    if (!gone(cp) && cp->written + n > cp->unplug_at) {
        mpsse_model_write(cp->model, buf, (size_t)(cp->unplug_at - cp->written));
        cp->unplugged = 1;
    }
    if (cp->unplugged)
        return oclhls_fail(err, errlen, "USB write failed: the board is gone (co-simulation)");
    mpsse_model_write(cp->model, buf, n);
    cp->written += n;
    if (gone(cp))
        return oclhls_fail(err, errlen, "USB write failed: the board is gone (co-simulation)");
    return 0;
}

static int cosim_read(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct cosim_port *cp = ctx;
    size_t got;

    if (gone(cp))
        return oclhls_fail(err, errlen, "USB read failed: the board is gone (co-simulation)");
    got = mpsse_model_read(cp->model, buf, n);
    if (got != n)
        return oclhls_fail(err, errlen, "timeout: the MPSSE returned %zu of %zu bytes", got, n);
    return 0;
}

static void cosim_delay(void *ctx, uint32_t us)
{
    struct cosim_port *cp = ctx;

    if (!gone(cp))
        mpsse_model_idle_us(cp->model, us);
}

static void cosim_close(void *ctx)
{
    struct cosim_port *cp = ctx;

    if (last_port == cp)
        last_port = NULL;
    mpsse_model_free(cp->model);
    if (cp->slave_close)
        cp->slave_close(cp->slave_ctx);
    if (cp->dl)
        dlclose(cp->dl);
    free(cp);
}

/* A slave with nothing on the wires: MISO pulled up. */
static void silent_set_pins(void *ctx, int sclk, int mosi, int cs_n)
{
    (void)ctx, (void)sclk, (void)mosi, (void)cs_n;
}
static void silent_step(void *ctx, uint32_t n)
{
    (void)ctx, (void)n;
}
static int silent_miso(void *ctx)
{
    (void)ctx;
    return 1;
}

/* Loads <path>[:args] and asks it for its slave. */
static int load_slave(struct cosim_port *cp, const char *spec, struct mpsse_slave *slave,
                      uint64_t *clk_hz, char *err, size_t errlen)
{
    char path[1024];
    const char *colon = strchr(spec, ':'), *args = colon ? colon + 1 : "";
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    int (*open_fn)(const char *, struct mpsse_slave *, uint64_t *);
    void *sym;

    if (len >= sizeof(path))
        return oclhls_fail(err, errlen, "OCLHLS_USB_COSIM: path too long");
    memcpy(path, spec, len);
    path[len] = 0;
    cp->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!cp->dl)
        return oclhls_fail(err, errlen, "OCLHLS_USB_COSIM: cannot load %s: %s", path, dlerror());
    sym = dlsym(cp->dl, "oclhls_usb_cosim_open");
    memcpy(&open_fn, &sym, sizeof(sym));
    sym = dlsym(cp->dl, "oclhls_usb_cosim_close");
    memcpy(&cp->slave_close, &sym, sizeof(sym));
    if (!open_fn || !cp->slave_close)
        return oclhls_fail(err, errlen, "OCLHLS_USB_COSIM: %s lacks oclhls_usb_cosim_open/close",
                           path);
    if (open_fn(args, slave, clk_hz) != 0) {
        cp->slave_close = NULL;
        return oclhls_fail(err, errlen, "OCLHLS_USB_COSIM: %s failed to start (args \"%s\")", path,
                           args);
    }
    cp->slave_ctx = slave->ctx;
    sym = dlsym(cp->dl, "oclhls_usb_cosim_unplugged");
    memcpy(&cp->slave_unplugged, &sym, sizeof(sym));
    return 0;
}

int usb_cosim_port_open(const char *spec, struct usb_link_port *port, char *err, size_t errlen)
{
    struct cosim_port *cp = calloc(1, sizeof(*cp));
    struct mpsse_slave slave = {NULL, silent_set_pins, silent_step, silent_miso, NULL, NULL};
    uint64_t clk_hz = 12000000;
    const char *faults = getenv("OCLHLS_USB_COSIM_FAULTS");

    if (!cp)
        return oclhls_fail(err, errlen, "out of host memory");
    cp->unplug_at = UINT64_MAX;
    if (strcmp(spec, "unplugged") == 0)
        cp->unplugged = 1;
    else if (strcmp(spec, "silent") != 0 && load_slave(cp, spec, &slave, &clk_hz, err, errlen)) {
        cosim_close(cp);
        return -1;
    }
    cp->model = mpsse_model_new(&slave, clk_hz);
    if (!cp->model) {
        cosim_close(cp);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    if (faults) {
        uint64_t seed = 0;
        uint32_t one_in = 0;
        if (sscanf(faults, "%" SCNu64 ":%" SCNu32, &seed, &one_in) == 2)
            mpsse_model_random_faults(cp->model, seed, one_in);
    }
    last_port = cp;
    port->ctx = cp;
    port->write = cosim_write;
    port->read = cosim_read;
    port->delay_us = cosim_delay;
    port->close = cosim_close;
    /* OCLHLS_USB_COSIM_HIDE_CLOCK: like a real board, which does not tell its clock */
    port->slave_clk_hz = cp->dl && !getenv("OCLHLS_USB_COSIM_HIDE_CLOCK") ? clk_hz : 0;
    return 0;
}

struct mpsse_model *usb_cosim_last_model(void)
{
    return last_port ? last_port->model : NULL;
}

void usb_cosim_unplug_after(uint64_t bytes)
{
    if (last_port)
        last_port->unplug_at = last_port->written + bytes;
}

int usb_cosim_port_is(const struct usb_link_port *port)
{
    return port->close == cosim_close;
}
