/* SPDX-License-Identifier: MIT */
/*
 * __attribute__((max_work_group_size(N))) (Intel FPGA SDK for OpenCL; also (X, Y, Z)) and
 * __attribute__((max_global_work_dim(N))) (Intel; 0 = a single work-item kernel), and our own
 * __attribute__((work_groups_in_flight(N))) (copies of __local memory, 1..8). Clang 19
 * knows neither for OpenCL and drops them with a warning, so clang_driver.c predefines them as
 * macros that turn them into annotate("oclhls.<name>", N), which clang does keep: an entry of
 * @llvm.global.annotations
 *   { ptr <function>, ptr <"oclhls.max_work_group_size">, ptr <file>, i32 <line>, ptr <args> }
 * with <args> a constant struct of the (constant-folded) arguments. We read the values into
 * struct fe_kernel and delete @llvm.global.annotations, so no annotation reaches HLS.
 * __attribute__((autorun)) (Intel channels, channels.c defines its macro) marks a kernel that
 * starts by itself; Intel's rules for it are checked here. num_simd_work_items and
 * num_compute_units: throughput_attributes.c.
 */
#include "fe_internal.h"

#include <string.h>

#define FE_ANNOT_MAX_WG "oclhls.max_work_group_size"
#define FE_ANNOT_MAX_GWD "oclhls.max_global_work_dim"
#define FE_ANNOT_WG_IN_FLIGHT "oclhls.work_groups_in_flight"
#define FE_ANNOT_SIMD "oclhls.num_simd_work_items"
#define FE_ANNOT_CUS "oclhls.num_compute_units"

const char *const fe_attribute_macros[] = {
    "-Dmax_work_group_size(...)=annotate(\"" FE_ANNOT_MAX_WG "\",__VA_ARGS__)",
    "-D__max_work_group_size__(...)=annotate(\"" FE_ANNOT_MAX_WG "\",__VA_ARGS__)",
    "-Dmax_global_work_dim(...)=annotate(\"" FE_ANNOT_MAX_GWD "\",__VA_ARGS__)",
    "-D__max_global_work_dim__(...)=annotate(\"" FE_ANNOT_MAX_GWD "\",__VA_ARGS__)",
    "-Dwork_groups_in_flight(...)=annotate(\"" FE_ANNOT_WG_IN_FLIGHT "\",__VA_ARGS__)",
    "-Dnum_simd_work_items(...)=annotate(\"" FE_ANNOT_SIMD "\",__VA_ARGS__)",
    "-D__num_simd_work_items__(...)=annotate(\"" FE_ANNOT_SIMD "\",__VA_ARGS__)",
    "-Dnum_compute_units(...)=annotate(\"" FE_ANNOT_CUS "\",__VA_ARGS__)",
    "-D__num_compute_units__(...)=annotate(\"" FE_ANNOT_CUS "\",__VA_ARGS__)",
    NULL,
};

/* The product of the arguments, 0 when not 1 or 3 positive integers. */
static uint64_t max_wg_value(LLVMValueRef entry)
{
    LLVMValueRef args;
    unsigned n = fe_annotation_args(entry, &args);
    uint64_t v = 1;

    if (n != 1 && n != 3)
        return 0;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef c = LLVMGetAggregateElement(args, i);

        if (!c || !LLVMIsAConstantInt(c) || LLVMConstIntGetSExtValue(c) <= 0)
            return 0;
        v *= (uint64_t)LLVMConstIntGetSExtValue(c);
        if (v > UINT32_MAX)
            return 0;
    }
    return v;
}

/* The dimension: one non-negative integer; -1 otherwise. */
static long long max_gwd_value(LLVMValueRef entry)
{
    LLVMValueRef args, c;

    if (fe_annotation_args(entry, &args) != 1)
        return -1;
    c = LLVMGetAggregateElement(args, 0);
    if (!c || !LLVMIsAConstantInt(c) || LLVMConstIntGetSExtValue(c) < 0)
        return -1;
    return LLVMConstIntGetSExtValue(c);
}

static int apply_max_wg(LLVMValueRef entry, struct fe_result *res, struct oclhls_strbuf *log)
{
    const char *file;
    unsigned line;
    struct fe_kernel *k = fe_annotated_kernel(entry, "max_work_group_size", res, log, &file, &line);
    uint64_t v = max_wg_value(entry);

    if (!k)
        return 0;
    if (!v) {
        fe_log_location(log, file, line);
        oclhls_strbuf_puts(log, "error: 'max_work_group_size' takes one or three positive integer "
                                "constants whose product fits in 32 bits\n");
        return -1;
    }
    k->max_work_group_size = (uint32_t)v;
    return 0;
}

/* 0 makes a single work-item kernel; 1, 2, 3 (or more) say nothing we use. */
static int apply_max_gwd(LLVMValueRef entry, struct fe_result *res, struct oclhls_strbuf *log)
{
    const char *file;
    unsigned line;
    struct fe_kernel *k = fe_annotated_kernel(entry, "max_global_work_dim", res, log, &file, &line);
    long long v = max_gwd_value(entry);

    if (!k)
        return 0;
    if (v < 0) {
        fe_log_location(log, file, line);
        oclhls_strbuf_puts(
            log, "error: 'max_global_work_dim' takes one non-negative integer constant\n");
        return -1;
    }
    k->max_global_work_dim = v > 3 ? 3 : (int)v;
    if (v == 0)
        k->single_work_item = 1;
    return 0;
}

/* Work-groups in flight: one integer constant 1..FE_MAX_WG_IN_FLIGHT. */
static int apply_wg_in_flight(LLVMValueRef entry, struct fe_result *res, struct oclhls_strbuf *log)
{
    const char *file;
    unsigned line;
    struct fe_kernel *k =
        fe_annotated_kernel(entry, "work_groups_in_flight", res, log, &file, &line);
    long long v = max_gwd_value(entry); /* one non-negative integer, -1 otherwise */

    if (!k)
        return 0;
    if (v < 1 || v > FE_MAX_WG_IN_FLIGHT) {
        fe_log_location(log, file, line);
        oclhls_strbuf_printf(log,
                             "error: 'work_groups_in_flight' takes one integer constant from 1 "
                             "to %d\n",
                             FE_MAX_WG_IN_FLIGHT);
        return -1;
    }
    k->work_groups_in_flight = (unsigned)v;
    return 0;
}

/*
 * Intel's rules for an autorun kernel: no arguments (nobody sets them), and a known launch:
 * max_global_work_dim(0), or reqd_work_group_size with each size a divisor of 2^32.
 */
static int check_autorun(const struct fe_kernel *k, struct oclhls_strbuf *log)
{
    const char *file = NULL;
    unsigned line = fe_function_line(k->function, &file);
    const uint32_t *r = k->reqd_work_group_size;
    int reqd_ok = r[0] && r[1] && r[2] && !(r[0] & (r[0] - 1)) && !(r[1] & (r[1] - 1)) &&
                  !(r[2] & (r[2] - 1));

    if (k->nargs) {
        fe_log_location(log, file, line);
        oclhls_strbuf_printf(
            log, "error: autorun kernel '%s' has arguments: an autorun kernel takes none\n",
            k->name);
        return -1;
    }
    if (!k->single_work_item && !reqd_ok) {
        fe_log_location(log, file, line);
        oclhls_strbuf_printf(log,
                             "error: autorun kernel '%s' needs max_global_work_dim(0), or "
                             "reqd_work_group_size with powers of two\n",
                             k->name);
        return -1;
    }
    return 0;
}

static void apply_autorun(LLVMValueRef entry, struct fe_result *res, struct oclhls_strbuf *log)
{
    const char *file;
    unsigned line;
    struct fe_kernel *k = fe_annotated_kernel(entry, "autorun", res, log, &file, &line);

    if (k)
        k->autorun = 1;
}

int fe_read_annotations(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    LLVMValueRef g = LLVMGetNamedGlobal(mod, "llvm.global.annotations");
    LLVMValueRef init = g ? LLVMGetInitializer(g) : NULL;
    int n = init ? LLVMGetNumOperands(init) : 0;
    int ret = 0;

    for (int i = 0; i < n; i++) {
        LLVMValueRef entry = LLVMGetOperand(init, (unsigned)i);

        if (LLVMGetNumOperands(entry) < 5)
            continue;
        if (fe_annotation_is(entry, FE_ANNOT_MAX_WG) && apply_max_wg(entry, res, log))
            ret = -1;
        if (fe_annotation_is(entry, FE_ANNOT_MAX_GWD) && apply_max_gwd(entry, res, log))
            ret = -1;
        if (fe_annotation_is(entry, FE_ANNOT_WG_IN_FLIGHT) && apply_wg_in_flight(entry, res, log))
            ret = -1;
        if (fe_annotation_is(entry, FE_ANNOT_AUTORUN))
            apply_autorun(entry, res, log);
        if (fe_annotation_is(entry, FE_ANNOT_SIMD) && fe_apply_simd_attribute(entry, res, log))
            ret = -1;
        if (fe_annotation_is(entry, FE_ANNOT_CUS) &&
            fe_apply_compute_units_attribute(entry, res, log))
            ret = -1;
    }
    for (unsigned i = 0; i < res->nkernels; i++) {
        if (res->kernels[i].autorun && check_autorun(&res->kernels[i], log))
            ret = -1;
        if (fe_check_throughput_attributes(&res->kernels[i], log))
            ret = -1;
    }
    if (g)
        LLVMDeleteGlobal(g); /* its strings and argument structs go in GlobalDCE */
    return ret;
}
