// SPDX-License-Identifier: MIT
//
// The harness of the ULX3S co-simulation model: the Verilated ulx3s_cosim_top (a program's
// Verilog section, the SDRAM model, ulx3s_cosim_top.sv) behind a small C ABI, compiled into
// model.so by oclhls_model_build and loaded by the co-simulation slave (ulx3s_slave.c).
// One step is one clock period of the design (kernel and link clock alike). The model's
// life and clock loop are the co-simulated boards' shared harness
// (board-support/cosim/cosim_harness.h); here are the board's pins and its SDRAM model's
// check: a timing violation (or an $error of the SDRAM model) stops the model, which then
// leaves the UART output high (a board that does not answer).
#include "Vulx3s_model.h"

#pragma GCC visibility push(default)
#include "ulx3s_model_abi.h"
#pragma GCC visibility pop

struct cosim_board {
    using top = Vulx3s_model;
    static constexpr const char *name = "ulx3s model";

    static void init(top *t)
    {
        t->uart_rx = 1;
    }
    static void set_clock(top *t, int level)
    {
        t->clk = level;
    }
    static bool busy(const top *t)
    {
        return t->busy;
    }
    static const char *fault(const top *t)
    {
        return t->sdram_errors ? "the SDRAM model saw a timing violation" : nullptr;
    }
};

#include "cosim_harness.h"

void oclhls_ulx3s_model_set_rx(struct oclhls_cosim_model *m, int level)
{
    m->top->uart_rx = level ? 1 : 0;
}

int oclhls_ulx3s_model_tx(const struct oclhls_cosim_model *m)
{
    return m->broken ? 1 : m->top->uart_tx;
}
