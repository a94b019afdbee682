// SPDX-License-Identifier: MIT
/*
 * What the units take on a board: the latencies of dividers, loads, atomics and stream
 * operations, queue depths, address widths, and the delay of each combinational operation
 * in the schedule's delay units. The seed of a target model: the schedule and the emitters
 * ask here instead of testing the board themselves.
 */
#include <string.h>

#include "target.h"

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
        return hls_load_depth(board) + hls_atomic_latency(0) +
               (op->unit != HIR_NONE ? HLS_ATOMIC_SHARE_CYCLES : 0);
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
