// SPDX-License-Identifier: MIT
//
// ocl_dispatcher: NDRange work-item generator, one work-item per clock.
//
// Parameters
//   LW       bits of a local size per dimension (1..32). A board whose work-groups hold
//            at most M work-items sets LW = bits of M (128 -> 8): local_size bits above
//            LW must be 0 (the runtime never launches larger groups) and the local ids,
//            below M, come out zero-extended. 32 (the default) takes any local size.
//   SAMPLED  1 (default): global_offset is sampled at start and may change during a run.
//            0: it is used as it is and must hold from start until the run ends
//            (ocl_kernel_csr's registers do: the runtime writes them only while the kernel
//            is idle); saves 96 flip-flops. local_size and num_groups are always sampled
//            (as size - 1: the "last" compares are between registers, for timing).
//
// Ports (3-D vectors are flattened: x at [31:0], y at [63:32], z at [95:64])
//   start          1-cycle pulse; local_size, num_groups (and global_offset when
//                  SAMPLED = 1) are sampled in that cycle. A start while busy is ignored.
//   valid, ready   handshake: a work-item is accepted in a cycle with valid && ready;
//                  the next one is presented in the following cycle, so with ready held
//                  high the dispatcher issues one work-item per clock.
//   global_id, local_id, group_id
//                  the ids of the presented work-item (registers; they hold while
//                  valid && !ready).
//   busy           high from the cycle after start until the cycle the last work-item is
//                  accepted (inclusive); low again in the following cycle. busy == valid.
//                  If any local_size or num_groups component is 0 there are no work-items
//                  and busy stays low (it is already low in the cycle after start).
//
// Order: local x fastest, then local y, local z, then group x, y, z.
// global_id = group_id * local_size + local_id + global_offset (mod 2^32), kept
// incrementally: stepping local id d adds 1; wrapping it subtracts local_size - 1 (same
// group) or adds 1 (next group along d: its first item follows the last one of this
// group); wrapping the group too restores the offset. No multipliers.
//
// Timing: the first work-item is presented in the cycle after start.
`default_nettype none

module ocl_dispatcher #(
    parameter integer LW      = 32,
    parameter integer SAMPLED = 1
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire [95:0] local_size,
    input  wire [95:0] num_groups,
    input  wire [95:0] global_offset,
    output reg         valid,
    input  wire        ready,
    output wire [95:0] global_id,
    output wire [95:0] local_id,
    output wire [95:0] group_id,
    output wire        busy
);
    // Sampled at start: local_size - 1 (LW bits) and num_groups - 1 per dimension, so that
    // "id is last" compares two registers (no carry chain in front: the UP5K's critical
    // path); global_offset too when SAMPLED, else it is used as it is.
    reg  [3*LW-1:0] ls_m1;
    reg  [95:0]     ng_m1;
    wire [95:0]     offset;

    // Only the LW bits of a local size are looked at (synthesis drops the CSR bits above).
    /* verilator lint_off UNUSED */
    wire [95:0] ls_in = local_size;
    /* verilator lint_on UNUSED */
    wire empty_range = (ls_in[LW-1:0] == {LW{1'b0}}) | (ls_in[32 +: LW] == {LW{1'b0}}) |
                       (ls_in[64 +: LW] == {LW{1'b0}}) | (num_groups[31:0] == 32'd0) |
                       (num_groups[63:32] == 32'd0) | (num_groups[95:64] == 32'd0);
    wire launch = start & ~valid;
    wire step   = valid & ready;

    always @(posedge clk) begin
        if (launch) begin
            ls_m1 <= {ls_in[64 +: LW] - 1'b1, ls_in[32 +: LW] - 1'b1, ls_in[LW-1:0] - 1'b1};
            ng_m1 <= num_groups - {32'd1, 32'd1, 32'd1};
        end
    end

    generate
        if (SAMPLED != 0) begin : g_sampled
            reg [95:0] offset_r;
            always @(posedge clk) if (launch) offset_r <= global_offset;
            assign offset = offset_r;
        end else begin : g_direct
            assign offset = global_offset;
        end
    endgenerate

    // Carry chain, dimension d = 0..2 (x, y, z):
    //   lc_in[d]  local id d advances        lc_out[d] = lc_in[d] & local id d is last
    //   gc_in[d]  group id d advances        gc_out[d] = gc_in[d] & group id d is last
    // gc_out[2] means this is the last work-item of the range. Built from the per-dim
    // "id is last" flags so that the vectors carry no (false) combinational loop.
    wire [2:0] l_last, g_last;
    wire [2:0] lc_in, lc_out, gc_in, gc_out;
    assign lc_out = {&l_last[2:0], &l_last[1:0], l_last[0]};
    assign lc_in  = {lc_out[1:0], 1'b1};
    assign gc_out = {&{g_last[2:0], lc_out[2]}, &{g_last[1:0], lc_out[2]}, g_last[0] & lc_out[2]};
    assign gc_in  = {gc_out[1:0], lc_out[2]};

    genvar d;
    generate
        for (d = 0; d < 3; d = d + 1) begin : g_dim
            reg  [LW-1:0] lid;
            reg  [31:0]   gid, glob;
            wire [LW-1:0] lsize_m1 = ls_m1[LW*d +: LW];
            // local_size - 1 zero-extended (the step back to the group's first item), and
            // the local id zero-extended.
            wire [31:0]   ls_m1_32;
            if (LW < 32) begin : g_narrow
                assign ls_m1_32 = {{(32 - LW){1'b0}}, lsize_m1};
                assign local_id[32*d +: 32] = {{(32 - LW){1'b0}}, lid};
            end else begin : g_wide
                assign ls_m1_32 = lsize_m1;
                assign local_id[32*d +: 32] = lid;
            end
            assign l_last[d] = (lid == lsize_m1);
            assign g_last[d] = (gid == ng_m1[32*d +: 32]);
            assign group_id[32*d +: 32]  = gid;
            assign global_id[32*d +: 32] = glob;

            always @(posedge clk) begin
                if (launch) begin
                    lid  <= {LW{1'b0}};
                    gid  <= 32'd0;
                    glob <= global_offset[32*d +: 32];
                end else if (step) begin
                    if (lc_in[d]) lid <= lc_out[d] ? {LW{1'b0}} : lid + 1'b1;
                    if (gc_in[d]) gid <= gc_out[d] ? 32'd0 : gid + 32'd1;
                    if (gc_out[d])
                        glob <= offset[32*d +: 32];
                    else if (lc_in[d] & (~lc_out[d] | gc_in[d]))
                        glob <= glob + 32'd1;
                    else if (lc_out[d])
                        glob <= glob - ls_m1_32;
                end
            end
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) valid <= 1'b0;
        else if (launch) valid <= ~empty_range;
        else if (step & gc_out[2]) valid <= 1'b0;
    end

    assign busy = valid;
endmodule

`default_nettype wire
