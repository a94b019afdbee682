// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_dispatcher. Runs many NDRanges with random local sizes and
// group counts per dimension (1-D, 2-D and 3-D shapes, local sizes of 1 everywhere, one
// group per dimension, empty ranges: a local size of 0), random offsets (including ones
// that make global ids wrap mod 2^32), under random and constant ready, with launches
// now and then back to back (start in the cycle right after the last work-item is
// accepted). The launch values are those the runtime writes: work_items_m1 = product of
// the global sizes - 1, last_global_id = offset + global size - 1.
// Every accepted work-item is compared against the reference order (x fastest, local
// before group) computed with division and multiplication; the bench also checks that
// busy == valid, that the ids hold while stalled, that exactly the expected number of
// work-items appear (valid low in the cycle after the last one), and that with ready
// held high there is one per clock. A second instance, narrow and unsampled (LW = 5:
// local sizes up to 16; SAMPLED = 0, its inputs held for the whole run as ocl_kernel_csr
// holds them), must match the first one cycle by cycle. Two flat instances (FLAT = 1, one
// sampled, one not) must be valid in the same cycles and present the global ids in
// row-major order of the global range (x fastest), local and group ids 0.
`default_nettype none

module tb_ocl_dispatcher (
    input logic clk
);
    logic        rst = 1'b1;
    logic        start = 1'b0;
    logic [95:0] local_size = '0, global_offset = '0, last_global_id = '0;
    logic [31:0] work_items_m1 = '0;
    logic        valid, ready = 1'b0, busy;
    logic [95:0] global_id, local_id, group_id;

    ocl_dispatcher dut (
        .clk(clk), .rst(rst), .start(start), .local_size(local_size),
        .work_items_m1(work_items_m1), .global_offset(global_offset),
        .last_global_id(last_global_id), .valid(valid), .ready(ready),
        .global_id(global_id), .local_id(local_id), .group_id(group_id), .busy(busy)
    );

    // The narrow instance sees the run's values, set with the start pulse and held
    // until the next one.
    logic [95:0] n_local_size = '0, n_global_offset = '0, n_last_global_id = '0;
    logic [31:0] n_work_items_m1 = '0;
    logic        valid_n, busy_n;
    logic [95:0] global_id_n, local_id_n, group_id_n;
    ocl_dispatcher #(.LW(5), .SAMPLED(0)) dut_narrow (
        .clk(clk), .rst(rst), .start(start), .local_size(n_local_size),
        .work_items_m1(n_work_items_m1), .global_offset(n_global_offset),
        .last_global_id(n_last_global_id), .valid(valid_n), .ready(ready),
        .global_id(global_id_n), .local_id(local_id_n), .group_id(group_id_n),
        .busy(busy_n)
    );

    // The flat instances: the same handshake, the global range in row-major order.
    logic        valid_f, busy_f, valid_fn, busy_fn;
    logic [95:0] global_id_f, local_id_f, group_id_f, global_id_fn, local_id_fn, group_id_fn;
    ocl_dispatcher #(.FLAT(1)) dut_flat (
        .clk(clk), .rst(rst), .start(start), .local_size(local_size),
        .work_items_m1(work_items_m1), .global_offset(global_offset),
        .last_global_id(last_global_id), .valid(valid_f), .ready(ready),
        .global_id(global_id_f), .local_id(local_id_f), .group_id(group_id_f), .busy(busy_f)
    );
    ocl_dispatcher #(.LW(5), .SAMPLED(0), .FLAT(1)) dut_flat_narrow (
        .clk(clk), .rst(rst), .start(start), .local_size(n_local_size),
        .work_items_m1(n_work_items_m1), .global_offset(n_global_offset),
        .last_global_id(n_last_global_id), .valid(valid_fn), .ready(ready),
        .global_id(global_id_fn), .local_id(local_id_fn), .group_id(group_id_fn),
        .busy(busy_fn)
    );

    localparam int RUNS = 600;

    typedef enum int { S_RESET, S_IDLE, S_START, S_RUN } state_t;
    state_t      state = S_RESET;
    int          cyc = 0, run = 0, wait_cycles = 0;
    int          n_empty = 0, n_back_to_back = 0, n_wrapping = 0;
    longint      n = 0, total = 0;
    int          ready_pct = 100;
    logic [31:0] ls[3] = '{0, 0, 0}, ng[3] = '{0, 0, 0}, off[3] = '{0, 0, 0};
    logic [95:0] held_g, held_l, held_w;
    logic        held = 1'b0;
    longint      run_cycles = 0;
    bit          full_speed = 0;

    function automatic logic [31:0] pick_size(int max);
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

    // Reference global ids of work-item number k in the flat (row-major) order.
    function automatic logic [95:0] expected_flat(longint k);
        logic [95:0] g;
        longint r, size;
        r = k;
        for (int d = 0; d < 3; d++) begin
            size = longint'(ls[d]) * longint'(ng[d]);
            g[32*d +: 32] = off[d] + 32'(r % size);
            r = r / size;
        end
        return g;
    endfunction

    // Picks the next range and raises start with its launch values (seen in the next
    // cycle, like ocl_kernel_csr's start pulse after the registers were written).
    task automatic launch_next();
        logic [95:0] lsv, offv, lastv;
        logic [31:0] m1;
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
        case (run % 8)
            1: begin  // 1-D
                ls[1] = 1; ls[2] = 1; ng[1] = 1; ng[2] = 1;
            end
            2: begin  // 2-D
                ls[2] = 1; ng[2] = 1;
            end
            4: for (int d = 0; d < 3; d++) ls[d] = 1;  // work-groups of one item
            5: for (int d = 0; d < 3; d++) ng[d] = 1;  // one work-group
            6: ng[0] = 1;                              // one group along x only
            default: ;
        endcase
        if (full_speed) begin
            ls[0] = 32'd16; ls[1] = 32'd3; ls[2] = 32'd2;
            ng[0] = 32'd3; ng[1] = 32'd2; ng[2] = 32'd2;
        end
        total = 1;
        for (int d = 0; d < 3; d++) total = total * ls[d] * ng[d];
        m1 = 32'(total - 1);
        for (int d = 0; d < 3; d++) begin
            lastv[32*d +: 32] = off[d] + ls[d] * ng[d] - 32'd1;
            if ({1'b0, off[d]} + 33'(ls[d] * ng[d]) > 33'h1_0000_0000) n_wrapping++;
        end
        // An empty range now and then: a local size of 0 (the counts stay random).
        if ($urandom_range(24) == 0) begin
            ls[$urandom_range(2)] = 32'd0;
            total = 0;
            n_empty++;
        end
        lsv = {ls[2], ls[1], ls[0]};
        offv = {off[2], off[1], off[0]};
        local_size <= lsv;
        work_items_m1 <= m1;
        global_offset <= offv;
        last_global_id <= lastv;
        n_local_size <= lsv;
        n_work_items_m1 <= m1;
        n_global_offset <= offv;
        n_last_global_id <= lastv;
        ready_pct = full_speed ? 100 : 20 + 10 * $urandom_range(8);
        start <= 1'b1;
    endtask

    // The run ended (its last work-item accepted, or it was empty): the next one starts
    // now and then back to back, else after an idle gap.
    task automatic end_run();
        run++;
        if (run < RUNS && $urandom_range(3) == 0) begin
            n_back_to_back++;
            launch_next();
            state <= S_START;
        end else begin
            wait_cycles = $urandom_range(3);
            state <= S_IDLE;
        end
    endtask

    always @(posedge clk) begin
        cyc++;
        if (busy !== valid) $error("dispatcher: busy %b != valid %b", busy, valid);
        if (state != S_RESET && ({valid_n, busy_n} !== {valid, busy} ||
            (valid && {global_id_n, local_id_n, group_id_n} !== {global_id, local_id, group_id})))
            $error("dispatcher run %0d: the narrow instance differs (valid %b, ids %h %h %h)",
                   run, valid_n, global_id_n, local_id_n, group_id_n);
        if (state != S_RESET && {valid_f, busy_f, valid_fn, busy_fn} !== {4{valid}})
            $error("dispatcher run %0d: a flat instance's valid or busy differs (%b %b %b %b)",
                   run, valid_f, busy_f, valid_fn, busy_fn);
        if (valid_f && {local_id_f, group_id_f, local_id_fn, group_id_fn} !== '0)
            $error("dispatcher run %0d: a flat instance has local or group ids", run);
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
                    if (n_empty < 5 || n_back_to_back < 50 || n_wrapping < 50)
                        $error("dispatcher: weak coverage: %0d empty, %0d back to back, %0d wrapping",
                               n_empty, n_back_to_back, n_wrapping);
                    $display("PASS tb_ocl_dispatcher (%0d runs: %0d empty, %0d back to back)",
                             RUNS, n_empty, n_back_to_back);
                    $finish;
                end else if (wait_cycles > 0) begin
                    wait_cycles--;
                end else begin
                    launch_next();
                    state <= S_START;
                end
            end
            S_START: begin
                // The start pulse is in this cycle: the previous range is over, so valid is
                // low. Scribble the inputs afterwards to check that they were sampled.
                if (valid) $error("dispatcher run %0d: valid in the start cycle", run);
                start <= 1'b0;
                local_size <= {$urandom, $urandom, $urandom};
                work_items_m1 <= $urandom;
                global_offset <= {$urandom, $urandom, $urandom};
                last_global_id <= {$urandom, $urandom, $urandom};
                n = 0;
                run_cycles = 0;
                held = 1'b0;
                ready <= $urandom_range(99) < ready_pct;
                state <= S_RUN;
            end
            S_RUN: begin
                run_cycles++;
                // A spurious start during the run must be ignored (end_run may override).
                start <= $urandom_range(99) == 0;
                ready <= $urandom_range(99) < ready_pct;
                if (total == 0) begin
                    if (valid) $error("dispatcher run %0d: valid for an empty range", run);
                    start <= 1'b0;
                    end_run();
                end else if (!valid) begin
                    $error("dispatcher run %0d: valid low after %0d of %0d work-items",
                           run, n, total);
                end else begin
                    logic [95:0] g, l, w;
                    expected(n, g, l, w);
                    if (global_id_f !== expected_flat(n) || global_id_fn !== expected_flat(n))
                        $error("dispatcher run %0d item %0d (ls %0d,%0d,%0d ng %0d,%0d,%0d): flat global ids %h and %h, expected %h",
                               run, n, ls[0], ls[1], ls[2], ng[0], ng[1], ng[2], global_id_f,
                               global_id_fn, expected_flat(n));
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
                    if (n == total) begin
                        if (full_speed && run_cycles != total)
                            $error("dispatcher run %0d: %0d items took %0d cycles at ready=1",
                                   run, total, run_cycles);
                        start <= 1'b0;
                        end_run();
                    end
                end
            end
        endcase
    end
endmodule

`default_nettype wire
