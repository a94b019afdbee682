// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_delay_line: several WIDTH/DELAY instances, each driven with
// random data and a random clock enable (long stalls, bursts, and a second reset midway)
// and compared every cycle against DELAY registers in a chain: once DELAY enabled edges
// have passed since reset, q must equal the chain's last register. With and without the
// output register (OUT_REG).
`default_nettype none

module tb_delay_unit #(
    parameter int WIDTH = 8,
    parameter int DELAY = 2,
    parameter int OUT_REG = 0,
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    logic             en = 1'b0;
    logic [WIDTH-1:0] d = '0;
    logic [WIDTH-1:0] q;

    ocl_delay_line #(.WIDTH(WIDTH), .DELAY(DELAY), .OUT_REG(OUT_REG)) dut (
        .clk(clk), .rst(rst), .en(en), .d(d), .q(q)
    );

    // The reference: the register chain the delay line replaces.
    logic [WIDTH-1:0] chain[DELAY];
    int               filled = 0;  // enabled edges since reset (saturating at DELAY)
    int               cyc = 0, n_checked = 0, n_held = 0, en_pct = 50;
    initial done = 1'b0;

    always @(posedge clk) begin
        if (rst) begin
            filled <= 0;
            en     <= 1'b0;
        end else if (!done) begin
            if (filled == DELAY) begin
                if (q !== chain[DELAY-1])
                    $error("delay W%0d D%0d R%0d cycle %0d: q=%h, chain holds %h", WIDTH, DELAY,
                           OUT_REG, cyc, q, chain[DELAY-1]);
                n_checked++;
                if (!en) n_held++;
            end
            if (en) begin
                for (int i = DELAY - 1; i > 0; i--) chain[i] <= chain[i-1];
                chain[0] <= d;
                if (filled < DELAY) filled <= filled + 1;
            end

            // Next stimulus; the enable's duty changes every 50 cycles.
            if (cyc % 50 == 0) begin
                case ($urandom_range(3))
                    0: en_pct = 100;
                    1: en_pct = 10;
                    2: en_pct = 0;
                    default: en_pct = 60;
                endcase
            end
            en <= $urandom_range(99) < en_pct;
            d  <= WIDTH'({$urandom, $urandom, $urandom});
            cyc++;
            if (cyc == CYCLES) begin
                if (n_checked < CYCLES / 2 || n_held == 0)
                    $error("delay W%0d D%0d: weak coverage (%0d cycles checked, %0d held)",
                           WIDTH, DELAY, n_checked, n_held);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_delay_line (
    input logic clk
);
    // Reset at the start and again at cycle 9000: the pointers must set apart again.
    logic rst = 1'b1;
    int   cyc = 0;
    always @(posedge clk) begin
        cyc <= cyc + 1;
        rst <= cyc < 4 || (cyc >= 9000 && cyc < 9003);
    end

    logic [10:0] done;
    tb_delay_unit #(.WIDTH(1),  .DELAY(2))  u1 (.clk(clk), .rst(rst), .done(done[0]));
    tb_delay_unit #(.WIDTH(16), .DELAY(3))  u2 (.clk(clk), .rst(rst), .done(done[1]));
    tb_delay_unit #(.WIDTH(40), .DELAY(6))  u3 (.clk(clk), .rst(rst), .done(done[2]));
    tb_delay_unit #(.WIDTH(8),  .DELAY(8))  u4 (.clk(clk), .rst(rst), .done(done[3]));
    tb_delay_unit #(.WIDTH(33), .DELAY(9))  u5 (.clk(clk), .rst(rst), .done(done[4]));
    tb_delay_unit #(.WIDTH(5),  .DELAY(17)) u6 (.clk(clk), .rst(rst), .done(done[5]));
    tb_delay_unit #(.WIDTH(70), .DELAY(4))  u7 (.clk(clk), .rst(rst), .done(done[6]));
    // With the output register (the ECP5's delay lines), and DELAY 2 where it is ignored.
    tb_delay_unit #(.WIDTH(16), .DELAY(3),  .OUT_REG(1)) r1 (.clk(clk), .rst(rst), .done(done[7]));
    tb_delay_unit #(.WIDTH(33), .DELAY(9),  .OUT_REG(1)) r2 (.clk(clk), .rst(rst), .done(done[8]));
    tb_delay_unit #(.WIDTH(5),  .DELAY(17), .OUT_REG(1)) r3 (.clk(clk), .rst(rst), .done(done[9]));
    tb_delay_unit #(.WIDTH(1),  .DELAY(2),  .OUT_REG(1)) r4 (.clk(clk), .rst(rst), .done(done[10]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_delay_line");
            $finish;
        end
    end
endmodule

`default_nettype wire
