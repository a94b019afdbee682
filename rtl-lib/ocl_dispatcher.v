// SPDX-License-Identifier: MIT
//
// ocl_dispatcher: NDRange work-item generator, one work-item per clock.
//
// Parameters
//   LW       bits of a local size per dimension (1..32). A board whose work-groups hold
//            at most M work-items sets LW = bits of M (128 -> 8): local_size bits above
//            LW must be 0 (the runtime never launches larger groups) and the local ids,
//            below M, come out zero-extended. 32 (the default) takes any local size.
//   SAMPLED  1 (default): global_offset and last_global_id are sampled at start and may
//            change during a run. 0: they are used as they are and must hold from start
//            until the run ends (ocl_kernel_csr's registers do: the runtime writes them
//            only while the kernel is idle); saves 192 flip-flops. local_size is always
//            sampled (as size - 1: the "last" compares are between registers, for timing).
//   FLAT     0 (default): work-groups, in the order below. 1: for a kernel that observes
//            no work-group (reads no local or group id, has no barrier and no __local
//            memory, so the compiler asks for it): the global ids in row-major order of
//            the global range, x fastest, with no local-id counters; local_id and
//            group_id are 0. local_size then only tells an empty range.
//
// Ports (3-D vectors are flattened: x at [31:0], y at [63:32], z at [95:64])
//   start          1-cycle pulse; local_size, work_items_m1 (and global_offset,
//                  last_global_id when SAMPLED = 1) are sampled in that cycle. A start
//                  while busy is ignored.
//   work_items_m1  the number of work-items of the range minus 1 (the product of the
//                  global sizes - 1; a range holds at most 2^32 work-items)
//   last_global_id per dimension global_offset + global_size - 1 (mod 2^32)
//   valid, ready   handshake: a work-item is accepted in a cycle with valid && ready;
//                  the next one is presented in the following cycle, so with ready held
//                  high the dispatcher issues one work-item per clock.
//   global_id, local_id, group_id
//                  the ids of the presented work-item (registers; they hold while
//                  valid && !ready).
//   busy           high from the cycle after start until the cycle the last work-item is
//                  accepted (inclusive); low again in the following cycle. busy == valid.
//                  If any local_size component is 0 there are no work-items and busy
//                  stays low (it is already low in the cycle after start).
//
// Order: local x fastest, then local y, local z, then group x, y, z.
// global_id = group_id * local_size + local_id + global_offset (mod 2^32), kept
// incrementally: stepping local id d adds 1; wrapping it subtracts local_size - 1 (same
// group) or adds 1 (next group along d: its first item follows the last one of this
// group); wrapping the group too restores the offset. No multipliers.
//
// The range ends when a down-counter of the work-items, loaded with work_items_m1,
// is 0. Group d is the last one along d when, at the last item of a group (every local
// id last), global id d equals last_global_id d: then it is offset + (group + 1) *
// local_size - 1, and the global size is at most 2^32, so only the last group's value
// matches. So the group-id counters feed only group_id, and a dimension's global id
// counter is kept only when its ids or those of a higher dimension are read: synthesis
// removes the rest.
//
// FLAT = 1: global id d steps by 1 when every lower dimension is at its last global id
// and wraps from last_global_id to global_offset; the work-item down-counter ends the
// range as above. A dimension's counter feeds only the dimensions above it, so synthesis
// keeps only the counters up to the highest one the kernel reads (vector_add: x only).
//
// Timing: the first work-item is presented in the cycle after start. Every "last"
// compare is between registers (or a register and 0): no carry chain in front of an
// enable, and the global id's two adders (+ 1, - (local_size - 1)) work from registers
// only; the compares just select among them. (One adder with the operand chosen by the
// compares saves about 50 LUT4 and 30 carries on the iCE40 but put the compares in front
// of the carry chain: a dispatcher harness fell from about 40 to 28 MHz.)
`default_nettype none

module ocl_dispatcher #(
    parameter integer LW      = 32,
    parameter integer SAMPLED = 1,
    parameter integer FLAT    = 0
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire [95:0] local_size,
    input  wire [31:0] work_items_m1,
    input  wire [95:0] global_offset,
    input  wire [95:0] last_global_id,
    output reg         valid,
    input  wire        ready,
    output wire [95:0] global_id,
    output wire [95:0] local_id,
    output wire [95:0] group_id,
    output wire        busy
);
    // Sampled at start: local_size - 1 (LW bits) per dimension (g_groups); global_offset
    // and last_global_id too when SAMPLED, else they are used as they are.
    reg  [31:0]     items_left;  // work-items after the presented one
    wire [95:0]     offset, last_gid;

    // Only the LW bits of a local size are looked at (synthesis drops the CSR bits above).
    /* verilator lint_off UNUSED */
    wire [95:0] ls_in = local_size;
    /* verilator lint_on UNUSED */
    wire empty_range = (ls_in[LW-1:0] == {LW{1'b0}}) | (ls_in[32 +: LW] == {LW{1'b0}}) |
                       (ls_in[64 +: LW] == {LW{1'b0}});
    wire launch = start & ~valid;
    wire step   = valid & ready;
    wire range_last = (items_left == 32'd0);

    always @(posedge clk) begin
        if (launch) begin
            items_left <= work_items_m1;
        end else if (step) begin
            items_left <= items_left - 32'd1;
        end
    end

    generate
        if (SAMPLED != 0) begin : g_sampled
            reg [95:0] offset_r, last_gid_r;
            always @(posedge clk) begin
                if (launch) begin
                    offset_r   <= global_offset;
                    last_gid_r <= last_global_id;
                end
            end
            assign offset   = offset_r;
            assign last_gid = last_gid_r;
        end else begin : g_direct
            assign offset   = global_offset;
            assign last_gid = last_global_id;
        end
    endgenerate

    genvar d;
    generate
        if (FLAT != 0) begin : g_flat
            // at_last[d]: global id d is at its last value; dimension d steps when every
            // lower one is (x steps every item).
            wire [2:0] at_last;
            wire [2:0] steps = {&at_last[1:0], at_last[0], 1'b1};
            assign local_id = 96'd0;
            assign group_id = 96'd0;
            for (d = 0; d < 3; d = d + 1) begin : g_dim
                reg [31:0] glob;
                assign at_last[d] = (glob == last_gid[32*d +: 32]);
                assign global_id[32*d +: 32] = glob;
                always @(posedge clk) begin
                    if (launch)
                        glob <= global_offset[32*d +: 32];
                    else if (step & steps[d])
                        glob <= at_last[d] ? offset[32*d +: 32] : glob + 32'd1;
                end
            end
        end else begin : g_groups
            reg [3*LW-1:0] ls_m1;
            always @(posedge clk) begin
                if (launch)
                    ls_m1 <= {ls_in[64 +: LW] - 1'b1, ls_in[32 +: LW] - 1'b1,
                              ls_in[LW-1:0] - 1'b1};
            end

            // Carry chain, dimension d = 0..2 (x, y, z):
            //   lc_in[d]  local id d advances        lc_out[d] = lc_in[d] & local id d is last
            //   gc_in[d]  group id d advances        gc_out[d] = gc_in[d] & group d is last
            // Built from the per-dim "is last" flags so that the vectors carry no (false)
            // combinational loop. g_last[d] is meaningful only where it is used: when every
            // local id is last (lc_out[2]).
            wire [2:0] l_last, g_last;
            wire [2:0] lc_in, lc_out, gc_in, gc_out;
            assign lc_out = {&l_last[2:0], &l_last[1:0], l_last[0]};
            assign lc_in  = {lc_out[1:0], 1'b1};
            assign gc_out = {&{g_last[2:0], lc_out[2]}, &{g_last[1:0], lc_out[2]}, g_last[0] & lc_out[2]};
            assign gc_in  = {gc_out[1:0], lc_out[2]};

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
                assign g_last[d] = (glob == last_gid[32*d +: 32]);
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
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) valid <= 1'b0;
        else if (launch) valid <= ~empty_range;
        else if (step & range_last) valid <= 1'b0;
    end

    assign busy = valid;
endmodule

`default_nettype wire
