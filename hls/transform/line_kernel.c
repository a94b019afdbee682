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

#include "transform.h"
#include "target.h"

/* Is value v get_global_id(0)? */
static int is_global_id_x(const struct hir_kernel *k, int v)
{
    const struct hir_op *op = &k->ops[v];
    return op->opcode == HIR_WI && op->imm == HIR_WI_GLOBAL_ID && op->aux == 0;
}

/* Is value v a __global or __constant pointer argument? (A buffer's address, so the runtime
   aligned it to 128 bytes: a whole number of lines.) */
static int is_buffer_pointer(const struct hir_kernel *k, int v)
{
    const struct hir_op *op = &k->ops[v];
    return op->opcode == HIR_ARG && op->imm < (uint64_t)k->nargs && k->arg_flags &&
           (k->arg_flags[op->imm] & HIR_ARG_BUFFER);
}

/* address == p + get_global_id(0) * bytes, p a buffer pointer: the only address allowed. */
static int is_stream_address(const struct hir_kernel *k, int addr,
                             unsigned bytes)
{
    const struct hir_op *op = &k->ops[addr];
    unsigned shift = bytes == 8 ? 3 : bytes == 4 ? 2 : bytes == 2 ? 1 : 0;
    if (op->opcode != HIR_ADD || op->width != 32)
        return 0;
    for (int side = 0; side < 2; side++) {
        int index = op->ops[1 - side];
        const struct hir_op *scaled = &k->ops[index];
        if (!is_buffer_pointer(k, op->ops[side]))
            continue;
        if (!shift && is_global_id_x(k, index))
            return 1;
        if (shift && scaled->opcode == HIR_SHL && is_global_id_x(k, scaled->ops[0]) &&
            hir_is_const(k, scaled->ops[1], shift))
            return 1;
    }
    return 0;
}

/* Why a lane cannot compute op in its one cycle, or NULL: it may (combinational logic). */
static const char *lane_operation_refusal(const struct hir_op *op)
{
    switch (op->opcode) {
    case HIR_MUL: /* a multiplier per lane: the UP5K has 8 DSPs */
        return "a multiply (a lane per work-item of the line would each need a multiplier)";
    case HIR_UDIV:
    case HIR_SDIV:
    case HIR_UREM:
    case HIR_SREM:
        return "a divider";
    case HIR_LOOP_PHI:
    case HIR_TOKEN:
    case HIR_GROUP_GID:
    case HIR_STREAM:
    case HIR_CHUNK:
        return "a loop, barrier or pipe value";
    default:
        return hir_is_float_unit(op->opcode) ? "a float unit" : NULL;
    }
}

/* Why k's global accesses do not qualify (at *line), or NULL; sets the element width. */
static const char *access_refusal(const struct hir_kernel *k,
                                  unsigned mem_bits, unsigned *elem_bits, unsigned *line)
{
    int stores = 0;
    *elem_bits = 0;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        unsigned bits;
        if (!op->live || (op->opcode != HIR_LOAD && op->opcode != HIR_STORE))
            continue;
        *line = op->line;
        if (op->atomic)
            return hir_is_printf_counter(k, op) ? "a printf" : "an atomic";
        if (op->parray != HIR_NONE || op->addr_space == 0)
            return "a private or __local access";
        /* a load after a store could need the store's value: the engine reads first */
        if (op->opcode == HIR_LOAD && stores)
            return "a load after a store (declare the pointers restrict, or load first)";
        stores += op->opcode == HIR_STORE;
        bits = op->opcode == HIR_LOAD ? op->width : (unsigned)op->imm;
        if ((bits != 8 && bits != 16 && bits != 32 && bits != 64) || bits > mem_bits)
            return "an access of a size a memory line does not hold a whole number of";
        if (*elem_bits && bits != *elem_bits)
            return "an element size unlike the other accesses'";
        if (!is_stream_address(k, op->ops[0], bits / 8))
            return "an address other than p[get_global_id(0)]";
        /* the engine snoops pointer words of the window's first KB (ocl_line_engine host_word) */
        const struct hir_op *add = &k->ops[op->ops[0]];
        int base = k->ops[add->ops[0]].opcode == HIR_ARG ? add->ops[0] : add->ops[1];
        if (k->arg_csr_offset[k->ops[base].imm] >= 0x400)
            return "a pointer argument past the first 1 KB of the argument words";
        *elem_bits = bits;
    }
    *line = k->line;
    return stores ? NULL : "no store";
}

/*
 * Why the lanes cannot compute the datapath from a line (or the step's ids) to a store's
 * data or predicate in one clock (at *line), or NULL: an operation a lane cannot hold, or
 * a chain of more delay units than a pipeline stage takes (schedule_kernel.c).
 */
static const char *lane_refusal(const struct hir_kernel *k, int *depth, unsigned *line)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        const char *why;
        depth[i] = 0;
        if (!op->live || op->invariant || op->opcode == HIR_LOAD || op->opcode == HIR_WI)
            continue;
        *line = op->line;
        if (op->opcode != HIR_STORE && (why = lane_operation_refusal(op)))
            return why;
        int in = 0;
        /* a store's address is the engine's, not the lanes' */
        for (int j = op->opcode == HIR_STORE ? 1 : 0; j < op->nops; j++)
            if (op->ops[j] != HIR_NONE && op->ops[j] < i && depth[op->ops[j]] > in)
                in = depth[op->ops[j]];
        if (op->pred != HIR_NONE && depth[op->pred] > in)
            in = depth[op->pred];
        depth[i] = in + (op->opcode == HIR_STORE ? 0 : hls_op_delay(k, op));
        /* the lanes have one clock from the memory's data to the result registers */
        if (depth[i] > k->stage_budget)
            return "more logic between the loads and the stores than one clock holds";
    }
    return NULL;
}

/* Why k is not a line kernel on an iCE40-like board (at *line), or NULL. */
static const char *refusal(const struct oclhls_board *board, const struct hir_kernel *k,
                           unsigned *elem_bits, unsigned *line)
{
    const char *why;
    *line = k->nloops      ? k->loops[0].line
            : k->nbarriers ? k->barriers[0].line
            : k->nparrays  ? k->parrays[0].line
            : k->nstreams  ? k->streams[0].line
                           : k->line;
    if (k->compute_units > 1)
        return "num_compute_units";
    if (k->simd > 1) /* its lanes' addresses are N * id + lane, each wide access an LSU's */
        return "num_simd_work_items";
    if (k->nloops)
        return "a loop";
    if (k->nbarriers)
        return "a barrier";
    if (k->nparrays)
        return "a private array or __local memory";
    if (k->nstreams)
        return "a pipe or channel";
    if (k->dispatch_ii > 1)
        return "float units shared between work-items";
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        *line = op->line;
        /* per work-item, only get_global_id(0): the engine gives nothing else */
        if (op->live && op->opcode == HIR_WI && !op->invariant && !is_global_id_x(k, i))
            return "a work-item id other than get_global_id(0)";
    }
    if ((why = access_refusal(k, board->mem_width_bits, elem_bits, line)))
        return why;
    int *depth = calloc(k->nops > 0 ? (size_t)k->nops : 1, sizeof(*depth));
    if (!depth)
        return "out of memory";
    why = lane_refusal(k, depth, line);
    free(depth);
    return why;
}

void hls_line_kernel(const struct oclhls_board *board, struct hir_kernel *k)
{
    unsigned elem_bits, line;
    if (!hls_target_of(board).line_kernels || k->single_work_item || k->autorun)
        return;
    k->line_refusal = refusal(board, k, &elem_bits, &line);
    k->line_refusal_line = line;
    if (k->line_refusal)
        return;
    k->line_kernel = 1;
    k->line_elem_bits = elem_bits;
    for (int i = 0; i < k->nops; i++) {
        k->line_loads += k->ops[i].live && k->ops[i].opcode == HIR_LOAD;
        k->line_stores += k->ops[i].live && k->ops[i].opcode == HIR_STORE;
    }
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

int hls_line_cycles(const struct hir_kernel *k)
{
    /* ocl_line_engine: a cycle per access (no load: an empty read slot), and one more with
       fewer than two loads, whose results are not back before the first write */
    int loads = k->line_loads;
    return (loads ? loads : 1) + k->line_stores + (loads < 2);
}

uint64_t hls_line_ids(const struct oclhls_board *board, const struct hir_kernel *k)
{
    /* ocl_line_engine counts element indexes of the memory's address space (its IW bits) */
    return (UINT64_C(1) << hls_mem_addr_bits(board)) / (k->line_elem_bits / 8);
}
