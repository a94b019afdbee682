// SPDX-License-Identifier: MIT
//
// Shared C++ driver of the rtl-lib benches. Each bench is a top module
// `tb_<module>(input logic clk)` with its own reset sequence and checks; it is Verilated
// with --prefix Vtb, so the model class is always Vtb.
//
// Exit status: 0 when the bench called $finish without any error; 1 when an
// $error/$fatal/$stop fired (Verilated gotError) or the cycle limit ran out.
// The limit is TB_MAX_CYCLES (compile-time default below) or +max_cycles=<n>.

#include "Vtb.h"
#include "verilated.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#ifndef TB_MAX_CYCLES
#define TB_MAX_CYCLES 2000000ULL
#endif

int main(int argc, char **argv)
{
    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    // Report errors ourselves instead of abort(): a failing check ends the run with a
    // message and exit status 1.
    ctx->fatalOnError(false);

    unsigned long long max_cycles = TB_MAX_CYCLES;
    const char *arg = ctx->commandArgsPlusMatch("max_cycles=");
    if (arg && arg[0]) {
        const char *eq = std::strchr(arg, '=');
        if (eq)
            max_cycles = std::strtoull(eq + 1, nullptr, 0);
    }

    const std::unique_ptr<Vtb> top{new Vtb{ctx.get(), "tb"}};
    unsigned long long cycle = 0;
    top->clk = 0;
    top->eval();
    while (!ctx->gotFinish() && cycle < max_cycles) {
        ctx->timeInc(1);
        top->clk = 1;
        top->eval();
        ctx->timeInc(1);
        top->clk = 0;
        top->eval();
        ++cycle;
    }
    top->final();

    if (ctx->gotError()) {
        std::fprintf(stderr, "FAIL: bench reported an error after %llu cycles\n", cycle);
        return 1;
    }
    if (!ctx->gotFinish()) {
        std::fprintf(stderr, "FAIL: bench did not finish within %llu cycles\n", max_cycles);
        return 1;
    }
    std::printf("tb_main: finished after %llu cycles\n", cycle);
    return 0;
}
