// SPDX-License-Identifier: MIT
//
// Library units inside a sim-board model (board-support/sim/build/lib_units.h): a unit is
// an rtl-lib pipeline Verilated and compiled once per parameter set; the design's stub
// creates it from its initial block and steps it at every rising clock edge. The
// harness (sim_model.cpp) owns the units of its model. C++, internal to a model .so.
#ifndef OCLHLS_UNIT_ABI_H
#define OCLHLS_UNIT_ABI_H

#include <cstdint>

struct oclhls_unit {
    virtual ~oclhls_unit() = default;
    // One rising edge of clk: in holds the unit's other inputs, out gets its outputs after
    // the edge, both in the order the module declares its ports.
    virtual void tick(const uint64_t *in, uint64_t *out) = 0;
};

// The model being created on this thread takes the unit over (frees it with itself).
void *oclhls_sim_adopt_unit(oclhls_unit *unit);

// Stops the model: the design asks for a parameter set with no unit build.
void *oclhls_sim_no_unit(const char *module, int set);

#endif
