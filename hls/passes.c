// SPDX-License-Identifier: MIT
/* The pass table (passes.h): a uniform entry for each pass, from the layers' headers. */
#include "passes.h"

#include <stddef.h>
#include <string.h>

#include "analysis.h"
#include "emit.h"
#include "schedule.h"
#include "target.h"
#include "transform.h"

static int run_cse(struct hls_ctx *ctx, struct hir_kernel *k)
{
    return hls_cse(ctx, k);
}

static int run_liveness(struct hls_ctx *ctx, struct hir_kernel *k)
{
    (void)ctx;
    hls_liveness(k);
    return 0;
}

static int run_park(struct hls_ctx *ctx, struct hir_kernel *k)
{
    return hls_park_loops(ctx, k);
}

static int run_memory_order(struct hls_ctx *ctx, struct hir_kernel *k)
{
    return hls_memory_order(ctx, k);
}

static int run_segments(struct hls_ctx *ctx, struct hir_kernel *k)
{
    return hls_segments(ctx, k);
}

static int run_schedule(struct hls_ctx *ctx, struct hir_kernel *k)
{
    return hls_schedule(ctx, k);
}

static int run_share_units(struct hls_ctx *ctx, struct hir_kernel *k)
{
    hls_share_units(ctx->board, k);
    return 0;
}

static int run_sig_bits(struct hls_ctx *ctx, struct hir_kernel *k)
{
    (void)ctx;
    hls_sig_bits(k);
    return 0;
}

static int run_line_kernel(struct hls_ctx *ctx, struct hir_kernel *k)
{
    hls_line_kernel(ctx->board, k);
    return 0;
}

static const struct hls_pass passes[] = {
    {"cse", "identical pure operations become one (cse.c)", run_cse},
    {"liveness", "what side effects need; launch-invariant values (liveness.c)", run_liveness},
    {"park", "idle work-items of a halving barrier loop leave it early (park.c)", run_park},
    {"memory-order", "an LSU per access; aliasing and the order between accesses "
                     "(memory_order.c, memory_deps.c)",
     run_memory_order},
    {"segments", "pipelines between loop boundaries and barriers, the values tokens carry "
                 "(segments.c, rebuild_ids.c)",
     run_segments},
    {"schedule", "stages of every operation; modulo loops; block-RAM banks and copies "
                 "(schedule_kernel.c, modulo.c)",
     run_schedule},
    {"share-units", "float operations share units when the dispatch rate allows (share_units.c)",
     run_share_units},
    {"sig-bits", "the low bits of each value that may be nonzero (sig_bits.c)", run_sig_bits},
    {"line-kernel", "hardware boards: p[get_global_id(0)] kernels on the line engine "
                    "(line_kernel.c)",
     run_line_kernel},
};

const struct hls_pass *hls_passes(int *n)
{
    *n = (int)(sizeof(passes) / sizeof(passes[0]));
    return passes;
}

const struct hls_pass *hls_pass_find(const char *name)
{
    for (size_t i = 0; i < sizeof(passes) / sizeof(passes[0]); i++)
        if (!strcmp(passes[i].name, name))
            return &passes[i];
    return NULL;
}
