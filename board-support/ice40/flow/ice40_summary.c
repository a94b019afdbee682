/* SPDX-License-Identifier: MIT */
/* The build summary and the failure messages of the iCE40 flow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "board.h"
#include "ice40_internal.h"
#include "ice40_trace.h"

static double number(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

static void usage_line(const cJSON *util, const char *key, const char *what)
{
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(util, key);
    double used = number(u, "used"), available = number(u, "available");

    fprintf(stderr, "  %-16s %5.0f / %-5.0f", what, used, available);
    if (available > 0)
        fprintf(stderr, " (%.0f%%)", 100.0 * used / available);
    fputc('\n', stderr);
}

/* From the "ice40" section, so that a build taken from the cache says the same. */
void oclhls_ice40_print_summary(const struct oclhls_board *board, const char *summary)
{
    cJSON *s = summary ? cJSON_Parse(summary) : NULL;
    const cJSON *pll = cJSON_GetObjectItemCaseSensitive(s, "pll");
    const cJSON *util = cJSON_GetObjectItemCaseSensitive(s, "utilization");
    const cJSON *net = cJSON_GetObjectItemCaseSensitive(s, "fmax_clock");

    if (!s)
        return;
    fprintf(stderr, "summary (%s, iCE40 %s-%s):\n", board->name, board->fpga, board->package);
    usage_line(util, "lc", "logic cells");
    usage_line(util, "ebr", "EBR (RAM40_4K)");
    usage_line(util, "spram", "SPRAM");
    usage_line(util, "dsp", "DSP (MAC16)");
    fprintf(stderr, "  %-16s %.2f MHz (%s)\n", "Fmax", number(s, "fmax_mhz"),
            cJSON_IsString(net) ? net->valuestring : "the kernel clock");
    fprintf(stderr,
            "  %-16s %.3f MHz (target %g MHz): PLL DIVR=%.0f DIVF=%.0f DIVQ=%.0f "
            "FILTER_RANGE=%.0f from %g MHz\n",
            "clock", number(s, "clock_mhz"), number(s, "target_mhz"), number(pll, "divr"),
            number(pll, "divf"), number(pll, "divq"), number(pll, "filter_range"),
            number(s, "osc_mhz"));
    cJSON_Delete(s);
}

static void add_usage(cJSON *util, const char *name, struct ice40_usage u)
{
    cJSON *o = cJSON_AddObjectToObject(util, name);

    cJSON_AddNumberToObject(o, "used", u.used);
    cJSON_AddNumberToObject(o, "available", u.available);
}

/*
 * The units that cost most, as synthesis counted them (LUT4, flip-flop and carry cells
 * before packing, by instance; ice40_netlist.c), each with what it is in the kernel (the
 * report's measured area per unit).
 */
static void add_units(cJSON *root, const struct ice40_flow *f)
{
    cJSON *units = cJSON_AddArrayToObject(root, "units");
    char what[256];

    for (int i = 0; i < f->net.n_groups; i++) {
        const struct ice40_group *g = &f->net.groups[i];
        cJSON *u = cJSON_CreateObject();
        ice40_trace_describe(f->verilog, f->len, f->board->shell_top, g->inst, what, sizeof(what));
        cJSON_AddStringToObject(u, "instance", g->inst);
        cJSON_AddNumberToObject(u, "cells", g->cells);
        cJSON_AddStringToObject(u, "what", what);
        cJSON_AddItemToArray(units, u);
    }
}

char *ice40_summary_json(const struct ice40_flow *f)
{
    cJSON *root = cJSON_CreateObject(), *pll, *util;
    char *text = NULL;

    cJSON_AddNumberToObject(root, "format", 1);
    cJSON_AddStringToObject(root, "device", f->board->fpga);
    cJSON_AddStringToObject(root, "package", f->board->package);
    cJSON_AddNumberToObject(root, "clock_mhz", f->pll.out_mhz);
    cJSON_AddNumberToObject(root, "target_mhz", f->board->clock_mhz);
    cJSON_AddNumberToObject(root, "max_mhz", f->board->max_clock_mhz);
    cJSON_AddNumberToObject(root, "fmax_mhz", f->report.fmax_mhz);
    cJSON_AddStringToObject(root, "fmax_clock", f->report.clock);
    cJSON_AddNumberToObject(root, "osc_mhz", f->board->osc_mhz);
    pll = cJSON_AddObjectToObject(root, "pll");
    cJSON_AddNumberToObject(pll, "divr", f->pll.divr);
    cJSON_AddNumberToObject(pll, "divf", f->pll.divf);
    cJSON_AddNumberToObject(pll, "divq", f->pll.divq);
    cJSON_AddNumberToObject(pll, "filter_range", f->pll.filter_range);
    util = cJSON_AddObjectToObject(root, "utilization");
    add_usage(util, "lc", f->report.lc);
    add_usage(util, "ebr", f->report.ebr);
    add_usage(util, "spram", f->report.spram);
    add_usage(util, "dsp", f->report.dsp);
    add_units(root, f);
    text = root ? cJSON_PrintUnformatted(root) : NULL;
    cJSON_Delete(root);
    return text;
}

/* "  logic cells   6120 of 5280: over by 840 (116%)" */
static void need_line(struct ice40_flow *f, const char *what, unsigned need, unsigned have)
{
    oclhls_strbuf_printf(&f->log, "  %-16s %5u of %-5u", what, need, have);
    if (need > have)
        oclhls_strbuf_printf(&f->log, " OVER by %u (%.0f%% of the device)", need - have,
                             have ? 100.0 * need / have : 0.0);
    oclhls_strbuf_puts(&f->log, "\n");
}

static void biggest_units(struct ice40_flow *f)
{
    char what[256];

    oclhls_strbuf_puts(&f->log, "units that cost most (LUT4 + flip-flop + carry cells before "
                                "packing, by instance):\n");
    for (int i = 0; i < f->net.n_groups && i < 8; i++) {
        const struct ice40_group *g = &f->net.groups[i];
        ice40_trace_describe(f->verilog, f->len, f->board->shell_top, g->inst, what, sizeof(what));
        oclhls_strbuf_printf(&f->log, "  %6u  %-28s %s\n", g->cells, g->inst, what);
    }
}

void ice40_explain_no_fit(struct ice40_flow *f, const char *why, unsigned packed_lcs)
{
    const struct oclhls_board_resources *r = &f->board->resources;

    oclhls_strbuf_printf(&f->log, "the design does not fit the iCE40 %s of board '%s' (%s):\n",
                         f->board->fpga, f->board->name, why);
    need_line(f, "logic cells", packed_lcs ? packed_lcs : ice40_netlist_min_lcs(&f->net), r->lc);
    need_line(f, "EBR (RAM40_4K)", f->net.ebr, r->ebr);
    need_line(f, "SPRAM", f->net.spram, r->spram);
    need_line(f, "DSP (MAC16)", f->net.dsp, r->dsp);
    oclhls_strbuf_printf(&f->log, "  (synthesis: %u LUT4, %u flip-flops, %u carries",
                         f->net.luts, f->net.dffs, f->net.carries);
    /* Why packing needs more cells than the larger of the counts above. */
    oclhls_strbuf_puts(&f->log, packed_lcs ? "; logic cells after nextpnr's packing: a "
                                             "flip-flop shares a cell only with the LUT that "
                                             "drives it)\n"
                                           : ")\n");
    biggest_units(f);
    oclhls_strbuf_puts(&f->log,
                       "what to try: fewer or narrower operations in the kernel (each float "
                       "operation is a unit of its own), smaller __local arrays, fewer "
                       "kernels per program, or a board with a larger device "
                       "(oclhls boards)\n");
}

void ice40_explain_timing(struct ice40_flow *f)
{
    char what[256];

    oclhls_strbuf_printf(&f->log,
                         "the design misses timing on board '%s': Fmax %.2f MHz (clock %s), "
                         "below the lowest PLL clock %.1f MHz\n",
                         f->board->name, f->report.fmax_mhz, f->report.clock,
                         ICE40_PLL_OUT_MIN_MHZ);
    oclhls_strbuf_puts(&f->log, "critical path through:\n");
    for (int i = 0; i < f->report.n_path; i++) {
        ice40_trace_describe(f->verilog, f->len, f->board->shell_top, f->report.path[i], what,
                             sizeof(what));
        oclhls_strbuf_printf(&f->log, "  %-28s %s\n", f->report.path[i], what);
    }
    biggest_units(f);
    oclhls_strbuf_puts(&f->log, "what to try: split long expressions, avoid integer division "
                                "and wide multiplies in the kernel\n");
}
