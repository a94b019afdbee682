// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_div: every W in {8,16,32,64}, unsigned and signed. Operands
// mix edge values (0, 1, -1, MIN, MAX, powers of two, divide by zero, MIN / -1) with
// random ones; en is random (with long stalls). A model shifts the expected results
// through a W+2 deep queue on every enabled edge, and quot/rem are compared with the
// oldest entry in every cycle (also while stalled: the outputs must hold).
`default_nettype none

module tb_div_unit #(
    parameter int W = 8,
    parameter int SIGNED = 0,
    parameter int CHECKS = 6000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int LATENCY = W + 2;

    logic         en = 1'b0;
    logic [W-1:0] a = '0, b = '0;
    logic [W-1:0] quot, rem;

    ocl_div #(.W(W), .SIGNED(SIGNED)) dut (
        .clk(clk), .en(en), .a(a), .b(b), .quot(quot), .rem(rem)
    );

    localparam logic [W-1:0] MIN = {1'b1, {(W - 1){1'b0}}};
    localparam logic [W-1:0] MAX = {1'b0, {(W - 1){1'b1}}};

    function automatic logic [W-1:0] pick_operand();
        logic [W-1:0] v;
        v = W'({$urandom, $urandom});
        case ($urandom_range(11))
            0: return '0;
            1: return W'(1);
            2: return '1;
            3: return MIN;
            4: return MAX;
            5: return W'(1) << $urandom_range(W - 1);
            6: return v >> $urandom_range(W - 1);          // small magnitude
            7: return -(v >> $urandom_range(W - 1));       // small negative
            default: return v;
        endcase
    endfunction

    // C semantics, computed independently of the DUT's algorithm.
    function automatic logic [2*W-1:0] reference(logic [W-1:0] x, logic [W-1:0] y);
        logic [W-1:0] q, r;
        if (y == 0) begin
            r = x;
            if (SIGNED != 0 && x[W-1]) q = W'(1);
            else q = '1;
        end else if (SIGNED != 0 && x == MIN && y == '1) begin
            q = MIN;
            r = '0;
        end else if (SIGNED != 0) begin
            q = W'($signed(x) / $signed(y));
            r = W'($signed(x) % $signed(y));
        end else begin
            q = x / y;
            r = x % y;
        end
        return {q, r};
    endfunction

    logic [2*W-1:0] pipe[$];
    logic [2*W-1:0] expect_out = '0;
    logic           expect_valid = 1'b0;
    int             checks = 0, stall_left = 0;
    initial done = 1'b0;

    always @(posedge clk) begin
        if (rst) begin
            en <= 1'b0;
        end else if (!done) begin
            if (expect_valid) begin
                if ({quot, rem} !== expect_out)
                    $error("div W%0d SIGNED%0d: got quot %h rem %h, expected quot %h rem %h",
                           W, SIGNED, quot, rem, expect_out[2*W-1:W], expect_out[W-1:0]);
                checks++;
            end
            if (en) begin
                pipe.push_back(reference(a, b));
                if (pipe.size() == LATENCY) begin
                    expect_out = pipe.pop_front();
                    expect_valid = 1'b1;
                end
            end
            // Stimulus: mostly enabled, random single-cycle and long stalls.
            if (stall_left > 0) begin
                stall_left--;
                en <= 1'b0;
            end else if ($urandom_range(99) < 3) begin
                stall_left = $urandom_range(2 * LATENCY);
                en <= 1'b0;
            end else begin
                en <= $urandom_range(99) < 80;
            end
            a <= pick_operand();
            b <= pick_operand();
            if (checks >= CHECKS) done <= 1'b1;
        end
    end
endmodule

module tb_ocl_div (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [7:0] done;
    tb_div_unit #(.W(8),  .SIGNED(0)) u8u  (.clk(clk), .rst(rst), .done(done[0]));
    tb_div_unit #(.W(8),  .SIGNED(1)) u8s  (.clk(clk), .rst(rst), .done(done[1]));
    tb_div_unit #(.W(16), .SIGNED(0)) u16u (.clk(clk), .rst(rst), .done(done[2]));
    tb_div_unit #(.W(16), .SIGNED(1)) u16s (.clk(clk), .rst(rst), .done(done[3]));
    tb_div_unit #(.W(32), .SIGNED(0)) u32u (.clk(clk), .rst(rst), .done(done[4]));
    tb_div_unit #(.W(32), .SIGNED(1)) u32s (.clk(clk), .rst(rst), .done(done[5]));
    tb_div_unit #(.W(64), .SIGNED(0)) u64u (.clk(clk), .rst(rst), .done(done[6]));
    tb_div_unit #(.W(64), .SIGNED(1)) u64s (.clk(clk), .rst(rst), .done(done[7]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_div");
            $finish;
        end
    end
endmodule

`default_nettype wire
