// SPDX-License-Identifier: MIT
//
// ice40_reset_sync: the reset of an iCE40 shell. Holds rst high from configuration until
// the PLL has been locked for HOLD_CYCLES clock cycles, and again whenever lock is lost.
//
// iCE40 flip-flops start at 0 after configuration, so "in reset" is the all-zero state:
// `ready` starts 0 (rst = 1) without relying on initial values. The lock input comes from
// the PLL, asynchronous to clk, so it passes a 2-FF synchroniser first. rst is released
// synchronously (it is a register output), as the shell's synchronous resets expect.
`default_nettype none

module ice40_reset_sync #(
    parameter integer HOLD_CYCLES = 16      // >= 2: cycles of clk between lock and release
) (
    input  wire clk,
    input  wire pll_lock,                   // asynchronous; 1 = clk is stable
    output wire rst                         // synchronous, active high
);
    localparam integer CW = $clog2(HOLD_CYCLES + 1);
    localparam [CW-1:0] LAST = HOLD_CYCLES[CW-1:0];

    reg [1:0]    lock_s = 2'b00;            // synchroniser; 0 = not locked
    reg [CW-1:0] count = {CW{1'b0}};
    reg          ready = 1'b0;              // 0 = in reset (the power-on state)

    always @(posedge clk) begin
        lock_s <= {lock_s[0], pll_lock};
        if (!lock_s[1]) begin
            count <= {CW{1'b0}};
            ready <= 1'b0;
        end else if (count != LAST) begin
            count <= count + {{(CW - 1){1'b0}}, 1'b1};
        end else begin
            ready <= 1'b1;
        end
    end

    assign rst = !ready;
endmodule

`default_nettype wire
