// SPDX-License-Identifier: MIT
/*
 * The IEEE-754 binary32 units of rtl-lib (ocl_fp_*.v): which module computes each float
 * operation of the hardware IR, and its latency in enabled cycles. The latency is read from
 * the module's `localparam integer LATENCY = N;` in the rtl-lib the design is built from
 * (the data directory, as payload.c reads it), so the schedule and the Verilog cannot
 * disagree; the scheduler places a unit's result that many stages after its operands.
 */
#include "target.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "board.h"

/* Costs on the iCE40 UP5K, as tests/bench/bench_fp_units.sh measures them (docs/performance.md). */
struct float_unit {
    enum hir_opcode opcode;
    const char *module;
    const char *cost; /* for the build report */
    unsigned lcs;     /* logic cells (32-bit integer side for conversions) */
    unsigned lcs64;   /* logic cells with a 64-bit integer side (conversions) */
    unsigned dsps;    /* SB_MAC16 blocks */
};

static const struct float_unit units[] = {
    {HIR_FADD, "ocl_fp_add", "~920 LCs", 920, 920, 0},
    {HIR_FSUB, "ocl_fp_add", "~920 LCs", 920, 920, 0},
    {HIR_FMUL, "ocl_fp_mul", "~1000 LCs + 4 DSPs", 1000, 1000, 4},
    {HIR_FDIV, "ocl_fp_div", "~2650 LCs", 2650, 2650, 0},
    {HIR_FSQRT, "ocl_fp_sqrt", "~1350 LCs", 1350, 1350, 0},
    {HIR_FMA, "ocl_fp_fma", "~2030 LCs + 4 DSPs", 2030, 2030, 4},
    {HIR_FMIN, "ocl_fp_minmax", "~60 LCs", 60, 60, 0},
    {HIR_FMAX, "ocl_fp_minmax", "~60 LCs", 60, 60, 0},
    {HIR_FCMP, "ocl_fp_cmp", "~25 LCs", 25, 25, 0},
    {HIR_FPTOSI, "ocl_fp_to_int", "~180 LCs (32-bit)", 180, 180, 0},
    {HIR_FPTOUI, "ocl_fp_to_int", "~180 LCs (32-bit)", 180, 180, 0},
    {HIR_SITOFP, "ocl_fp_from_int", "~280 LCs (32-bit), ~680 (64-bit)", 280, 680, 0},
    {HIR_UITOFP, "ocl_fp_from_int", "~280 LCs (32-bit), ~680 (64-bit)", 280, 680, 0},
};
#define NUNITS (sizeof(units) / sizeof(units[0]))

static unsigned latencies[NUNITS];
static char load_error[1200];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* LATENCY of <datadir>/rtl-lib/<module>.v; 0 (and load_error) when it cannot be read. */
static unsigned read_latency(const char *module)
{
    char path[1024], line[512];
    unsigned latency = 0;
    snprintf(path, sizeof(path), "%s/rtl-lib/%s.v", oclhls_datadir(), module);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(load_error, sizeof(load_error), "cannot read %s: %s", path, strerror(errno));
        return 0;
    }
    while (!latency && fgets(line, sizeof(line), f))
        if (sscanf(line, " localparam integer LATENCY = %u;", &latency) != 1)
            latency = 0;
    fclose(f);
    if (!latency)
        snprintf(load_error, sizeof(load_error), "%s has no 'localparam integer LATENCY = N;'",
                 path);
    return latency;
}

static void load_latencies(void)
{
    for (size_t i = 0; i < NUNITS; i++)
        latencies[i] = read_latency(units[i].module);
}

int hls_float_units_load(struct hls_ctx *ctx)
{
    pthread_once(&load_once, load_latencies);
    return load_error[0] ? hls_error(ctx, 0, "float units: %s", load_error) : 0;
}

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
    return u && latencies[u - units] ? latencies[u - units] : 1;
}

/* The unit's cost on the iCE40 UP5K, for the build report ("~920 LCs"). */
const char *hls_float_cost(enum hir_opcode op)
{
    const struct float_unit *u = unit_of(op);
    return u ? u->cost : "?";
}

/* The logic cells (and *dsps, the DSP blocks) of the unit computing op on the UP5K. */
unsigned hls_float_unit_lcs(enum hir_opcode op, unsigned int_width, unsigned *dsps)
{
    const struct float_unit *u = unit_of(op);
    *dsps = u ? u->dsps : 0;
    if (!u)
        return 0;
    return int_width > 32 && op >= HIR_FPTOSI ? u->lcs64 : u->lcs;
}

unsigned hls_float_lcs(const struct hir_kernel *k, const struct hir_op *op, unsigned *dsps)
{
    return hls_float_unit_lcs(op->opcode, hls_float_int_width(k, op), dsps);
}

/* The integer side of a conversion: 8, 16, 32 or 64 bits (narrower integers are extended). */
unsigned hls_float_int_width(const struct hir_kernel *k, const struct hir_op *op)
{
    unsigned w =
        op->opcode == HIR_SITOFP || op->opcode == HIR_UITOFP ? k->ops[op->ops[0]].width : op->width;
    return hls_div_width(w);
}
