/* SPDX-License-Identifier: MIT */
/*
 * The C ABI of the ULX3S co-simulation model (model.so built from ulx3s_model.cpp by
 * oclhls_model_build): the UART pins of ulx3s_cosim_top. Its life, clock and counters are
 * every co-simulated board's (cosim_model_abi.h); an SDRAM timing violation stops it.
 */
#ifndef OCLHLS_ULX3S_MODEL_ABI_H
#define OCLHLS_ULX3S_MODEL_ABI_H

#include "cosim_model_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The FPGA's UART input (the FT231X's TXD), taken at the next clock edge. */
void oclhls_ulx3s_model_set_rx(struct oclhls_cosim_model *m, int level);

/* The FPGA's UART output (the FT231X's RXD). */
int oclhls_ulx3s_model_tx(const struct oclhls_cosim_model *m);

#ifdef __cplusplus
}
#endif

#endif
