// SPDX-License-Identifier: MIT
/*
 * Line kernels: which kernels run a memory line at a time on ocl_line_engine instead of a
 * pipeline of LSUs (docs/architecture.md "Line kernels").
 *
 * On a hardware board the global memory is one narrow, single-ported port (the iCEBreaker:
 * 64 bits, one access per clock). A kernel that reads and writes only p[get_global_id(0)]
 * touches each line of each array once per W = line / element work-items, in order, so
 * it needs neither the LSUs' queues nor an arbiter: the engine reads a line of every load
 * stream, W copies of the datapath (lanes) compute the line's work-items in one cycle, and
 * the engine writes a line of every store stream. Everything else keeps the pipeline.
 */
#include <stdlib.h>

#include "hls.h"

/* The work-item function value id of get_global_id(0), HIR_NONE if v is something else. */
static int is_global_id_x(const struct hir_kernel *k, int v)
{
    const struct hir_op *op = &k->ops[v];
    return op->opcode == HIR_WI && op->imm == HIR_WI_GLOBAL_ID && op->aux == 0;
}

/* address == p + get_global_id(0) * bytes, p a pointer argument: the only address allowed. */
static int is_stream_address(const struct hir_kernel *k, int addr, unsigned bytes)
{
    const struct hir_op *op = &k->ops[addr];
    if (op->opcode != HIR_ADD || op->width != 32)
        return 0;
    for (int side = 0; side < 2; side++) {
        const struct hir_op *base = &k->ops[op->ops[side]];
        int index = op->ops[1 - side];
        const struct hir_op *scaled = &k->ops[index];
        if (base->opcode != HIR_ARG)
            continue;
        if (bytes == 1 && is_global_id_x(k, index))
            return 1;
        if (scaled->opcode == HIR_SHL && is_global_id_x(k, scaled->ops[0]) &&
            hir_is_const(k, scaled->ops[1],
                         bytes == 2   ? 1
                         : bytes == 4 ? 2
                                      : 3))
            return bytes > 1;
    }
    return 0;
}

/* The operations a lane may compute in its one cycle: combinational integer logic. */
static int is_lane_operation(const struct hir_op *op)
{
    switch (op->opcode) {
    case HIR_MUL: /* a multiplier per lane: the UP5K has 8 DSPs */
    case HIR_UDIV:
    case HIR_SDIV:
    case HIR_UREM:
    case HIR_SREM:
    case HIR_LOOP_PHI:
    case HIR_TOKEN:
    case HIR_GROUP_GID:
    case HIR_STREAM:
    case HIR_CHUNK:
        return 0;
    default:
        return !hir_is_float_unit(op->opcode);
    }
}

/* Does every global access of k qualify? Sets the element width. */
static int accesses_qualify(const struct hir_kernel *k, unsigned mem_bits, unsigned *elem_bits)
{
    int stores = 0;
    *elem_bits = 0;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        unsigned bits;
        if (!op->live || (op->opcode != HIR_LOAD && op->opcode != HIR_STORE))
            continue;
        if (op->parray != HIR_NONE || op->atomic || op->addr_space == 0)
            return 0;
        /* a load after a store could need the store's value: the engine reads first */
        if (op->opcode == HIR_LOAD && stores)
            return 0;
        stores += op->opcode == HIR_STORE;
        bits = op->opcode == HIR_LOAD ? op->width : (unsigned)op->imm;
        if ((*elem_bits && bits != *elem_bits) ||
            (bits != 8 && bits != 16 && bits != 32 && bits != 64) || bits > mem_bits ||
            !is_stream_address(k, op->ops[0], bits / 8))
            return 0;
        *elem_bits = bits;
    }
    return stores > 0;
}

/*
 * The longest chain of delay units from a line (or the step's ids) to a store's data or
 * predicate, through the operations the lanes compute; -1 when an operation cannot be one.
 */
static int lane_depth(const struct hir_kernel *k, int *depth)
{
    int worst = 0;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        depth[i] = 0;
        if (!op->live || op->invariant || op->opcode == HIR_LOAD || op->opcode == HIR_WI)
            continue;
        if (op->opcode != HIR_STORE && !is_lane_operation(op))
            return -1;
        int in = 0;
        /* a store's address is the engine's, not the lanes' */
        for (int j = op->opcode == HIR_STORE ? 1 : 0; j < op->nops; j++)
            if (op->ops[j] != HIR_NONE && op->ops[j] < i && depth[op->ops[j]] > in)
                in = depth[op->ops[j]];
        if (op->pred != HIR_NONE && depth[op->pred] > in)
            in = depth[op->pred];
        depth[i] = in + (op->opcode == HIR_STORE ? 0 : hls_op_delay(k, op));
        if (depth[i] > worst)
            worst = depth[i];
    }
    return worst;
}

void hls_line_kernel(const struct oclhls_board *board, struct hir_kernel *k)
{
    unsigned elem_bits;
    /* ocl_line_engine, like the LSUs, takes memory lines of 16 bits or more */
    if (!hls_board_is_hardware(board) || board->mem_width_bits < 16 || k->single_work_item ||
        k->autorun || k->nloops || k->nbarriers || k->nparrays || k->nstreams || k->dispatch_ii > 1)
        return;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        /* per work-item, only get_global_id(0): the engine gives nothing else */
        if (op->live && op->opcode == HIR_WI && !op->invariant && !is_global_id_x(k, i))
            return;
    }
    if (!accesses_qualify(k, board->mem_width_bits, &elem_bits))
        return;
    int *depth = calloc(k->nops > 0 ? (size_t)k->nops : 1, sizeof(*depth));
    int worst = depth ? lane_depth(k, depth) : -1;
    free(depth);
    /* the lanes have one clock from the memory's data to the result registers */
    if (worst < 0 || worst > k->stage_budget)
        return;
    k->line_kernel = 1;
    k->line_elem_bits = elem_bits;
    /*
     * Stage 1: the loads, the stores and what reads a load: computed in the cycle the last
     * line arrives. Stage 0: what only the step's ids and invariants give; the engine keeps
     * the step id for at least a cycle before that, so a lane registers those values
     * (emit_line_kernel.c) and the compare of `if (i < n)` is off the memory's path.
     */
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        int data = op->opcode == HIR_LOAD || op->opcode == HIR_STORE;
        for (int j = 0; j < op->nops && !data && op->opcode != HIR_WI; j++)
            data = op->ops[j] != HIR_NONE && op->ops[j] < i && k->ops[op->ops[j]].stage;
        op->stage = op->ready_stage = data && !op->invariant;
    }
    k->depth = 2;
}
