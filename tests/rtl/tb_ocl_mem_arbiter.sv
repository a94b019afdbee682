// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_mem_arbiter (N = 1, 2, 3, 4, 9, 13: below and from 8 masters,
// where the one-hot outputs are shifts; small and large tag FIFOs).
// Each master offers random reads and writes and holds them until accepted; the memory
// model accepts with random ready and answers reads in order after a random latency
// (phases of fast and very slow memory so that the tag FIFO fills). Checks:
//   - every accepted memory request is exactly the request of the one master whose
//     m_req_ready is high, and m_req_ready only goes to a valid master;
//   - a request offered but not accepted is offered unchanged in the next cycle;
//   - responses reach the master that issued the read, in order, with its data;
//   - reads in flight never exceed TAGQ_DEPTH (N > 1), the limit is reached, and writes
//     still pass while it is reached;
//   - round-robin: an eligible master waits for at most N-1 grants to others.
`default_nettype none

module tb_arb_unit #(
    parameter int N = 2,
    parameter int MEM_DW = 64,
    parameter int TAGQ_DEPTH = 4,
    parameter int CYCLES = 30000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int AW = 32;
    localparam int SW = MEM_DW / 8;

    logic [N-1:0]          m_req_valid = '0, m_req_we = '0;
    logic [N-1:0]          m_req_ready, m_rsp_valid;
    logic [N*AW-1:0]       m_req_addr = '0;
    logic [N*MEM_DW-1:0]   m_req_wdata = '0;
    logic [N*SW-1:0]       m_req_wstrb = '0;
    logic [MEM_DW-1:0]     m_rsp_data;
    logic                  mem_req_valid, mem_req_ready = 1'b0, mem_req_we;
    logic [AW-1:0]         mem_req_addr;
    logic [MEM_DW-1:0]     mem_req_wdata;
    logic [SW-1:0]         mem_req_wstrb;
    logic                  mem_rsp_valid = 1'b0;
    logic [MEM_DW-1:0]     mem_rsp_data = '0;

    ocl_mem_arbiter #(.N(N), .MEM_DW(MEM_DW), .AW(AW), .TAGQ_DEPTH(TAGQ_DEPTH)) dut (
        .clk(clk), .rst(rst),
        .m_req_valid(m_req_valid), .m_req_ready(m_req_ready), .m_req_we(m_req_we),
        .m_req_addr(m_req_addr), .m_req_wdata(m_req_wdata), .m_req_wstrb(m_req_wstrb),
        .m_rsp_valid(m_rsp_valid), .m_rsp_data(m_rsp_data),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data)
    );

    // Reads accepted by memory, in order: which master, and the token memory returns.
    int          rd_master[$];
    logic [31:0] rd_token[$];
    // Memory model: responses due (cycle, token).
    longint      due_cycle[$];
    logic [31:0] due_token[$];
    longint      last_due = 0;

    longint      cyc = 0;
    logic [31:0] token = 32'd1;
    int          req_pct = 50, ready_pct = 100, lat_min = 1, lat_max = 3, write_pct = 30;
    int          waits[N];
    logic        prev_stalled = 1'b0;
    logic [AW+MEM_DW+SW:0] prev_req;
    int          n_full = 0, n_write_while_full = 0, n_grants = 0;
    initial done = 1'b0;
    initial for (int i = 0; i < N; i++) waits[i] = 0;

    function automatic logic [MEM_DW-1:0] rsp_pattern(logic [31:0] t);
        return {(MEM_DW / 32){t}};
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            m_req_valid <= '0;
        end else if (!done) begin
            int     granted;
            int     n_ready;
            logic   fire;
            int     in_flight;
            longint due;
            cyc++;
            fire = mem_req_valid && mem_req_ready;
            in_flight = rd_master.size();

            // --- request side ---
            n_ready = 0;
            granted = -1;
            for (int i = 0; i < N; i++) begin
                if (m_req_ready[i]) begin
                    n_ready++;
                    granted = i;
                    if (!m_req_valid[i]) $error("arb N%0d: ready to master %0d which is not valid",
                                                N, i);
                end
            end
            if (n_ready != (fire ? 1 : 0))
                $error("arb N%0d cycle %0d: %0d masters ready, memory fire %b", N, cyc, n_ready,
                       fire);
            if (fire && granted >= 0) begin
                if (mem_req_we !== m_req_we[granted] ||
                    mem_req_addr !== m_req_addr[granted*AW +: AW] ||
                    (mem_req_we && (mem_req_wdata !== m_req_wdata[granted*MEM_DW +: MEM_DW] ||
                                    mem_req_wstrb !== m_req_wstrb[granted*SW +: SW])))
                    $error("arb N%0d cycle %0d: memory got a request that is not master %0d's",
                           N, cyc, granted);
                if (!mem_req_we) begin
                    rd_master.push_back(granted);
                    rd_token.push_back(token);
                    due_token.push_back(token);
                    due = cyc + longint'($urandom_range(lat_max, lat_min));
                    last_due = due > last_due ? due : last_due + 1;
                    due_cycle.push_back(last_due);
                    token++;
                end
                n_grants++;
            end
            if (prev_stalled && (!mem_req_valid ||
                                 {mem_req_we, mem_req_addr, mem_req_wdata, mem_req_wstrb} !== prev_req))
                $error("arb N%0d cycle %0d: offered request changed before it was accepted", N,
                       cyc);
            prev_stalled = mem_req_valid && !mem_req_ready;
            prev_req = {mem_req_we, mem_req_addr, mem_req_wdata, mem_req_wstrb};

            // Round-robin bound and tag-FIFO limit.
            if (N > 1) begin
                if (in_flight > TAGQ_DEPTH)
                    $error("arb N%0d: %0d reads in flight, tag FIFO holds %0d", N, in_flight,
                           TAGQ_DEPTH);
                if (in_flight == TAGQ_DEPTH) begin
                    n_full++;
                    if (fire && !mem_req_we)
                        $error("arb N%0d: read granted with a full tag FIFO", N);
                    if (fire && mem_req_we) n_write_while_full++;
                end
            end
            for (int i = 0; i < N; i++) begin
                logic eligible;
                eligible = m_req_valid[i] && (m_req_we[i] || N == 1 || in_flight < TAGQ_DEPTH);
                if (!eligible || granted == i) waits[i] = 0;
                else if (fire) begin
                    waits[i]++;
                    if (waits[i] > N - 1)
                        $error("arb N%0d: master %0d passed over %0d times", N, i, waits[i]);
                end
            end

            // --- response side ---
            if (mem_rsp_valid) begin
                int who;
                logic [31:0] t;
                if (rd_master.size() == 0) begin
                    $error("arb N%0d: response without a read", N);
                end else begin
                    who = rd_master.pop_front();
                    t = rd_token.pop_front();
                    if (m_rsp_valid !== (N'(1) << who))
                        $error("arb N%0d cycle %0d: response for master %0d went to %b", N, cyc,
                               who, m_rsp_valid);
                    if (m_rsp_data !== rsp_pattern(t))
                        $error("arb N%0d: response data %h, expected token %h", N, m_rsp_data, t);
                end
            end else if (m_rsp_valid !== '0) begin
                $error("arb N%0d: m_rsp_valid %b without a memory response", N, m_rsp_valid);
            end

            // --- next stimulus ---
            if (cyc % 500 == 0) begin
                case ($urandom_range(4))
                    0: begin lat_min = 1; lat_max = 2; ready_pct = 100; req_pct = 90; end
                    1: begin lat_min = 20; lat_max = 40; ready_pct = 90; req_pct = 80; end
                    4: begin lat_min = 80; lat_max = 120; ready_pct = 100; req_pct = 90; end
                    2: begin lat_min = 1; lat_max = 8; ready_pct = 40; req_pct = 50; end
                    default: begin lat_min = 3; lat_max = 12; ready_pct = 70; req_pct = 30; end
                endcase
                write_pct = 10 + 10 * $urandom_range(5);
            end
            if (cyc >= longint'(CYCLES)) req_pct = 0;  // drain, then finish
            for (int i = 0; i < N; i++) begin
                if (!m_req_valid[i] || m_req_ready[i]) begin
                    logic nv;
                    nv = $urandom_range(99) < req_pct;
                    m_req_valid[i] <= nv;
                    m_req_we[i] <= $urandom_range(99) < write_pct;
                    m_req_addr[i*AW +: AW] <= AW'({$urandom, 6'b0} >> $urandom_range(8));
                    m_req_wdata[i*MEM_DW +: MEM_DW] <= MEM_DW'({(MEM_DW / 32 + 1){$urandom}});
                    m_req_wstrb[i*SW +: SW] <= SW'({$urandom, $urandom});
                end
            end
            mem_req_ready <= $urandom_range(99) < ready_pct;
            if (due_cycle.size() != 0 && due_cycle[0] == cyc + 1) begin
                void'(due_cycle.pop_front());
                mem_rsp_valid <= 1'b1;
                mem_rsp_data <= rsp_pattern(due_token.pop_front());
            end else begin
                mem_rsp_valid <= 1'b0;
                mem_rsp_data <= MEM_DW'({(MEM_DW / 32 + 1){$urandom}});
            end

            if (cyc >= longint'(CYCLES) && rd_master.size() == 0) begin
                if (N > 1 && (n_full == 0 || n_write_while_full == 0))
                    $error("arb N%0d: weak coverage: tag FIFO full %0d cycles, %0d writes then",
                           N, n_full, n_write_while_full);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_mem_arbiter (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [6:0] done;
    tb_arb_unit #(.N(1), .MEM_DW(64),  .TAGQ_DEPTH(4))  u1 (.clk(clk), .rst(rst), .done(done[0]));
    tb_arb_unit #(.N(2), .MEM_DW(64),  .TAGQ_DEPTH(4))  u2 (.clk(clk), .rst(rst), .done(done[1]));
    tb_arb_unit #(.N(3), .MEM_DW(32),  .TAGQ_DEPTH(5))  u3 (.clk(clk), .rst(rst), .done(done[2]));
    tb_arb_unit #(.N(4), .MEM_DW(128), .TAGQ_DEPTH(16)) u4 (.clk(clk), .rst(rst), .done(done[3]));
    tb_arb_unit #(.N(2), .MEM_DW(512), .TAGQ_DEPTH(64)) u5 (.clk(clk), .rst(rst), .done(done[4]));
    tb_arb_unit #(.N(9), .MEM_DW(32),  .TAGQ_DEPTH(6))  u6 (.clk(clk), .rst(rst), .done(done[5]));
    tb_arb_unit #(.N(13), .MEM_DW(64), .TAGQ_DEPTH(3))  u7 (.clk(clk), .rst(rst), .done(done[6]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_mem_arbiter");
            $finish;
        end
    end
endmodule

`default_nettype wire
