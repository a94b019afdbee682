// SPDX-License-Identifier: MIT
//
// ref_top: ref_vector_add on the iCEBreaker for synthesis (tests/bench/bench_ref_vector_add.sh):
// the design, its 64-bit SPRAM memory, and the least host interface that keeps synthesis
// from folding the run's parameters into constants: a 57-bit shift register clocked in on
// one pin (a_line, b_line, c_line, n) and a start pin, busy on the green LED, and the parity
// of each line read on a pin (else nothing would observe the memory, and synthesis would
// remove it with the adders). Clocked
// straight from the 12 MHz oscillator pin; nextpnr reports the Fmax the design would reach
// behind a PLL.
`default_nettype none

module ref_top (
    input  wire clk,
    input  wire cfg_bit,
    input  wire cfg_shift,
    input  wire cfg_start,
    output wire led_green_n,
    output reg  read_parity
);
    reg  [56:0] cfg;
    reg  [2:0]  start_sync;
    reg  [3:0]  por = 4'd0; // power-on reset: iCE40 flip-flops start at 0
    wire        rst = !por[3];
    wire        busy;
    wire [13:0] mem_addr;
    wire        mem_we;
    wire [3:0]  mem_wmask;
    wire [63:0] mem_wdata, mem_rdata;

    always @(posedge clk) begin
        if (!por[3])
            por <= por + 1'b1;
        if (cfg_shift)
            cfg <= {cfg[55:0], cfg_bit};
        start_sync <= {start_sync[1:0], cfg_start};
        read_parity <= ^mem_rdata;
    end

    ref_vector_add #(
        .AW(14)
    ) u_add (
        .clk(clk),
        .rst(rst),
        .start(start_sync[1] & !start_sync[2]),
        .a_line(cfg[56:43]),
        .b_line(cfg[42:29]),
        .c_line(cfg[28:15]),
        .n(cfg[14:0]),
        .busy(busy),
        .mem_addr(mem_addr),
        .mem_we(mem_we),
        .mem_wmask(mem_wmask),
        .mem_wdata(mem_wdata),
        .mem_rdata(mem_rdata)
    );

    ref_spram64 u_mem (
        .clk(clk),
        .addr(mem_addr),
        .we(mem_we),
        .wmask(mem_wmask),
        .wdata(mem_wdata),
        .rdata(mem_rdata)
    );

    assign led_green_n = !busy;
endmodule

`default_nettype wire
