/* SPDX-License-Identifier: MIT */
/*
 * The C ABI of a Verilated sim-board model (.so), built locally from the Verilog in a
 * program file (board-support/sim/sim_model_build.c) and loaded by the runtime's sim
 * transport with dlopen. Only these symbols are exported from the model.
 *
 * The global memory is owned by the caller (the transport), so it outlives any one model
 * and survives switching programs; the model's C++ memory model reads and writes it.
 */
#ifndef OCLHLS_SIM_ABI_H
#define OCLHLS_SIM_ABI_H

#include <stddef.h>
#include <stdint.h>

#define OCLHLS_SIM_ABI_VERSION 1u

#ifdef __cplusplus
extern "C" {
#endif

struct oclhls_sim; /* opaque: one Verilated model + its memory model */

struct oclhls_sim_config {
    uint8_t *mem;             /* global memory, owned by the caller */
    uint64_t mem_bytes;       /* its size; accesses beyond it read 0 and are counted */
    uint32_t mem_latency;     /* read latency in cycles (>= 1) */
};

uint32_t oclhls_sim_abi_version(void);
uint32_t oclhls_sim_mem_width_bits(void); /* the width this model was built with */

/* Creates the model, applies reset. NULL on failure. */
struct oclhls_sim *oclhls_sim_create(const struct oclhls_sim_config *cfg);
void oclhls_sim_destroy(struct oclhls_sim *sim);

/* Host access to the shell's CSR bus; each clocks the model until the access completes. 0/-1. */
int oclhls_sim_csr_write(struct oclhls_sim *sim, uint32_t addr, uint32_t value);
int oclhls_sim_csr_read(struct oclhls_sim *sim, uint32_t addr, uint32_t *value);

/*
 * Clocks the model until the system is idle (busy low) or max_cycles pass.
 * Returns 0 when idle, 1 on timeout (the model stays usable), -1 when the design stopped
 * ($fatal, $finish) or Verilator reported an error (the model refuses further calls).
 * *cycles_run gets the count.
 */
int oclhls_sim_run(struct oclhls_sim *sim, uint64_t max_cycles, uint64_t *cycles_run);

/* Total cycles since create. */
uint64_t oclhls_sim_cycles(const struct oclhls_sim *sim);

/* Out-of-range memory accesses seen by the memory model since create. */
uint64_t oclhls_sim_mem_faults(const struct oclhls_sim *sim);

#ifdef __cplusplus
}
#endif

#endif
