// SPDX-License-Identifier: MIT
/*
 * The report's area figures, read from the kernel's netlist (netlist.h): a unit's logic cells
 * are those of the rtl-lib instance built for it, with the parameters it was built with (an
 * LSU's module and CACHE, an atomic unit's DEPTH, a divider's W and SIGNED, a float unit's
 * integer width W), priced by the target's cost model (hls/target/unit_costs.c,
 * float_units.c). A unit with no instance of its own (block RAM, a line stream, a site of an
 * atomic unit another site owns, a float operation on another's unit) counts nothing.
 */
#include <stdio.h>
#include <string.h>

#include "metadata.h"
#include "netlist.h"

static const struct nl_instance *instance(const struct build_info *b, unsigned kernel,
                                          const char *fmt, int index)
{
    char name[32];
    if (!b->netlists)
        return NULL;
    snprintf(name, sizeof(name), fmt, index);
    return nl_instance_named(&b->netlists[kernel], name);
}

/* ocl_lsu_load (CACHE: a line cache), ocl_lsu_store, ocl_atomic and ocl_atomic_share (an
   ocl_atomic behind its sites' arbiter; DEPTH requests in flight). */
static unsigned lsu_lcs(const struct build_info *b, const struct nl_instance *in)
{
    if (!strcmp(in->module, "ocl_lsu_load"))
        return hls_lsu_lcs(b->board, 0, nl_param_value(in, "CACHE", 0) != 0);
    if (!strcmp(in->module, "ocl_lsu_store"))
        return hls_lsu_lcs(b->board, 1, 0);
    if (!strcmp(in->module, "ocl_atomic") || !strcmp(in->module, "ocl_atomic_share"))
        return hls_atomic_unit_lcs(b->board, (unsigned)nl_param_value(in, "DEPTH", 1));
    return 0;
}

unsigned meta_area_of(const struct build_info *b, unsigned kernel, int i,
                      const struct meta_unit *u, unsigned *dsps)
{
    const struct hir_op *op = &b->kernels[kernel]->ops[i];
    const struct nl_instance *in;
    *dsps = 0;
    switch (u->kind) {
    case META_UNIT_MEMORY:
        if (u->memory != HIR_NONE || u->lanes || op->lsu == HIR_NONE)
            return 0;
        if (op->atomic && op->unit != HIR_NONE) /* a shared unit: counted at its first site */
            in = op->unit == op->lsu ? instance(b, kernel, "u_share%d", op->unit) : NULL;
        else
            in = instance(b, kernel, "u_lsu%d", op->lsu);
        return in ? lsu_lcs(b, in) : 0;
    case META_UNIT_DIVIDER:
        in = instance(b, kernel, "u_div%d", i);
        return in ? hls_divider_lcs((unsigned)nl_param_value(in, "W", 32),
                                    nl_param_value(in, "SIGNED", 0) != 0)
                  : 0;
    case META_UNIT_FLOAT:
        in = instance(b, kernel, "u_fp%d", i);
        /* W: the integer side of a conversion; the other units have none */
        return in ? hls_float_unit_lcs(op->opcode, (unsigned)nl_param_value(in, "W", 32), dsps)
                  : 0;
    default:
        return 0;
    }
}
