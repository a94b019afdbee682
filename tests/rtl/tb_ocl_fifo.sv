// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fifo: several WIDTH/DEPTH instances, each driven with random
// push/pop (phases that favour filling, draining and balance, so full and empty are hit
// often, including push-when-full and pop-when-empty) and compared every cycle against a
// queue model: empty, full, count and the head must match exactly. u7 asks for block RAM
// (BLOCK_RAM = 1, as a loop's back FIFO on an iCE40 may): the same behaviour. u8..u11 keep
// the head in a register of its own (HEAD_REG = 1, as a loop's FIFOs on the ECP5).
`default_nettype none

module tb_fifo_unit #(
    parameter int WIDTH = 8,
    parameter int DEPTH = 1,
    parameter int BLOCK_RAM = 0,
    parameter int HEAD_REG = 0,
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int CW = $clog2(DEPTH + 1);

    logic             push = 1'b0;
    logic             pop = 1'b0;
    logic [WIDTH-1:0] push_data = '0;
    logic [WIDTH-1:0] pop_data;
    logic             empty, full;
    logic [CW-1:0]    count;

`ifdef OCL_FIFO_GATE
    // run_gate_fifo.sh: yosys' iCE40 netlist of ocl_fifo (WIDTH 17, DEPTH 8, BLOCK_RAM 1).
    ocl_fifo_gate dut (
`else
    ocl_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .BLOCK_RAM(BLOCK_RAM), .HEAD_REG(HEAD_REG)) dut (
`endif
        .clk(clk), .rst(rst), .push(push), .push_data(push_data), .pop(pop),
        .pop_data(pop_data), .empty(empty), .full(full), .count(count)
    );

    logic [WIDTH-1:0] model[$];
    int               cyc = 0;
    int               push_pct = 50, pop_pct = 50;
    int               n_full_push_pop = 0, n_full = 0, n_empty_pop = 0;
    initial done = 1'b0;

    always @(posedge clk) begin
        if (rst) begin
            model.delete();
            push <= 1'b0;
            pop  <= 1'b0;
        end else if (!done) begin
            // Check the registered outputs against the model before this edge.
            if (empty !== (model.size() == 0))
                $error("fifo W%0d D%0d cycle %0d: empty=%b, model holds %0d", WIDTH, DEPTH,
                       cyc, empty, model.size());
            if (full !== (model.size() == DEPTH))
                $error("fifo W%0d D%0d cycle %0d: full=%b, model holds %0d", WIDTH, DEPTH,
                       cyc, full, model.size());
            if (int'(count) != model.size())
                $error("fifo W%0d D%0d cycle %0d: count=%0d, model holds %0d", WIDTH, DEPTH,
                       cyc, count, model.size());
            if (model.size() != 0 && pop_data !== model[0])
                $error("fifo W%0d D%0d cycle %0d: head %h, expected %h", WIDTH, DEPTH, cyc,
                       pop_data, model[0]);

            // Apply this cycle's operations to the model: pop frees a slot when full.
            begin
                bit do_pop, do_push;
                do_pop  = pop && model.size() != 0;
                do_push = push && (model.size() < DEPTH || do_pop);
                if (full) n_full++;
                if (full && push && pop) n_full_push_pop++;
                if (empty && pop) n_empty_pop++;
                if (do_pop) void'(model.pop_front());
                if (do_push) model.push_back(push_data);
            end

            // Next stimulus; the push/pop mix changes every 64 cycles.
            if (cyc % 64 == 0) begin
                case ($urandom_range(3))
                    0: begin push_pct = 85; pop_pct = 30; end
                    1: begin push_pct = 30; pop_pct = 85; end
                    2: begin push_pct = 100; pop_pct = 100; end
                    default: begin push_pct = 60; pop_pct = 60; end
                endcase
            end
            push      <= $urandom_range(99) < push_pct;
            pop       <= $urandom_range(99) < pop_pct;
            push_data <= WIDTH'({$urandom, $urandom, $urandom});
            cyc++;
            if (cyc == CYCLES) begin
                if (n_full == 0 || n_full_push_pop == 0 || n_empty_pop == 0)
                    $error("fifo W%0d D%0d: weak coverage (full %0d, full+push+pop %0d, pop when empty %0d)",
                           WIDTH, DEPTH, n_full, n_full_push_pop, n_empty_pop);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_fifo (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [10:0] done;
    tb_fifo_unit #(.WIDTH(8),  .DEPTH(1)) u1 (.clk(clk), .rst(rst), .done(done[0]));
    tb_fifo_unit #(.WIDTH(16), .DEPTH(2)) u2 (.clk(clk), .rst(rst), .done(done[1]));
    tb_fifo_unit #(.WIDTH(5),  .DEPTH(3)) u3 (.clk(clk), .rst(rst), .done(done[2]));
    tb_fifo_unit #(.WIDTH(32), .DEPTH(4)) u4 (.clk(clk), .rst(rst), .done(done[3]));
    tb_fifo_unit #(.WIDTH(1),  .DEPTH(7)) u5 (.clk(clk), .rst(rst), .done(done[4]));
    tb_fifo_unit #(.WIDTH(70), .DEPTH(16)) u6 (.clk(clk), .rst(rst), .done(done[5]));
    tb_fifo_unit #(.WIDTH(17), .DEPTH(8), .BLOCK_RAM(1)) u7 (.clk(clk), .rst(rst), .done(done[6]));
    tb_fifo_unit #(.WIDTH(16), .DEPTH(2), .HEAD_REG(1)) u8 (.clk(clk), .rst(rst), .done(done[7]));
    tb_fifo_unit #(.WIDTH(5),  .DEPTH(3), .HEAD_REG(1)) u9 (.clk(clk), .rst(rst), .done(done[8]));
    tb_fifo_unit #(.WIDTH(40), .DEPTH(32), .HEAD_REG(1)) u10 (.clk(clk), .rst(rst), .done(done[9]));
    tb_fifo_unit #(.WIDTH(17), .DEPTH(8), .BLOCK_RAM(1), .HEAD_REG(1))
        u11 (.clk(clk), .rst(rst), .done(done[10]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_fifo");
            $finish;
        end
    end
endmodule

// The same checks on the synthesised netlist of the BLOCK_RAM unit (u7's parameters):
// yosys' block RAM with its emulated read-after-write must behave as the RTL does.
module tb_ocl_fifo_gate (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic done;
    tb_fifo_unit #(.WIDTH(17), .DEPTH(8)) u7 (.clk(clk), .rst(rst), .done(done));

    always @(posedge clk) begin
        if (done) begin
            $display("PASS tb_ocl_fifo_gate");
            $finish;
        end
    end
endmodule

`default_nettype wire
