// SPDX-License-Identifier: MIT
/*
 * The IEEE-754 binary32 units of rtl-lib (ocl_fp_*.v): which module computes each float
 * operation of the hardware IR, and its latency in enabled cycles. The latencies are the
 * modules' LATENCY localparams, which hls/CMakeLists.txt copies into float_latency.h (their
 * header comments give the contract); the scheduler places a unit's result that many stages
 * after its operands.
 */
#include "float_latency.h"
#include "hls.h"

#include <stdio.h>

struct float_unit {
    enum hir_opcode opcode;
    const char *module;
    unsigned latency;
    const char *cost; /* on the iCE40 UP5K, as tests/bench/bench_fp_units.sh measures it */
};

static const struct float_unit units[] = {
    {HIR_FADD, "ocl_fp_add", OCLHLS_LATENCY_OCL_FP_ADD, "~900 LCs"},
    {HIR_FSUB, "ocl_fp_add", OCLHLS_LATENCY_OCL_FP_ADD, "~900 LCs"},
    {HIR_FMUL, "ocl_fp_mul", OCLHLS_LATENCY_OCL_FP_MUL, "~1000 LCs + 4 DSPs"},
    {HIR_FDIV, "ocl_fp_div", OCLHLS_LATENCY_OCL_FP_DIV, "~3800 LCs"},
    {HIR_FSQRT, "ocl_fp_sqrt", OCLHLS_LATENCY_OCL_FP_SQRT, "~2200 LCs"},
    {HIR_FMA, "ocl_fp_fma", OCLHLS_LATENCY_OCL_FP_FMA, "~2400 LCs + 4 DSPs"},
    {HIR_FMIN, "ocl_fp_minmax", OCLHLS_LATENCY_OCL_FP_MINMAX, "~50 LCs"},
    {HIR_FMAX, "ocl_fp_minmax", OCLHLS_LATENCY_OCL_FP_MINMAX, "~50 LCs"},
    {HIR_FCMP, "ocl_fp_cmp", OCLHLS_LATENCY_OCL_FP_CMP, "~25 LCs"},
    {HIR_FPTOSI, "ocl_fp_to_int", OCLHLS_LATENCY_OCL_FP_TO_INT, "~180 LCs (32-bit)"},
    {HIR_FPTOUI, "ocl_fp_to_int", OCLHLS_LATENCY_OCL_FP_TO_INT, "~180 LCs (32-bit)"},
    {HIR_SITOFP, "ocl_fp_from_int", OCLHLS_LATENCY_OCL_FP_FROM_INT, "~190 LCs (32-bit)"},
    {HIR_UITOFP, "ocl_fp_from_int", OCLHLS_LATENCY_OCL_FP_FROM_INT, "~190 LCs (32-bit)"},
};

static const struct float_unit *unit_of(enum hir_opcode op)
{
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
        if (units[i].opcode == op)
            return &units[i];
    return NULL;
}

const char *hls_float_module(enum hir_opcode op)
{
    const struct float_unit *u = unit_of(op);
    return u ? u->module : "?";
}

unsigned hls_float_latency(enum hir_opcode op)
{
    const struct float_unit *u = unit_of(op);
    return u ? u->latency : 1;
}

/* ", <cost> on the iCE40 UP5K" for the build report. */
const char *hls_float_cost(enum hir_opcode op)
{
    static char text[64];
    const struct float_unit *u = unit_of(op);
    snprintf(text, sizeof(text), ", %s on the iCE40 UP5K", u ? u->cost : "?");
    return text;
}

/* The integer side of a conversion: 8, 16, 32 or 64 bits (narrower integers are extended). */
unsigned hls_float_int_width(const struct hir_kernel *k, const struct hir_op *op)
{
    unsigned w =
        op->opcode == HIR_SITOFP || op->opcode == HIR_UITOFP ? k->ops[op->ops[0]].width : op->width;
    return hls_div_width(w);
}
