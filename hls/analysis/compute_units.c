// SPDX-License-Identifier: MIT
/*
 * num_compute_units: the kernels that can be copied. Each copy is the whole kernel module
 * with its own dispatcher, LSUs and __local memories (hls/emit/emit_units.c), so what must
 * be one for the whole kernel cannot be copied: a channel or pipe endpoint (one writer, one
 * reader). A single work-item kernel has no work-groups to share out. Each is refused at its
 * line, rather than silently running one copy. (Global atomics are copied: the copies'
 * atomic units take turns, ocl_cu_mutex; so are printf's counters, a copy taking the turn
 * loading the count the copies reached; --profile's counters are summed over the copies.)
 */
#include "analysis.h"

int hls_check_compute_units(struct hls_ctx *ctx, const struct hir_kernel *k)
{
    unsigned n = k->compute_units;
    if (n <= 1)
        return 0;
    if (k->single_work_item)
        return hls_error_in(ctx, hir_file_name(k, k->file), k->line,
                            "kernel '%s': num_compute_units(%u) on a single work-item kernel is "
                            "not supported: compute units share out the work-groups of an NDRange "
                            "(this kernel reads no work-item id)",
                            k->name, n);
    if (k->nstreams)
        return hls_error_in(ctx, hir_file_name(k, k->streams[0].file), k->streams[0].line,
                            "kernel '%s': num_compute_units(%u) with a channel or pipe is not "
                            "supported: a channel connects one writer to one reader",
                            k->name, n);
    return 0;
}
