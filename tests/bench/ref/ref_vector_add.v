// SPDX-License-Identifier: MIT
//
// ref_vector_add: the hand-written reference that issue 7 measures the compiler against.
// c[i] = a[i] + b[i] over 32-bit ints in the iCEBreaker's global memory, the UP5K's four
// SPRAMs side by side as one 64-bit wide, single-ported memory (board-support/ice40/
// ice40_spram_mem.v's layout): each 64-bit line holds two ints, so a pair of work-items is
// one read of a's line, one read of b's line and one write of c's line, 3 cycles for 2
// work-items (1.5 cycles per work-item). The three accesses of consecutive pairs follow one
// another back to back: the memory is busy every cycle.
//
// Parameters
//   AW     line address bits (14: 16K lines of 64 bits = 128 KiB)
//
// Ports
//   start            1-cycle pulse: run with a_line, b_line, c_line (line addresses of the
//                    arrays, each 8-byte aligned) and n (number of ints)
//   busy             high from the cycle after start until the last line is written
//   mem_*            the memory: mem_addr, mem_we, mem_wmask (one bit per 16-bit half, as
//                    the SPRAM's MASKWREN), mem_wdata; mem_rdata is the line read by the
//                    access of the previous cycle (SPRAM read latency 1)
`default_nettype none

module ref_vector_add #(
    parameter integer AW = 14
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          start,
    input  wire [AW-1:0] a_line,
    input  wire [AW-1:0] b_line,
    input  wire [AW-1:0] c_line,
    input  wire [AW:0]   n,
    output reg           busy,
    output reg  [AW-1:0] mem_addr,
    output reg           mem_we,
    output reg  [3:0]    mem_wmask,
    output wire [63:0]   mem_wdata,
    input  wire [63:0]   mem_rdata
);
    // One line per pair of work-items: phase 0 reads a, 1 reads b, 2 writes c.
    localparam [1:0] READ_A = 2'd0, READ_B = 2'd1, WRITE_C = 2'd2;

    reg  [1:0]    phase;
    reg  [AW-1:0] line;   // the pair being processed
    reg  [AW-1:0] lines;  // pairs in all: ceil(n / 2)
    reg           odd;    // n is odd: the last line holds one int
    reg  [63:0]   a_data;

    wire last = line == lines - 1'b1;

    // c's line: both halves added (a carry never crosses from the low int to the high one).
    assign mem_wdata = {a_data[63:32] + mem_rdata[63:32], a_data[31:0] + mem_rdata[31:0]};

    always @(posedge clk) begin
        if (rst) begin
            busy <= 1'b0;
        end else if (start) begin
            busy  <= n != 0;
            phase <= READ_A;
            line  <= {AW{1'b0}};
            lines <= n[AW:1] + {{(AW - 1){1'b0}}, n[0]};
            odd   <= n[0];
        end else if (busy) begin
            case (phase)
                READ_A:  phase <= READ_B;
                READ_B:  phase <= WRITE_C;
                default: begin
                    phase <= READ_A;
                    line  <= line + 1'b1;
                    busy  <= !last;
                end
            endcase
        end
        if (phase == READ_B)
            a_data <= mem_rdata; // a's line, read in READ_A
    end

    // This cycle's access, from the registered state through one adder.
    always @(*) begin
        case (phase)
            READ_A:  mem_addr = a_line + line;
            READ_B:  mem_addr = b_line + line;
            default: mem_addr = c_line + line;
        endcase
        mem_we    = busy && phase == WRITE_C;
        mem_wmask = last && odd ? 4'b0011 : 4'b1111;
    end
endmodule

`default_nettype wire
