// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_dispatcher. Runs many NDRanges with random local sizes,
// group counts (including zero components: no work-items) and offsets (including ones
// that make global ids wrap), under random and constant ready. Every accepted work-item
// is compared against the reference order (x fastest, local before group) computed with
// division and multiplication; the bench also checks that busy == valid, that the ids
// hold while stalled, that exactly the expected number of work-items appear, that busy
// drops right after the last one, and that with ready held high there is one per clock.
// A second instance, narrow and unsampled (LW = 5: local sizes up to 16; SAMPLED = 0, its
// inputs held for the whole run as ocl_kernel_csr holds them), must match the first one
// cycle by cycle.
`default_nettype none

module tb_ocl_dispatcher (
    input logic clk
);
    logic        rst = 1'b1;
    logic        start = 1'b0;
    logic [95:0] local_size = '0, num_groups = '0, global_offset = '0;
    logic        valid, ready = 1'b0, busy;
    logic [95:0] global_id, local_id, group_id;

    ocl_dispatcher dut (
        .clk(clk), .rst(rst), .start(start), .local_size(local_size),
        .num_groups(num_groups), .global_offset(global_offset), .valid(valid),
        .ready(ready), .global_id(global_id), .local_id(local_id), .group_id(group_id),
        .busy(busy)
    );

    // The narrow instance sees the run's values (ls, ng, off below), held during the run.
    logic        valid_n, busy_n;
    logic [95:0] global_id_n, local_id_n, group_id_n;
    ocl_dispatcher #(.LW(5), .SAMPLED(0)) dut_narrow (
        .clk(clk), .rst(rst), .start(start), .local_size({ls[2], ls[1], ls[0]}),
        .num_groups({ng[2], ng[1], ng[0]}), .global_offset({off[2], off[1], off[0]}),
        .valid(valid_n), .ready(ready), .global_id(global_id_n), .local_id(local_id_n),
        .group_id(group_id_n), .busy(busy_n)
    );

    localparam int RUNS = 400;

    typedef enum int { S_RESET, S_IDLE, S_START, S_RUN } state_t;
    state_t      state = S_RESET;
    int          cyc = 0, run = 0, wait_cycles = 0;
    longint      n = 0, total = 0;
    int          ready_pct = 100;
    logic [31:0] ls[3] = '{0, 0, 0}, ng[3] = '{0, 0, 0}, off[3] = '{0, 0, 0};
    logic [95:0] held_g, held_l, held_w;
    logic        held = 1'b0;
    longint      run_cycles = 0;
    bit          full_speed = 0;

    function automatic logic [31:0] pick_size(int max);
        if ($urandom_range(49) == 0) return 32'd0;      // an empty range now and then
        return 32'($urandom_range(max - 1) + 1);
    endfunction

    // Reference ids of work-item number k of the current range.
    task automatic expected(longint k, output logic [95:0] g, output logic [95:0] l,
                            output logic [95:0] w);
        longint r;
        r = k;
        for (int d = 0; d < 3; d++) begin
            l[32*d +: 32] = 32'(r % longint'(ls[d]));
            r = r / longint'(ls[d]);
        end
        for (int d = 0; d < 3; d++) begin
            w[32*d +: 32] = 32'(r % longint'(ng[d]));
            r = r / longint'(ng[d]);
        end
        for (int d = 0; d < 3; d++)
            g[32*d +: 32] = w[32*d +: 32] * ls[d] + l[32*d +: 32] + off[d];
    endtask

    always @(posedge clk) begin
        cyc++;
        if (busy !== valid) $error("dispatcher: busy %b != valid %b", busy, valid);
        if (state != S_RESET && ({valid_n, busy_n} !== {valid, busy} ||
            (valid && {global_id_n, local_id_n, group_id_n} !== {global_id, local_id, group_id})))
            $error("dispatcher run %0d: the narrow instance differs (valid %b, ids %h %h %h)",
                   run, valid_n, global_id_n, local_id_n, group_id_n);
        case (state)
            S_RESET: begin
                if (cyc == 5) begin
                    rst <= 1'b0;
                    state <= S_IDLE;
                end
            end
            S_IDLE: begin
                if (valid) $error("dispatcher: valid while idle (run %0d)", run);
                if (run == RUNS) begin
                    $display("PASS tb_ocl_dispatcher");
                    $finish;
                end else if (wait_cycles > 0) begin
                    wait_cycles--;
                end else begin
                    // New range; a few runs are bigger and at full speed.
                    full_speed = (run % 10 == 3);
                    for (int d = 0; d < 3; d++) begin
                        ls[d] = pick_size(d == 0 ? 7 : 4);
                        ng[d] = pick_size(d == 0 ? 4 : 3);
                        case ($urandom_range(3))
                            0: off[d] = 32'd0;
                            1: off[d] = 32'hFFFF_FFF0 + 32'($urandom_range(15)); // wraps
                            default: off[d] = $urandom;
                        endcase
                    end
                    if (full_speed) begin
                        ls[0] = 32'd16; ls[1] = 32'd3; ls[2] = 32'd2;
                        ng[0] = 32'd3; ng[1] = 32'd2; ng[2] = 32'd2;
                    end
                    total = 1;
                    for (int d = 0; d < 3; d++) total = total * ls[d] * ng[d];
                    local_size <= {ls[2], ls[1], ls[0]};
                    num_groups <= {ng[2], ng[1], ng[0]};
                    global_offset <= {off[2], off[1], off[0]};
                    ready_pct = full_speed ? 100 : 20 + 10 * $urandom_range(8);
                    start <= 1'b1;
                    state <= S_START;
                end
            end
            S_START: begin
                // The start pulse is in this cycle; scribble the inputs afterwards to
                // check that they were sampled.
                start <= 1'b0;
                local_size <= {$urandom, $urandom, $urandom};
                num_groups <= {$urandom, $urandom, $urandom};
                global_offset <= {$urandom, $urandom, $urandom};
                n = 0;
                run_cycles = 0;
                held = 1'b0;
                ready <= $urandom_range(99) < ready_pct;
                state <= S_RUN;
            end
            S_RUN: begin
                run_cycles++;
                if (n == total) begin
                    if (valid) $error("dispatcher run %0d: valid after %0d work-items", run,
                                      total);
                    if (full_speed && run_cycles != total + 1)
                        $error("dispatcher run %0d: %0d items took %0d cycles at ready=1",
                               run, total, run_cycles - 1);
                    run++;
                    wait_cycles = $urandom_range(3);
                    state <= S_IDLE;
                end else if (!valid) begin
                    $error("dispatcher run %0d: valid low after %0d of %0d work-items",
                           run, n, total);
                end else begin
                    logic [95:0] g, l, w;
                    expected(n, g, l, w);
                    if (held && {global_id, local_id, group_id} !== {held_g, held_l, held_w})
                        $error("dispatcher run %0d: ids changed while stalled", run);
                    if (global_id !== g || local_id !== l || group_id !== w)
                        $error("dispatcher run %0d item %0d (ls %0d,%0d,%0d ng %0d,%0d,%0d): got global %h local %h group %h, expected %h %h %h",
                               run, n, ls[0], ls[1], ls[2], ng[0], ng[1], ng[2], global_id,
                               local_id, group_id, g, l, w);
                    if (ready) begin
                        n++;
                        held = 1'b0;
                    end else begin
                        held = 1'b1;
                        held_g = global_id;
                        held_l = local_id;
                        held_w = group_id;
                    end
                end
                ready <= $urandom_range(99) < ready_pct;
                // A spurious start during the run must be ignored.
                start <= (n != total) && $urandom_range(99) == 0;
            end
        endcase
    end
endmodule

`default_nettype wire
