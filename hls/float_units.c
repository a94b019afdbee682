// SPDX-License-Identifier: MIT
/*
 * The IEEE-754 binary32 units of rtl-lib (ocl_fp_*.v): which module computes each float
 * operation of the hardware IR, and its latency in enabled cycles. The latencies are the
 * modules' LATENCY localparams (their header comments give the contract); the scheduler
 * places a unit's result that many stages after its operands.
 */
#include "hls.h"

struct float_unit {
    enum hir_opcode opcode;
    const char *module;
    unsigned latency;
};

static const struct float_unit units[] = {
    {HIR_FADD, "ocl_fp_add", 5},        {HIR_FSUB, "ocl_fp_add", 5},
    {HIR_FMUL, "ocl_fp_mul", 4},        {HIR_FDIV, "ocl_fp_div", 30},
    {HIR_FSQRT, "ocl_fp_sqrt", 28},     {HIR_FMA, "ocl_fp_fma", 8},
    {HIR_FMIN, "ocl_fp_minmax", 1},     {HIR_FMAX, "ocl_fp_minmax", 1},
    {HIR_FCMP, "ocl_fp_cmp", 1},        {HIR_FPTOSI, "ocl_fp_to_int", 3},
    {HIR_FPTOUI, "ocl_fp_to_int", 3},   {HIR_SITOFP, "ocl_fp_from_int", 3},
    {HIR_UITOFP, "ocl_fp_from_int", 3},
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

/* The integer side of a conversion: 8, 16, 32 or 64 bits (narrower integers are extended). */
unsigned hls_float_int_width(const struct hir_kernel *k, const struct hir_op *op)
{
    unsigned w =
        op->opcode == HIR_SITOFP || op->opcode == HIR_UITOFP ? k->ops[op->ops[0]].width : op->width;
    return hls_div_width(w);
}
