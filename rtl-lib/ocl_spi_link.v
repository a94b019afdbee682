// SPDX-License-Identifier: MIT
//
// ocl_spi_link: the shell side of the SPI host link of the iCE40 boards. The FPGA is an
// SPI slave (mode 0, MSB first, full duplex); the host (FT2232H MPSSE) is the master.
// Frames carry memory reads/writes, CSR reads/writes and a status poll; the byte-level
// protocol (frame layout, status codes, CRC-16/CCITT-FALSE, sequence numbers, wait bytes)
// is docs/host-link-protocol.md. This module is the frame decoder and executes frames as
// a master of the shell's CSR bus and of one global-memory port.
//
// Parameters
//   MEM_DW  global-memory bus width in bits: a power of two, 8 .. 8192
//
// Ports
//   spi_sclk, spi_cs_n, spi_mosi   the SPI pins, asynchronous to clk: each passes a 2-FF
//                  synchroniser and edges are found in the clk domain, so SCLK must be at
//                  most clk/4 (each SCLK level lasting at least 2 clk periods); CS_n must
//                  fall at least 2 clk periods before the first SCLK rise and stay high
//                  at least 2 clk periods between frames
//   spi_miso       registered; changes 2-3 clk periods after each SCLK rise (the next
//                  bit), so it is stable at the next rise when SCLK <= clk/4
//   spi_miso_oe    drive MISO only while CS_n is low (combinational from the pin: the
//                  iCEBreaker shares the SPI wires with the configuration flash)
//   csr_*          the host CSR bus of shell_regs (board-support/common/shell_regs.v):
//                  csr_wr / csr_rd are 1-cycle pulses with csr_addr / csr_wdata; read data
//                  is taken in the first cycle with csr_rvalid after csr_rd
//   mem_*          a global-memory master (docs/architecture.md, "The global-memory
//                  bus"): one request at a time, writes with byte strobes, reads one line
//                  at a time (so there is always room for the response)
//   poll_status    a board-defined word returned by the POLL command (bit 0: busy)
//
// Behaviour: a frame starts when CS_n falls and ends when it rises; rising early aborts
// the frame (nothing of it is executed unless its last CRC byte was already received).
// Frames are checked completely before anything is executed: write payloads (up to 256
// bytes) wait in a 256-byte buffer (one block RAM) until the frame CRC has matched, and
// read data is fetched completely into it before the answer starts. A write frame whose
// sequence number and frame CRC equal those of the last executed frame is answered
// OK_DUP without executing it again. A frame that arrives while an earlier, aborted one
// is still executing is answered BUSY and not executed.
//
// Timing (clk cycles C from the detected last SCLK rise of the request to the answer
// being ready; memory always ready with read latency L; lines = number of MEM_DW lines
// the byte range touches): CSR write 5, CSR read 5 + csr read latency, POLL 5, memory
// write N + 2*lines + 4, memory read N + (L + 1)*lines + 4. The status byte goes out in
// the first byte slot that starts after that, never in the slot right after the request:
// at most 1 + ceil(C / (8 * clk/SCLK)) idle bytes 0xFF come first. Several registers on
// the answer side (data_q, data_last, the decode flags) rely on a byte slot lasting at
// least 32 clk cycles, which SCLK <= clk/4 guarantees; they keep the UP5K above 48 MHz.
`default_nettype none

module ocl_spi_link #(
    parameter integer MEM_DW = 32
) (
    input  wire                clk,
    input  wire                rst,

    // SPI slave pins.
    input  wire                spi_sclk,
    input  wire                spi_cs_n,
    input  wire                spi_mosi,
    output wire                spi_miso,
    output wire                spi_miso_oe,

    // CSR master (toward shell_regs).
    output wire                csr_wr,
    output wire                csr_rd,
    output wire [31:0]         csr_addr,
    output wire [31:0]         csr_wdata,
    input  wire [31:0]         csr_rdata,
    input  wire                csr_rvalid,

    // Global-memory master.
    output wire                mem_req_valid,
    input  wire                mem_req_ready,
    output wire                mem_req_we,
    output wire [31:0]         mem_req_addr,
    output wire [MEM_DW-1:0]   mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    input  wire                mem_rsp_valid,
    input  wire [MEM_DW-1:0]   mem_rsp_data,

    input  wire [31:0]         poll_status
);
    // Protocol constants (docs/host-link-protocol.md).
    localparam [7:0] CMD_MEM_WRITE = 8'h01;
    localparam [7:0] CMD_MEM_READ  = 8'h02;
    localparam [7:0] CMD_CSR_WRITE = 8'h03;
    localparam [7:0] CMD_CSR_READ  = 8'h04;
    localparam [7:0] CMD_POLL      = 8'h05;
    localparam [7:0] ST_OK         = 8'hA0;
    localparam [7:0] ST_OK_DUP     = 8'hA1;
    localparam [7:0] ST_BUSY       = 8'hB0;
    localparam [7:0] ST_CRC_ERR    = 8'hE0;
    localparam [7:0] ST_BAD_CMD    = 8'hE1;
    localparam [7:0] IDLE_BYTE     = 8'hFF;
    localparam [7:0] VERSION       = 8'h01;

    // Memory line geometry.
    localparam integer BPL = MEM_DW / 8;                  // bytes per line
    localparam integer LB  = $clog2(BPL);
    localparam integer LW  = (LB > 0) ? LB : 1;           // lane index width
    localparam [31:0]  LANE_MASK = BPL - 1;
    localparam [LW-1:0] LANE_MAX = LANE_MASK[LW-1:0];

    // CRC-16/CCITT-FALSE (poly 0x1021, MSB first, no reflection, no final xor), one byte.
    function [15:0] crc16_byte(input [15:0] crc_in, input [7:0] data);
        integer k;
        reg [15:0] c;
        begin
            c = crc_in;
            for (k = 7; k >= 0; k = k - 1)
                c = {c[14:0], 1'b0} ^ ((c[15] ^ data[k]) ? 16'h1021 : 16'h0000);
            crc16_byte = c;
        end
    endfunction

    // ---------------------------------------------------------------- bit layer
    // 2-FF synchronisers; a third SCLK stage finds its rising edges (CS_n is used as a
    // level: high resets the frame). MOSI has the same depth
    // as SCLK, so it is read as it was when the SCLK rise was first sampled.
    reg [2:0] sclk_s;
    reg [1:0] cs_s;
    reg [1:0] mosi_s;
    always @(posedge clk) begin
        if (rst) begin
            sclk_s <= 3'b000;
            cs_s   <= 2'b11;
        end else begin
            sclk_s <= {sclk_s[1:0], spi_sclk};
            cs_s   <= {cs_s[0], spi_cs_n};
        end
        mosi_s <= {mosi_s[0], spi_mosi};
    end
    wire cs_active = !cs_s[1];
    wire sclk_rise = sclk_s[1] && !sclk_s[2];

    reg  [2:0] bit_cnt;
    reg  [6:0] rx_sh;
    reg  [7:0] tx_sh;                // tx_sh[7] is on MISO
    wire [7:0] tx_next;              // the byte of the next slot (tx layer below)
    wire       byte_done = cs_active && sclk_rise && (bit_cnt == 3'd7);
    wire [7:0] rx_byte = {rx_sh, mosi_s[1]};

    always @(posedge clk) begin
        if (rst || !cs_active) begin
            bit_cnt <= 3'd0;
            tx_sh   <= IDLE_BYTE;
        end else if (sclk_rise) begin
            bit_cnt <= bit_cnt + 3'd1;
            tx_sh   <= byte_done ? tx_next : {tx_sh[6:0], 1'b1};
        end
        if (sclk_rise) rx_sh <= rx_byte[6:0];
    end
    // The decoder sees each byte one cycle after its last bit (a pipeline register that
    // keeps the CRC and decode logic off the synchroniser path).
    reg       rx_valid;
    reg [7:0] rx_data;
    always @(posedge clk) begin
        rx_valid <= byte_done;
        rx_data  <= rx_byte;
    end

    assign spi_miso    = tx_sh[7];
    assign spi_miso_oe = !spi_cs_n;

    // ---------------------------------------------------------------- frame decoder
    localparam [1:0] R_HDR = 2'd0, R_PAY = 2'd1, R_FCRC = 2'd2, R_DONE = 2'd3;
    reg [1:0]  rx_state;
    reg [3:0]  hdr_cnt;
    reg [7:0]  pay_cnt;
    reg        fcrc_cnt;
    reg [7:0]  cmd;
    reg [7:0]  seq;
    reg [31:0] addr;
    reg [7:0]  len;                  // payload/answer bytes - 1
    reg [15:0] crc;                  // over header bytes 0-6 and the payload
    reg        crc_hi_ok;            // the first CRC byte matched
    reg [31:0] word;                 // CSR write data, CSR read data, poll status

    // Last executed frame (duplicate detection and POLL).
    reg        last_valid;
    reg [7:0]  last_seq;
    reg [15:0] last_crc;

    // Engine (declared here: the decoder needs busy).
    localparam [3:0] E_IDLE = 4'd0, E_CSRW = 4'd1, E_CSRR = 4'd2, E_CSRR_WAIT = 4'd3,
                     E_MW_FILL = 4'd4, E_MW_DRAIN = 4'd5, E_MW_REQ = 4'd6,
                     E_MR_REQ = 4'd7, E_MR_WAIT = 4'd8, E_MR_COPY = 4'd9, E_POLL = 4'd10;
    reg [3:0]  eng_state;
    reg        eng_done;             // 1-cycle pulse: the committed frame is executed
    wire       eng_busy = (eng_state != E_IDLE);
    reg        eng_start;            // the cycle after the commit: the frame's fields
                                     // (cmd, seq, addr, len, crc, dec_eng) hold until the
                                     // next frame's first byte

    wire has_payload = (cmd == CMD_MEM_WRITE) || (cmd == CMD_CSR_WRITE);
    wire csr_cmd     = (cmd == CMD_CSR_WRITE) || (cmd == CMD_CSR_READ);
    wire cmd_ok      = (cmd == CMD_MEM_WRITE) || (cmd == CMD_MEM_READ)
                    || (csr_cmd && len == 8'd3 && addr[1:0] == 2'b00)
                    || (cmd == CMD_POLL && len == 8'd7);
    wire crc_match   = crc_hi_ok && (rx_data == crc[7:0]);
    wire hdr_end     = rx_valid && (rx_state == R_HDR) && (hdr_cnt == 4'd8);
    wire fcrc_end    = rx_valid && (rx_state == R_FCRC) && fcrc_cnt;
    wire dup         = last_valid && (seq == last_seq) && (crc == last_crc);

    // The checks at the end of the header / of the frame CRC are registered and the
    // decision is taken from them in the next cycle: two short paths instead of one
    // long one (the UP5K misses 48 MHz otherwise).
    reg dec_hdr;                     // pulse: decide after the header
    reg dec_fcrc;                    // pulse: decide after the frame CRC
    reg dec_match, dec_cmd_ok, dec_dup;
    reg dec_payload;
    reg [3:0] dec_eng;               // the engine state that executes cmd
    always @(posedge clk) begin
        dec_payload <= has_payload;
        dec_eng     <= (cmd == CMD_MEM_WRITE) ? E_MW_FILL : (cmd == CMD_MEM_READ) ? E_MR_REQ
                     : (cmd == CMD_CSR_WRITE) ? E_CSRW : (cmd == CMD_CSR_READ) ? E_CSRR
                     : E_POLL;
        dec_hdr    <= hdr_end && cs_active && !rst;
        dec_fcrc   <= fcrc_end && cs_active && !rst;
        dec_match  <= crc_match;
        dec_cmd_ok <= cmd_ok;
        dec_dup    <= dup;
    end

    reg       rx_answer;             // answer now with rx_status, execute nothing
    reg [7:0] rx_status;
    reg       rx_commit;             // execute the frame
    always @(*) begin
        rx_answer = 1'b0;
        rx_status = ST_OK;
        rx_commit = 1'b0;
        if (dec_hdr) begin
            if (!dec_match) begin
                rx_answer = 1'b1;
                rx_status = ST_CRC_ERR;
            end else if (!dec_cmd_ok) begin
                rx_answer = 1'b1;
                rx_status = ST_BAD_CMD;
            end else if (eng_busy) begin
                rx_answer = 1'b1;
                rx_status = ST_BUSY;
            end else if (!dec_payload) begin
                rx_commit = 1'b1;
            end
        end else if (dec_fcrc) begin
            if (!dec_match) begin
                rx_answer = 1'b1;
                rx_status = ST_CRC_ERR;
            end else if (dec_dup) begin
                rx_answer = 1'b1;
                rx_status = ST_OK_DUP;
            end else begin
                rx_commit = 1'b1;
            end
        end
    end

    reg [23:0] poll_info;            // POLL answer bytes 0-2, captured at its start
    always @(posedge clk) eng_start <= rx_commit && !rst;

    // Header fields (outside the reset/abort priority: a new frame rewrites them all).
    always @(posedge clk) begin
        if (rx_valid && rx_state == R_HDR) begin
            case (hdr_cnt)
            4'd0:    cmd <= rx_data;
            4'd1:    seq <= rx_data;
            4'd2, 4'd3, 4'd4, 4'd5: addr <= {addr[23:0], rx_data};   // big-endian
            4'd6:    len <= rx_data;
            default: ;
            endcase
        end
    end

    always @(posedge clk) begin
        if (rst || !cs_active) begin
            rx_state <= R_HDR;
            hdr_cnt  <= 4'd0;
        end else if (rx_valid) begin
            case (rx_state)
            R_HDR: begin
                hdr_cnt <= hdr_cnt + 4'd1;
                if (hdr_cnt == 4'd0) crc <= crc16_byte(16'hFFFF, rx_data);
                else if (hdr_cnt < 4'd7) crc <= crc16_byte(crc, rx_data);
                if (hdr_cnt == 4'd7) crc_hi_ok <= (rx_data == crc[15:8]);
                if (hdr_cnt == 4'd8) begin
                    rx_state <= R_PAY;                    // R_DONE after the decision
                    pay_cnt  <= 8'd0;
                end
            end
            R_PAY: begin
                crc     <= crc16_byte(crc, rx_data);
                word    <= {word[23:0], rx_data};
                pay_cnt <= pay_cnt + 8'd1;
                if (pay_cnt == len) begin
                    rx_state <= R_FCRC;
                    fcrc_cnt <= 1'b0;
                end
            end
            R_FCRC: begin
                fcrc_cnt  <= 1'b1;
                crc_hi_ok <= (rx_data == crc[15:8]);
                if (fcrc_cnt) rx_state <= R_DONE;
            end
            default: ;                                    // R_DONE: ignore until CS_n rises
            endcase
        end else if (dec_hdr && (rx_answer || rx_commit)) begin
            rx_state <= R_DONE;
        end
        if (eng_state == E_CSRR_WAIT && csr_rvalid) word <= csr_rdata;
        if (eng_state == E_POLL) word <= poll_status;

        if (rst) begin
            last_valid <= 1'b0;
            last_seq   <= 8'd0;
            last_crc   <= 16'd0;
            poll_info  <= 24'd0;
        end else if (eng_start) begin
            last_valid <= 1'b1;
            last_seq   <= seq;
            last_crc   <= crc;
            poll_info  <= {VERSION, last_seq, 7'd0, last_valid};
        end
    end

    // ---------------------------------------------------------------- buffer
    // 256 bytes: write payload (decoder), read data (engine); read by the write engine
    // and the answer. Never two users at once: the decoder stores only while the engine
    // is idle, and the answer reads only after the engine is done.
    reg  [7:0] buf_mem [0:255];
    reg  [7:0] buf_rdata;
    wire       buf_we;
    wire [7:0] buf_waddr;
    wire [7:0] buf_wdata;
    wire [7:0] buf_raddr;
    always @(posedge clk) begin
        if (buf_we) buf_mem[buf_waddr] <= buf_wdata;
        buf_rdata <= buf_mem[buf_raddr];
    end

    // ---------------------------------------------------------------- engine
    reg  [7:0]        eng_cmd;
    reg  [7:0]        eng_len;
    reg  [8:0]        eng_idx;       // buffer index of the next byte (0 .. len + 1)
    reg  [MEM_DW-1:0] line_q;
    reg  [BPL-1:0]    strb_q;
    reg  [31:0]       line_addr;
    reg               rd_v;          // a buffer byte for lane rd_lane arrives this cycle
    reg  [LW-1:0]     rd_lane;
    reg  [31:0]       eng_addr;      // frame address + eng_idx, kept as its own counter
    wire [LW-1:0]     lane = (LB == 0) ? {LW{1'b0}} : eng_addr[LW-1:0];
    wire              line_last = (lane == LANE_MAX) || (eng_idx[7:0] == eng_len);
    wire              idx_last = (eng_idx[7:0] == eng_len);

    always @(posedge clk) begin
        eng_done <= 1'b0;
        rd_v     <= 1'b0;
        if (rd_v) begin
            line_q[rd_lane * 8 +: 8] <= buf_rdata;
            strb_q[rd_lane] <= 1'b1;
        end
        if (rst) begin
            eng_state <= E_IDLE;
            strb_q    <= {BPL{1'b0}};
        end else begin
            case (eng_state)
            E_IDLE: if (eng_start) begin
                eng_cmd  <= cmd;
                eng_len  <= len;
                eng_idx  <= 9'd0;
                eng_addr <= addr;
                strb_q   <= {BPL{1'b0}};
                eng_state <= dec_eng;
            end
            E_CSRW: begin
                eng_state <= E_IDLE;
                eng_done  <= 1'b1;
            end
            E_POLL: begin                                 // poll_status into word
                eng_state <= E_IDLE;
                eng_done  <= 1'b1;
            end
            E_CSRR: eng_state <= E_CSRR_WAIT;
            E_CSRR_WAIT: if (csr_rvalid) begin
                eng_state <= E_IDLE;
                eng_done  <= 1'b1;
            end
            // Memory write: read the line's bytes from the buffer (1-cycle RAM), then
            // send the line with their strobes.
            E_MW_FILL: begin
                rd_v      <= 1'b1;
                rd_lane   <= lane;
                line_addr <= eng_addr & ~LANE_MASK;
                eng_idx   <= eng_idx + 9'd1;
                eng_addr  <= eng_addr + 32'd1;
                if (line_last) eng_state <= E_MW_DRAIN;
            end
            E_MW_DRAIN: eng_state <= E_MW_REQ;
            E_MW_REQ: if (mem_req_ready) begin
                strb_q <= {BPL{1'b0}};
                if (eng_idx == {1'b0, eng_len} + 9'd1) begin
                    eng_state <= E_IDLE;
                    eng_done  <= 1'b1;
                end else begin
                    eng_state <= E_MW_FILL;
                end
            end
            // Memory read: one line at a time, its bytes copied into the buffer.
            E_MR_REQ: if (mem_req_ready) eng_state <= E_MR_WAIT;
            E_MR_WAIT: if (mem_rsp_valid) begin
                line_q    <= mem_rsp_data;
                eng_state <= E_MR_COPY;
            end
            E_MR_COPY: begin
                eng_idx  <= eng_idx + 9'd1;
                eng_addr <= eng_addr + 32'd1;
                if (idx_last) begin
                    eng_state <= E_IDLE;
                    eng_done  <= 1'b1;
                end else if (line_last) begin
                    eng_state <= E_MR_REQ;
                end
            end
            default: eng_state <= E_IDLE;
            endcase
        end
    end

    assign csr_wr    = (eng_state == E_CSRW);
    assign csr_rd    = (eng_state == E_CSRR);
    // A CSR frame never advances eng_addr: it is the frame's address (no copy of it).
    assign csr_addr  = eng_addr;
    assign csr_wdata = word;

    assign mem_req_valid = (eng_state == E_MW_REQ) || (eng_state == E_MR_REQ);
    assign mem_req_we    = (eng_state == E_MW_REQ);
    assign mem_req_addr  = (eng_state == E_MW_REQ) ? line_addr : (eng_addr & ~LANE_MASK);
    assign mem_req_wdata = line_q;
    assign mem_req_wstrb = strb_q;

    // ---------------------------------------------------------------- answer
    localparam [2:0] T_WAIT = 3'd0, T_STATUS = 3'd1, T_SEQ = 3'd2, T_DATA = 3'd3,
                     T_CRC_HI = 3'd4, T_CRC_LO = 3'd5, T_END = 3'd6;
    reg [2:0]  tx_pos;               // what tx_next holds
    reg [7:0]  tx_idx;               // data byte index
    reg [8:0]  data_n;               // data bytes of the answer
    reg [7:0]  status_q;
    reg [15:0] tx_crc;               // over status, seq and data
    reg        crc_en;
    reg [7:0]  crc_byte;
    reg        exec_pending;         // this frame is executing; answer when done
    reg        data_last;            // tx_idx is the last data byte (registered compare:
                                     // tx_idx and data_n are stable long before a slot)
    always @(posedge clk) data_last <= ({1'b0, tx_idx} + 9'd1 == data_n);

    wire [1:0] wsel = tx_idx[1:0];
    wire [7:0] word_byte = (wsel == 2'd0) ? word[31:24] : (wsel == 2'd1) ? word[23:16]
                         : (wsel == 2'd2) ? word[15:8] : word[7:0];
    wire [7:0] info_byte = (wsel == 2'd0) ? poll_info[23:16]
                         : (wsel == 2'd1) ? poll_info[15:8]
                         : (wsel == 2'd2) ? poll_info[7:0] : 8'h00;
    wire [7:0] data_byte = (eng_cmd == CMD_MEM_READ) ? buf_rdata
                         : (eng_cmd == CMD_POLL && !tx_idx[2]) ? info_byte : word_byte;
    // Registered: tx_idx moves only at a slot boundary, the next one is 32+ cycles away.
    reg  [7:0] data_q;
    always @(posedge clk) data_q <= data_byte;
    assign tx_next = (tx_pos == T_STATUS) ? status_q
                   : (tx_pos == T_SEQ)    ? seq
                   : (tx_pos == T_DATA)   ? data_q
                   : (tx_pos == T_CRC_HI) ? tx_crc[15:8]
                   : (tx_pos == T_CRC_LO) ? tx_crc[7:0] : IDLE_BYTE;

    always @(posedge clk) begin
        if (rst || !cs_active) begin
            tx_pos       <= T_WAIT;
            tx_idx       <= 8'd0;
            tx_crc       <= 16'hFFFF;
            crc_en       <= 1'b0;
            exec_pending <= 1'b0;
        end else begin
            if (byte_done) begin
                case (tx_pos)
                T_STATUS: tx_pos <= T_SEQ;
                T_SEQ:    tx_pos <= (data_n != 9'd0) ? T_DATA : T_CRC_HI;
                T_DATA: begin
                    tx_idx <= tx_idx + 8'd1;
                    if (data_last) tx_pos <= T_CRC_HI;
                end
                T_CRC_HI: tx_pos <= T_CRC_LO;
                T_CRC_LO: tx_pos <= T_END;
                default: ;
                endcase
            end
            // The answer CRC follows one cycle behind the bytes sent (off the slot path).
            crc_en   <= byte_done && (tx_pos == T_STATUS || tx_pos == T_SEQ
                                      || tx_pos == T_DATA);
            crc_byte <= tx_next;
            if (crc_en) tx_crc <= crc16_byte(tx_crc, crc_byte);
            if (rx_commit) exec_pending <= 1'b1;
            if (rx_answer) begin
                status_q <= rx_status;
                data_n   <= 9'd0;
                tx_pos   <= T_STATUS;
            end else if (eng_done && exec_pending) begin
                exec_pending <= 1'b0;
                status_q     <= ST_OK;
                data_n       <= (eng_cmd == CMD_MEM_READ) ? {1'b0, eng_len} + 9'd1
                              : (eng_cmd == CMD_CSR_READ) ? 9'd4
                              : (eng_cmd == CMD_POLL)     ? 9'd8 : 9'd0;
                tx_pos       <= T_STATUS;
            end
        end
    end

    // Buffer ports.
    wire rx_store = rx_valid && (rx_state == R_PAY) && (cmd == CMD_MEM_WRITE);
    assign buf_we    = rx_store || (eng_state == E_MR_COPY);
    assign buf_waddr = (eng_state == E_MR_COPY) ? eng_idx[7:0] : pay_cnt;
    assign buf_wdata = (eng_state == E_MR_COPY) ? line_q[lane * 8 +: 8] : rx_data;
    assign buf_raddr = (eng_state == E_MW_FILL) ? eng_idx[7:0] : tx_idx;
endmodule

`default_nettype wire
