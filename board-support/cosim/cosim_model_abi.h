/* SPDX-License-Identifier: MIT */
/*
 * The C ABI every co-simulated board's model shares (model.so, built by oclhls_model_build
 * from the board's harness and cosim_harness.h): the model's life, its clock and its
 * counters. The slave core (cosim_slave.c) looks these up; a board's own ABI header adds
 * the pins its USB chip reaches (icebreaker_model_abi.h, ulx3s_model_abi.h).
 */
#ifndef OCLHLS_COSIM_MODEL_ABI_H
#define OCLHLS_COSIM_MODEL_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct oclhls_cosim_model;

/* A freshly configured FPGA (registers at their initial values); NULL when out of memory. */
struct oclhls_cosim_model *oclhls_cosim_model_new(void);
void oclhls_cosim_model_free(struct oclhls_cosim_model *m);

/* Runs the design for cycles periods of its clock; stops for good at a fatal error (an
 * assertion, a model's timing check), after which the board's outputs stay high. */
void oclhls_cosim_model_step(struct oclhls_cosim_model *m, uint32_t cycles);

/* Clock cycles run, those with a kernel running (the busy LED), and 1 once the model stopped. */
uint64_t oclhls_cosim_model_cycles(const struct oclhls_cosim_model *m);
uint64_t oclhls_cosim_model_busy_cycles(const struct oclhls_cosim_model *m);
int oclhls_cosim_model_broken(const struct oclhls_cosim_model *m);

#ifdef __cplusplus
}
#endif

#endif
