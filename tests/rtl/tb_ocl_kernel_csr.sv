// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_kernel_csr (NUM_ARG_WORDS = 1, 5 and 480, the whole 2 KB window;
// and 3 with READBACK = 0, where the launch registers and argument words read 0). Random
// register writes and reads over the whole window (mapped, read-only and unmapped offsets,
// unaligned byte lanes), CTRL writes with and without bit 0, and a kernel model that answers each
// start pulse with a busy period of random length (0 = never busy); busy is sometimes
// raised outside a run too. A register model checks every output every cycle and every
// read result one cycle after csr_rd; STATUS/CYCLES follow the run rules of the module
// header, and CYCLES at the end of each run must be 1 + the busy length. The dispatcher's
// launch registers LAST_GLOBAL_ID (0x60-0x68) and WORK_ITEMS_M1 (0x70) are among the
// registers written, read and checked, and the words next to them (0x5C, 0x6C, 0x74) must
// stay unmapped. One unit has a 5-bit CYCLES counter (CYCLE_BITS = 5): runs of up to 41
// cycles make it wrap, and its upper bits must read 0.
`default_nettype none

module tb_csr_unit #(
    parameter int NA = 1,
    parameter int RB = 1,
    parameter int CB = 64,
    parameter int CYCLES = 40000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    logic             csr_wr = 1'b0, csr_rd = 1'b0;
    logic [10:0]      csr_addr = '0;
    logic [31:0]      csr_wdata = '0;
    logic [31:0]      csr_rdata;
    logic             start;
    logic [31:0]      work_dim;
    logic [95:0]      global_offset, global_size, local_size, num_groups, last_global_id;
    logic [31:0]      work_items_m1;
    logic [NA*32-1:0] args;
    logic             busy = 1'b0;

    ocl_kernel_csr #(.NUM_ARG_WORDS(NA), .READBACK(RB), .CYCLE_BITS(CB)) dut (
        .clk(clk), .rst(rst), .csr_wr(csr_wr), .csr_rd(csr_rd), .csr_addr(csr_addr),
        .csr_wdata(csr_wdata), .csr_rdata(csr_rdata), .start(start), .work_dim(work_dim),
        .global_offset(global_offset), .global_size(global_size), .local_size(local_size),
        .num_groups(num_groups), .last_global_id(last_global_id),
        .work_items_m1(work_items_m1), .args(args), .busy(busy)
    );

    // Register model, word-indexed (0..511: the 2 KB window).
    logic [31:0] regs[512];
    logic        m_start = 1'b0, m_running = 1'b0, m_done = 1'b0;
    logic [63:0] m_cycles = '0;  // kept modulo 2^CB
    localparam logic [63:0] CYCLES_MASK = CB == 64 ? '1 : (64'd1 << CB) - 64'd1;
    logic [31:0] m_rdata = '0;
    logic        rd_pending = 1'b0;

    // Kernel model.
    int busy_left = 0, run_len = 0, spurious_left = 0;
    int cyc = 0, n_runs = 0, n_ignored = 0;
    initial done = 1'b0;

    function automatic bit writable(int w);
        return w == 2 || (w >= 4 && w <= 6) || (w >= 8 && w <= 10) || (w >= 12 && w <= 14) ||
               (w >= 16 && w <= 18) || (w >= 24 && w <= 26) || w == 28 ||
               (w >= 32 && w < 32 + NA);
    endfunction

    function automatic logic [31:0] read_value(int w);
        if (w == 1) return {30'd0, m_done, busy | m_running};
        if (w == 20) return m_cycles[31:0];
        if (w == 21) return m_cycles[63:32];
        if (writable(w) && RB != 0) return regs[w];
        return 32'd0;
    endfunction

    function automatic logic [10:0] pick_addr();
        logic [8:0] w;
        case ($urandom_range(10))
            0: w = 9'd0;
            1: w = 9'd1;
            2: w = 9'(20 + $urandom_range(1));
            3, 4: w = 9'(32 + $urandom_range(NA - 1));
            5: w = 9'($urandom_range(511));
            6: w = 9'(23 + $urandom_range(7));  // around LAST_GLOBAL_ID, WORK_ITEMS_M1
            7: w = 9'(32 + NA - 1 + $urandom_range(2));  // the last argument word and past it
            default: w = 9'(2 + $urandom_range(17));
        endcase
        return {w, 2'($urandom_range(3))};
    endfunction

    initial for (int w = 0; w < 512; w++) regs[w] = '0;

    always @(posedge clk) begin
        if (rst) begin
            csr_wr <= 1'b0;
            csr_rd <= 1'b0;
        end else if (!done) begin
            int w;
            logic was_running;
            cyc++;
            w = {23'd0, csr_addr[10:2]};
            // Outputs against the model (values before this edge).
            if (start !== m_start) $error("csr NA%0d cycle %0d: start %b, expected %b", NA, cyc,
                                           start, m_start);
            if (work_dim !== regs[2]) $error("csr NA%0d: work_dim %h, expected %h", NA,
                                              work_dim, regs[2]);
            if (global_offset !== {regs[6], regs[5], regs[4]} ||
                global_size !== {regs[10], regs[9], regs[8]} ||
                local_size !== {regs[14], regs[13], regs[12]} ||
                num_groups !== {regs[18], regs[17], regs[16]} ||
                last_global_id !== {regs[26], regs[25], regs[24]} ||
                work_items_m1 !== regs[28])
                $error("csr NA%0d cycle %0d: a size/offset output differs from the model", NA,
                       cyc);
            for (int i = 0; i < NA; i++)
                if (args[32*i +: 32] !== regs[32 + i])
                    $error("csr NA%0d: arg %0d is %h, expected %h", NA, i, args[32*i +: 32],
                           regs[32 + i]);
            if (rd_pending && csr_rdata !== m_rdata)
                $error("csr NA%0d cycle %0d: read returned %h, expected %h", NA, cyc, csr_rdata,
                       m_rdata);
            // 0 but in the cycle after a read: the system ORs its kernels' answers
            if (!rd_pending && csr_rdata !== 32'd0)
                $error("csr NA%0d cycle %0d: read data %h with no read", NA, cyc, csr_rdata);

            // Model update for this cycle's inputs (a start needs the run flag before this
            // edge to be clear).
            was_running = m_running;
            rd_pending = csr_rd;
            if (csr_rd) m_rdata = read_value(w);
            if (m_start) begin
                // The kernel model answers the start pulse.
                run_len = $urandom_range(3) == 0 ? 0 : $urandom_range(40);
                busy_left = run_len;
                n_runs++;
            end
            if (m_running && !m_start && !busy) begin
                m_running = 1'b0;
                m_done = 1'b1;
                if (m_cycles != ((64'(run_len) + 64'd1) & CYCLES_MASK))
                    $error("csr NA%0d: CYCLES %0d after a busy period of %0d", NA, m_cycles,
                           run_len);
            end else if (m_running) begin
                m_cycles = (m_cycles + 1) & CYCLES_MASK;
            end
            m_start = 1'b0;
            if (csr_wr && w == 0 && csr_wdata[0]) begin
                if (!busy && !was_running) begin
                    m_start = 1'b1;
                    m_running = 1'b1;
                    m_done = 1'b0;
                    m_cycles = '0;
                end else begin
                    n_ignored++;
                end
            end
            if (csr_wr && writable(w)) regs[w] = csr_wdata;

            // Next busy: the run's busy period, else now and then a spurious one outside
            // runs (never overlapping a start pulse).
            if (!m_running && busy_left == 0 && spurious_left == 0 &&
                $urandom_range(199) == 0)
                spurious_left = $urandom_range(1, 6);
            if (busy_left > 0) begin
                busy <= 1'b1;
                busy_left--;
            end else if (spurious_left > 0) begin
                busy <= 1'b1;
                spurious_left--;
            end else begin
                busy <= 1'b0;
            end

            // Next bus operation.
            csr_wr <= 1'b0;
            csr_rd <= 1'b0;
            csr_addr <= pick_addr();
            csr_wdata <= $urandom_range(3) == 0 ? 32'($urandom_range(1)) : $urandom;
            case ($urandom_range(5))
                0, 1: csr_wr <= 1'b1;
                2, 3: csr_rd <= 1'b1;
                4: begin csr_wr <= 1'b1; csr_rd <= 1'b1; end
                default: ;
            endcase
            if (cyc == CYCLES) begin
                if (n_runs < 50 || n_ignored < 20)
                    $error("csr NA%0d: weak coverage: %0d runs, %0d ignored starts", NA, n_runs,
                           n_ignored);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_kernel_csr (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [4:0] done;
    tb_csr_unit #(.NA(1)) u1 (.clk(clk), .rst(rst), .done(done[0]));
    tb_csr_unit #(.NA(480)) u480 (.clk(clk), .rst(rst), .done(done[4]));
    tb_csr_unit #(.NA(2), .RB(0), .CB(5)) u2_wrap (.clk(clk), .rst(rst), .done(done[3]));
    tb_csr_unit #(.NA(5)) u5 (.clk(clk), .rst(rst), .done(done[1]));
    tb_csr_unit #(.NA(3), .RB(0)) u3_wo (.clk(clk), .rst(rst), .done(done[2]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_kernel_csr");
            $finish;
        end
    end
endmodule

`default_nettype wire
