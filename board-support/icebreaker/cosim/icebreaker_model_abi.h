/* SPDX-License-Identifier: MIT */
/*
 * The C ABI of the iCEBreaker co-simulation model (model.so built from icebreaker_model.cpp
 * by oclhls_model_build): the pins of icebreaker_top the FT2232H reaches. Its life, clock
 * (the 12 MHz oscillator pin) and counters are every co-simulated board's
 * (cosim_model_abi.h).
 */
#ifndef OCLHLS_ICEBREAKER_MODEL_ABI_H
#define OCLHLS_ICEBREAKER_MODEL_ABI_H

#include "cosim_model_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The SPI pins (flash SCK, SSB, IO0), taken at the next clock edge. */
void oclhls_ice40_model_set_spi(struct oclhls_cosim_model *m, int sck, int ss_n, int mosi);

/* The MISO pad (flash IO1) as the FT2232H sees it: 1 when the FPGA does not drive it. */
int oclhls_ice40_model_miso(const struct oclhls_cosim_model *m);

#ifdef __cplusplus
}
#endif

#endif
