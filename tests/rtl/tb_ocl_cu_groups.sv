// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_cu_groups: N = 1, 3 and 4 units. Each instance runs launches
// of random 1-, 2- and 3-D ranges (local sizes 1..4 per dimension, 1..4 groups per
// dimension, random offsets, some near 2^32 so the ids wrap; now and then a local size of
// 0: no groups). The units play compute units: a unit asks for a group while it is idle
// and then holds the group for a random number of cycles (0..6), so they ask in every
// pattern. Checked in every cycle:
//   - grant is one-hot or 0, only to an asking unit, and 0 only when no unit asks or no
//     group is left (busy low)
//   - the presented group is the next one of the model's walk (x fastest): its group_id,
//     group_offset (offset + id * local size), group_last and group_items_m1
//   - busy is high exactly while groups are left; after the last one it falls
//   - round-robin: a unit that keeps asking is granted within N grants
//   - every group of a launch is granted exactly once (the walk's count), and with
//     N > 1 every unit gets groups over the run.
`default_nettype none

module tb_cu_groups_unit #(
    parameter int N = 3,
    parameter int LAUNCHES = 300
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    logic         start = 1'b0;
    logic [95:0]  local_size = '0, global_offset = '0, last_global_id = '0;
    logic [N-1:0] req = '0;
    logic [N-1:0] grant;
    logic [95:0]  group_id, group_offset, group_last;
    logic [31:0]  group_items_m1;
    logic         busy;

    ocl_cu_groups #(.N(N)) dut (
        .clk(clk), .rst(rst), .start(start), .local_size(local_size),
        .global_offset(global_offset), .last_global_id(last_global_id), .req(req),
        .grant(grant), .group_id(group_id), .group_offset(group_offset),
        .group_last(group_last), .group_items_m1(group_items_m1), .busy(busy)
    );

    // The launch: sizes per dimension, and the model's next group.
    int unsigned ls[3], ng[3], off[3];
    int unsigned g[3];        // next group to be granted
    int          left = 0;    // groups not yet granted
    int          hold[N];     // cycles a unit still works on its group (-1: idle)
    int          waited[N];   // grants to others while this unit asked
    int          got[N];      // groups each unit took over the run
    int          launches = 0;
    int          phase = 0;   // 0: idle, about to start; 1: started; 2: running

    function automatic bit check_group();
        bit ok = 1'b1;
        for (int d = 0; d < 3; d++) begin
            int unsigned first = off[d] + g[d] * ls[d];
            if (group_id[32*d +: 32] != g[d]) ok = 1'b0;
            if (group_offset[32*d +: 32] != first) ok = 1'b0;
            if (group_last[32*d +: 32] != first + ls[d] - 1) ok = 1'b0;
        end
        if (group_items_m1 != ls[0] * ls[1] * ls[2] - 1) ok = 1'b0;
        return ok;
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            done <= 1'b0;
            for (int u = 0; u < N; u++) begin
                hold[u] = -1;
                waited[u] = 0;
                got[u] = 0;
            end
        end else if (!done) begin
            bit any_req = |req;
            // Outputs of this cycle.
            if (busy != (left > 0) && phase == 2)
                $error("cu_groups N%0d: busy %0d with %0d groups left", N, busy, left);
            if ((grant & ~req) != '0 || $countones(grant) > 1)
                $error("cu_groups N%0d: grant %b for req %b", N, grant, req);
            if (phase == 2 && left > 0 && any_req && grant == '0)
                $error("cu_groups N%0d: nothing granted to req %b", N, req);
            if (grant != '0) begin
                if (!check_group())
                    $error("cu_groups N%0d: group %0d,%0d,%0d presented as id %h offset %h last %h items-1 %0d",
                           N, g[0], g[1], g[2], group_id, group_offset, group_last,
                           group_items_m1);
                for (int u = 0; u < N; u++) begin
                    if (grant[u]) begin
                        hold[u] = $urandom_range(6);
                        waited[u] = 0;
                        got[u]++;
                    end else if (req[u]) begin
                        waited[u]++;
                        if (waited[u] >= N)
                            $error("cu_groups N%0d: unit %0d asked through %0d grants", N, u,
                                   waited[u]);
                    end else begin
                        waited[u] = 0;
                    end
                end
                left--;
                g[0]++;
                if (g[0] == ng[0]) begin
                    g[0] = 0;
                    g[1]++;
                    if (g[1] == ng[1]) begin
                        g[1] = 0;
                        g[2]++;
                    end
                end
            end
            // Units: work on the group, then ask (a unit may also wait a while).
            for (int u = 0; u < N; u++)
                if (hold[u] >= 0) hold[u]--;
            start <= 1'b0;
            if (phase == 0) begin
                int dims = $urandom_range(1, 3);
                left = 1;
                for (int d = 0; d < 3; d++) begin
                    ls[d] = d < dims ? $urandom_range(1, 4) : 1;
                    ng[d] = d < dims ? $urandom_range(1, 4) : 1;
                    off[d] = $urandom_range(3) == 0 ? 32'hFFFF_FFF0 + $urandom_range(15)
                                                    : $urandom_range(100);
                    g[d] = 0;
                    left *= ng[d];
                end
                local_size <= {ls[2], ls[1], ls[0]};
                if ($urandom_range(15) == 0) begin
                    local_size[32 * $urandom_range(2) +: 32] <= 32'd0;
                    left = 0;
                end
                global_offset <= {off[2], off[1], off[0]};
                last_global_id <= {off[2] + ng[2] * ls[2] - 1, off[1] + ng[1] * ls[1] - 1,
                                   off[0] + ng[0] * ls[0] - 1};
                start <= 1'b1;
                phase = 1;
            end else if (phase == 1) begin
                if (busy) $error("cu_groups N%0d: busy in the cycle of start", N);
                phase = 2;
            end else if (left == 0 && !busy) begin
                launches++;
                phase = 0;
                // A start while busy is ignored: tried in the middle of a launch below.
            end else if (left > 0 && $urandom_range(63) == 0) begin
                start <= 1'b1;  // ignored (the model does not restart)
            end
            for (int u = 0; u < N; u++)
                req[u] <= hold[u] < 0 && $urandom_range(7) != 0;
            if (launches == LAUNCHES) begin
                for (int u = 0; u < N; u++)
                    if (got[u] == 0) $error("cu_groups N%0d: unit %0d never got a group", N, u);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_cu_groups (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [2:0] done;
    tb_cu_groups_unit #(.N(1)) u1 (.clk(clk), .rst(rst), .done(done[0]));
    tb_cu_groups_unit #(.N(3)) u3 (.clk(clk), .rst(rst), .done(done[1]));
    tb_cu_groups_unit #(.N(4)) u4 (.clk(clk), .rst(rst), .done(done[2]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_cu_groups");
            $finish;
        end
    end
endmodule

`default_nettype wire
