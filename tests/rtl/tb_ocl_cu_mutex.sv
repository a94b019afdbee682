// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_cu_mutex: N = 1, 3 and 4. The units play compute units with
// global atomics: each wants the lock at random (running or not), and a unit holding it
// starts bursts of atomic activity (busy) of random length; a unit never starts a burst
// without the lock and a burst runs to its end even if the unit stops wanting. Checked in
// every cycle:
//   - hold is one-hot or 0; take is exactly the units that hold now and did not before
//   - a busy unit holds the lock: it never moves away from a unit while that unit is busy
//     (the bench only raises busy while the unit holds, so a move under busy shows here)
//   - with no holder, a wanting unit gets it at the next edge
//   - the holder keeps it while no other unit wants it
//   - a wanting unit waits for at most N moves of the lock (round-robin), and with N > 1
//     every unit held it and the lock moved between units
`default_nettype none

module tb_cu_mutex_unit #(
    parameter int N = 3,
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    logic [N-1:0] want = '0, busy;
    logic [N-1:0] hold, take;
    // A unit's atomic activity: a burst in progress (bursting), or one it starts in this
    // cycle, which it can only do while it holds the lock (as a kernel fires only then).
    logic [N-1:0] bursting = '0, start = '0;
    assign busy = bursting | (start & hold);

    ocl_cu_mutex #(.N(N)) dut (
        .clk(clk), .rst(rst), .want(want), .busy(busy), .hold(hold), .take(take)
    );

    logic [N-1:0] prev_hold = '0, prev_want = '0, prev_busy = '0;
    int           burst[N];   // cycles of activity left (0: not busy)
    int           waits[N];   // moves of the lock while the unit wanted it and did not hold it
    int           held_count[N];
    int           moves = 0;
    int           cyc = 0;

    always @(posedge clk) begin
        if (rst) begin
            done <= 1'b0;
            prev_hold <= '0;
            for (int u = 0; u < N; u++) begin
                burst[u] = 0;
                waits[u] = 0;
                held_count[u] = 0;
            end
        end else if (!done) begin
            // Outputs of this cycle against the inputs of the last one.
            if ($countones(hold) > 1)
                $error("cu_mutex N%0d: hold %b is not one-hot", N, hold);
            if (take != (hold & ~prev_hold))
                $error("cu_mutex N%0d: take %b, hold %b after %b", N, take, hold, prev_hold);
            if ((prev_busy & ~hold) != '0)
                $error("cu_mutex N%0d: the lock left busy unit(s) %b (hold %b)", N, prev_busy, hold);
            if (prev_hold == '0 && prev_want != '0 && hold == '0)
                $error("cu_mutex N%0d: no holder although %b wanted", N, prev_want);
            if (prev_hold != '0 && (prev_want & ~prev_hold) == '0 && hold != prev_hold)
                $error("cu_mutex N%0d: moved from %b to %b with no other unit wanting", N,
                       prev_hold, hold);
            if (hold != prev_hold && prev_hold != '0 && hold != '0) begin
                moves++;
                for (int u = 0; u < N; u++) begin
                    if (hold[u]) waits[u] = 0;
                    else if (prev_want[u]) begin
                        waits[u]++;
                        if (waits[u] > N)
                            $error("cu_mutex N%0d: unit %0d wanted through %0d moves", N, u,
                                   waits[u]);
                    end
                end
            end
            for (int u = 0; u < N; u++) begin
                if (hold[u]) held_count[u]++;
                if (!want[u]) waits[u] = 0;
            end
            // Units: a burst runs down; one started in this cycle (start & hold) lasts 1..6
            // cycles in all.
            for (int u = 0; u < N; u++) begin
                if (burst[u] > 0) burst[u]--;
                else if (start[u] && hold[u]) burst[u] = $urandom_range(0, 5);
            end
            prev_hold <= hold;
            prev_want <= want;
            prev_busy <= busy;
            for (int u = 0; u < N; u++) begin
                bursting[u] <= burst[u] > 0;
                start[u] <= $urandom_range(3) == 0;
                // phases: mostly wanting, sometimes a unit drops out for a while
                want[u] <= (cyc / 500) % 4 == 3 ? u == 0 : $urandom_range(7) != 0;
            end
            cyc++;
            if (cyc == CYCLES) begin
                for (int u = 0; u < N; u++)
                    if (held_count[u] == 0) $error("cu_mutex N%0d: unit %0d never held it", N, u);
                if (N > 1 && moves == 0) $error("cu_mutex N%0d: the lock never moved", N);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_cu_mutex (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [2:0] done;
    tb_cu_mutex_unit #(.N(1)) u1 (.clk(clk), .rst(rst), .done(done[0]));
    tb_cu_mutex_unit #(.N(3)) u3 (.clk(clk), .rst(rst), .done(done[1]));
    tb_cu_mutex_unit #(.N(4)) u4 (.clk(clk), .rst(rst), .done(done[2]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_cu_mutex");
            $finish;
        end
    end
endmodule

`default_nettype wire
