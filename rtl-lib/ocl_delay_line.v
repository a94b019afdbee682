// SPDX-License-Identifier: MIT
//
// ocl_delay_line: DELAY registers in a chain, all with one clock enable, kept in a block
// RAM instead of flip-flops.
//
// A value carried through many pipeline stages costs one flip-flop per bit per stage, and
// on the iCE40 each of those flip-flops takes a whole logic cell (its LUT only passes the
// bit on). Here the chain is a circular buffer: every enabled cycle writes the input at
// the write pointer and reads the entry written DELAY - 1 enabled cycles before into the
// RAM's output register, so the output behaves exactly like the last register of the chain.
//
// Parameters
//   WIDTH  bits carried (>= 1)
//   DELAY  registers replaced (>= 2): q after the k-th enabled clock edge is d as it was at
//          the (k - DELAY + 1)-th. Before DELAY enabled edges since reset q is undefined,
//          as an unreset register chain's last stage would be.
//   OUT_REG 1: the RAM's read register feeds one more register, read an entry earlier
//          (DELAY >= 3; ignored below), so q comes from a flip-flop: an ECP5 DP16KD's read
//          data leaves the block about 5.8 ns after the clock without its output register
//          (nextpnr-ecp5's timing of the ULX3S build), a long path into the logic it feeds.
//          The iCE40's block RAM is fast enough without, and there a flip-flop per bit costs
//          a logic cell.
//
// Ports
//   en     the chain's clock enable (a pipeline segment's !stall)
//   d, q   the chain's input and its last register
//   rst    sets the pointers apart (the output data is not reset)
`default_nettype none

module ocl_delay_line #(
    parameter integer WIDTH   = 16,
    parameter integer DELAY   = 4,
    parameter integer OUT_REG = 0
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             en,
    input  wire [WIDTH-1:0] d,
    output wire [WIDTH-1:0] q
);
    // A power-of-two depth lets the pointers wrap by themselves.
    localparam integer AW    = DELAY > 2 ? $clog2(DELAY) : 1;
    localparam integer DEPTH = 1 << AW;
    localparam integer OREG  = OUT_REG != 0 && DELAY >= 3 ? 1 : 0;
    localparam integer LAG   = DELAY - 1 - OREG;

    // The read pointer trails the write pointer by DELAY - 1 entries, never equal to it
    // (DELAY >= 2), so a read never meets the write of the same cycle: no bypass logic.
    (* ram_style = "block", no_rw_check *)
    reg [WIDTH-1:0] mem [0:DEPTH-1];
    reg [AW-1:0]    wr_ptr, rd_ptr;

    always @(posedge clk) begin
        if (rst) begin
            wr_ptr <= LAG[AW-1:0];
            rd_ptr <= {AW{1'b0}};
        end else if (en) begin
            wr_ptr <= wr_ptr + 1'b1;
            rd_ptr <= rd_ptr + 1'b1;
        end
    end

    reg [WIDTH-1:0] rd_data;
    always @(posedge clk) begin
        if (en) begin
            mem[wr_ptr] <= d;
            rd_data <= mem[rd_ptr];
        end
    end

    generate
        if (OREG != 0) begin : g_out_reg
            reg [WIDTH-1:0] q_r;
            always @(posedge clk)
                if (en)
                    q_r <= rd_data;
            assign q = q_r;
        end else begin : g_ram_out
            assign q = rd_data;
        end
    endgenerate
endmodule

`default_nettype wire
