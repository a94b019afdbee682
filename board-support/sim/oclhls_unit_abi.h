// SPDX-License-Identifier: MIT
//
// Library units inside a sim-board model (board-support/sim/flow/lib_units.h): a unit is
// an rtl-lib pipeline Verilated and compiled once per parameter set; the design's stub
// creates it from its initial block and steps it at every rising clock edge. The
// harness (sim_model.cpp) owns the units of its model. C++, internal to a model .so.
#ifndef OCLHLS_UNIT_ABI_H
#define OCLHLS_UNIT_ABI_H

#include <cstdint>

// A unit's ports travel as 32-bit words, in the order the module declares them: two
// words for a port of up to 64 bits, else one per 32 bits (least significant first).
struct oclhls_unit {
    virtual ~oclhls_unit() = default;
    // One rising edge of clk: in holds the unit's other inputs, out gets its outputs after
    // the edge.
    virtual void tick(const uint32_t *in, uint32_t *out) = 0;
    // The outputs now (at time 0, before the first edge).
    virtual void peek(uint32_t *out) = 0;
};

static inline void oclhls_unit_put64(uint32_t *w, uint64_t v)
{
    w[0] = static_cast<uint32_t>(v);
    w[1] = static_cast<uint32_t>(v >> 32);
}

static inline uint64_t oclhls_unit_get64(const uint32_t *w)
{
    return w[0] | static_cast<uint64_t>(w[1]) << 32;
}

static inline void oclhls_unit_copy(uint32_t *to, const uint32_t *from, int words)
{
    for (int i = 0; i < words; i++)
        to[i] = from[i];
}

// The model being created on this thread takes the unit over (frees it with itself).
void *oclhls_sim_adopt_unit(oclhls_unit *unit);

// Stops the model: the design asks for a parameter set with no unit build.
void *oclhls_sim_no_unit(const char *module, int set);

#endif
