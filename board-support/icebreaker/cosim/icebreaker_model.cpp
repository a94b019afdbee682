// SPDX-License-Identifier: MIT
//
// The harness of the iCEBreaker co-simulation model: the Verilated icebreaker_top (a
// program's Verilog section + the iCE40 primitive models) behind a small C ABI, compiled
// into model.so by oclhls_model_build and loaded by the co-simulation slave
// (shell_slave.c). One step is one period of the 12 MHz oscillator pin, which the PLL
// model passes through as the design clock.
//
// MISO: Verilator resolves the top's tristate pad into a plain value (0 when undriven),
// so the pad is read as driven only while SS_n is low, as the shell does it
// (spi_miso_oe = !spi_cs_n), and pulled up otherwise.
//
// The Verilator runtime of the model cache is built with VL_USER_FATAL & co. and VL_PRINTF
// redirected (board-support/sim/flow/verilator_rt.c): the hooks below print and, for a
// fatal error, stop the model (it then leaves MISO high, a board that does not answer).
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>

#include "verilated.h"

#include "Vicebreaker_model.h"

#pragma GCC visibility push(default)
#include "icebreaker_model_abi.h"
#pragma GCC visibility pop

struct oclhls_ice40_model {
    VerilatedContext ctx;
    Vicebreaker_model *top = nullptr;
    uint64_t cycles = 0, busy_cycles = 0;
    bool broken = false;
};

// ---- Verilator runtime hooks ----------------------------------------------------------

void vl_fatal(const char *filename, int linenum, const char *hier, const char *msg)
{
    (void)hier;
    Verilated::threadContextp()->gotFinish(true);
    throw std::runtime_error(std::string(filename ? filename : "?") + ":" +
                             std::to_string(linenum) + ": " + (msg ? msg : "fatal error"));
}

void vl_finish(const char *filename, int linenum, const char *hier)
{
    vl_fatal(filename, linenum, hier, "design called $finish");
}

void vl_stop(const char *filename, int linenum, const char *hier)
{
    vl_fatal(filename, linenum, hier, "design called $stop or $fatal");
}

void vl_warn(const char *filename, int linenum, const char *hier, const char *msg)
{
    (void)hier;
    std::fprintf(stderr, "icebreaker model: warning: %s:%d: %s\n", filename ? filename : "?",
                 linenum, msg ? msg : "");
}

// $display and the runtime's messages: on stderr with OCLHLS_DEBUG set.
int oclhls_vl_printf(const char *fmt, ...)
{
    const char *debug = std::getenv("OCLHLS_DEBUG");
    if (!debug || !*debug || (debug[0] == '0' && !debug[1]))
        return 0;
    va_list ap;
    va_start(ap, fmt);
    const int n = std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    return n;
}

// ---- the ABI --------------------------------------------------------------------------

struct oclhls_ice40_model *oclhls_ice40_model_new(void)
{
    auto *m = new (std::nothrow) oclhls_ice40_model;

    if (!m)
        return nullptr;
    m->ctx.randReset(0); // registers without a reset start at 0, as on the FPGA
    m->top = new (std::nothrow) Vicebreaker_model(&m->ctx);
    if (!m->top) {
        delete m;
        return nullptr;
    }
    m->top->clk_12m = 0;
    m->top->spi_sck = 0;
    m->top->spi_ss_n = 1;
    m->top->spi_mosi = 1;
    m->top->eval();
    return m;
}

void oclhls_ice40_model_free(struct oclhls_ice40_model *m)
{
    if (!m)
        return;
    m->top->final();
    delete m->top;
    delete m;
}

void oclhls_ice40_model_set_spi(struct oclhls_ice40_model *m, int sck, int ss_n, int mosi)
{
    m->top->spi_sck = sck ? 1 : 0;
    m->top->spi_ss_n = ss_n ? 1 : 0;
    m->top->spi_mosi = mosi ? 1 : 0;
}

void oclhls_ice40_model_step(struct oclhls_ice40_model *m, uint32_t cycles)
{
    Vicebreaker_model *t = m->top;

    try {
        while (cycles-- && !m->broken) {
            t->clk_12m = 1;
            t->eval();
            t->clk_12m = 0;
            t->eval();
            m->cycles++;
            if (!t->led_green_n)
                m->busy_cycles++;
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "icebreaker model: stopped: %s\n", e.what());
        m->broken = true;
    }
}

int oclhls_ice40_model_miso(const struct oclhls_ice40_model *m)
{
    return m->top->spi_ss_n || m->broken ? 1 : m->top->spi_miso;
}

uint64_t oclhls_ice40_model_cycles(const struct oclhls_ice40_model *m)
{
    return m->cycles;
}

uint64_t oclhls_ice40_model_busy_cycles(const struct oclhls_ice40_model *m)
{
    return m->busy_cycles;
}
