// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_mem_slice (MEM_DW 64, 32 and 512; responses passed on and
// registered). A master offers random reads and writes and holds each until accepted; the
// memory model accepts with random ready and answers reads in order after a random
// latency. Phases change the request and ready rates, including both at 100 %. Checks:
//   - memory receives exactly the accepted requests, in acceptance order, unchanged;
//   - a request accepted in cycle t is offered to memory in cycle t + 1 (never in t), and
//     an offered request stays unchanged until memory accepts it;
//   - at most two requests are held, and m_req_ready is high exactly when fewer than two
//     are (the slice never refuses while it has room);
//   - full throughput: with the master always requesting and memory always ready, one
//     request passes per cycle (m_req_ready never drops);
//   - every response reaches the master with its read's data, in the order of the reads,
//     RSP_REG cycles after memory gave it.
`default_nettype none

module tb_slice_unit #(
    parameter int MEM_DW = 64,
    parameter int AW = 32,
    parameter int RSP_REG = 0,
    parameter int CYCLES = 30000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int SW = MEM_DW / 8;
    localparam int PW = 1 + AW + MEM_DW + SW;

    logic              m_req_valid = 1'b0, m_req_we = 1'b0;
    logic [AW-1:0]     m_req_addr = '0;
    logic [MEM_DW-1:0] m_req_wdata = '0;
    logic [SW-1:0]     m_req_wstrb = '0;
    logic              m_req_ready, m_rsp_valid;
    logic [MEM_DW-1:0] m_rsp_data;
    logic              mem_req_valid, mem_req_ready = 1'b0, mem_req_we;
    logic [AW-1:0]     mem_req_addr;
    logic [MEM_DW-1:0] mem_req_wdata;
    logic [SW-1:0]     mem_req_wstrb;
    logic              mem_rsp_valid = 1'b0;
    logic [MEM_DW-1:0] mem_rsp_data = '0;

    ocl_mem_slice #(.MEM_DW(MEM_DW), .AW(AW), .RSP_REG(RSP_REG)) dut (
        .clk(clk), .rst(rst),
        .m_req_valid(m_req_valid), .m_req_ready(m_req_ready), .m_req_we(m_req_we),
        .m_req_addr(m_req_addr), .m_req_wdata(m_req_wdata), .m_req_wstrb(m_req_wstrb),
        .m_rsp_valid(m_rsp_valid), .m_rsp_data(m_rsp_data),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data)
    );

    // The data memory answers a read of address A with.
    function automatic logic [MEM_DW-1:0] rsp_pattern(logic [AW-1:0] a);
        return MEM_DW'({(MEM_DW / AW + 1){~a}}) ^ MEM_DW'(a);
    endfunction

    logic [PW-1:0]     held[$];         // accepted by the slice, not yet by memory
    longint            held_cycle[$];   // the cycle each was accepted
    logic [AW-1:0]     rd_addr[$];      // reads accepted by the slice, not yet answered
    longint            due_cycle[$];    // memory model: responses due
    logic [AW-1:0]     due_addr[$];
    longint            last_due = 0;
    logic [MEM_DW-1:0] rsp_pipe_data;   // memory's response of the last cycle (RSP_REG)
    logic              rsp_pipe_valid = 1'b0;

    longint cyc = 0;
    int     req_pct = 50, ready_pct = 100, lat_min = 1, lat_max = 3, write_pct = 30;
    logic   prev_stalled = 1'b0;
    logic [PW-1:0] prev_req;
    int     n_full_rate = 0, n_held2 = 0, n_reads = 0;
    initial done = 1'b0;

    always @(posedge clk) begin
        if (rst) begin
            m_req_valid <= 1'b0;
        end else if (!done) begin
            logic   take, fire;
            longint due;
            cyc++;
            take = m_req_valid && m_req_ready;
            fire = mem_req_valid && mem_req_ready;

            // --- request side (held[] is the slice's content at the start of this cycle) ---
            if (m_req_ready !== (held.size() < 2))
                $error("slice %0d cycle %0d: m_req_ready %b while holding %0d", MEM_DW, cyc,
                       m_req_ready, held.size());
            if (mem_req_valid !== (held.size() != 0))
                $error("slice %0d cycle %0d: mem_req_valid %b while holding %0d", MEM_DW, cyc,
                       mem_req_valid, held.size());
            if (held.size() == 2) n_held2++;
            if (held.size() != 0) begin
                if (held_cycle[0] >= cyc)
                    $error("slice %0d cycle %0d: a request offered in its own cycle", MEM_DW, cyc);
                if (mem_req_we !== held[0][PW-1] || mem_req_addr !== held[0][PW-2 -: AW] ||
                    (mem_req_we && {mem_req_wdata, mem_req_wstrb} !== held[0][MEM_DW+SW-1:0]))
                    $error("slice %0d cycle %0d: memory is offered a request out of order or changed",
                           MEM_DW, cyc);
            end
            if (prev_stalled && {mem_req_we, mem_req_addr, mem_req_wdata, mem_req_wstrb} !== prev_req)
                $error("slice %0d cycle %0d: offered request changed before it was accepted",
                       MEM_DW, cyc);
            prev_stalled = mem_req_valid && !mem_req_ready;
            prev_req = {mem_req_we, mem_req_addr, mem_req_wdata, mem_req_wstrb};

            if (fire && held.size() != 0) begin
                void'(held.pop_front());
                void'(held_cycle.pop_front());
                if (!mem_req_we) begin
                    due = cyc + longint'($urandom_range(lat_max, lat_min));
                    last_due = due > last_due ? due : last_due + 1;
                    due_cycle.push_back(last_due);
                    due_addr.push_back(mem_req_addr);
                end
            end
            if (take) begin
                held.push_back({m_req_we, m_req_addr, m_req_wdata, m_req_wstrb});
                held_cycle.push_back(cyc);
                if (!m_req_we) rd_addr.push_back(m_req_addr);
            end
            // (two cycles after a phase change: the slice may still hold two then)
            if (req_pct == 100 && ready_pct == 100 && m_req_valid && cyc % 400 > 2) begin
                n_full_rate++;
                if (!m_req_ready)
                    $error("slice %0d cycle %0d: refused a request at full rate", MEM_DW, cyc);
            end

            // --- response side ---
            if (RSP_REG != 0) begin
                if (m_rsp_valid !== rsp_pipe_valid ||
                    (m_rsp_valid && m_rsp_data !== rsp_pipe_data))
                    $error("slice %0d cycle %0d: registered response differs from memory's",
                           MEM_DW, cyc);
                rsp_pipe_valid = mem_rsp_valid;
                rsp_pipe_data = mem_rsp_data;
            end else if (m_rsp_valid !== mem_rsp_valid ||
                         (m_rsp_valid && m_rsp_data !== mem_rsp_data)) begin
                $error("slice %0d cycle %0d: response not passed on", MEM_DW, cyc);
            end
            if (m_rsp_valid) begin
                if (rd_addr.size() == 0) begin
                    $error("slice %0d: response without a read", MEM_DW);
                end else begin
                    logic [AW-1:0] a;
                    a = rd_addr.pop_front();
                    n_reads++;
                    if (m_rsp_data !== rsp_pattern(a))
                        $error("slice %0d cycle %0d: response %h, expected the read of %h",
                               MEM_DW, cyc, m_rsp_data, a);
                end
            end

            // --- next stimulus ---
            if (cyc % 400 == 0) begin
                case ($urandom_range(4))
                    0: begin lat_min = 1; lat_max = 1; ready_pct = 100; req_pct = 100; end
                    1: begin lat_min = 2; lat_max = 9; ready_pct = 90; req_pct = 80; end
                    2: begin lat_min = 1; lat_max = 4; ready_pct = 40; req_pct = 100; end
                    3: begin lat_min = 1; lat_max = 2; ready_pct = 100; req_pct = 100; end
                    default: begin lat_min = 1; lat_max = 12; ready_pct = 70; req_pct = 30; end
                endcase
                write_pct = 10 * $urandom_range(6);
            end
            if (cyc >= longint'(CYCLES)) req_pct = 0;  // drain, then finish
            if (!m_req_valid || m_req_ready) begin
                m_req_valid <= $urandom_range(99) < req_pct;
                m_req_we <= $urandom_range(99) < write_pct;
                m_req_addr <= AW'({$urandom, $urandom});
                m_req_wdata <= MEM_DW'({(MEM_DW / 32 + 1){$urandom}});
                m_req_wstrb <= SW'({$urandom, $urandom});
            end
            mem_req_ready <= $urandom_range(99) < ready_pct;
            if (due_cycle.size() != 0 && due_cycle[0] == cyc + 1) begin
                void'(due_cycle.pop_front());
                mem_rsp_valid <= 1'b1;
                mem_rsp_data <= rsp_pattern(due_addr.pop_front());
            end else begin
                mem_rsp_valid <= 1'b0;
                mem_rsp_data <= MEM_DW'({(MEM_DW / 32 + 1){$urandom}});
            end

            if (cyc >= longint'(CYCLES) && held.size() == 0 && rd_addr.size() == 0 &&
                due_cycle.size() == 0 && !rsp_pipe_valid) begin
                if (n_full_rate < 1000 || n_held2 < 100 || n_reads < 1000)
                    $error("slice %0d: weak coverage: %0d full-rate cycles, %0d with two held, %0d reads",
                           MEM_DW, n_full_rate, n_held2, n_reads);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_mem_slice (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [2:0] done;
    tb_slice_unit #(.MEM_DW(64),  .AW(32), .RSP_REG(0)) u1 (.clk(clk), .rst(rst), .done(done[0]));
    tb_slice_unit #(.MEM_DW(32),  .AW(20), .RSP_REG(1)) u2 (.clk(clk), .rst(rst), .done(done[1]));
    tb_slice_unit #(.MEM_DW(512), .AW(32), .RSP_REG(0)) u3 (.clk(clk), .rst(rst), .done(done[2]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_mem_slice");
            $finish;
        end
    end
endmodule

`default_nettype wire
