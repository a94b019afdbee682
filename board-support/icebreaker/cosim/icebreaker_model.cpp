// SPDX-License-Identifier: MIT
//
// The harness of the iCEBreaker co-simulation model: the Verilated icebreaker_top (a
// program's Verilog section + the iCE40 primitive models) behind a small C ABI, compiled
// into model.so by oclhls_model_build and loaded by the co-simulation slave
// (shell_slave.c). One step is one period of the 12 MHz oscillator pin, which the PLL
// model passes through as the design clock. The model's life and clock loop are the
// co-simulated boards' shared harness (board-support/cosim/cosim_harness.h); here are the
// board's pins.
//
// MISO: Verilator resolves the top's tristate pad into a plain value (0 when undriven),
// so the pad is read as driven only while SS_n is low, as the shell does it
// (spi_miso_oe = !spi_cs_n), and pulled up otherwise.
#include "Vicebreaker_model.h"

#pragma GCC visibility push(default)
#include "icebreaker_model_abi.h"
#pragma GCC visibility pop

struct cosim_board {
    using top = Vicebreaker_model;
    static constexpr const char *name = "icebreaker model";

    static void init(top *t)
    {
        t->spi_sck = 0;
        t->spi_ss_n = 1;
        t->spi_mosi = 1;
    }
    static void set_clock(top *t, int level)
    {
        t->clk_12m = level;
    }
    static bool busy(const top *t)
    {
        return !t->led_green_n;
    }
    static const char *fault(const top *)
    {
        return nullptr;
    }
};

#include "cosim_harness.h"

void oclhls_ice40_model_set_spi(struct oclhls_cosim_model *m, int sck, int ss_n, int mosi)
{
    m->top->spi_sck = sck ? 1 : 0;
    m->top->spi_ss_n = ss_n ? 1 : 0;
    m->top->spi_mosi = mosi ? 1 : 0;
}

int oclhls_ice40_model_miso(const struct oclhls_cosim_model *m)
{
    return m->top->spi_ss_n || m->broken ? 1 : m->top->spi_miso;
}
