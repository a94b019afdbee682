// SPDX-License-Identifier: MIT
/* verilator lint_off DECLFILENAME */
//
// A hand-written stand-in for a generated oclhls_system, used by the board-support unit
// tests to prove the sim shell, the harness's memory model, CSR access, run/busy and the
// cycle counter end to end. Two "kernels", windows per docs/architecture.md:
//
// kernel 0 at 0x0400, word copy: copies COUNT 32-bit words from SRC to DST (byte addresses,
//   4-byte aligned), one word at a time: read the line holding the source word, wait for
//   it, write the word into the destination line with a 4-byte strobe. Exercises partial
//   writes and read-after-write ordering (overlapping ranges behave like a forward memcpy).
// kernel 1 at 0x0800, line copy: copies COUNT lines of MEM_DW/8 bytes from SRC to DST
//   (line-aligned), with up to 8 reads in flight into an 8-line FIFO and full-line writes.
//   Exercises back-to-back requests and in-order responses at the board's latency.
//
// Registers in each window: 0x00 CTRL (write bit 0 = start; ignored while the system is
// busy), 0x04 STATUS (bit 0 busy, bit 1 done), 0x50 CYCLES of the last run, 0x80 SRC,
// 0x84 DST, 0x88 COUNT. Only one kernel runs at a time. Needs MEM_DW >= 64.
// A write to 0x07FC calls $fatal (see the test hook below).

module oclhls_system #(
    parameter MEM_DW = 512
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                csr_wr,
    input  wire                csr_rd,
    input  wire [15:0]         csr_addr,
    input  wire [31:0]         csr_wdata,
    output reg  [31:0]         csr_rdata,
    output wire                busy,
    output reg                 mem_req_valid,
    input  wire                mem_req_ready,
    output reg                 mem_req_we,
    output reg  [31:0]         mem_req_addr,
    output reg  [MEM_DW-1:0]   mem_req_wdata,
    output reg  [MEM_DW/8-1:0] mem_req_wstrb,
    input  wire                mem_rsp_valid,
    input  wire [MEM_DW-1:0]   mem_rsp_data
);
    localparam LB = MEM_DW / 8;       // bytes per line
    localparam OB = $clog2(LB);       // byte-offset bits of a line address
    localparam [MEM_DW/8-1:0] STRB4 = {{(LB - 4){1'b0}}, 4'hF};

    // ---- CSRs ----------------------------------------------------------------------
    reg  [31:0] src0, dst0, cnt0, src1, dst1, cnt1, cyc0, cyc1;
    reg         done0, done1;
    reg         busy0, busy1;
    wire        sel0 = (csr_addr[15:10] == 6'd1);
    wire        sel1 = (csr_addr[15:10] == 6'd2);
    wire [9:0]  off = csr_addr[9:0];
    wire        start0 = csr_wr && sel0 && off == 10'h000 && csr_wdata[0] && !busy;
    wire        start1 = csr_wr && sel1 && off == 10'h000 && csr_wdata[0] && !busy;

    assign busy = busy0 || busy1;

    always @(posedge clk) begin
        if (rst) begin
            src0 <= 32'd0; dst0 <= 32'd0; cnt0 <= 32'd0;
            src1 <= 32'd0; dst1 <= 32'd0; cnt1 <= 32'd0;
            csr_rdata <= 32'd0;
        end else begin
            if (csr_wr && !busy) begin
                if (sel0 && off == 10'h080) src0 <= csr_wdata;
                if (sel0 && off == 10'h084) dst0 <= csr_wdata;
                if (sel0 && off == 10'h088) cnt0 <= csr_wdata;
                if (sel1 && off == 10'h080) src1 <= csr_wdata;
                if (sel1 && off == 10'h084) dst1 <= csr_wdata;
                if (sel1 && off == 10'h088) cnt1 <= csr_wdata;
            end
            csr_rdata <= 32'd0;
            if (csr_rd && sel0) begin
                case (off)
                10'h004: csr_rdata <= {30'd0, done0, busy0};
                10'h050: csr_rdata <= cyc0;
                10'h080: csr_rdata <= src0;
                10'h084: csr_rdata <= dst0;
                10'h088: csr_rdata <= cnt0;
                default: csr_rdata <= 32'd0;
                endcase
            end
            if (csr_rd && sel1) begin
                case (off)
                10'h004: csr_rdata <= {30'd0, done1, busy1};
                10'h050: csr_rdata <= cyc1;
                10'h080: csr_rdata <= src1;
                10'h084: csr_rdata <= dst1;
                10'h088: csr_rdata <= cnt1;
                default: csr_rdata <= 32'd0;
                endcase
            end
        end
    end

    // Test hook: writing kernel 0's offset 0x3FC (CSR 0x07FC) stops the simulation with
    // $fatal, to check that the harness survives it (the model reports failure instead).
    always @(posedge clk) begin
        if (!rst && csr_wr && sel0 && off == 10'h3FC)
            $fatal(1, "test_system: fatal requested through CSR 0x07FC");
    end

    // ---- kernel 0: word copy -------------------------------------------------------
    localparam [1:0] K0_READ = 2'd0, K0_WAIT = 2'd1, K0_WRITE = 2'd2;
    reg  [1:0]  k0_state;
    reg  [31:0] k0_src, k0_dst, k0_left, k0_word;
    wire [31:0] k0_rsp_word = mem_rsp_data[{k0_src[OB-1:2], 5'd0} +: 32];

    // ---- kernel 1: line copy -------------------------------------------------------
    reg  [MEM_DW-1:0] fifo [0:7];
    reg  [2:0]  k1_wp, k1_rp;
    reg  [3:0]  k1_inflight, k1_count;
    reg  [31:0] k1_rd_addr, k1_wr_addr, k1_rd_left, k1_wr_left;
    reg         k1_prefer_rd;
    wire        k1_want_wr = busy1 && k1_count != 4'd0;
    wire        k1_want_rd = busy1 && k1_rd_left != 32'd0 && (k1_inflight + k1_count) < 4'd8;
    wire        k1_do_rd = k1_want_rd && (!k1_want_wr || k1_prefer_rd);
    wire        k1_do_wr = k1_want_wr && !k1_do_rd;

    // ---- the bus (only one kernel is busy at a time) -------------------------------
    always @(*) begin
        mem_req_valid = 1'b0;
        mem_req_we    = 1'b0;
        mem_req_addr  = 32'd0;
        mem_req_wdata = {(MEM_DW / 32){k0_word}};
        mem_req_wstrb = STRB4 << {k0_dst[OB-1:2], 2'b00};
        if (busy0) begin
            mem_req_valid = (k0_state != K0_WAIT);
            mem_req_we    = (k0_state == K0_WRITE);
            mem_req_addr  = (k0_state == K0_WRITE) ? {k0_dst[31:OB], {OB{1'b0}}}
                                                   : {k0_src[31:OB], {OB{1'b0}}};
        end else if (busy1) begin
            mem_req_valid = k1_do_rd || k1_do_wr;
            mem_req_we    = k1_do_wr;
            mem_req_addr  = k1_do_wr ? k1_wr_addr : k1_rd_addr;
            mem_req_wdata = fifo[k1_rp];
            mem_req_wstrb = {(MEM_DW / 8){1'b1}};
        end
    end

    wire accepted = mem_req_valid && mem_req_ready;

    always @(posedge clk) begin
        if (rst) begin
            busy0 <= 1'b0; done0 <= 1'b0; cyc0 <= 32'd0;
            k0_state <= K0_READ;
            k0_src <= 32'd0; k0_dst <= 32'd0; k0_left <= 32'd0; k0_word <= 32'd0;
        end else if (start0) begin
            busy0 <= (cnt0 != 32'd0);
            done0 <= (cnt0 == 32'd0);
            cyc0 <= 32'd0;
            k0_state <= K0_READ;
            k0_src <= src0; k0_dst <= dst0; k0_left <= cnt0;
        end else if (busy0) begin
            cyc0 <= cyc0 + 32'd1;
            case (k0_state)
            K0_READ: if (accepted) k0_state <= K0_WAIT;
            K0_WAIT: if (mem_rsp_valid) begin
                k0_word  <= k0_rsp_word;
                k0_state <= K0_WRITE;
            end
            default: if (accepted) begin
                k0_state <= K0_READ;
                k0_src   <= k0_src + 32'd4;
                k0_dst   <= k0_dst + 32'd4;
                k0_left  <= k0_left - 32'd1;
                if (k0_left == 32'd1) begin
                    busy0 <= 1'b0;
                    done0 <= 1'b1;
                end
            end
            endcase
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            busy1 <= 1'b0; done1 <= 1'b0; cyc1 <= 32'd0;
            k1_wp <= 3'd0; k1_rp <= 3'd0; k1_inflight <= 4'd0; k1_count <= 4'd0;
            k1_rd_addr <= 32'd0; k1_wr_addr <= 32'd0; k1_rd_left <= 32'd0; k1_wr_left <= 32'd0;
            k1_prefer_rd <= 1'b1;
        end else if (start1) begin
            busy1 <= (cnt1 != 32'd0);
            done1 <= (cnt1 == 32'd0);
            cyc1 <= 32'd0;
            k1_wp <= 3'd0; k1_rp <= 3'd0; k1_inflight <= 4'd0; k1_count <= 4'd0;
            k1_rd_addr <= {src1[31:OB], {OB{1'b0}}};
            k1_wr_addr <= {dst1[31:OB], {OB{1'b0}}};
            k1_rd_left <= cnt1;
            k1_wr_left <= cnt1;
            k1_prefer_rd <= 1'b1;
        end else if (busy1) begin
            cyc1 <= cyc1 + 32'd1;
            if (mem_rsp_valid) begin
                fifo[k1_wp] <= mem_rsp_data;
                k1_wp <= k1_wp + 3'd1;
            end
            k1_inflight <= k1_inflight + {3'd0, accepted && k1_do_rd}
                                       - {3'd0, mem_rsp_valid};
            k1_count <= k1_count + {3'd0, mem_rsp_valid} - {3'd0, accepted && k1_do_wr};
            if (accepted) k1_prefer_rd <= !k1_prefer_rd;
            if (accepted && k1_do_rd) begin
                k1_rd_addr <= k1_rd_addr + LB;
                k1_rd_left <= k1_rd_left - 32'd1;
            end
            if (accepted && k1_do_wr) begin
                k1_rp <= k1_rp + 3'd1;
                k1_wr_addr <= k1_wr_addr + LB;
                k1_wr_left <= k1_wr_left - 32'd1;
                if (k1_wr_left == 32'd1) begin
                    busy1 <= 1'b0;
                    done1 <= 1'b1;
                end
            end
        end
    end
endmodule
