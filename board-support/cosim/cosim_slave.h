/* SPDX-License-Identifier: MIT */
/*
 * The core every co-simulated board's slave library shares (shell_slave.c for the
 * iCEBreaker, ulx3s_slave.c for the ULX3S): the configured design as a Verilated model,
 * built from the configuration image and loaded from its model.so (cosim_model_abi.h, with
 * the board's own pin functions), clocked, counted and pulled from USB on request
 * (unplug_busy=<n>). The board keeps what is its own: the wires to its USB chip (SPI or
 * UART), how the image arrives, its model spec (top, harness, primitive and SDRAM models).
 *
 * The test hooks (exported by every slave library: the last one opened):
 * oclhls_cosim_slave_cycles, oclhls_cosim_slave_busy_cycles, oclhls_cosim_slave_configured.
 */
#ifndef OCLHLS_COSIM_SLAVE_H
#define OCLHLS_COSIM_SLAVE_H

#include <stddef.h>
#include <stdint.h>

#include "cosim_model_abi.h"
#include "sim_model_build.h"

/* The model functions every board's harness exports (cosim_model_abi.h). */
struct cosim_model_fns {
    struct oclhls_cosim_model *(*create)(void);
    void (*destroy)(struct oclhls_cosim_model *);
    void (*step)(struct oclhls_cosim_model *, uint32_t);
    uint64_t (*cycles)(const struct oclhls_cosim_model *);
    uint64_t (*busy_cycles)(const struct oclhls_cosim_model *);
};

/* A model function only the board has (its pins), found by name when a model is loaded:
 * fn is the address of the board's function pointer. Lists end with a NULL name. */
struct cosim_model_sym {
    const char *name;
    void *fn;
};

struct cosim_slave {
    const char *name; /* starts its messages: "shell slave" */
    void *dl;         /* the configured design's model.so */
    struct cosim_model_fns fn;
    struct oclhls_cosim_model *model; /* the configured design, or NULL */
    uint64_t cycles_before;           /* of models freed by a reset */
    uint64_t unplug_busy;             /* pulled from USB once a kernel ran this many cycles */
    int unplugged;
};

/*
 * Starts the slave named name and reads args (comma separated): unplug_busy=<n> here, any
 * other item by board_arg (item: its n bytes; board_arg may be NULL). It becomes the slave
 * the test hooks look at.
 */
void cosim_slave_open(struct cosim_slave *c, const char *name, const char *args,
                      void (*board_arg)(void *ctx, const char *item, size_t n), void *ctx);
void cosim_slave_close(struct cosim_slave *c);

/* An args item key=value ("cells=" ...) with a value: its number, or its text when it fits
 * in size bytes. 1 taken, 0 not. */
int cosim_arg_u64(const char *item, size_t n, const char *key, uint64_t *value);
int cosim_arg_str(const char *item, size_t n, const char *key, char *value, size_t size);

/*
 * Configures the FPGA from image (the program's Verilog): the old design is gone, the
 * model of spec is built (cached in "cosim-models", with the shared harness of
 * board-support/cosim; its exports are oclhls_cosim_model_* and the board's
 * oclhls_<board>_model_*) and loaded with the board's pins. Says on stderr how long it took
 * or why it failed. 0 configured, -1 not (no model: the FPGA does not answer).
 */
int cosim_slave_configure(struct cosim_slave *c, const struct oclhls_model_spec *spec,
                          const struct cosim_model_sym *pins, const uint8_t *image, size_t len);

/* The design is gone (a reset, a new configuration); its cycles still count. */
void cosim_slave_unload(struct cosim_slave *c);

/* A configured board still on USB: its pins are the model's. */
int cosim_slave_live(const struct cosim_slave *c);

/* Runs a live model n clocks, unplugging when due; returns the cycles a kernel ran in it
 * so far (0 when the model is not live). */
uint64_t cosim_slave_step(struct cosim_slave *c, uint32_t n);

#endif
