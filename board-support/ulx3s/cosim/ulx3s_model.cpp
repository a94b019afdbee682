// SPDX-License-Identifier: MIT
//
// The harness of the ULX3S co-simulation model: the Verilated ulx3s_cosim_top (a program's
// Verilog section, the SDRAM model, ulx3s_cosim_top.sv) behind a small C ABI, compiled into
// model.so by oclhls_model_build and loaded by the co-simulation slave (ulx3s_slave.c).
// One step is one clock period of the design (kernel and link clock alike).
//
// The Verilator runtime of the model cache is built with VL_USER_FATAL & co. redirected
// (board-support/sim/flow/verilator_rt.c): a fatal error or an $error of the SDRAM model
// stops the model, which then leaves the UART output high (a board that does not answer).
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>

#include "verilated.h"

#include "Vulx3s_model.h"

#pragma GCC visibility push(default)
#include "ulx3s_model_abi.h"
#pragma GCC visibility pop

struct oclhls_ulx3s_model {
    VerilatedContext ctx;
    Vulx3s_model *top = nullptr;
    uint64_t cycles = 0, busy_cycles = 0;
    bool broken = false;
};

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
    vl_fatal(filename, linenum, hier, "design called $stop, $fatal or $error");
}

void vl_warn(const char *filename, int linenum, const char *hier, const char *msg)
{
    (void)hier;
    std::fprintf(stderr, "ulx3s model: warning: %s:%d: %s\n", filename ? filename : "?", linenum,
                 msg ? msg : "");
}

// $display (the SDRAM model's reports go to stderr through $error): with OCLHLS_DEBUG set.
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

struct oclhls_ulx3s_model *oclhls_ulx3s_model_new(void)
{
    auto *m = new (std::nothrow) oclhls_ulx3s_model;

    if (!m)
        return nullptr;
    m->ctx.randReset(0);
    m->top = new (std::nothrow) Vulx3s_model(&m->ctx);
    if (!m->top) {
        delete m;
        return nullptr;
    }
    m->top->clk = 0;
    m->top->uart_rx = 1;
    m->top->eval();
    return m;
}

void oclhls_ulx3s_model_free(struct oclhls_ulx3s_model *m)
{
    if (!m)
        return;
    m->top->final();
    delete m->top;
    delete m;
}

void oclhls_ulx3s_model_set_rx(struct oclhls_ulx3s_model *m, int level)
{
    m->top->uart_rx = level ? 1 : 0;
}

void oclhls_ulx3s_model_step(struct oclhls_ulx3s_model *m, uint32_t cycles)
{
    Vulx3s_model *t = m->top;

    try {
        while (cycles-- && !m->broken) {
            t->clk = 1;
            t->eval();
            t->clk = 0;
            t->eval();
            m->cycles++;
            if (t->busy)
                m->busy_cycles++;
            if (t->sdram_errors)
                throw std::runtime_error("the SDRAM model saw a timing violation");
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "ulx3s model: stopped at cycle %llu: %s\n",
                     (unsigned long long)m->cycles, e.what());
        m->broken = true;
    }
}

int oclhls_ulx3s_model_tx(const struct oclhls_ulx3s_model *m)
{
    return m->broken ? 1 : m->top->uart_tx;
}

uint64_t oclhls_ulx3s_model_cycles(const struct oclhls_ulx3s_model *m)
{
    return m->cycles;
}

uint64_t oclhls_ulx3s_model_busy_cycles(const struct oclhls_ulx3s_model *m)
{
    return m->busy_cycles;
}

int oclhls_ulx3s_model_broken(const struct oclhls_ulx3s_model *m)
{
    return m->broken;
}
