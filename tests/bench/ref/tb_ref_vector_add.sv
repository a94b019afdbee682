// SPDX-License-Identifier: MIT
//
// Self-checking bench of the reference vector_add (ref_vector_add.v) on the UP5K's SPRAMs
// (ref_spram64.v over yosys' SB_SPRAM256KA model): the bench fills a and b through the
// memory port, starts a run, counts the cycles until busy falls, and checks every line of
// c (and that the line after an odd n's last int keeps its high half). Prints the cycles
// per work-item for bench_ref_vector_add.sh.
`default_nettype none
// The bench drives from initial blocks with nonblocking assignments on purpose (below).
/* verilator lint_off INITIALDLY */

module tb_ref_vector_add (
    input logic clk
);
    localparam int AW = 14;
    localparam logic [AW-1:0] A = 14'd16, B = 14'd4000, C = 14'd9000;

    logic          rst = 1'b1, start = 1'b0;
    logic [AW:0]   n = '0;
    wire           busy;
    wire  [AW-1:0] dut_addr;
    wire           dut_we;
    wire  [3:0]    dut_wmask;
    wire  [63:0]   dut_wdata, rdata;
    logic          tb_owns = 1'b1;   // the bench drives the memory port
    logic [AW-1:0] tb_addr = '0;
    logic          tb_we = 1'b0;
    logic [63:0]   tb_wdata = '0;

    ref_vector_add #(.AW(AW)) u_dut (
        .clk(clk), .rst(rst), .start(start), .a_line(A), .b_line(B), .c_line(C), .n(n),
        .busy(busy), .mem_addr(dut_addr), .mem_we(dut_we), .mem_wmask(dut_wmask),
        .mem_wdata(dut_wdata), .mem_rdata(rdata));

    ref_spram64 u_mem (
        .clk(clk), .addr(tb_owns ? tb_addr : dut_addr), .we(tb_owns ? tb_we : dut_we),
        .wmask(tb_owns ? 4'b1111 : dut_wmask), .wdata(tb_owns ? tb_wdata : dut_wdata),
        .rdata(rdata));

    function automatic logic [31:0] a_val(int i); return 32'h9E37_79B9 * i + 32'd12345; endfunction
    function automatic logic [31:0] b_val(int i); return 32'h7FFF_FFF0 - 32'd977 * i; endfunction

    // The bench drives with nonblocking assignments right after a rising edge (the design
    // samples them at the next one) and samples the memory's output at the falling edge.
    task automatic write_line(input logic [AW-1:0] addr, input logic [63:0] data);
        tb_addr <= addr;
        tb_wdata <= data;
        tb_we <= 1'b1;
        @(posedge clk);
        tb_we <= 1'b0;
    endtask

    task automatic read_line(input logic [AW-1:0] addr, output logic [63:0] data);
        tb_addr <= addr;
        @(posedge clk);
        @(negedge clk);
        data = rdata;
        @(posedge clk);
    endtask

    int errors = 0;

    task automatic run(input int count);
        logic [63:0] line;
        int cycles;
        for (int p = 0; p < (count + 1) / 2 + 1; p++) begin
            write_line(A + AW'(p), {a_val(2 * p + 1), a_val(2 * p)});
            write_line(B + AW'(p), {b_val(2 * p + 1), b_val(2 * p)});
            write_line(C + AW'(p), {32'hDEAD_BEEF, 32'hDEAD_BEEF});
        end
        n <= 15'(count);
        tb_owns <= 1'b0;
        start <= 1'b1;
        @(posedge clk);
        start <= 1'b0;
        @(posedge clk);
        cycles = 1;
        while (busy) begin
            @(posedge clk);
            cycles++;
        end
        tb_owns <= 1'b1;
        for (int p = 0; p < (count + 1) / 2 + 1; p++) begin
            read_line(C + AW'(p), line);
            for (int h = 0; h < 2; h++) begin
                int i = 2 * p + h;
                logic [31:0] want = i < count ? a_val(i) + b_val(i) : 32'hDEAD_BEEF;
                if (line[32*h+:32] !== want) begin
                    if (errors < 10)
                        $display("n=%0d: c[%0d] = %08x, want %08x", count, i, line[32*h+:32], want);
                    errors++;
                end
            end
        end
        $display("ref_vector_add: n=%0d, %0d cycles, %.3f cycles per work-item", count, cycles,
                 real'(cycles) / real'(count));
    endtask

    initial begin
        repeat (4) @(posedge clk);
        rst <= 1'b0;
        run(1);
        run(7);
        run(1000);
        run(1001);
        if (errors != 0) $error("%0d wrong results", errors);
        else $display("PASS tb_ref_vector_add");
        $finish;
    end
endmodule

`default_nettype wire
