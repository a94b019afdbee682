// SPDX-License-Identifier: MIT
//
// The harness of a sim-board model: compiled together with the Verilated design
// (top module sim_shell, class Vsim_shell) into model.so by sim_model_build.c, it
// implements the C ABI of oclhls_sim_abi.h and plays the board's DDR channel.
//
// Memory model (bus protocol: docs/architecture.md, "The global-memory bus"):
//  - mem_req_ready is always 1: one request is accepted per cycle.
//  - A write is applied at acceptance, byte by byte under mem_req_wstrb.
//  - A read captures the line at acceptance and returns it mem_latency cycles later
//    (mem_latency 1 = the very next cycle), in request order, without back-pressure.
//  - Addresses are aligned down to the line (the low bits do not exist on a real bus).
//  - An access that falls outside [0, mem_bytes) is counted in mem_faults, reads 0 and
//    writes nothing.
//
// One clock cycle = drive this cycle's inputs, eval with clk low (settles combinational
// paths from the inputs), sample the request, eval with clk high (the edge).
//
// Build-time define: OCLHLS_SIM_MEM_DW, the width of mem_req_wdata/mem_rsp_data.
// The Verilator runtime is compiled with VL_USER_FATAL/FINISH/STOP/WARN and with VL_PRINTF
// redirected: this file defines those hooks so that a $fatal, $finish or $stop in the
// design (or a Verilator runtime error such as a non-converging loop) never prints or
// exits the host program; the model is marked broken and the ABI calls return failure.
// Console output of the design ($display) appears on stderr only with OCLHLS_DEBUG set.
//
// Global state: none of ours. Verilator's runtime keeps a little (the last context used,
// a thread-local "current context", a default context); it is private to this .so, and
// every entry point below names its model's context first (Verilator's own API for
// several contexts), so several models, in one .so or several, can be driven from any
// threads as long as calls on one model do not overlap.

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "verilated.h"

#include "Vsim_shell.h"
#include "oclhls_unit_abi.h"

#pragma GCC visibility push(default)
#include "oclhls_sim_abi.h"
#pragma GCC visibility pop

#ifndef OCLHLS_SIM_MEM_DW
#error "compile with -DOCLHLS_SIM_MEM_DW=<mem_width_bits>"
#endif

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the sim harness assumes a little-endian host (VlWide word 0 = bytes 0..3)"
#endif

namespace
{

constexpr unsigned MEM_DW = OCLHLS_SIM_MEM_DW;
constexpr unsigned LINE_BYTES = MEM_DW / 8;
static_assert(MEM_DW >= 8 && MEM_DW % 8 == 0, "MEM_DW must be a multiple of 8");

constexpr unsigned RESET_CYCLES = 4;
constexpr unsigned CSR_READ_TIMEOUT = 16;
constexpr uint32_t MAX_LATENCY = 1u << 20; // bounds the in-flight ring (72 MiB at 512 bits)

// A fatal condition inside the Verilated model.
struct model_error : std::exception {
    std::string msg;
    explicit model_error(std::string m) : msg(std::move(m))
    {
    }
    const char *what() const noexcept override
    {
        return msg.c_str();
    }
};

bool debug_enabled()
{
    const char *d = std::getenv("OCLHLS_DEBUG");
    return d && *d && std::strcmp(d, "0") != 0;
}

std::string where(const char *filename, int linenum)
{
    if (!filename || !*filename)
        return std::string();
    return std::string(filename) + ":" + std::to_string(linenum) + ": ";
}

// ---- Verilator port access, generic over the port's C++ type -------------------------
// Ports of <= 8/16/32/64 bits are CData/SData/IData/QData; wider ones are VlWide<N>.

template <typename T> inline void port_get_bytes(const T &port, uint8_t *dst)
{
    const uint64_t v = port;
    std::memcpy(dst, &v, LINE_BYTES);
}

template <std::size_t N> inline void port_get_bytes(const VlWide<N> &port, uint8_t *dst)
{
    std::memcpy(dst, port.data(), LINE_BYTES);
}

template <typename T> inline void port_set_bytes(T &port, const uint8_t *src)
{
    uint64_t v = 0;
    std::memcpy(&v, src, LINE_BYTES);
    port = static_cast<T>(v);
}

template <std::size_t N> inline void port_set_bytes(VlWide<N> &port, const uint8_t *src)
{
    // Bits above MEM_DW in the last word must stay 0 for Verilator.
    std::memset(port.data(), 0, sizeof(EData) * N);
    std::memcpy(port.data(), src, LINE_BYTES);
}

template <typename T> inline bool strobe_bit(const T &port, unsigned k)
{
    return (static_cast<uint64_t>(port) >> k) & 1u;
}

template <std::size_t N> inline bool strobe_bit(const VlWide<N> &port, unsigned k)
{
    return (port.data()[k / 32] >> (k % 32)) & 1u;
}

constexpr uint64_t ALL_STROBES = LINE_BYTES >= 64 ? ~0ull : (1ull << (LINE_BYTES % 64)) - 1;

template <typename T> inline bool strobe_all(const T &port)
{
    return (static_cast<uint64_t>(port) & ALL_STROBES) == ALL_STROBES;
}

template <std::size_t N> inline bool strobe_all(const VlWide<N> &port)
{
    for (unsigned k = 0; k < LINE_BYTES / 32; k++)
        if (port.data()[k] != 0xFFFFFFFFu)
            return false;
    for (unsigned k = LINE_BYTES / 32 * 32; k < LINE_BYTES; k++)
        if (!strobe_bit(port, k))
            return false;
    return true;
}

// A read on its way back: the line as captured at acceptance, due at cycle `due`.
struct pending_read {
    uint64_t due;
    uint8_t data[LINE_BYTES];
};

} // namespace

// ---- Verilator runtime hooks (see the header comment) --------------------------------

void vl_fatal(const char *filename, int linenum, const char *hier, const char *msg)
{
    (void)hier;
    Verilated::threadContextp()->gotError(true);
    Verilated::threadContextp()->gotFinish(true);
    throw model_error(where(filename, linenum) + (msg ? msg : "fatal error"));
}

void vl_finish(const char *filename, int linenum, const char *hier)
{
    (void)hier;
    Verilated::threadContextp()->gotFinish(true);
    throw model_error(where(filename, linenum) + "design called $finish");
}

void vl_stop(const char *filename, int linenum, const char *hier)
{
    (void)hier;
    Verilated::threadContextp()->gotError(true);
    Verilated::threadContextp()->gotFinish(true);
    throw model_error(where(filename, linenum) + "design called $stop or $fatal");
}

// The runtime's console output (VL_PRINTF, see build/verilator_rt.c): $display text,
// the message of a $fatal. Shown on stderr with OCLHLS_DEBUG, else dropped.
int oclhls_vl_printf(const char *fmt, ...)
{
    if (!debug_enabled())
        return 0;
    va_list ap;
    va_start(ap, fmt);
    const int n = std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    return n;
}

void vl_warn(const char *filename, int linenum, const char *hier, const char *msg)
{
    (void)hier;
    if (debug_enabled())
        std::fprintf(stderr, "oclhls sim: warning: %s%s\n", where(filename, linenum).c_str(),
                     msg ? msg : "");
}

// ---- the model ------------------------------------------------------------------------

struct oclhls_sim {
    VerilatedContext *ctx = nullptr;
    Vsim_shell *top = nullptr;

    uint8_t *mem = nullptr;
    uint64_t mem_bytes = 0;
    uint32_t latency = 1;

    // Reads in flight, a ring of a power-of-two size > latency (one read per cycle at most).
    std::vector<pending_read> ring;
    size_t ring_mask = 0;
    size_t head = 0;
    size_t count = 0;

    uint64_t cycles = 0;
    uint64_t faults = 0;
    bool broken = false;

    // The library units of the design, created by its stubs' initial blocks.
    std::vector<std::unique_ptr<oclhls_unit>> units;
};

namespace
{

// The model this thread drives (set by enter()): the stubs' initial blocks run inside its
// eval and hand their units to it (oclhls_sim_adopt_unit).
thread_local oclhls_sim *current_sim = nullptr;

// Is [addr, addr + LINE_BYTES) inside the caller's memory?
inline bool line_in_range(const oclhls_sim *s, uint64_t addr)
{
    return s->mem && addr + LINE_BYTES <= s->mem_bytes;
}

void mem_write(oclhls_sim *s, uint64_t addr)
{
    Vsim_shell *t = s->top;
    if (!line_in_range(s, addr)) {
        s->faults++;
        return;
    }
    uint8_t line[LINE_BYTES];
    port_get_bytes(t->mem_req_wdata, line);
    uint8_t *dst = s->mem + addr;
    if (strobe_all(t->mem_req_wstrb)) {
        std::memcpy(dst, line, LINE_BYTES);
        return;
    }
    for (unsigned k = 0; k < LINE_BYTES; k++)
        if (strobe_bit(t->mem_req_wstrb, k))
            dst[k] = line[k];
}

void mem_read(oclhls_sim *s, uint64_t addr)
{
    pending_read &p = s->ring[(s->head + s->count) & s->ring_mask];
    s->count++;
    p.due = s->cycles + s->latency;
    if (line_in_range(s, addr)) {
        std::memcpy(p.data, s->mem + addr, LINE_BYTES);
    } else {
        s->faults++;
        std::memset(p.data, 0, LINE_BYTES);
    }
}

inline void mem_accept(oclhls_sim *s)
{
    Vsim_shell *t = s->top;
    const uint64_t addr = static_cast<uint32_t>(t->mem_req_addr) / LINE_BYTES * LINE_BYTES;
    if (t->mem_req_we)
        mem_write(s, addr);
    else
        mem_read(s, addr);
}

// Drives this cycle's read response (at most one is due per cycle: dues strictly increase).
inline void mem_drive_response(oclhls_sim *s)
{
    Vsim_shell *t = s->top;
    if (s->count && s->ring[s->head].due == s->cycles) {
        port_set_bytes(t->mem_rsp_data, s->ring[s->head].data);
        t->mem_rsp_valid = 1;
        s->head = (s->head + 1) & s->ring_mask;
        s->count--;
    } else {
        t->mem_rsp_valid = 0;
    }
}

// One clock cycle; the hot path of the simulation.
inline void step(oclhls_sim *s)
{
    Vsim_shell *t = s->top;
    mem_drive_response(s);
    t->clk = 0;
    t->eval();
    if (t->mem_req_valid)
        mem_accept(s);
    t->clk = 1;
    t->eval();
    s->cycles++;
}

void report(const char *what, const std::exception &e)
{
    if (debug_enabled())
        std::fprintf(stderr, "oclhls sim: %s: %s\n", what, e.what());
}

size_t ring_size_for(uint32_t latency)
{
    size_t n = 2;
    while (n <= latency)
        n *= 2;
    return n;
}

void sim_reset(oclhls_sim *s)
{
    Vsim_shell *t = s->top;
    t->clk = 0;
    t->rst = 1;
    t->csr_wr = 0;
    t->csr_rd = 0;
    t->csr_addr = 0;
    t->csr_wdata = 0;
    t->mem_req_ready = 1;
    t->mem_rsp_valid = 0;
    for (unsigned i = 0; i < RESET_CYCLES; i++)
        step(s);
    t->rst = 0;
}

// Verilator keeps "the context of this thread" in thread-local storage and uses it in
// places (scope registration, $fatal): point it at this model's context before touching
// the model, since the caller may drive several models, from any thread.
inline void enter(oclhls_sim *s)
{
    Verilated::threadContextp(s->ctx);
    current_sim = s;
}

void sim_free(oclhls_sim *s)
{
    if (s->ctx)
        enter(s);
    delete s->top;
    s->units.clear(); // after the design, before their context
    delete s->ctx;
    if (s->ctx)
        Verilated::threadContextp(nullptr); // no dangling pointer to the freed context
    if (current_sim == s)
        current_sim = nullptr;
    delete s;
}

} // namespace

// ---- the library units' hooks (oclhls_unit_abi.h) --------------------------------------

void *oclhls_sim_adopt_unit(oclhls_unit *unit)
{
    if (!current_sim) {
        delete unit;
        throw model_error("a library unit was created outside a model");
    }
    current_sim->units.emplace_back(unit);
    return unit;
}

void *oclhls_sim_no_unit(const char *module, int set)
{
    throw model_error(std::string("no library build of ") + module + " for parameter set " +
                      std::to_string(set));
}

// ---- the C ABI --------------------------------------------------------------------------

extern "C" {

uint32_t oclhls_sim_abi_version(void)
{
    return OCLHLS_SIM_ABI_VERSION;
}

uint32_t oclhls_sim_mem_width_bits(void)
{
    return MEM_DW;
}

struct oclhls_sim *oclhls_sim_create(const struct oclhls_sim_config *cfg)
{
    if (!cfg || cfg->mem_latency < 1 || cfg->mem_latency > MAX_LATENCY ||
        (!cfg->mem && cfg->mem_bytes))
        return nullptr;
    oclhls_sim *s = new (std::nothrow) oclhls_sim;
    if (!s)
        return nullptr;
    try {
        s->mem = cfg->mem;
        s->mem_bytes = cfg->mem_bytes;
        s->latency = cfg->mem_latency;
        s->ring.resize(ring_size_for(cfg->mem_latency));
        s->ring_mask = s->ring.size() - 1;
        s->ctx = new VerilatedContext; // also makes it this thread's context
        current_sim = s;
        s->ctx->threads(1);            // no worker threads: the model runs on the caller's
        s->ctx->fatalOnError(true);
        s->ctx->fatalOnVpiError(true);
        s->top = new Vsim_shell(s->ctx, "sim");
        sim_reset(s);
    } catch (const std::exception &e) {
        report("create", e);
        sim_free(s);
        return nullptr;
    }
    return s;
}

void oclhls_sim_destroy(struct oclhls_sim *sim)
{
    if (!sim)
        return;
    enter(sim);
    try {
        if (!sim->broken)
            sim->top->final();
    } catch (const std::exception &e) {
        report("destroy", e);
    }
    sim_free(sim);
}

int oclhls_sim_csr_write(struct oclhls_sim *sim, uint32_t addr, uint32_t value)
{
    if (!sim || sim->broken)
        return -1;
    Vsim_shell *t = sim->top;
    enter(sim);
    try {
        t->csr_addr = addr;
        t->csr_wdata = value;
        t->csr_wr = 1;
        step(sim);
        t->csr_wr = 0;
        // One settle cycle: a system whose start path has one register stage is busy
        // by the time this returns, so oclhls_sim_run never misses a kernel start.
        step(sim);
    } catch (const std::exception &e) {
        report("csr write", e);
        sim->broken = true;
        return -1;
    }
    return 0;
}

int oclhls_sim_csr_read(struct oclhls_sim *sim, uint32_t addr, uint32_t *value)
{
    if (!sim || sim->broken || !value)
        return -1;
    Vsim_shell *t = sim->top;
    enter(sim);
    try {
        t->csr_addr = addr;
        t->csr_rd = 1;
        step(sim);
        t->csr_rd = 0;
        for (unsigned i = 0; !t->csr_rvalid && i < CSR_READ_TIMEOUT; i++)
            step(sim);
        if (!t->csr_rvalid)
            return -1;
        *value = t->csr_rdata;
    } catch (const std::exception &e) {
        report("csr read", e);
        sim->broken = true;
        return -1;
    }
    return 0;
}

int oclhls_sim_run(struct oclhls_sim *sim, uint64_t max_cycles, uint64_t *cycles_run)
{
    uint64_t n = 0;
    int ret = 0;
    if (!sim || sim->broken) {
        ret = -1;
        goto out;
    }
    enter(sim);
    try {
        const Vsim_shell *t = sim->top;
        while (t->busy && n < max_cycles) {
            step(sim);
            n++;
        }
        ret = t->busy ? 1 : 0;
    } catch (const std::exception &e) {
        report("run", e);
        sim->broken = true;
        ret = -1;
    }
out:
    if (cycles_run)
        *cycles_run = n;
    return ret;
}

uint64_t oclhls_sim_cycles(const struct oclhls_sim *sim)
{
    return sim ? sim->cycles : 0;
}

uint64_t oclhls_sim_mem_faults(const struct oclhls_sim *sim)
{
    return sim ? sim->faults : 0;
}

} // extern "C"
