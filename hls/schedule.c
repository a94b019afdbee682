// SPDX-License-Identifier: MIT
/*
 * Scheduling, one pipeline segment (segments.c) at a time: each operation gets the earliest
 * stage where its operands are ready (ASAP); values arriving with the token are at stage 0.
 * Combinational operations chain within a stage while their summed delay fits the clock
 * budget; division and loads are multicycle units with fixed latencies; memory ordering
 * (memory_order.c) adds lower bounds. Every value then knows the last stage that reads it,
 * which tells the emitter how many pipeline registers it needs.
 */
#include <string.h>

#include "hls.h"

/* Private array copies: at most this many work-items in flight, and this many bytes. */
#define HLS_MAX_SLOTS 64
#define HLS_SLOT_BUDGET (256ul * 1024)
/*
 * Work-groups in flight when a kernel has barriers or __local memory, unless the kernel says
 * (work_groups_in_flight). Four keep a tree reduction's rounds busy on the sim board (about
 * 1.1 cycles per work-item against 1.9 with two, docs/performance.md); FPGA boards keep two,
 * as every copy costs block RAM.
 */
#define HLS_WORK_GROUP_COPIES_SIM 4
#define HLS_WORK_GROUP_COPIES_FPGA 2

/*
 * Delay units one stage may chain: about ten LUT levels on the sim board, of which the
 * input logic of an LSU or divider needs 3. A hardware board chains 7 and leaves 5 of
 * them to a unit's input: on the iCE40 the routing between LUTs costs about as much as
 * the LUTs (half of the UP5K's critical path), and a load LSU's input compares the line
 * address with the last one (a carry chain). With the sim figures, an address add and
 * that compare, or a load's data, an add and a store's input, shared one stage: the
 * critical paths of vector_add (docs/performance.md).
 */
#define STAGE_BUDGET_SIM 10
#define UNIT_INPUT_DELAY_SIM 3
#define STAGE_BUDGET_FPGA 7
#define UNIT_INPUT_DELAY_FPGA 5

unsigned hls_div_width(unsigned width)
{
    return width <= 8 ? 8 : width <= 16 ? 16 : width <= 32 ? 32 : 64;
}

unsigned hls_div_latency(unsigned width)
{
    return hls_div_width(width) + 2; /* ocl_div: W + 2 enabled cycles */
}

/* ocl_atomic answers a miss as ocl_lsu_load does, plus a cycle when a write goes first. */
#define ATOMIC_EXTRA_CYCLES 1

unsigned hls_load_latency(const struct oclhls_board *board)
{
    /* memory latency + LSU request/response FIFOs + arbiter margin */
    return board->mem_latency_cycles + 6;
}

unsigned hls_atomic_latency(unsigned load_latency)
{
    return load_latency + ATOMIC_EXTRA_CYCLES;
}

unsigned hls_atomic_table_entries(unsigned depth)
{
    return depth + (depth < 4 ? depth : 4); /* ocl_atomic NE: DEPTH + its write queue */
}

unsigned hls_atomic_depth(const struct oclhls_board *board, const struct hir_op *op)
{
    /* Popped by the pipeline: never fewer entries than stages from fire to pop, since the pop
       waits for its segment not to stall and a full queue stalling the fire would block its
       own pop (a deadlock; tried with half on the iCEBreaker: link.histogram hangs). */
    if (!op->discard)
        return hls_load_depth(board) + hls_atomic_latency(0);
    /* Popped by the unit as each word is ready: enough misses in flight to keep its bus port
       busy. A miss holds its slot for memory latency L + 3 cycles (ocl_atomic.v timing; the
       arbiters pass requests and answers through in the same cycle) and misses go at one per
       two cycles (a read and a write each): (L + 3) / 2 slots, one more for a cycle lost to
       another master. Every entry costs a word-table entry: on the iCE40, DEPTH 2 is about
       600 LUT4 and 440 flip-flops, DEPTH 3 about 960 and 670. */
    unsigned depth = (board->mem_latency_cycles + 4) / 2;
    return depth < 2 ? 2 : depth;
}

unsigned hls_stream_latency(const struct hir_op *op)
{
    /* a pipe command: site queue, arbiter, ocl_pipe_port, answer queue (emit_stream.c) */
    return hir_is_pipe_op(op) ? 4 : 1;
}

int hls_board_is_hardware(const struct oclhls_board *board)
{
    return board && strcmp(board->family, "sim") && board->max_work_group_size;
}

unsigned hls_mem_addr_bits(const struct oclhls_board *board)
{
    unsigned bits = 1;
    if (!hls_board_is_hardware(board))
        return 32;
    while (bits < 32 && (1ull << bits) < board->global_mem_bytes)
        bits++;
    return bits;
}

/*
 * Loads in flight per LSU: one more than the stages between issue and data keeps one load
 * per clock going (ocl_lsu_load.v). The sim board adds 8 to ride out stalls; a hardware
 * board keeps the minimum, since each entry is a register per data bit.
 */
unsigned hls_load_depth(const struct oclhls_board *board)
{
    return hls_load_latency(board) + (hls_board_is_hardware(board) ? 1 : 8);
}

int hls_op_delay(const struct hir_kernel *k, const struct hir_op *op)
{
    int wide = op->width > 32;
    int shift = op->opcode == HIR_SHL || op->opcode == HIR_LSHR || op->opcode == HIR_ASHR;
    if (shift && k->ops[op->ops[1]].opcode == HIR_CONST)
        return 0; /* a constant shift is wiring */
    switch (op->opcode) {
    case HIR_ZEXT:
    case HIR_SEXT:
    case HIR_TRUNC:
    case HIR_CONST:
    case HIR_ARG:
    case HIR_WI:
        return 0;
    case HIR_AND:
    case HIR_OR:
    case HIR_XOR:
    case HIR_SELECT:
    case HIR_BSWAP:
    case HIR_BITREV:
        return 1;
    case HIR_ADD:
    case HIR_SUB:
    case HIR_EQ:
    case HIR_NE:
    case HIR_ULT:
    case HIR_ULE:
    case HIR_UGT:
    case HIR_UGE:
    case HIR_SLT:
    case HIR_SLE:
    case HIR_SGT:
    case HIR_SGE:
    case HIR_SHL:
    case HIR_LSHR:
    case HIR_ASHR:
        return wide ? 4 : 3;
    case HIR_UMIN:
    case HIR_UMAX:
    case HIR_SMIN:
    case HIR_SMAX:
    case HIR_ABS:
    case HIR_FSHL:
    case HIR_FSHR:
        return wide ? 5 : 4;
    case HIR_CTPOP:
    case HIR_CTLZ:
    case HIR_CTTZ:
        return 6;
    case HIR_GROUP_GID:
        return 4; /* the slot's register, then an add */
    case HIR_MUL:
        return k->stage_budget; /* a DSP or a LUT multiplier fills a stage */
    default:
        return 0;
    }
}

struct when {
    int stage, delay;
};

static void later(struct when *w, int stage, int delay)
{
    if (stage > w->stage || (stage == w->stage && delay > w->delay)) {
        w->stage = stage;
        w->delay = delay;
    }
}

static void need(struct hir_kernel *k, int v, struct when *w)
{
    if (v == HIR_NONE || k->ops[v].invariant)
        return;
    later(w, k->ops[v].ready_stage, k->ops[v].ready_delay);
}

static void use(struct hir_kernel *k, int v, int stage)
{
    if (v != HIR_NONE && !k->ops[v].invariant && stage > k->ops[v].last_use)
        k->ops[v].last_use = stage;
}

/* Lower bound from memory ordering: after earlier stores (RAW/WAW), after loads' data (WAR). */
static void order_bound(struct hir_kernel *k, int i, struct when *w)
{
    struct hir_op *op = &k->ops[i];
    for (int j = 0; j < i; j++) {
        struct hir_op *prev = &k->ops[j];
        if (op->parray != HIR_NONE) { /* block RAM: a read sees writes of earlier cycles */
            if (!prev->live || prev->parray != op->parray || prev->seg != op->seg)
                continue;
            if (prev->opcode == HIR_STORE)
                later(w, prev->stage + 1, 0);
            else if (hir_writes_memory(prev)) /* an atomic writes in its ready stage */
                later(w, prev->ready_stage + 1, 0);
            else if (hir_writes_memory(op))
                later(w, prev->ready_stage, 0);
            continue;
        }
        if (!prev->live || prev->lsu == HIR_NONE || prev->seg != op->seg)
            continue; /* other segments: their tokens have passed them */
        if (op->ordered && (op->order_after >> prev->lsu & 1)) /* after an atomic's answer */
            later(w, (prev->atomic ? prev->ready_stage : prev->stage) + 1, 0);
        if (op->war_after >> prev->lsu & 1)
            later(w, prev->ready_stage, 0);
    }
}

static void schedule_op(struct hir_kernel *k, int i)
{
    struct hir_op *op = &k->ops[i];
    struct when w = {0, 0};

    for (int j = 0; j < op->nops; j++)
        need(k, op->ops[j], &w);
    need(k, op->pred, &w);
    if (op->opcode == HIR_LOAD || op->opcode == HIR_STORE)
        order_bound(k, i, &w);

    if (hir_is_multicycle(op->opcode) || op->opcode == HIR_STORE) {
        if (w.delay + k->unit_input_delay > k->stage_budget)
            w = (struct when){w.stage + 1, 0};
        op->stage = w.stage;
        unsigned lat = hir_is_float_unit(op->opcode) ? hls_float_latency(op->opcode)
                       : op->opcode == HIR_STREAM    ? hls_stream_latency(op)
                       : op->opcode != HIR_LOAD      ? hls_div_latency(op->width)
                       : op->parray != HIR_NONE      ? 1 /* block RAM */
                       : op->atomic                  ? hls_atomic_latency(k->load_latency)
                                                     : k->load_latency;
        /* A store, or an atomic whose old value is discarded, is done once issued. */
        op->ready_stage = op->opcode == HIR_STORE || op->discard ? op->stage : op->stage + (int)lat;
        op->ready_delay = op->opcode == HIR_LOAD ? 2 : 1;
    } else {
        int d = hls_op_delay(k, op);
        if (w.delay + d > k->stage_budget)
            w = (struct when){w.stage + 1, 0};
        op->stage = w.stage;
        op->ready_stage = w.stage;
        op->ready_delay = w.delay + d;
    }
    op->last_use = op->ready_stage;
    /* A block-RAM atomic computes and writes in its ready stage. */
    int operand_stage = op->atomic && op->parray != HIR_NONE ? op->ready_stage : op->stage;
    for (int j = 0; j < op->nops; j++)
        use(k, op->ops[j], operand_stage);
    use(k, op->pred, op->stage);
    if (op->opcode == HIR_LOAD || op->opcode == HIR_STREAM)
        use(k, op->pred, op->ready_stage); /* the response is taken under the predicate */
    if (op->opcode == HIR_STREAM && op->aux == HIR_PIPE_RESERVE)
        use(k, op->ops[1], op->ready_stage); /* n goes into the reservation id */
}

static int in_segment(const struct hir_kernel *k, int v, int si)
{
    return k->ops[v].live && !k->ops[v].invariant && k->ops[v].seg == si &&
           k->ops[v].opcode != HIR_STORE;
}

/* Values arriving with the token (and loop phis of interleaved loops) are at stage 0. */
static int is_arrival(const struct hir_op *op, int modulo)
{
    return op->opcode == HIR_TOKEN || (op->opcode == HIR_LOOP_PHI && !modulo);
}

/* ASAP over one segment; modulo phis stay at the stage already chosen for them. */
static void schedule_ops(struct hir_kernel *k, int si, int modulo)
{
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        if (!op->live || op->invariant || op->seg != si)
            continue;
        if (is_arrival(op, modulo)) {
            op->stage = op->ready_stage = op->ready_delay = op->last_use = 0;
        } else if (op->rebuilt_at) {
            /* from arriving values, before any operation uses it (rebuild_ids.c makes an
               operand before its user) */
            int in = 0;
            for (int j = 0; j < op->nops; j++)
                if (!k->ops[op->ops[j]].invariant && k->ops[op->ops[j]].ready_delay > in)
                    in = k->ops[op->ops[j]].ready_delay;
            op->stage = op->ready_stage = op->last_use = 0;
            op->ready_delay = in + hls_op_delay(k, op);
        } else if (op->opcode == HIR_LOOP_PHI) {
            op->ready_stage = op->stage;
            op->ready_delay = 1; /* the mux between entry value and back-edge register */
            op->last_use = op->stage;
        }
    }
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        if (op->live && !op->invariant && op->seg == si && !is_arrival(op, modulo) &&
            op->opcode != HIR_LOOP_PHI && !op->rebuilt_at)
            schedule_op(k, i);
    }
    if (modulo)
        for (int i = 0; i < k->nops; i++) {
            struct hir_op *op = &k->ops[i];
            if (op->live && op->seg == si && op->opcode == HIR_LOOP_PHI) {
                use(k, op->init_copy, op->stage);
                use(k, k->loops[op->loop].first, op->stage);
            }
        }
}

static int segment_depth(struct hir_kernel *k, int si)
{
    int depth = 0;
    for (int i = 0; i < k->nops; i++) {
        if (!in_segment(k, i, si))
            continue;
        if (k->ops[i].ready_stage > depth)
            depth = k->ops[i].ready_stage;
        if (k->ops[i].last_use > depth)
            depth = k->ops[i].last_use;
    }
    for (int i = 0; i < k->nops; i++) /* stores: their stage */
        if (k->ops[i].live && k->ops[i].seg == si && k->ops[i].opcode == HIR_STORE &&
            k->ops[i].stage > depth)
            depth = k->ops[i].stage;
    /* Stages 0..depth, and at least two so stage 0 always has a successor register. */
    return depth + 1 < 2 ? 2 : depth + 1;
}

/* The leaving values are read in the last stage. */
static void carry_outputs(struct hir_kernel *k, int si)
{
    struct hir_segment *s = &k->segs[si];
    for (int i = 0; i < s->nout; i++)
        use(k, s->out_local[i], s->depth - 1);
    if (s->to == HIR_TO_END) { /* the slots are given back */
        use(k, hls_segment_local(k, si, k->slot), s->depth - 1);
        use(k, hls_segment_local(k, si, k->wg_slot), s->depth - 1);
    }
    s->depth = segment_depth(k, si);
}

static int schedule_segment(struct hls_ctx *ctx, struct hir_kernel *k, int si)
{
    struct hir_segment *s = &k->segs[si];
    int modulo = s->from == HIR_FROM_LOOP_ENTRY && k->loops[s->from_loop].modulo;
    if (modulo && hls_modulo_schedule(ctx, k, si))
        return -1;
    if (!modulo)
        schedule_ops(k, si, 0);
    s = &k->segs[si];
    s->depth = segment_depth(k, si);
    carry_outputs(k, si);
    return 0;
}

void hls_schedule_ops(struct hir_kernel *k, int si, int modulo)
{
    schedule_ops(k, si, modulo);
}

static int holds_barrier(const struct hir_kernel *k, int l)
{
    for (int b = 0; b < k->nbarriers; b++)
        if (hir_loop_holds(k, l, k->barriers[b].pos))
            return 1;
    return 0;
}

/* The least power of two >= n, at least 4. */
static int pow2_at_least(int n)
{
    int p = 4;
    while (p < n)
        p <<= 1;
    return p;
}

/* Loop depth (entry to back edge) and, for interleaved loops, the tokens allowed inside. */
static void loop_figures(struct hir_kernel *k)
{
    for (int l = 0; l < k->nloops; l++) {
        struct hir_loop *lp = &k->loops[l];
        int depth = 0;
        for (int si = 0; si < k->nsegs; si++) {
            const struct hir_segment *s = &k->segs[si];
            if (s->begin >= lp->begin && s->end <= lp->end &&
                !(s->from == HIR_FROM_LOOP_EXIT && s->from_loop == l))
                depth += s->depth + (s->from != HIR_FROM_DISPATCH); /* + the FIFO's cycle */
        }
        lp->depth = depth;
        if (lp->modulo)
            continue;
        lp->ii = 1; /* a new iteration (of some work-item) every cycle */
        /* Room for a work-item in every stage and FIFO slot of the loop, up to 256. */
        int cap = pow2_at_least(depth + 4 < 256 ? depth + 4 : 256);
        /* A barrier inside: every work-item of the groups in flight must fit in the loop,
           or the group's first ones would wait at the barrier for ones kept out. */
        if (holds_barrier(k, l) && cap < (int)k->max_wg * k->nwg_slots)
            cap = pow2_at_least((int)k->max_wg * k->nwg_slots);
        lp->capacity = cap;
    }
}

/*
 * Copies of the private arrays: one per work-item in flight, within a block RAM budget.
 * Copies of __local memory: one per work-group in flight; two let the next group start while
 * the previous one finishes.
 */
unsigned hls_max_work_group(const struct hir_kernel *k, const struct oclhls_board *board)
{
    if (k->reqd_wg[0])
        return k->reqd_wg[0] * k->reqd_wg[1] * k->reqd_wg[2];
    return k->attr_max_wg ? k->attr_max_wg : board->max_work_group_size;
}

/*
 * Banks of a __local memory on the sim board, by the low bits of the word index
 * (ocl_private_ram's NB): as many as it has store sites, up to 8, so stores to neighbouring
 * words (tmp[2*l] and tmp[2*l+1]) are written in the same cycle. FPGA boards keep one: each
 * bank's arbiter and read selection cost logic cells.
 */
static unsigned parray_banks(const struct hir_parray *pa, const struct oclhls_board *board)
{
    unsigned words = pa->bytes / pa->elem_bytes, banks = 1;
    if (!pa->local || hls_board_is_hardware(board))
        return 1;
    while (banks < (unsigned)pa->nstores && banks < 8 && words % (banks * 2) == 0)
        banks *= 2;
    return banks;
}

static void count_slots(struct hir_kernel *k, const struct oclhls_board *board)
{
    k->nwg_slots = k->attr_wg_in_flight            ? (int)k->attr_wg_in_flight
                   : hls_board_is_hardware(board) ? HLS_WORK_GROUP_COPIES_FPGA
                                                  : HLS_WORK_GROUP_COPIES_SIM;
    k->max_wg = hls_max_work_group(k, board);
    unsigned long bytes = 0;
    for (int p = 0; p < k->nparrays; p++) {
        bytes += k->parrays[p].local ? 0 : k->parrays[p].bytes;
        k->parrays[p].banks = parray_banks(&k->parrays[p], board);
    }
    k->nslots = 1;
    if (k->single_work_item || !bytes)
        return;
    while (k->nslots < HLS_MAX_SLOTS && (unsigned long)k->nslots * 2 * bytes <= HLS_SLOT_BUDGET)
        k->nslots *= 2;
}

int hls_schedule(struct hls_ctx *ctx, struct hir_kernel *k)
{
    k->load_latency = hls_load_latency(ctx->board);
    int hw = hls_board_is_hardware(ctx->board);
    k->stage_budget = hw ? STAGE_BUDGET_FPGA : STAGE_BUDGET_SIM;
    k->unit_input_delay = hw ? UNIT_INPUT_DELAY_FPGA : UNIT_INPUT_DELAY_SIM;
    count_slots(k, ctx->board);
    /* Single work-item kernels: innermost loops issue iterations back to back. */
    for (int l = 0; l < k->nloops; l++)
        k->loops[l].modulo = k->single_work_item && k->loops[l].innermost && !holds_barrier(k, l);
    k->depth = 0;
    /* Inner segments first would not matter: segments are independent pipelines. */
    for (int si = 0; si < k->nsegs; si++) {
        if (schedule_segment(ctx, k, si))
            return -1;
        k->depth += k->segs[si].depth;
    }
    loop_figures(k);
    return 0;
}
