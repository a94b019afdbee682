/* SPDX-License-Identifier: MIT */
/*
 * The C ABI of the iCEBreaker co-simulation model (model.so built from icebreaker_model.cpp
 * by oclhls_model_build): the pins of icebreaker_top the FT2232H reaches, and its clock.
 */
#ifndef OCLHLS_ICEBREAKER_MODEL_ABI_H
#define OCLHLS_ICEBREAKER_MODEL_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct oclhls_ice40_model;

/* A freshly configured FPGA (registers at their initial values); NULL when out of memory. */
struct oclhls_ice40_model *oclhls_ice40_model_new(void);
void oclhls_ice40_model_free(struct oclhls_ice40_model *m);

/* The SPI pins (flash SCK, SSB, IO0), taken at the next clock edge. */
void oclhls_ice40_model_set_spi(struct oclhls_ice40_model *m, int sck, int ss_n, int mosi);

/* Runs the design for cycles periods of the 12 MHz oscillator pin. */
void oclhls_ice40_model_step(struct oclhls_ice40_model *m, uint32_t cycles);

/* The MISO pad (flash IO1) as the FT2232H sees it: 1 when the FPGA does not drive it. */
int oclhls_ice40_model_miso(const struct oclhls_ice40_model *m);

/* Clock cycles run so far, and those with the busy LED lit (a kernel running). */
uint64_t oclhls_ice40_model_cycles(const struct oclhls_ice40_model *m);
uint64_t oclhls_ice40_model_busy_cycles(const struct oclhls_ice40_model *m);

#ifdef __cplusplus
}
#endif

#endif
