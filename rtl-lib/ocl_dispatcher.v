// SPDX-License-Identifier: MIT
//
// ocl_dispatcher: NDRange work-item generator, one work-item per clock.
//
// Ports (3-D vectors are flattened: x at [31:0], y at [63:32], z at [95:64])
//   start          1-cycle pulse; local_size, num_groups and global_offset are sampled
//                  in that cycle. A start while busy is ignored.
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

module ocl_dispatcher (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire [95:0] local_size,
    input  wire [95:0] num_groups,
    input  wire [95:0] global_offset,
    output reg         valid,
    input  wire        ready,
    output reg  [95:0] global_id,
    output reg  [95:0] local_id,
    output reg  [95:0] group_id,
    output wire        busy
);
    // Sampled at start: local_size - 1, num_groups - 1, global_offset.
    reg [95:0] ls_m1;
    reg [95:0] ng_m1;
    reg [95:0] offset;

    wire empty_range = (local_size[31:0] == 32'd0) | (local_size[63:32] == 32'd0) |
                       (local_size[95:64] == 32'd0) | (num_groups[31:0] == 32'd0) |
                       (num_groups[63:32] == 32'd0) | (num_groups[95:64] == 32'd0);
    wire launch = start & ~valid;
    wire step   = valid & ready;

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
            wire [31:0] lid  = local_id[32*d +: 32];
            wire [31:0] gid  = group_id[32*d +: 32];
            wire [31:0] glob = global_id[32*d +: 32];
            assign l_last[d] = (lid == ls_m1[32*d +: 32]);
            assign g_last[d] = (gid == ng_m1[32*d +: 32]);

            always @(posedge clk) begin
                if (launch) begin
                    local_id[32*d +: 32]  <= 32'd0;
                    group_id[32*d +: 32]  <= 32'd0;
                    global_id[32*d +: 32] <= global_offset[32*d +: 32];
                end else if (step) begin
                    if (lc_in[d]) local_id[32*d +: 32] <= lc_out[d] ? 32'd0 : lid + 32'd1;
                    if (gc_in[d]) group_id[32*d +: 32] <= gc_out[d] ? 32'd0 : gid + 32'd1;
                    if (gc_out[d])
                        global_id[32*d +: 32] <= offset[32*d +: 32];
                    else if (lc_in[d] & (~lc_out[d] | gc_in[d]))
                        global_id[32*d +: 32] <= glob + 32'd1;
                    else if (lc_out[d])
                        global_id[32*d +: 32] <= glob - ls_m1[32*d +: 32];
                end
            end
        end
    endgenerate

    always @(posedge clk) begin
        if (launch) begin
            ls_m1  <= local_size - {32'd1, 32'd1, 32'd1};
            ng_m1  <= num_groups - {32'd1, 32'd1, 32'd1};
            offset <= global_offset;
        end
    end

    always @(posedge clk) begin
        if (rst) valid <= 1'b0;
        else if (launch) valid <= ~empty_range;
        else if (step & gc_out[2]) valid <= 1'b0;
    end

    assign busy = valid;
endmodule

`default_nettype wire
