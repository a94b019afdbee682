/* SPDX-License-Identifier: MIT */
/*
 * The C ABI of the ULX3S co-simulation model (model.so built from ulx3s_model.cpp by
 * oclhls_model_build): the UART pins of ulx3s_cosim_top and its clock.
 */
#ifndef OCLHLS_ULX3S_MODEL_ABI_H
#define OCLHLS_ULX3S_MODEL_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct oclhls_ulx3s_model;

/* A freshly configured FPGA; NULL when out of memory. */
struct oclhls_ulx3s_model *oclhls_ulx3s_model_new(void);
void oclhls_ulx3s_model_free(struct oclhls_ulx3s_model *m);

/* The FPGA's UART input (the FT231X's TXD), taken at the next clock edge. */
void oclhls_ulx3s_model_set_rx(struct oclhls_ulx3s_model *m, int level);

/* Runs the design for cycles clock periods; stops for good at a fatal error (an SDRAM
 * timing violation, an assertion), after which the UART output stays high. */
void oclhls_ulx3s_model_step(struct oclhls_ulx3s_model *m, uint32_t cycles);

/* The FPGA's UART output (the FT231X's RXD). */
int oclhls_ulx3s_model_tx(const struct oclhls_ulx3s_model *m);

/* Clock cycles run, those with a kernel running, and 1 once the model stopped. */
uint64_t oclhls_ulx3s_model_cycles(const struct oclhls_ulx3s_model *m);
uint64_t oclhls_ulx3s_model_busy_cycles(const struct oclhls_ulx3s_model *m);
int oclhls_ulx3s_model_broken(const struct oclhls_ulx3s_model *m);

#ifdef __cplusplus
}
#endif

#endif
