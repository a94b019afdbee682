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
// OK_DUP without executing it again. A frame whose header arrives while an earlier,
// aborted one is still executing is answered BUSY and not executed (also when that one
// finishes during the header: ADDR and LEN go straight into the engine's registers,
// there is no other copy of them).
//
// Timing (clk cycles C from the detected last SCLK rise of the request to the answer
// being ready; memory always ready with read latency L; lines = number of MEM_DW lines
// the byte range touches): CSR write 5, CSR read 5 + csr read latency, POLL 5, memory
// write N + 2*lines + 4, memory read N + (L + 1)*lines + 4. The status byte goes out in
// the first byte slot that starts after that, never in the slot right after the request:
// at most 1 + ceil(C / (8 * clk/SCLK)) idle bytes 0xFF come first. Several registers on
// the answer side (data_q, data_last, tx_data_step, the decode flags) rely on a byte
// slot lasting at least 32 clk cycles, which SCLK <= clk/4 guarantees; they keep the
// UP5K near 48 MHz.
//
// Area (iCE40, MEM_DW 64; tests/bench/spi_link_area.sh): both CRCs are computed one bit
// per SCLK rise (16 flip-flops and about 20 LUTs each, no byte-wide XOR network); the
// buffer index eng_idx also counts payload and answer bytes; the memory line address
// is eng_addr with its lane bits masked, the CSR address eng_addr itself.
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
    localparam [15:0] CRC_POLY     = 16'h1021;   // CRC-16/CCITT-FALSE, preset 0xFFFF

    // Memory line geometry.
    localparam integer BPL = MEM_DW / 8;                  // bytes per line
    localparam integer LB  = $clog2(BPL);
    localparam integer LW  = (LB > 0) ? LB : 1;           // lane index width
    localparam [31:0]  LANE_MASK = BPL - 1;
    localparam [31:0]  LINE_BYTES = BPL;
    localparam [LW-1:0] LANE_MAX = LANE_MASK[LW-1:0];

    // ---------------------------------------------------------------- bit layer
    // 2-FF synchronisers; a third SCLK stage finds its rising edges (CS_n is used as a
    // level: high resets the frame). MOSI has the same depth
    // as SCLK, so it is read as it was when the SCLK rise was first sampled.
    reg [2:0] sclk_s;
    reg [2:0] cs_s;
    reg [1:0] mosi_s;
    always @(posedge clk) begin
        if (rst) begin
            sclk_s <= 3'b000;
            cs_s   <= 3'b111;
        end else begin
            sclk_s <= {sclk_s[1:0], spi_sclk};
            cs_s   <= {cs_s[1:0], spi_cs_n};
        end
        mosi_s <= {mosi_s[0], spi_mosi};
    end
    wire cs_active = !cs_s[1];
    wire cs_fall   = !cs_s[1] && cs_s[2];   // a frame starts (its first bit is 2+ cycles away)
    wire sclk_rise = sclk_s[1] && !sclk_s[2];
    wire bit_in    = mosi_s[1];
    wire bit_step  = cs_active && sclk_rise;

    reg  [2:0] bit_cnt;
    reg  [7:0] rx_sh;                // the last 8 bits in; a whole byte after byte_done
    reg  [7:0] tx_sh;                // tx_sh[7] is on MISO
    wire [7:0] tx_next;              // the byte of the next slot (tx layer below)
    wire       byte_done = bit_step && (bit_cnt == 3'd7);
    wire       tx_bit_next = byte_done ? tx_next[7] : tx_sh[6];   // MISO after this rise

    always @(posedge clk) begin
        if (rst || !cs_active) begin
            bit_cnt <= 3'd0;
            tx_sh   <= IDLE_BYTE;
        end else if (sclk_rise) begin
            bit_cnt <= bit_cnt + 3'd1;
            tx_sh   <= byte_done ? tx_next : {tx_sh[6:0], 1'b1};
        end
        if (sclk_rise) rx_sh <= {rx_sh[6:0], bit_in};
    end
    // The decoder sees each byte one cycle after its last bit, in rx_sh (which holds it
    // until the next SCLK rise, at least 3 cycles later): the decode logic stays off the
    // synchroniser path.
    reg        rx_valid;
    wire [7:0] rx_data = rx_sh;
    always @(posedge clk) rx_valid <= byte_done;

    assign spi_miso    = tx_sh[7];
    assign spi_miso_oe = !spi_cs_n;

    // ---------------------------------------------------------------- frame decoder
    localparam [1:0] R_HDR = 2'd0, R_PAY = 2'd1, R_FCRC = 2'd2, R_DONE = 2'd3;
    reg [1:0]  rx_state;
    reg [3:0]  hdr_cnt;
    reg        fcrc_cnt;
    reg [7:0]  cmd;
    reg [7:0]  seq;
    reg        addr_aligned;         // ADDR[1:0] == 0
    reg        len_is_3, len_is_7;   // LEN of a CSR command / of POLL
    reg        hdr_busy;             // the engine was busy during this header: ADDR and
                                     // LEN did not reach it, the frame is answered BUSY
    reg [31:0] word;                 // CSR write data, CSR read data, poll status

    // Last executed frame (duplicate detection and POLL). An executed frame becomes it
    // when the next frame starts, before its first bit changes seq and crc: so a POLL
    // answers with the frame before it without a copy. (eng_start comes at most 3
    // cycles after the last bit, CS_n's rise and fall take longer.)
    reg        last_valid;
    reg [7:0]  last_seq;
    reg [15:0] last_crc;
    reg        exec_frame;           // the frame in seq and crc was executed

    // Engine (declared here: the decoder needs it). ADDR and LEN go straight into the
    // engine's registers while it is idle; eng_idx counts the payload bytes into the
    // buffer, the engine's bytes and the answer's data bytes (never two at once).
    localparam [3:0] E_IDLE = 4'd0, E_CSRW = 4'd1, E_CSRR = 4'd2, E_CSRR_WAIT = 4'd3,
                     E_MW_FILL = 4'd4, E_MW_DRAIN = 4'd5, E_MW_REQ = 4'd6,
                     E_MR_REQ = 4'd7, E_MR_WAIT = 4'd8, E_MR_COPY = 4'd9, E_POLL = 4'd10;
    reg [3:0]  eng_state;
    reg        eng_done;             // 1-cycle pulse: the committed frame is executed
    wire       eng_busy = (eng_state != E_IDLE);
    reg        eng_start;            // the cycle after the commit: the frame's fields
                                     // (cmd, seq, crc, dec_eng) hold until the next
                                     // frame's first byte
    reg [31:0] eng_addr;             // ADDR, then the address of the current byte
    reg [7:0]  eng_len;              // LEN: payload/answer bytes - 1
    reg [7:0]  eng_idx;              // buffer index of the current byte
    wire       idx_last = (eng_idx == eng_len);

    // Frame CRC, bit-serial as the bits arrive: each bit of header bytes 0-6 and of the
    // payload steps it; during the two bytes of HCRC and FCRC it rotates instead (16
    // steps bring it back) and each received bit is compared with its top bit.
    reg [15:0] crc;
    reg        crc_bad;              // a bit of the received HCRC/FCRC differed
    wire       hdr_crc_bytes = (rx_state == R_HDR) && (hdr_cnt >= 4'd7);
    wire       crc_check = hdr_crc_bytes || (rx_state == R_FCRC);
    wire       crc_data  = ((rx_state == R_HDR) && !hdr_crc_bytes) || (rx_state == R_PAY);
    wire       crc_first = (rx_state == R_HDR) && (hdr_cnt == 4'd0) && (bit_cnt == 3'd0);
    wire [15:0] crc_in   = crc_first ? 16'hFFFF : crc;
    wire        crc_fb   = crc_in[15] ^ bit_in;
    always @(posedge clk) begin
        if (bit_step && crc_data) begin
            crc <= {crc_in[14:0], 1'b0} ^ (crc_fb ? CRC_POLY : 16'h0000);
            if (crc_first) crc_bad <= 1'b0;
        end
        if (bit_step && crc_check) begin
            crc     <= {crc[14:0], crc[15]};
            crc_bad <= crc_bad || (crc[15] != bit_in);
        end
    end

    wire has_payload = (cmd == CMD_MEM_WRITE) || (cmd == CMD_CSR_WRITE);
    wire csr_cmd     = (cmd == CMD_CSR_WRITE) || (cmd == CMD_CSR_READ);
    wire cmd_ok      = (cmd == CMD_MEM_WRITE) || (cmd == CMD_MEM_READ)
                    || (csr_cmd && len_is_3 && addr_aligned)
                    || (cmd == CMD_POLL && len_is_7);
    wire hdr_end     = rx_valid && (rx_state == R_HDR) && (hdr_cnt == 4'd8);
    wire fcrc_end    = rx_valid && (rx_state == R_FCRC) && fcrc_cnt;
    wire dup         = last_valid && (seq == last_seq) && (crc == last_crc);
    wire pay_byte    = rx_valid && (rx_state == R_PAY);

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
        dec_match  <= !crc_bad;
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
            end else if (hdr_busy) begin
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

    always @(posedge clk) eng_start <= rx_commit && !rst;

    // Header fields (outside the reset/abort priority: a new frame rewrites them all).
    always @(posedge clk) begin
        if (rx_valid && rx_state == R_HDR) begin
            case (hdr_cnt)
            4'd0:    cmd <= rx_data;
            4'd1:    seq <= rx_data;
            4'd5:    addr_aligned <= (rx_data[1:0] == 2'b00);
            4'd6: begin
                len_is_3 <= (rx_data == 8'd3);
                len_is_7 <= (rx_data == 8'd7);
            end
            default: ;
            endcase
        end
    end

    always @(posedge clk) begin
        if (rst || !cs_active) begin
            rx_state <= R_HDR;
            hdr_cnt  <= 4'd0;
            hdr_busy <= 1'b0;
        end else if (rx_valid) begin
            case (rx_state)
            R_HDR: begin
                hdr_cnt <= hdr_cnt + 4'd1;
                if (eng_busy && hdr_cnt >= 4'd2) hdr_busy <= 1'b1;
                if (hdr_cnt == 4'd8) rx_state <= R_PAY;   // R_DONE after the decision
            end
            R_PAY: begin
                if (idx_last) begin
                    rx_state <= R_FCRC;
                    fcrc_cnt <= 1'b0;
                end
            end
            R_FCRC: begin
                fcrc_cnt <= 1'b1;
                if (fcrc_cnt) rx_state <= R_DONE;
            end
            default: ;                                    // R_DONE: ignore until CS_n rises
            endcase
        end else if (dec_hdr && (rx_answer || rx_commit)) begin
            rx_state <= R_DONE;
        end

        if (rst) begin
            last_valid <= 1'b0;
            last_seq   <= 8'd0;
            last_crc   <= 16'd0;
            exec_frame <= 1'b0;
        end else if (cs_fall && exec_frame) begin
            last_valid <= 1'b1;
            last_seq   <= seq;
            last_crc   <= crc;
            exec_frame <= 1'b0;
        end else if (eng_start) begin
            exec_frame <= 1'b1;
        end
    end

    // ---------------------------------------------------------------- buffer
    // 256 bytes: write payload (decoder), read data (engine); read by the write engine
    // and the answer. Never two users at once: the decoder stores only while the engine
    // is idle, and the answer reads only after the engine is done. All of them address
    // it with eng_idx. A byte read in a cycle that writes it is never used, so yosys need
    // not build its old value around the block RAM (no_rw_check: 8 flip-flops, 50 LUTs).
    (* no_rw_check *)
    reg  [7:0] buf_mem [0:255];
    reg  [7:0] buf_rdata;
    wire       buf_we;
    wire [7:0] buf_wdata;
    always @(posedge clk) begin
        if (buf_we) buf_mem[eng_idx] <= buf_wdata;
        buf_rdata <= buf_mem[eng_idx];
    end

    // ---------------------------------------------------------------- engine
    reg  [MEM_DW-1:0] line_q;
    reg  [BPL-1:0]    strb_q;
    reg               rd_v;          // a buffer byte for lane rd_lane arrives this cycle
    reg  [LW-1:0]     rd_lane;
    reg               eng_last;      // the write engine has read the frame's last byte
    wire [LW-1:0]     lane = (LB == 0) ? {LW{1'b0}} : eng_addr[LW-1:0];
    wire              line_last = (lane == LANE_MAX) || idx_last;
    // The next byte of the line (the lane wraps, the line stays) and the next line.
    wire [31:0]       addr_next_lane = (eng_addr + 32'd1) & LANE_MASK;
    // The line number is incremented in two halves of at most 16 bits, the carry into
    // bits 31:16 taken from a register: a 29-bit carry chain misses 48 MHz on the UP5K.
    // The line bits change at most every third cycle, so line_carry is always current.
    reg               line_carry;    // eng_addr[15:LB] are all ones
    always @(posedge clk) line_carry <= &(eng_addr[15:0] | LANE_MASK[15:0]);
    wire [31:0]       addr_next_line;
    assign addr_next_line[15:0]  = (eng_addr[15:0] & ~LANE_MASK[15:0]) + LINE_BYTES[15:0];
    assign addr_next_line[31:16] = eng_addr[31:16] + {15'd0, line_carry};
    // eng_addr: ADDR from the header while the engine is idle, then its lane moves with
    // each byte and its line after each line (the lane has wrapped to 0 by then).
    wire addr_hdr  = (eng_state == E_IDLE) && rx_valid && (rx_state == R_HDR)
                  && (hdr_cnt >= 4'd2) && (hdr_cnt <= 4'd5);
    wire addr_lane = (eng_state == E_MW_FILL) || (eng_state == E_MR_COPY);
    wire addr_line = (eng_state == E_MW_REQ && mem_req_ready && !eng_last)
                  || (eng_state == E_MR_COPY && line_last && !idx_last);
    always @(posedge clk) begin
        if (addr_hdr) begin
            eng_addr <= {eng_addr[23:0], rx_data};               // big-endian
        end else if (addr_lane || addr_line) begin
            eng_addr <= ((addr_line ? addr_next_line : eng_addr) & ~LANE_MASK)
                      | (addr_lane ? addr_next_lane : (eng_addr & LANE_MASK));
        end
    end
    reg  [7:0]        line_byte;     // the byte of line_q at lane
    integer b;
    always @(*) begin
        line_byte = line_q[7:0];
        for (b = 1; b < BPL; b = b + 1)
            if (lane == b[LW-1:0]) line_byte = line_q[b * 8 +: 8];
    end
    reg  tx_data_step;               // the answer moved to its next data byte (registered:
                                     // byte_done is on the synchroniser path)

    // The line: a memory read's response, or the write engine's bytes (with strobes)
    // lane by lane; each lane has one enable and a 2-way data choice.
    wire line_load = (eng_state == E_MR_WAIT) && mem_rsp_valid;
    always @(posedge clk)
        for (b = 0; b < BPL; b = b + 1)
            if (line_load || (rd_v && rd_lane == b[LW-1:0]))
                line_q[b * 8 +: 8] <= line_load ? mem_rsp_data[b * 8 +: 8] : buf_rdata;

    always @(posedge clk) begin
        eng_done <= 1'b0;
        rd_v     <= 1'b0;
        for (b = 0; b < BPL; b = b + 1)
            if (rd_v && rd_lane == b[LW-1:0]) strb_q[b] <= 1'b1;
        if (rst) begin
            eng_state <= E_IDLE;
            eng_idx   <= 8'd0;
            strb_q    <= {BPL{1'b0}};
        end else begin
            case (eng_state)
            E_IDLE: begin
                // Header fields of a frame that may execute; payload and answer bytes.
                if (rx_valid && rx_state == R_HDR && hdr_cnt == 4'd6) eng_len <= rx_data;
                if (eng_start) begin
                    eng_idx   <= 8'd0;
                    eng_last  <= 1'b0;
                    strb_q    <= {BPL{1'b0}};
                    eng_state <= dec_eng;
                end else if (dec_hdr) begin
                    eng_idx   <= 8'd0;
                end else if (pay_byte || tx_data_step) begin
                    eng_idx   <= eng_idx + 8'd1;
                end
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
                rd_v     <= 1'b1;
                rd_lane  <= lane;
                eng_idx  <= eng_idx + 8'd1;
                if (idx_last) eng_last <= 1'b1;
                if (line_last) eng_state <= E_MW_DRAIN;
            end
            E_MW_DRAIN: eng_state <= E_MW_REQ;
            E_MW_REQ: if (mem_req_ready) begin
                strb_q <= {BPL{1'b0}};
                if (eng_last) begin
                    eng_state <= E_IDLE;
                    eng_done  <= 1'b1;
                    eng_idx   <= 8'd0;
                end else begin
                    eng_state <= E_MW_FILL;
                end
            end
            // Memory read: one line at a time, its bytes copied into the buffer.
            E_MR_REQ: if (mem_req_ready) eng_state <= E_MR_WAIT;
            E_MR_WAIT: if (mem_rsp_valid) eng_state <= E_MR_COPY;
            E_MR_COPY: begin
                eng_idx  <= eng_idx + 8'd1;
                if (idx_last) begin
                    eng_state <= E_IDLE;
                    eng_done  <= 1'b1;
                    eng_idx   <= 8'd0;
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
    // A CSR frame never advances eng_addr: it is the frame's address.
    assign csr_addr  = eng_addr;
    assign csr_wdata = word;

    // The write engine advances eng_addr's line only after the request, so both
    // requests take the line of eng_addr.
    assign mem_req_valid = (eng_state == E_MW_REQ) || (eng_state == E_MR_REQ);
    assign mem_req_we    = (eng_state == E_MW_REQ);
    assign mem_req_addr  = eng_addr & ~LANE_MASK;
    assign mem_req_wdata = line_q;
    assign mem_req_wstrb = strb_q;

    // ---------------------------------------------------------------- answer
    // It answers the frame being received (cmd, seq and eng_len are this frame's), with
    // the data bytes at eng_idx 0 .. eng_len (LEN is 3 for CSR_READ and 7 for POLL).
    localparam [2:0] T_WAIT = 3'd0, T_STATUS = 3'd1, T_SEQ = 3'd2, T_DATA = 3'd3,
                     T_CRC_HI = 3'd4, T_CRC_LO = 3'd5, T_END = 3'd6;
    reg [2:0]  tx_pos;               // what tx_next holds
    reg        tx_has_data;          // the answer carries data bytes
    reg [7:0]  status_q;
    reg [15:0] tx_crc;               // over status, seq and data, bit by bit on MISO
    reg        tx_crc_slot;          // the byte on MISO now is one of those
    reg        exec_pending;         // this frame is executing; answer when done
    reg        data_last;            // the data byte at eng_idx is the last (registered
                                     // compare: eng_idx is stable long before a slot)
    always @(posedge clk) data_last <= idx_last;
    always @(posedge clk) tx_data_step <= byte_done && (tx_pos == T_DATA);

    // word: the payload shifts in (CSR write data), then a CSR read's data or the poll
    // word is loaded and shifts out again, byte by byte, as the answer sends it.
    wire word_shift = pay_byte || (tx_data_step && (eng_idx[2] || !ans_poll));
    always @(posedge clk) begin
        if (eng_state == E_POLL) word <= poll_status;
        else if (eng_state == E_CSRR_WAIT && csr_rvalid) word <= csr_rdata;
        else if (word_shift) word <= {word[23:0], rx_data};
    end

    // Executed frames have a valid CMD (1-5): its low 3 bits tell them apart.
    wire       ans_mem_read = (cmd[2:0] == CMD_MEM_READ[2:0]);
    wire       ans_poll     = (cmd[2:0] == CMD_POLL[2:0]);
    wire       ans_data     = ans_mem_read || ans_poll || (cmd[2:0] == CMD_CSR_READ[2:0]);
    wire [1:0] wsel = eng_idx[1:0];
    wire [7:0] info_byte = (wsel == 2'd0) ? VERSION : (wsel == 2'd1) ? last_seq
                         : (wsel == 2'd2) ? {7'd0, last_valid} : 8'h00;
    wire [7:0] data_byte = ans_mem_read ? buf_rdata
                         : (ans_poll && !eng_idx[2]) ? info_byte : word[31:24];
    // Registered: eng_idx moves only after a slot boundary, the next one is 32+ cycles away.
    reg  [7:0] data_q;
    always @(posedge clk) data_q <= data_byte;
    assign tx_next = (tx_pos == T_STATUS) ? status_q
                   : (tx_pos == T_SEQ)    ? seq
                   : (tx_pos == T_DATA)   ? data_q
                   : (tx_pos == T_CRC_HI) ? tx_crc[15:8]
                   : (tx_pos == T_CRC_LO) ? tx_crc[7:0] : IDLE_BYTE;
    // Each bit enters the answer CRC as it appears on MISO, so the CRC is complete when
    // its first byte is loaded.
    wire next_in_crc = (tx_pos == T_STATUS) || (tx_pos == T_SEQ) || (tx_pos == T_DATA);
    wire tx_crc_step = byte_done ? next_in_crc : tx_crc_slot;

    always @(posedge clk) begin
        if (rst || !cs_active) begin
            tx_pos       <= T_WAIT;
            tx_crc       <= 16'hFFFF;
            tx_crc_slot  <= 1'b0;
            exec_pending <= 1'b0;
        end else begin
            if (sclk_rise && tx_crc_step)
                tx_crc <= {tx_crc[14:0], 1'b0}
                        ^ ((tx_crc[15] ^ tx_bit_next) ? CRC_POLY : 16'h0000);
            if (byte_done) begin
                tx_crc_slot <= next_in_crc;
                case (tx_pos)
                T_STATUS: tx_pos <= T_SEQ;
                T_SEQ:    tx_pos <= tx_has_data ? T_DATA : T_CRC_HI;
                T_DATA:   if (data_last) tx_pos <= T_CRC_HI;
                T_CRC_HI: tx_pos <= T_CRC_LO;
                T_CRC_LO: tx_pos <= T_END;
                default: ;
                endcase
            end
            if (rx_commit) exec_pending <= 1'b1;
            if (rx_answer) begin
                status_q    <= rx_status;
                tx_has_data <= 1'b0;
                tx_pos      <= T_STATUS;
            end else if (eng_done && exec_pending) begin
                exec_pending <= 1'b0;
                status_q     <= ST_OK;
                tx_has_data  <= ans_data;
                tx_pos       <= T_STATUS;
            end
        end
    end

    // Buffer writes.
    assign buf_we    = (pay_byte && cmd == CMD_MEM_WRITE) || (eng_state == E_MR_COPY);
    assign buf_wdata = (eng_state == E_MR_COPY) ? line_byte : rx_data;
endmodule

`default_nettype wire
