/* SPDX-License-Identifier: MIT */
/*
 * What the hardware of a board takes (target/): the latencies of the multicycle units
 * (latency.c, float_units.c), the delay of combinational operations, queue depths, address
 * widths, and the block RAM a memory needs (memories.c). The seed of the target model: the
 * passes and the emitters ask here rather than testing the board themselves.
 */
#ifndef OCLHLS_TARGET_H
#define OCLHLS_TARGET_H

#include "hir.h"
#include "hls_ctx.h"

/* The compiler's choices by board (target_model.c), from the board description. */
struct hls_target {
    int stage_budget;            /* delay units one pipeline stage may chain */
    int unit_input_delay;        /* of them, what an LSU's or divider's input logic takes */
    int bram_load_delay;         /* of them, what a block-RAM load's data takes */
    int work_group_copies;       /* __local copies (work-groups in flight) unless the kernel says */
    unsigned store_queue_depth;  /* line writes queued per store LSU */
    unsigned load_request_depth; /* line reads a load LSU queues toward memory, at most */
    int bank_local_memories;     /* __local memories banked by the low word bits */
    int line_kernels;            /* p[get_global_id(0)] kernels may run on ocl_line_engine */
    int spare_block_ram;         /* delay lines and loop FIFOs may take the block RAM left */
    int delay_line_out_reg;      /* ocl_delay_line OUT_REG: its output from a flip-flop */
    int lsu_head_reg;            /* ocl_lsu_load HEAD_REG: rsp_valid from flip-flops */
    int registered_stall;        /* segments' stall from a register, LSUs with SLACK */
    int barrier_out_reg;         /* ocl_barrier OUT_REG: its out port from a flip-flop */
    int loop_fifo_head_reg;      /* loops' ocl_fifo HEAD_REG: their heads from flip-flops */
    int kernel_port_slice;       /* an ocl_mem_slice between each kernel and the program's arbiter */
    unsigned long global_mem_blocks; /* block RAMs the shell's global memory takes */
    int compact_launch;          /* launch sizes and registers as small as the board allows */
    unsigned local_id_bits;      /* ocl_dispatcher LW: bits of a local id */
    unsigned cycle_counter_bits; /* ocl_kernel_csr CYCLE_BITS */
    int joint_fifo_depth;        /* entries of a loop's entry and exit FIFOs */
    int park_queue_depth;        /* a parking loop's queues; 0: the kernel's largest group */
};
struct hls_target hls_target_of(const struct oclhls_board *board);

/* Delay units of a combinational operation (latency.c): 0 for wiring, 3 for a 32-bit add. */
int hls_op_delay(const struct hir_kernel *k, const struct hir_op *op);

/* Multicycle unit latencies the scheduler and the emitter agree on (latency.c). */
unsigned hls_div_width(unsigned width);   /* 8, 16, 32 or 64 */
unsigned hls_div_latency(unsigned width); /* ocl_div: W + 2 */
/* float_units.c: the rtl-lib module and latency of a float operation (hir_is_float_unit);
 * hls_float_units_load reads the latencies from rtl-lib once, before any scheduling. */
int hls_float_units_load(struct hls_ctx *ctx);
const char *hls_float_module(enum hir_opcode op);
unsigned hls_float_latency(enum hir_opcode op);
const char *hls_float_cost(enum hir_opcode op); /* "~N LCs" on the iCE40 UP5K */
unsigned hls_float_lcs(const struct hir_kernel *k, const struct hir_op *op, unsigned *dsps);
/* ... of the unit of op whose integer side (conversions; the instance's W) is int_width bits. */
unsigned hls_float_unit_lcs(enum hir_opcode op, unsigned int_width, unsigned *dsps);
unsigned hls_float_int_width(const struct hir_kernel *k, const struct hir_op *op);
/* The largest part of a board's logic cells the float units may take. */
#define HLS_FLOAT_LC_SHARE 0.6
#define HLS_MAX_DISPATCH_II 8
unsigned hls_load_latency(const struct oclhls_board *board);
unsigned hls_load_depth(const struct oclhls_board *board); /* LSU queue depth */
/* An FPGA board (not the sim family): area counts, so queues and ids are kept small. */
int hls_board_is_hardware(const struct oclhls_board *board);
/*
 * Byte-address bits an LSU keeps: a hardware board's global memory (17 for 128 KiB; higher
 * bits wrap, as the iCEBreaker's SPRAM does), so the upper address bits cost no logic; 32 on
 * the sim board, whose memory checks every access.
 */
unsigned hls_mem_addr_bits(const struct oclhls_board *board);
/* Blocks of the board's block RAM for one memory of depth x width: the best shape
   (memories.c). */
unsigned long hls_bram_blocks(const struct oclhls_board *board, unsigned long depth,
                              unsigned long width);
/*
 * Block RAMs of the board one private array or __local memory takes: its replicas (one per
 * read port), copies and banks, each in the board's cheapest block shape (memories.c).
 */
unsigned long hls_parray_blocks(const struct hir_kernel *k, const struct hir_parray *pa,
                                const struct oclhls_board *board);
unsigned hls_atomic_latency(unsigned load_latency);        /* ocl_atomic, scheduled */
/* What ocl_atomic_share adds to a site's latency: its request slot and its answer queue. */
#define HLS_ATOMIC_SHARE_CYCLES 2
/* printf's counter (ocl_printf_counter): an answer the cycle after its fire, and the
   answers a site holds between its fire stage and the next (2: one popped while one fires). */
#define HLS_PRINTF_COUNTER_CYCLES 1
#define HLS_PRINTF_COUNTER_DEPTH 2
/* ocl_atomic's DEPTH for an atomic site: its requests in flight */
unsigned hls_atomic_depth(const struct oclhls_board *board, const struct hir_op *op);
unsigned hls_atomic_table_entries(unsigned depth); /* its word table: DEPTH + min(DEPTH, 4) */
/* The report's estimates: logic cells on an iCE40 as rtl-lib's units measure synthesised
   alone (unit_costs.c, tests/bench/unit_costs.sh), priced from the parameters of the
   units' instances in the netlist (hls/emit/metadata_area.c). */
unsigned hls_divider_lcs(unsigned width, int is_signed);
unsigned hls_lsu_lcs(const struct oclhls_board *board, int store, int cached);
/* An ocl_atomic (or ocl_atomic_share) of DEPTH depth, as the report reads its instance in
   the netlist (hls/emit/metadata_area.c). */
unsigned hls_atomic_unit_lcs(const struct oclhls_board *board, unsigned depth);
/* Stages from a stream operation to its answer: 1 at a channel FIFO, more through a pipe port. */
unsigned hls_stream_latency(const struct hir_op *op);
/* The largest work-group the kernel's hardware holds: reqd_work_group_size, else
   max_work_group_size, else the board's default (the kernel's attributes, set by lowering). */
unsigned hls_max_work_group(const struct hir_kernel *k, const struct oclhls_board *board);

#endif
