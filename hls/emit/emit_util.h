/* SPDX-License-Identifier: MIT */
/* Pieces shared by the Verilog emitters: value references, expressions, helper functions. */
#ifndef OCLHLS_EMIT_UTIL_H
#define OCLHLS_EMIT_UTIL_H

#include "emit.h"
#include "netlist.h"
#include "schedule.h"
#include "target.h"
#include "transform.h"

/* Expression e (built by the writers below) as an item's text: "" when empty; m fails when
   e ran out of memory. */
const char *emit_text(struct nl_module *m, const struct oclhls_strbuf *e);
/* Bits of an index or address that counts n things: ceil(log2(n)), at least 1. */
unsigned emit_index_bits(unsigned long n);
/* The name of value v as seen in stage s (wire, register copy, or invariant wire). */
void emit_ref(struct oclhls_strbuf *o, const struct hir_kernel *k, int v, int s);
/* v in stage s, zero- or sign-extended to width bits. */
void emit_extended_ref(struct oclhls_strbuf *o, const struct hir_kernel *k, int v, int s,
                       unsigned width, int sign);
/*
 * Tokens (loop FIFOs, barriers) carry a value's significant bits only (sig_bits.c):
 * emit_token_bits is that field's width, emit_token_part the low bits of local copy c of
 * value v in stage s, emit_token_widened the field bus[off +: bits] zero-extended back.
 */
unsigned emit_token_bits(const struct hir_kernel *k, int v);
void emit_token_part(struct oclhls_strbuf *o, const struct hir_kernel *k, int v, int c, int s);
void emit_token_widened(struct oclhls_strbuf *o, const struct hir_kernel *k, int v, const char *bus,
                        unsigned off);
/* "s<seg>_valid[stage] & <predicate>": the access op is enabled at that stage. */
void emit_enable(struct oclhls_strbuf *o, const struct hir_kernel *k, const struct hir_op *op,
                 int stage);
/* The segment whose tokens go to `to` of loop (or barrier) loop, or NULL. */
const struct hir_segment *emit_segment_to(const struct hir_kernel *k, enum hir_seg_to to, int loop);
/* The bits of a token into barrier b: the significant bits of what it carries (at least 1). */
unsigned emit_barrier_token_width(const struct hir_kernel *k, int b);
/* The combinational expression of operation i (operands in its stage). */
void emit_expression(struct oclhls_strbuf *o, const struct hir_kernel *k, int i);
/* Verilog functions (ctpop, ctlz, cttz, bitreverse) for the widths the kernel uses. */
void emit_functions(struct nl_module *m, const struct hir_kernel *k);
/*
 * The ports shared by kernel modules and the system top, on the module nl_module_begin began:
 * the CSR bus (csr_addr_bits wide) and one global-memory port (docs/architecture.md).
 */
void emit_module_ports(struct nl_module *m, unsigned csr_addr_bits);
/* The kernel's ocl_kernel_csr, its csr_* wires and launch_local_size (emit_kernel.c); busy:
   the kernel's. */
void emit_launch_registers(struct nl_module *m, const struct hir_kernel *k,
                           const struct oclhls_board *board, const char *busy);
/* The right-hand side ("...;") of a constant, an argument or a work-item function value. */
void emit_source_value(struct oclhls_strbuf *o, const struct hir_kernel *k, int i);
/* The datapath values' wires and assignments, and the dividers (emit_values.c). */
void emit_values(struct nl_module *m, const struct hir_kernel *k);
void emit_dividers(struct nl_module *m, const struct hir_kernel *k);
/* LSUs, the kernel's memory arbiter, the stall and drain logic (emit_memory.c). */
int emit_memory(struct hls_ctx *ctx, struct nl_module *m, const struct hir_kernel *k);
/* The wires of n units on an arbiter: <units>req_valid ... <units>rsp_data, a blank line. */
void emit_bus_wires(struct nl_module *m, const char *units, int n);
/* Ports <port>req_valid ... <port>rsp_data of instance u on lane j of the bus wires
   <net>req_valid ... (emit_bus_wires): the lane's addr_bits low address bits; rsp_lane: the
   response data is the lane's own too (a wire of lanes), else the bus's shared one. */
void emit_bus_lane(struct nl_module *m, struct nl_instance *u, const char *port, const char *net,
                   int j, unsigned addr_bits, int rsp_lane);
/* An ocl_mem_arbiter's ports: its units' (<units>req_valid, ...) and the module's memory port. */
void emit_arbiter_ports(struct nl_module *m, struct nl_instance *arb, const char *units);
/* num_compute_units (emit_units.c): the copies of k (1 without), the kernel module's ports and
   control, what its dispatcher's port connects to, and the system top's side. */
int emit_unit_copies(const struct hir_kernel *k);
void emit_unit_ports(struct nl_module *m, const struct hir_kernel *k);
void emit_unit_control(struct nl_module *m, const struct hir_kernel *k);
const char *emit_unit_dispatch(const struct hir_kernel *k, const char *port);
void emit_units_front(struct nl_module *m, const struct hir_kernel *k, int i,
                      const struct oclhls_board *board);
void emit_unit_connect(struct nl_module *m, struct nl_instance *u, const struct hir_kernel *k,
                       int i, int copy);
/* Global atomics with compute units: one copy at a time holds the lock (ocl_cu_mutex). The
   unit's can_accept port's wire ("can_accept" or the ungated "can_accept_unit"), its clear,
   the gate of site j, and the copy's cu_atom_busy (after the memory's wires). */
const char *emit_unit_atomic_accept(const struct hir_kernel *k);
const char *emit_unit_atomic_clear(const struct hir_kernel *k);
/* printf's counter's clear, load and count ports (ocl_printf_counter): with compute units a
   copy taking the lock loads the copies' count. */
void emit_unit_printf_counter(struct nl_module *m, struct nl_instance *u,
                              const struct hir_kernel *k);
void emit_unit_atomic_gate(struct nl_module *m, const struct hir_kernel *k, int j);
void emit_unit_atomic_busy(struct nl_module *m, const struct hir_kernel *k);

/* Pipe and channel endpoints (emit_stream.c). */
int emit_stream_count_pipes(const struct hir_kernel *k);
void emit_stream_ports(struct nl_module *m, const struct hir_kernel *k);
int emit_stream_decls(struct hls_ctx *ctx, struct nl_module *m, const struct hir_kernel *k);
void emit_stream_value(struct oclhls_strbuf *o, const struct hir_kernel *k, int i);
/* Pipe ports on the kernel's memory arbiter from port first_port on, sites, channel logic. */
void emit_streams(struct nl_module *m, const struct hir_kernel *k, int first_port);
void emit_stream_stall(struct oclhls_strbuf *o, const struct hir_kernel *k, int si);
/* emit_stall.c: each segment's stall; the store LSUs' flush and lsu_idle (after the units).
   registered: the target's registered_stall, for the segments emit_stall_registered takes. */
void emit_stall(struct nl_module *m, const struct hir_kernel *k, int registered);
/* Segment si's stall is a register (enabled: the target's registered_stall): its LSUs are made
   with SLACK. */
int emit_stall_registered(const struct hir_kernel *k, int si, int enabled);
void emit_flush_and_idle(struct nl_module *m, const struct hir_kernel *k);
/* The terms "| (...)" by which access op (one with an LSU) stalls its segment; slack: its
   LSU is made with SLACK (rsp_valid[0]) */
void emit_lsu_stall_terms(struct oclhls_strbuf *o, const struct hir_kernel *k,
                          const struct hir_op *op, int slack);
/* emit_profile.c (oclhls build --profile): the counters of k and their CSR read port;
   `running` names the signal that is high while the kernel runs */
int emit_profile_counters(struct hls_ctx *ctx, struct nl_module *m, const struct hir_kernel *k,
                          const char *running);
void emit_stream_idle(struct oclhls_strbuf *o, const struct hir_kernel *k);

/*
 * The pipeline registers (emit_pipeline_regs.c), after the rest of the module (reads: the
 * copies it read, recorded over emit_pipeline_stages stages); long unread runs in block RAM
 * on hardware boards. -1 if out of memory.
 */
int emit_pipeline_stages(const struct hir_kernel *k);
int emit_pipeline_regs(struct nl_module *m, const struct hir_kernel *k,
                       const struct oclhls_board *board, const struct emit_reads *reads);
/* Before them: loop back FIFOs into block RAM while a hardware board has it to spare (sets
   the BLOCK_RAM parameter of their ocl_fifo instances). */
void emit_fifo_block_rams(struct nl_module *m, const struct hir_kernel *k,
                          const struct oclhls_board *board);
/* Float operations (emit_float.c): their rtl-lib units, and each result's expression. */
void emit_float_units(struct nl_module *m, const struct hir_kernel *k);
void emit_float_value(struct oclhls_strbuf *o, const struct hir_kernel *k, int i);
/* Private arrays in block RAM (emit_private.c): RAMs, and the stall of losing store sites. */
void emit_private_arrays(struct nl_module *m, const struct hir_kernel *k);
void emit_private_stall(struct oclhls_strbuf *o, const struct hir_kernel *k, int si);
unsigned emit_private_data_width(const struct hir_kernel *k, int p);

/*
 * Slots at the kernel's entry and exit (emit_slots.c): `entry_ok` (a work-item may enter),
 * `disp_slot32` and `disp_wg_slot32`, and giving them back when a work-item leaves.
 */
void emit_entry_slots(struct nl_module *m, const struct hir_kernel *k);
void emit_dispatch_grid(struct nl_module *m, const struct hir_kernel *k);
/*
 * <prefix>_on_grid (a wire declared by the caller) is high on one of every ii enabled
 * cycles of segment si: tokens issued on it occupy stages congruent modulo ii, so
 * share_units.c can give operations in different residues one unit.
 */
void emit_issue_grid(struct nl_module *m, const char *prefix, int si, int ii);
void emit_exit_slots(struct nl_module *m, const struct hir_kernel *k, int si);
/* "gid_base<d>[slot] + local id;": a HIR_GROUP_GID value (rebuild_ids.c) */
void emit_group_gid(struct oclhls_strbuf *o, const struct hir_kernel *k, int v);

/* Barriers (emit_barrier.c): the units (out_reg: ocl_barrier OUT_REG), a segment's push
   into one and pull out of one. */
void emit_barriers(struct nl_module *m, const struct hir_kernel *k, int out_reg);
void emit_barrier_input(struct nl_module *m, const struct hir_kernel *k, int si);
void emit_barrier_output(struct nl_module *m, const struct hir_kernel *k, int si);
void emit_barriers_empty(struct oclhls_strbuf *o, const struct hir_kernel *k);
/* Parking loops (emit_park.c): wires, and the pushes that may park instead. */
int emit_park_loop_of_barrier(const struct hir_kernel *k, int b); /* the loop, or HIR_NONE */
/* Before the loops; queue_depth: tokens parking before a loop that may wait for the gate. */
void emit_park_wires(struct nl_module *m, const struct hir_kernel *k, int queue_depth);
void emit_park_hookups(struct nl_module *m, const struct hir_kernel *k);
void emit_park_at_barrier(struct nl_module *m, const struct hir_kernel *k, int si, int l);
void emit_park_at_entry(struct nl_module *m, const struct hir_kernel *k, int si, int l);
void emit_park_gate_input(struct nl_module *m, const struct hir_kernel *k, int si, int g);
/* After the LSUs: a global fence is kept when every store LSU is idle. */
void emit_barrier_fences(struct nl_module *m, const struct hir_kernel *k);
/* " | barrier waiting for a global fence": the store LSUs must write back. */
void emit_barrier_flush(struct oclhls_strbuf *o, const struct hir_kernel *k);

/* Loop joints and segment ends (emit_loop.c). */
/*
 * joint_depth: entries of each loop's entry and exit FIFOs (a segment that finds its FIFO full
 * waits, so any depth is correct; 2 already passes a token every clock); park_depth: the
 * entry FIFO of a parking loop (emit_park.c); head_reg: the FIFOs' heads in registers of their
 * own (ocl_fifo HEAD_REG).
 */
void emit_loops(struct nl_module *m, const struct hir_kernel *k, int joint_depth, int park_depth,
                int head_reg);
void emit_joints_empty(struct oclhls_strbuf *o, const struct hir_kernel *k);
void emit_segment_input(struct nl_module *m, const struct hir_kernel *k, int si);
void emit_segment_output(struct nl_module *m, const struct hir_kernel *k, int si);

#endif
