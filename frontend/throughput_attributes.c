// SPDX-License-Identifier: MIT
/*
 * Intel's throughput attributes: __attribute__((num_simd_work_items(N))) and
 * __attribute__((num_compute_units(N))) (or (X, Y, Z)), read from their annotations
 * (annotations.c) and checked by Intel's rules: N of num_simd_work_items is 1, 2, 4, 8 or 16,
 * the kernel has reqd_work_group_size and N divides its x size, and it is not a single
 * work-item kernel; compute units are positive. SIMD lanes are made by simd_lanes.c; compute
 * units by HLS (copies of the kernel's module in the system top, hls/emit/emit_units.c), which
 * refuses the kernels it cannot copy (hls/lower/compute_units.c).
 */
#include "fe_internal.h"

/*
 * The arguments' product when 1 (or, with three allowed, 3) positive integers; else 0. dims
 * (when not NULL) gets them, padded with 1.
 */
static uint64_t positive_args(LLVMValueRef entry, int three_allowed, unsigned *dims)
{
    LLVMValueRef args;
    unsigned n = fe_annotation_args(entry, &args);
    uint64_t v = 1;
    if (n != 1 && !(three_allowed && n == 3))
        return 0;
    for (unsigned i = 0; i < 3; i++)
        if (dims)
            dims[i] = 1;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef c = LLVMGetAggregateElement(args, i);
        if (!c || !LLVMIsAConstantInt(c) || LLVMConstIntGetSExtValue(c) <= 0 ||
            LLVMConstIntGetSExtValue(c) > 65536)
            return 0;
        v *= (uint64_t)LLVMConstIntGetSExtValue(c);
        if (dims)
            dims[i] = (unsigned)LLVMConstIntGetSExtValue(c);
    }
    return v;
}

int fe_apply_simd_attribute(LLVMValueRef entry, struct fe_result *res, struct oclhls_strbuf *log)
{
    const char *file;
    unsigned line;
    struct fe_kernel *k = fe_annotated_kernel(entry, "num_simd_work_items", res, log, &file, &line);
    uint64_t n = positive_args(entry, 0, NULL);
    if (!k)
        return 0;
    if (n != 1 && n != 2 && n != 4 && n != 8 && n != 16) {
        fe_log_location(log, file, line);
        oclhls_strbuf_puts(log, "error: 'num_simd_work_items' takes 1, 2, 4, 8 or 16\n");
        return -1;
    }
    k->simd_work_items = (unsigned)n;
    return 0;
}

int fe_apply_compute_units_attribute(LLVMValueRef entry, struct fe_result *res,
                                     struct oclhls_strbuf *log)
{
    const char *file;
    unsigned line;
    struct fe_kernel *k = fe_annotated_kernel(entry, "num_compute_units", res, log, &file, &line);
    unsigned dims[3];
    uint64_t n = positive_args(entry, 1, dims);
    if (!k)
        return 0;
    if (!n) {
        fe_log_location(log, file, line);
        oclhls_strbuf_puts(log, "error: 'num_compute_units' takes one or three positive integer "
                                "constants\n");
        return -1;
    }
    if (n > FE_MAX_COMPUTE_UNITS) {
        fe_log_location(log, file, line);
        oclhls_strbuf_printf(log, "error: 'num_compute_units' asks for %llu copies of the kernel; "
                                  "at most %d are built\n",
                             (unsigned long long)n, FE_MAX_COMPUTE_UNITS);
        return -1;
    }
    k->compute_units = (unsigned)n;
    for (int d = 0; d < 3; d++)
        k->compute_unit_dims[d] = dims[d];
    return 0;
}

/* After every attribute is read: Intel's rules between them, and what the hardware does. */
int fe_check_throughput_attributes(const struct fe_kernel *k, struct oclhls_strbuf *log)
{
    const char *file = NULL;
    unsigned line = fe_function_line(k->function, &file);
    unsigned n = k->simd_work_items;
    if (n > 1 && k->single_work_item && k->max_global_work_dim == 0) {
        fe_log_location(log, file, line);
        oclhls_strbuf_printf(log,
                             "error: kernel '%s': num_simd_work_items(%u) on a single "
                             "work-item kernel (max_global_work_dim(0)): SIMD lanes are "
                             "work-items of an NDRange\n",
                             k->name, n);
        return -1;
    }
    if (n > 1 && (!k->reqd_work_group_size[0] || k->reqd_work_group_size[0] % n)) {
        fe_log_location(log, file, line);
        oclhls_strbuf_printf(log,
                             "error: kernel '%s': num_simd_work_items(%u) needs "
                             "reqd_work_group_size whose x size is a multiple of %u%s\n",
                             k->name, n, n, k->reqd_work_group_size[0] ? "" : " (it has none)");
        return -1;
    }
    if (k->compute_units > 1 && k->max_global_work_dim == 0) {
        fe_log_location(log, file, line);
        oclhls_strbuf_printf(log,
                             "error: kernel '%s': num_compute_units(%u) on a single work-item "
                             "kernel (max_global_work_dim(0)) is not supported: compute units "
                             "share out the work-groups of an NDRange\n",
                             k->name, k->compute_units);
        return -1;
    }
    return 0;
}
