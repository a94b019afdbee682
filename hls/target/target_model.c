// SPDX-License-Identifier: MIT
/*
 * The target model (target.h): the choices the compiler makes by board, in one place, from
 * the board description. The schedule, the planner of block RAM and the emitters read them
 * here instead of asking whether the board is an FPGA.
 */
#include "target.h"

#include <string.h>

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
#define BRAM_LOAD_DELAY 2
#define BRAM_LOAD_DELAY_ECP5 5

/*
 * Work-groups in flight when a kernel has barriers or __local memory, unless the kernel says
 * (work_groups_in_flight). Four keep a tree reduction's rounds busy on the sim board (about
 * 1.1 cycles per work-item against 1.9 with two, docs/performance.md); FPGA boards keep two,
 * as every copy costs block RAM.
 */
#define WORK_GROUP_COPIES_SIM 4
#define WORK_GROUP_COPIES_FPGA 2

/* The longest memory latency (cycles) on which NDRange kernels may run on ocl_line_engine. */
#define LINE_ENGINE_MAX_LATENCY 2

struct hls_target hls_target_of(const struct oclhls_board *board)
{
    struct hls_target t = {0};
    int hw = hls_board_is_hardware(board);

    t.stage_budget = hw ? STAGE_BUDGET_FPGA : STAGE_BUDGET_SIM;
    t.unit_input_delay = hw ? UNIT_INPUT_DELAY_FPGA : UNIT_INPUT_DELAY_SIM;
    /* A private array's or __local memory's read data comes from the block RAM's read
       register. The ECP5's DP16KD gives it about 5.8 ns after the clock (its output register
       would add a cycle): the histogram's `if (count)` after its __local read, a 32-bit
       compare and an AND in the same stage, was its critical path (76.4 MHz). There the data
       counts 5 of the stage's 7 units, so only a select or a gate follows it. */
    t.bram_load_delay = hw && strcmp(board->family, "ecp5") == 0 ? BRAM_LOAD_DELAY_ECP5
                                                                  : BRAM_LOAD_DELAY;
    t.work_group_copies = hw ? WORK_GROUP_COPIES_FPGA : WORK_GROUP_COPIES_SIM;
    /* Line writes queued per store LSU: 4 on the sim board rides out arbitration; a hardware
       board keeps 2, the least with which a store site still takes one write per clock while
       memory is ready (ocl_lsu_store.v), because each entry is a register per bit (a 64-bit
       line, its strobes and address: 104 flip-flops on the iCEBreaker). */
    t.store_queue_depth = hw ? 2 : 4;
    /* Line reads a load LSU queues toward memory (ocl_lsu_load MQ_DEPTH). They wait there only
       while the memory arbiter serves another unit: the sim board keeps the unit's default (up
       to 4); a hardware board 2, the least that still sends one miss per clock, because the
       entries are flip-flops and their multiplexer (vector_add on the iCEBreaker: 126 logic
       cells fewer, the same cycles in the co-simulation). */
    t.load_request_depth = hw ? 2 : 4;
    /* __local memories in banks by the low word bits, so that neighbouring stores go in one
       cycle; on FPGA boards each bank's arbiter and read selection cost logic cells. */
    t.bank_local_memories = !hw;
    /* ocl_line_engine, like the LSUs, takes memory lines of 16 bits or more. It keeps one
       step's reads in flight, so it suits a memory that answers in a cycle or two (the
       iCE40's SPRAM: busy every cycle); on the ULX3S's SDRAM (10 cycles and more) a copy ran
       at 52 % of the data bus on it against 91 % on the LSUs, whose requests the
       controller batches (docs/performance.md, "The ULX3S"). */
    t.line_kernels = hw && board->mem_width_bits >= 16 &&
                     board->mem_latency_cycles <= LINE_ENGINE_MAX_LATENCY;
    /* Delay lines and loop FIFOs into the block RAM the design leaves over. */
    t.spare_block_ram = hw && board->n_bram_shapes && board->resources.ebr;
    /* The ECP5's block RAM answers late without its output register (about 5.8 ns after the
       clock on the ULX3S, nextpnr-ecp5): a delay line feeding the kernel's logic from it was
       the tiny copy kernel's critical path (70.6 MHz). A flip-flop more per bit there; on the
       iCE40 the block RAM is fast and a flip-flop costs a logic cell. */
    t.delay_line_out_reg = t.spare_block_ram && strcmp(board->family, "ecp5") == 0;
    /* A load LSU's rsp_valid holds up the pipeline, whose stall enables every pipeline
       register. On the ECP5 it read the head of the unit's descriptor FIFO from LUT RAM:
       the start of vector_add's and fir's critical paths (77.8 and 76.4 MHz). A head
       register there, in the load units and the global atomic units (ocl_atomic HEAD_REG:
       its head picks the word and feeds the ALU); the iCE40's descriptor FIFOs are
       flip-flops and its Verilog stays. */
    t.lsu_head_reg = hw && strcmp(board->family, "ecp5") == 0;
    /* A segment's stall, the OR of its LSUs' conditions, gathered across the die and sent
       back to every register and LSU queue of the segment in the same cycle: 19.2 ns of
       dot_normalize's clock on the ECP5 (13 of them routing). There it comes from a
       register decided a cycle ahead, its LSUs reporting with slack (emit_stall.c; a load
       queue one deeper, three line reads and writes queued instead of two). */
    t.registered_stall = t.lsu_head_reg;
    /* A barrier's tokens leave from its block RAM's read register, so on the ECP5 the segment
       after it started about 5.8 ns into the clock: the histogram's critical path (68.8
       MHz), a look-up of the work-group's first global id, an add and a compare. A flip-flop
       after it there (one cycle more per group released, none per token). */
    t.barrier_out_reg = t.delay_line_out_reg;
    /* A loop's first stage takes its token from the head of the back or the entry FIFO. On the
       ECP5 a back FIFO is LUT RAM, read about 2 ns after the clock: the histogram's next
       critical path (74 MHz), its loop's index plus the stride compared with n. Their heads
       in flip-flops there (the same cycles and flip-flops: the FIFO's storage is one entry
       shorter). */
    t.loop_fifo_head_reg = t.lsu_head_reg;
    /* float_kernels' six kernels on the ECP5 (41.9 MHz): blur's arbiter of ten LSUs, the
       program's arbiter and a second kernel's arbiter were one combinational path through
       the grant, 23.9 ns, 19.6 of them routing across the die. A register slice between
       each kernel and the program's arbiter cuts it (a cycle more each way on a read; 65
       flip-flops per kernel for the registered answer). */
    t.kernel_port_slice = t.lsu_head_reg;
    /* A board without SPRAM keeps its global memory in block RAM (the HX8K) when it fits
       there; the ULX3S's 32 MB cannot: they are in its SDRAM, and its block RAM is free for
       the kernel (black_scholes' 150,000 bits of pipeline registers). */
    if (t.spare_block_ram && !board->resources.spram && board->mem_width_bits) {
        unsigned long line = board->mem_width_bits;
        unsigned long blocks = hls_bram_blocks(board, board->global_mem_bytes * 8 / line, line);
        t.global_mem_blocks = blocks <= board->resources.ebr ? blocks : 0;
    }
    /* Launch sizes in the bits the board's work-group limit needs, write-only launch
       registers, a 40-bit cycle counter (emit_kernel.c). */
    t.compact_launch = hw;
    /* Local ids in the bits of the board's work-group limit (the runtime launches no larger
       group); the sim board keeps 32 bits, and a 64-bit cycle counter. */
    t.local_id_bits = 32;
    if (hw)
        for (t.local_id_bits = 1;
             t.local_id_bits < 32 && (1ull << t.local_id_bits) <= board->max_work_group_size;)
            t.local_id_bits++;
    t.cycle_counter_bits = hw ? 40 : 64;
    /* Loop entry and exit FIFOs hold whole tokens in flip-flops (a first-word-fall-through
       FIFO cannot use block RAM): 4 on the sim board, where a deeper FIFO absorbs short stalls
       for free; 2 on a hardware board, the least that still passes a token every clock,
       because there every flip-flop counts (docs/performance.md). */
    t.joint_fifo_depth = hw ? 2 : 4;
    /* Parking loops (emit_park.c): on the sim board a work-group's tokens may all wait at the
       loop's entry and in the queue of tokens parking before it, so the segment before the
       loop never waits for the rounds of the groups ahead (1.50 -> 1.11 cycles per work-item
       in bench.local); a hardware board keeps the joints' depth. */
    t.park_queue_depth = hw ? t.joint_fifo_depth : 0;
    return t;
}
