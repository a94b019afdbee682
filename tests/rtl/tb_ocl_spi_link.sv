// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_spi_link for MEM_DW 8, 32 and 128. Each unit has an SPI
// master model (bit-level, SCLK half periods of 2+ clk cycles, i.e. SCLK <= clk/4), a
// host model that builds frames (docs/host-link-protocol.md) and parses the answers like
// a real host, a byte-array memory behind the global-memory port (random req_ready and
// read latency) and a CSR register model (random read latency).
//   Phase 1 (exact): memory always ready, latency 2, CSR latency 1, SCLK = clk/4: every
//     frame must be answered within the wait bound of the protocol document.
//   Phase 2 (random): random commands, addresses, lengths, SCLK rates and faults:
//     flipped request bits, dropped and repeated request bytes, a missing SCLK pulse,
//     CS_n raised mid-frame, flipped answer bits, a repeated frame (same sequence
//     number), bad commands, and an abort while a read is stalled (the next frame must
//     be answered BUSY). A faulty request must never be answered OK and never executed;
//     a corrupted answer must be rejected by the host (or be unchanged). Every failed
//     attempt is retried with the same sequence number; a retried write that was already
//     executed must be answered OK_DUP. After every attempt the memory and the CSR model
//     must equal the reference, including the number of CSR writes and line writes.
`default_nettype none

module tb_spi_unit #(
    parameter int MEM_DW = 32,
    parameter int EXACT_OPS = 40,
    parameter int OPS = 220
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int BPL = MEM_DW / 8;
    localparam int MEMB = 4096;
    localparam logic [7:0] CMD_MW = 8'h01, CMD_MR = 8'h02, CMD_CW = 8'h03, CMD_CR = 8'h04,
                           CMD_POLL = 8'h05;
    localparam logic [7:0] ST_OK = 8'hA0, ST_DUP = 8'hA1, ST_BUSY = 8'hB0,
                           ST_CRC = 8'hE0, ST_CMD = 8'hE1;
    // Faults.
    localparam int F_NONE = 0, F_FLIP = 1, F_DROP = 2, F_REPEAT = 3, F_TRUNC = 4,
                   F_RSP_FLIP = 5, F_SLIP = 6, F_ABORT = 7;

    // ------------------------------------------------------------------ DUT
    logic              sclk = 1'b0, cs_n = 1'b1, mosi = 1'b1;
    logic              miso, miso_oe;
    logic              csr_wr, csr_rd;
    logic [31:0]       csr_addr, csr_wdata;
    logic [31:0]       csr_rdata = '0;
    logic              csr_rvalid = 1'b0;
    logic              mem_req_valid, mem_req_we;
    logic              mem_req_ready = 1'b1;
    logic [31:0]       mem_req_addr;
    logic [MEM_DW-1:0] mem_req_wdata;
    logic [BPL-1:0]    mem_req_wstrb;
    logic              mem_rsp_valid = 1'b0;
    logic [MEM_DW-1:0] mem_rsp_data = '0;
    logic [31:0]       poll_status = '0;

    ocl_spi_link #(.MEM_DW(MEM_DW)) dut (
        .clk(clk), .rst(rst),
        .spi_sclk(sclk), .spi_cs_n(cs_n), .spi_mosi(mosi), .spi_miso(miso),
        .spi_miso_oe(miso_oe),
        .csr_wr(csr_wr), .csr_rd(csr_rd), .csr_addr(csr_addr), .csr_wdata(csr_wdata),
        .csr_rdata(csr_rdata), .csr_rvalid(csr_rvalid),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_we(mem_req_we), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_rsp_valid(mem_rsp_valid), .mem_rsp_data(mem_rsp_data),
        .poll_status(poll_status)
    );

    function automatic logic [15:0] crc16(logic [15:0] c, logic [7:0] d);
        for (int k = 7; k >= 0; k--)
            c = {c[14:0], 1'b0} ^ ((c[15] ^ d[k]) ? 16'h1021 : 16'h0000);
        return c;
    endfunction

    // ------------------------------------------------------------------ models
    logic [7:0]  mem [MEMB];
    logic [7:0]  ref_mem [MEMB];
    logic [31:0] csr [64];
    logic [31:0] ref_csr [64];
    int          line_writes = 0, ref_line_writes = 0;
    int          csr_writes = 0, ref_csr_writes = 0;
    longint      cyc = 0;
    bit          exact = 1'b1;     // phase 1: ideal memory and CSR timing
    bit          stall = 1'b0;     // memory refuses requests (abort scenario)

    // Read responses in flight: due cycle and line, in request order.
    longint            due_q[$];
    logic [MEM_DW-1:0] data_q[$];

    int csr_lat_left = 0;
    logic [31:0] csr_pending = '0;

    always @(posedge clk) begin
        cyc <= cyc + 1;
        // Memory: apply the request accepted at this edge, answer reads in order.
        // (Requests before the first edge of reset come from random initial state.)
        if (mem_req_valid && mem_req_ready && !rst) begin
            logic [31:0] base;
            base = mem_req_addr;
            if (base % BPL != 0) $error("MEM_DW %0d: unaligned request %h", MEM_DW, base);
            if (mem_req_we) begin
                if (mem_req_wstrb == '0) $error("MEM_DW %0d: write without strobes", MEM_DW);
                line_writes++;
                for (int j = 0; j < BPL; j++)
                    if (mem_req_wstrb[j]) mem[(base + j) % MEMB] = mem_req_wdata[8*j +: 8];
            end else begin
                logic [MEM_DW-1:0] line;
                longint due;
                for (int j = 0; j < BPL; j++) line[8*j +: 8] = mem[(base + j) % MEMB];
                due = cyc + (exact ? 64'd2 : 64'($urandom_range(1, 4)));
                if (due_q.size() > 0 && due <= due_q[due_q.size() - 1])
                    due = due_q[due_q.size() - 1] + 1;
                due_q.push_back(due);
                data_q.push_back(line);
            end
        end
        mem_rsp_valid <= 1'b0;
        if (due_q.size() > 0 && due_q[0] - 1 <= cyc) begin
            mem_rsp_valid <= 1'b1;
            mem_rsp_data  <= data_q[0];
            void'(data_q.pop_front());
            void'(due_q.pop_front());
        end
        mem_req_ready <= !stall && (exact || $urandom_range(99) < 75);

        // CSR model: 64 registers (address bits [7:2]), read latency 1-3.
        if (csr_wr && !rst) begin
            csr[csr_addr[7:2]] = csr_wdata;
            csr_writes++;
        end
        if (csr_wr && csr_rd) $error("csr_wr and csr_rd together");
        csr_rvalid <= 1'b0;
        if (csr_rd && !rst) begin
            csr_pending = csr[csr_addr[7:2]];
            csr_lat_left = exact ? 1 : $urandom_range(1, 3);
        end
        if (csr_lat_left > 0) begin
            csr_lat_left--;
            if (csr_lat_left == 0) begin
                csr_rvalid <= 1'b1;
                csr_rdata  <= csr_pending;
            end
        end
        if (miso_oe !== !cs_n) $error("miso_oe must follow CS_n");
    end

    // ------------------------------------------------------------------ host
    // Current operation (kept for its retries).
    logic [7:0]  op_cmd, op_seq, op_len;
    logic [31:0] op_addr;
    logic [7:0]  op_data [256];
    int          op_kind;              // 0 MW, 1 MR, 2 CW, 3 CR, 4 POLL, 5 bad command
    int          op_fault;
    bit          op_executed;          // an earlier attempt of this frame was executed
    bit          must_busy, may_busy;
    logic [7:0]  next_seq = 8'd0;
    logic [7:0]  last_exec_seq = 8'd0;
    bit          last_exec_valid = 1'b0;

    // Bytes clocked by the master (MOSI) and received (MISO).
    logic [7:0]  txb [1200];
    logic [7:0]  rxb [1200];
    logic [7:0]  rxc [1200];           // the host's view (after answer faults)
    int          nbytes, req_len, wait_budget, slip_bit, trunc_bit;

    // Parser output.
    bit          p_valid;
    logic [7:0]  p_status;
    int          p_index;
    logic [7:0]  p_data [256];
    int          p_n;

    // Statistics.
    int          n_ops = 0, n_attempts = 0, n_faults[8], n_detected = 0, n_dup = 0;
    int          n_busy = 0, max_wait = 0, n_rsp_rejected = 0;

    function automatic int answer_len();   // data bytes of an OK answer
        case (op_kind)
        1: return int'(op_len) + 1;
        3: return 4;
        4: return 8;
        default: return 0;
        endcase
    endfunction

    function automatic int lines_of(logic [31:0] a, int n);
        return int'((a + n - 1) / BPL - a / BPL) + 1;
    endfunction

    // Clock cycles from the last request byte to the answer (protocol document).
    function automatic int answer_cycles();
        int n = int'(op_len) + 1;
        case (op_kind)
        0: return n + 2 * lines_of(op_addr, n) + 4;
        1: return n + 3 * lines_of(op_addr, n) + 4;     // L = 2
        3: return 6;                                    // CSR read latency 1
        default: return 5;
        endcase
    endfunction

    // New random operation.
    task automatic new_op(bit force_poll);
        int n;
        op_kind = force_poll ? 4 : $urandom_range(0, 5);
        if (!force_poll && $urandom_range(99) < 15) op_kind = $urandom_range(0, 1);
        op_seq = next_seq;
        next_seq = next_seq + 8'd1;
        op_executed = 1'b0;
        op_fault = F_NONE;
        case ($urandom_range(9))
        0, 1, 2: n = $urandom_range(1, 8);
        3, 4, 5, 6, 7: n = $urandom_range(1, 64);
        default: n = $urandom_range(1, 256);
        endcase
        op_len = 8'(n - 1);
        op_addr = 32'($urandom_range(0, MEMB - n));
        for (int i = 0; i < 256; i++) op_data[i] = 8'($urandom);
        case (op_kind)
        0: op_cmd = CMD_MW;
        1: op_cmd = CMD_MR;
        2, 3: begin
            op_cmd = (op_kind == 2) ? CMD_CW : CMD_CR;
            op_len = 8'd3;
            op_addr = 32'h400 + 32'($urandom_range(0, 63)) * 4;
        end
        4: begin
            op_cmd = CMD_POLL;
            op_len = 8'd7;
            op_addr = '0;
        end
        default: begin
            op_len = 8'd3;
            case ($urandom_range(3))
            0: op_cmd = 8'($urandom_range(6, 255));
            1: op_cmd = 8'h00;
            2: begin op_cmd = CMD_CR; op_len = 8'd7; end
            default: begin op_cmd = CMD_CW; op_addr = 32'h402; end
            endcase
        end
        endcase
    endtask

    // Builds the request into txb, applies the fault, pads with idle bytes.
    task automatic build_attempt(int hmax_unused);
        logic [7:0] req [$];
        logic [7:0] clean [$];
        bit noop;
        logic [15:0] c;
        int pos;
        req = {op_cmd, op_seq, op_addr[31:24], op_addr[23:16], op_addr[15:8], op_addr[7:0],
               op_len};
        c = 16'hFFFF;
        foreach (req[i]) c = crc16(c, req[i]);
        req.push_back(c[15:8]);
        req.push_back(c[7:0]);
        if (op_kind == 0 || op_kind == 2) begin
            for (int i = 0; i <= int'(op_len); i++) begin
                req.push_back(op_data[i]);
                c = crc16(c, op_data[i]);
            end
            req.push_back(c[15:8]);
            req.push_back(c[7:0]);
        end
        req_len = req.size();
        clean = req;
        slip_bit = -1;
        trunc_bit = -1;
        case (op_fault)
        F_FLIP: begin
            int pos2, bit1, bit2;
            pos = $urandom_range(0, req_len - 1);
            bit1 = $urandom_range(0, 7);
            req[pos] ^= 8'(1 << bit1);
            if ($urandom_range(1) == 1) begin       // sometimes a second flip elsewhere
                pos2 = $urandom_range(0, req_len - 1);
                bit2 = $urandom_range(0, 7);
                if (pos2 == pos && bit2 == bit1) bit2 = (bit1 + 1) % 8;
                req[pos2] ^= 8'(1 << bit2);
            end
        end
        F_DROP: req.delete($urandom_range(0, req_len - 1));
        F_REPEAT: begin
            pos = $urandom_range(0, req_len - 1);
            req.insert(pos, req[pos]);
        end
        F_SLIP: begin
            // The device misses bit slip_bit: it is a no-op only if every later frame
            // bit is 1 (the idle byte shifts in); then flip a bit instead.
            slip_bit = $urandom_range(0, 8 * req_len - 1);
            noop = 1'b1;
            for (int b = slip_bit; b < 8 * req_len; b++)
                if (!req[b / 8][7 - b % 8]) noop = 1'b0;
            if (noop) begin
                slip_bit = -1;
                op_fault = F_FLIP;
                req[0] ^= 8'h01;
            end
        end
        F_TRUNC: trunc_bit = $urandom_range(1, 8 * req_len - 1);
        default: ;
        endcase
        // A dropped or repeated byte that leaves the first req_len bytes (padded with
        // idle bytes) as they were is no fault: the device sees the clean frame.
        if (op_fault == F_DROP || op_fault == F_REPEAT) begin
            noop = 1'b1;
            for (int i = 0; i < req_len; i++)
                if ((i < req.size() ? req[i] : 8'hFF) != clean[i]) noop = 1'b0;
            if (noop) op_fault = F_NONE;
        end
        if (exact)
            wait_budget = 1 + (answer_cycles() + 31) / 32;
        else
            wait_budget = 3 + (32 + 2 * (int'(op_len) + 1)
                               + 12 * lines_of(op_addr, int'(op_len) + 1)) / 32;
        nbytes = req_len + wait_budget + 2 + 2 + answer_len();
        if (op_fault == F_ABORT) nbytes = req_len + 2;
        for (int i = 0; i < nbytes; i++) txb[i] = (i < req.size()) ? req[i] : 8'hFF;
    endtask

    // The host's parser: the first byte from index 9 on that is not 0xFF is the status.
    function automatic void parse(bit corrupted);
        int i, n;
        logic [15:0] c;
        logic [7:0] b [1200];
        for (int k = 0; k < nbytes; k++) b[k] = corrupted ? rxc[k] : rxb[k];
        p_valid = 1'b0;
        i = 9;
        while (i < nbytes && b[i] == 8'hFF) i++;
        p_index = i;
        if (i >= nbytes) return;
        p_status = b[i];
        n = (p_status == ST_OK) ? answer_len() : 0;
        p_n = n;
        if (i + 4 + n > nbytes) return;
        if (b[i + 1] != op_seq) return;
        c = 16'hFFFF;
        for (int k = 0; k < 2 + n; k++) c = crc16(c, b[i + k]);
        if (c != {b[i + 2 + n], b[i + 3 + n]}) return;
        for (int k = 0; k < n; k++) p_data[k] = b[i + 2 + k];
        p_valid = 1'b1;
    endfunction

    // Checks an answer that the device must have given to a clean frame; applies it
    // to the reference. Returns 1 when the frame was executed.
    function automatic bit check_clean();
        logic [7:0] exp_st;
        string what;
        what = $sformatf("MEM_DW %0d op %0d cmd %h seq %0d addr %h len %0d fault %0d",
                         MEM_DW, n_ops, op_cmd, op_seq, op_addr, op_len, op_fault);
        if (!p_valid) begin
            $error("%s: no valid answer (wait budget %0d)", what, wait_budget);
            return 0;
        end
        if (must_busy || (may_busy && p_status == ST_BUSY)) begin
            if (p_status != ST_BUSY) $error("%s: status %h, expected BUSY", what, p_status);
            n_busy++;
            return 0;
        end
        if (op_kind == 5) exp_st = ST_CMD;
        else if (op_executed && (op_kind == 0 || op_kind == 2)) exp_st = ST_DUP;
        else exp_st = ST_OK;
        if (p_status != exp_st) begin
            $error("%s: status %h, expected %h", what, p_status, exp_st);
            return 0;
        end
        if (exp_st == ST_DUP) n_dup++;
        if (exp_st != ST_OK) return 0;
        if (exact && p_index - req_len > wait_budget)
            $error("%s: %0d wait bytes, bound %0d", what, p_index - req_len, wait_budget);
        if (p_index - req_len > max_wait) max_wait = p_index - req_len;
        case (op_kind)
        0: begin
            for (int i = 0; i <= int'(op_len); i++) ref_mem[op_addr + i] = op_data[i];
            ref_line_writes += lines_of(op_addr, int'(op_len) + 1);
        end
        1: for (int i = 0; i <= int'(op_len); i++)
            if (p_data[i] != ref_mem[op_addr + i])
                $error("%s: byte %0d read %h, expected %h", what, i, p_data[i],
                       ref_mem[op_addr + i]);
        2: begin
            ref_csr[op_addr[7:2]] = {op_data[0], op_data[1], op_data[2], op_data[3]};
            ref_csr_writes++;
        end
        3: if ({p_data[0], p_data[1], p_data[2], p_data[3]} != ref_csr[op_addr[7:2]])
            $error("%s: CSR read %h, expected %h", what,
                   {p_data[0], p_data[1], p_data[2], p_data[3]}, ref_csr[op_addr[7:2]]);
        4: if ({p_data[0], p_data[1], p_data[2], p_data[3], p_data[4], p_data[5],
                p_data[6], p_data[7]} != {8'h01, last_exec_seq, 7'd0, last_exec_valid,
                                          8'h00, poll_status})
            $error("%s: poll answer %h %h %h %h, status %h", what, p_data[0], p_data[1],
                   p_data[2], p_data[3], {p_data[4], p_data[5], p_data[6], p_data[7]});
        default: ;
        endcase
        return 1;
    endfunction

    task automatic compare_models();
        for (int i = 0; i < MEMB; i++)
            if (mem[i] != ref_mem[i]) begin
                $error("MEM_DW %0d op %0d: memory byte %0d is %h, expected %h", MEM_DW,
                       n_ops, i, mem[i], ref_mem[i]);
                break;
            end
        for (int i = 0; i < 64; i++)
            if (csr[i] != ref_csr[i]) $error("MEM_DW %0d: CSR %0d differs", MEM_DW, i);
        if (csr_writes != ref_csr_writes)
            $error("MEM_DW %0d op %0d: %0d CSR writes, expected %0d", MEM_DW, n_ops,
                   csr_writes, ref_csr_writes);
        if (line_writes != ref_line_writes)
            $error("MEM_DW %0d op %0d (cmd %h addr %h len %0d): %0d line writes, expected %0d",
                   MEM_DW, n_ops, op_cmd, op_addr, op_len, line_writes, ref_line_writes);
    endtask

    // Host state machine with the bit-level SPI master.
    typedef enum int {H_START, H_NEXT, H_RUN, H_CHECK, H_FINISH} hstate_t;
    hstate_t hs = H_START;
    int  m_phase, m_cnt, m_bit, m_hmax;
    bit  retry = 1'b0, poll_next = 1'b0;
    int  fpos;
    initial done = 1'b0;

    function automatic int level_cycles();
        return exact ? 2 : $urandom_range(2, m_hmax);
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            hs <= H_START;
        end else case (hs)
        H_START: begin
            for (int i = 0; i < MEMB; i++) begin
                mem[i] = 8'($urandom);
                ref_mem[i] = mem[i];
            end
            for (int i = 0; i < 64; i++) begin
                csr[i] = $urandom;
                ref_csr[i] = csr[i];
            end
            hs <= H_NEXT;
        end
        H_NEXT: if (!retry && n_ops == EXACT_OPS + OPS) begin
            hs <= H_FINISH;
        end else begin
            if (!retry) begin
                if (n_ops == EXACT_OPS) exact = 1'b0;
                new_op(poll_next);
                must_busy = poll_next;
                poll_next = 1'b0;
                if (!exact && !must_busy) begin
                    case ($urandom_range(19))
                    0, 1: op_fault = F_FLIP;
                    2: op_fault = F_DROP;
                    3: op_fault = F_REPEAT;
                    4: op_fault = F_TRUNC;
                    5, 6: op_fault = F_RSP_FLIP;
                    7: op_fault = F_SLIP;
                    8: if (n_ops % 4 == 0) begin
                        op_kind = 1;
                        op_cmd = CMD_MR;
                        op_len = 8'd255;
                        op_addr = 32'($urandom_range(0, MEMB - 256));
                        op_fault = F_ABORT;
                    end
                    default: ;
                    endcase
                end
                poll_status <= $urandom;
            end
            n_attempts++;
            m_hmax = $urandom_range(2, 4);
            build_attempt(m_hmax);
            n_faults[op_fault]++;
            if (op_fault == F_ABORT) stall = 1'b1;
            cs_n <= 1'b0;
            m_phase = 0;
            m_cnt = $urandom_range(2, 5);
            m_bit = 0;
            for (int i = 0; i < nbytes; i++) rxb[i] = 8'hFF;
            hs <= H_RUN;
        end
        H_RUN: begin
            if (m_cnt > 0) begin
                m_cnt--;
            end else case (m_phase)
            0, 2: begin                          // next bit: SCLK falls, MOSI changes
                if (m_phase == 2) m_bit++;
                sclk <= 1'b0;
                if (m_bit == 8 * nbytes || m_bit == trunc_bit) begin
                    m_phase = 3;
                    m_cnt = $urandom_range(1, 4);
                end else begin
                    mosi <= txb[m_bit / 8][7 - m_bit % 8];
                    m_phase = 1;
                    m_cnt = level_cycles() - 1;
                end
            end
            1: begin                             // SCLK rises, the master samples MISO
                if (m_bit != slip_bit) sclk <= 1'b1;
                rxb[m_bit / 8][7 - m_bit % 8] = miso;
                m_phase = 2;
                m_cnt = level_cycles() - 1;
            end
            3: begin
                cs_n <= 1'b1;
                m_phase = 4;
                m_cnt = $urandom_range(2, 8);
            end
            default: hs <= H_CHECK;
            endcase
        end
        H_CHECK: begin
            bit executed, retry_it;
            for (int i = 0; i < nbytes; i++) rxc[i] = rxb[i];
            if (op_fault == F_RSP_FLIP) begin
                fpos = $urandom_range(req_len, nbytes - 1);
                rxc[fpos] ^= 8'(1 << $urandom_range(0, 7));
            end
            executed = 1'b0;
            retry_it = 1'b0;
            case (op_fault)
            F_NONE: begin
                parse(1'b0);
                executed = check_clean();
                retry_it = p_valid && p_status == ST_BUSY;
            end
            F_RSP_FLIP: begin
                bit v;
                logic [7:0] st;
                parse(1'b1);
                v = p_valid;
                st = p_status;
                parse(1'b0);
                if (v && (st != p_status)) $error("MEM_DW %0d: corrupted answer accepted",
                                                  MEM_DW);
                executed = check_clean();
                if (!v) n_rsp_rejected++;
                retry_it = !v;
            end
            F_ABORT: begin
                executed = 1'b1;                 // the frame was complete: it runs
                poll_next = 1'b1;
            end
            default: begin                       // the request was damaged
                parse(1'b0);
                if (p_valid && (p_status == ST_OK || p_status == ST_DUP))
                    $error("MEM_DW %0d op %0d: damaged frame (fault %0d) answered %h",
                           MEM_DW, n_ops, op_fault, p_status);
                else
                    n_detected++;
                retry_it = 1'b1;
            end
            endcase
            if (executed) begin
                op_executed = 1'b1;
                last_exec_seq = op_seq;
                last_exec_valid = 1'b1;
            end
            if (must_busy) begin
                // The stalled read is still running; let it finish, then retry.
                must_busy = 1'b0;
                may_busy = 1'b1;
                stall = 1'b0;
                retry_it = 1'b1;
            end else if (may_busy && p_valid && p_status != ST_BUSY) begin
                may_busy = 1'b0;
            end
            if (op_fault != F_ABORT) compare_models();
            op_fault = F_NONE;
            // Sometimes send a successful write again, as if its answer had been lost.
            if (!retry_it && executed && (op_kind == 0 || op_kind == 2)
                && $urandom_range(9) == 0)
                retry_it = 1'b1;
            retry = retry_it;
            if (!retry_it) n_ops++;
            hs <= H_NEXT;
        end
        default: begin
            if (!done)
                $display("tb_ocl_spi_link MEM_DW %0d: %0d frames, %0d attempts; faults flip %0d drop %0d repeat %0d trunc %0d slip %0d all detected (%0d); answer flips %0d (%0d rejected); OK_DUP %0d; BUSY %0d; max wait bytes %0d",
                         MEM_DW, n_ops, n_attempts, n_faults[F_FLIP], n_faults[F_DROP],
                         n_faults[F_REPEAT], n_faults[F_TRUNC], n_faults[F_SLIP],
                         n_detected, n_faults[F_RSP_FLIP], n_rsp_rejected, n_dup, n_busy,
                         max_wait);
            done <= 1'b1;
        end
        endcase
    end
endmodule

module tb_ocl_spi_link (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [2:0] done;
    tb_spi_unit #(.MEM_DW(8))   u8   (.clk(clk), .rst(rst), .done(done[0]));
    tb_spi_unit #(.MEM_DW(32))  u32  (.clk(clk), .rst(rst), .done(done[1]));
    tb_spi_unit #(.MEM_DW(128)) u128 (.clk(clk), .rst(rst), .done(done[2]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_spi_link");
            $finish;
        end
    end
endmodule

`default_nettype wire
