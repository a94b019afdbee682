// SPDX-License-Identifier: MIT
//
// What every co-simulated board's harness shares (cosim_model_abi.h): the Verilator
// runtime's hooks, the model's life and its clock loop. A board's harness defines its side,
// struct cosim_board, and then includes this file once:
//
//   struct cosim_board {
//       using top = V<prefix>;                   // the Verilated top
//       static constexpr const char *name = "<board> model"; // starts the messages
//       static void init(top *t);                // the input pins before the first edge
//       static void set_clock(top *t, int level);
//       static bool busy(const top *t);          // a kernel running (the busy LED)
//       static const char *fault(const top *t);  // why the model must stop, or nullptr
//   };
//
// The Verilator runtime of the model cache is built with VL_USER_FATAL & co. and VL_PRINTF
// redirected (board-support/sim/flow/verilator_rt.c): a fatal error (or an $error, which
// the runtime turns into a stop) throws, and the step stops the model for good, which then
// leaves the board's outputs high: a board that does not answer.
//
// The model owns the library units of its design (oclhls_unit_abi.h; the model spec's
// lib_units): the stubs' initial blocks create them in the first evaluation, while the model
// being made is this thread's current one.
#ifndef OCLHLS_COSIM_HARNESS_H
#define OCLHLS_COSIM_HARNESS_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "oclhls_unit_abi.h"
#include "verilated.h"

#pragma GCC visibility push(default)
#include "cosim_model_abi.h"
#pragma GCC visibility pop

struct oclhls_cosim_model {
    VerilatedContext ctx;
    std::vector<std::unique_ptr<oclhls_unit>> units; // freed after top, before ctx
    cosim_board::top *top = nullptr;
    uint64_t cycles = 0, busy_cycles = 0;
    bool broken = false;
};

// The model being created on this thread: its design's stubs hand it their units.
static thread_local oclhls_cosim_model *cosim_creating = nullptr;

void *oclhls_sim_adopt_unit(oclhls_unit *unit)
{
    if (!cosim_creating) {
        delete unit;
        throw std::runtime_error("a library unit was created outside a model");
    }
    cosim_creating->units.emplace_back(unit);
    return unit;
}

void *oclhls_sim_no_unit(const char *module, int set)
{
    throw std::runtime_error(std::string("no library build of ") + module +
                             " for parameter set " + std::to_string(set));
}

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
    vl_fatal(filename, linenum, hier, "design called $stop, $fatal or $error");
}

void vl_warn(const char *filename, int linenum, const char *hier, const char *msg)
{
    (void)hier;
    std::fprintf(stderr, "%s: warning: %s:%d: %s\n", cosim_board::name, filename ? filename : "?",
                 linenum, msg ? msg : "");
}

static bool debug_enabled()
{
    const char *debug = std::getenv("OCLHLS_DEBUG");
    return debug && *debug && !(debug[0] == '0' && !debug[1]);
}

// $display and the runtime's messages: on stderr with OCLHLS_DEBUG set.
int oclhls_vl_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = debug_enabled() ? std::vfprintf(stderr, fmt, ap) : 0;
    va_end(ap);
    return n;
}

// ---- the ABI --------------------------------------------------------------------------

struct oclhls_cosim_model *oclhls_cosim_model_new(void)
{
    auto *m = new (std::nothrow) oclhls_cosim_model;

    if (!m)
        return nullptr;
    m->ctx.randReset(0); // registers without a reset start at 0, as on the FPGA
    m->top = new (std::nothrow) cosim_board::top(&m->ctx);
    if (!m->top) {
        delete m;
        return nullptr;
    }
    cosim_board::set_clock(m->top, 0);
    cosim_board::init(m->top);
    cosim_creating = m;
    try {
        m->top->eval(); // the initial blocks: the library units are made here
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s: cannot start: %s\n", cosim_board::name, e.what());
        m->broken = true;
    }
    cosim_creating = nullptr;
    return m;
}

void oclhls_cosim_model_free(struct oclhls_cosim_model *m)
{
    if (!m)
        return;
    m->top->final();
    delete m->top;
    m->units.clear();
    delete m;
}

void oclhls_cosim_model_step(struct oclhls_cosim_model *m, uint32_t cycles)
{
    cosim_board::top *t = m->top;

    try {
        while (cycles-- && !m->broken) {
            cosim_board::set_clock(t, 1);
            t->eval();
            cosim_board::set_clock(t, 0);
            t->eval();
            m->cycles++;
            if (cosim_board::busy(t))
                m->busy_cycles++;
            if (const char *why = cosim_board::fault(t))
                throw std::runtime_error(why);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s: stopped at cycle %llu: %s\n", cosim_board::name,
                     (unsigned long long)m->cycles, e.what());
        m->broken = true;
    }
}

uint64_t oclhls_cosim_model_cycles(const struct oclhls_cosim_model *m)
{
    return m->cycles;
}

uint64_t oclhls_cosim_model_busy_cycles(const struct oclhls_cosim_model *m)
{
    return m->busy_cycles;
}

int oclhls_cosim_model_broken(const struct oclhls_cosim_model *m)
{
    return m->broken;
}

#endif
