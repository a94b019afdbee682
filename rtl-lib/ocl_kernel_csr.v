// SPDX-License-Identifier: MIT
//
// ocl_kernel_csr: the control/status register window of one kernel (byte offsets within
// the window, docs/architecture.md "Within a kernel window"):
//
//   0x00        CTRL           write with bit 0 set: start (ignored while running); reads 0
//   0x04        STATUS    RO   bit 0 busy (running), bit 1 done
//   0x08        WORK_DIM
//   0x10/14/18  GLOBAL_OFFSET x/y/z
//   0x20/24/28  GLOBAL_SIZE x/y/z
//   0x30/34/38  LOCAL_SIZE x/y/z
//   0x40/44/48  NUM_GROUPS x/y/z
//   0x50/54     CYCLES    RO   of the current or last run, low/high
//   0x60/64/68  LAST_GLOBAL_ID x/y/z   GLOBAL_OFFSET + GLOBAL_SIZE - 1 (for ocl_dispatcher)
//   0x70        WORK_ITEMS_M1          product of the GLOBAL_SIZEs - 1 (for ocl_dispatcher)
//   0x80 + 4i   argument word i, i < NUM_ARG_WORDS
//   other       read 0, writes ignored
// With READBACK = 0 the launch registers and argument words are write-only (read 0):
// the runtime never reads them back, and without the read mux over them a register the
// kernel does not use is removed by synthesis (small boards; docs/architecture.md).
//
// Parameters
//   NUM_ARG_WORDS  number of 32-bit argument words (1..480: the window ends at 0x7FF)
//   READBACK       1 (default): every register reads back; 0: only STATUS and CYCLES
//   CYCLE_BITS     width of the CYCLES counter, 1..64 (default 64); the bits above read 0
//                  and the count wraps at 2^CYCLE_BITS. A small board takes 40: 10 hours
//                  at 30 MHz, 24 flip-flops and carries fewer than 64.
//
// Ports
//   csr_wr, csr_rd, csr_addr, csr_wdata   the host register bus; csr_addr is the byte
//                  offset within the window (bits [1:0] are ignored: word access only)
//   csr_rdata      registered: the value read in the cycle after csr_rd, 0 in every other
//                  cycle, so the system ORs its kernels' answers with no multiplexer
//   start          1-cycle pulse in the cycle after a CTRL write with bit 0 set, when
//                  neither busy nor a run is in progress
//   work_dim, global_offset, global_size, local_size, num_groups, last_global_id,
//   work_items_m1, args
//                  the register values (3-D vectors: x [31:0], y [63:32], z [95:64];
//                  argument word i at args[32i+31:32i]); registers reset to 0
//   busy           the kernel is running (dispatcher, pipeline, LSUs not idle)
//
// Run sequence: the start pulse opens a run (STATUS.busy = 1 from that cycle, done
// cleared, CYCLES cleared). The run ends at the first cycle after the start pulse in
// which busy is low (the falling edge of busy; the kernel is expected to raise busy in
// the cycle after start, as ocl_dispatcher does; a kernel with nothing to do may never
// raise it and then ends right away). At the end done is set and STATUS.busy drops in
// the next cycle. STATUS bit 0 reads busy | run-in-progress.
// CYCLES = number of cycles from the start pulse (counted) to the end cycle (not
// counted), i.e. 1 + the number of cycles busy was high; it counts live during a run.
`default_nettype none

module ocl_kernel_csr #(
    parameter integer NUM_ARG_WORDS = 1,
    parameter integer READBACK      = 1,
    parameter integer CYCLE_BITS    = 64
) (
    input  wire                        clk,
    input  wire                        rst,
    input  wire                        csr_wr,
    input  wire                        csr_rd,
    input  wire [10:0]                 csr_addr,
    input  wire [31:0]                 csr_wdata,
    output reg  [31:0]                 csr_rdata,
    output reg                         start,
    output reg  [31:0]                 work_dim,
    output reg  [95:0]                 global_offset,
    output reg  [95:0]                 global_size,
    output reg  [95:0]                 local_size,
    output reg  [95:0]                 num_groups,
    output reg  [95:0]                 last_global_id,
    output reg  [31:0]                 work_items_m1,
    output reg  [NUM_ARG_WORDS*32-1:0] args,
    input  wire                        busy
);
    // Word index within the window; the byte lanes are not used (word access only).
    wire [8:0] word = csr_addr[10:2];
    /* verilator lint_off UNUSED */
    wire [1:0] unused_lanes = csr_addr[1:0];
    /* verilator lint_on UNUSED */

    reg        running;
    reg        done;
    reg [CYCLE_BITS-1:0] cycles;
    wire [63:0]          cycles64;
    generate
        if (CYCLE_BITS < 64) begin : g_narrow_cycles
            assign cycles64 = {{(64 - CYCLE_BITS){1'b0}}, cycles};
        end else begin : g_full_cycles
            assign cycles64 = cycles;
        end
    endgenerate

    wire start_req = csr_wr & (word == 9'h000) & csr_wdata[0] & ~busy & ~running;

    // Configuration registers.
    always @(posedge clk) begin
        if (rst) begin
            work_dim      <= 32'd0;
            global_offset <= 96'd0;
            global_size   <= 96'd0;
            local_size    <= 96'd0;
            num_groups    <= 96'd0;
            last_global_id <= 96'd0;
            work_items_m1 <= 32'd0;
        end else if (csr_wr) begin
            case (word)
                9'h002: work_dim <= csr_wdata;
                9'h004: global_offset[31:0]  <= csr_wdata;
                9'h005: global_offset[63:32] <= csr_wdata;
                9'h006: global_offset[95:64] <= csr_wdata;
                9'h008: global_size[31:0]    <= csr_wdata;
                9'h009: global_size[63:32]   <= csr_wdata;
                9'h00A: global_size[95:64]   <= csr_wdata;
                9'h00C: local_size[31:0]     <= csr_wdata;
                9'h00D: local_size[63:32]    <= csr_wdata;
                9'h00E: local_size[95:64]    <= csr_wdata;
                9'h010: num_groups[31:0]     <= csr_wdata;
                9'h011: num_groups[63:32]    <= csr_wdata;
                9'h012: num_groups[95:64]    <= csr_wdata;
                9'h018: last_global_id[31:0]  <= csr_wdata;
                9'h019: last_global_id[63:32] <= csr_wdata;
                9'h01A: last_global_id[95:64] <= csr_wdata;
                9'h01C: work_items_m1        <= csr_wdata;
                default: ;
            endcase
        end
    end

    // The argument words also as an array, for the read mux: one indexed read in a
    // Verilated model instead of a compare per word (a kernel has one CSR block each).
    // Padded with zeros to NA = 2^AIW words, so that up to 32 words (NA <= 32: 0x20 is a
    // multiple of NA) are found by the word index's high bits and read by its low bits.
    localparam integer AIW = (NUM_ARG_WORDS > 1) ? $clog2(NUM_ARG_WORDS) : 1;
    localparam integer NA = 1 << AIW;
    localparam [8:0]   ARG_BASE = 9'h020;
    wire [31:0]    arg_word [0:NA-1];
    wire           arg_hit;  // word is an argument word's index
    wire [AIW-1:0] arg_ix;   // which one
    genvar i;
    generate
        for (i = NUM_ARG_WORDS; i < NA; i = i + 1) begin : g_arg_pad
            assign arg_word[i] = 32'd0;
        end
        if (AIW <= 5) begin : g_arg_aligned
            assign arg_hit = (word[8:AIW] == ARG_BASE[8:AIW]);
            assign arg_ix  = word[AIW-1:0];
        end else begin : g_arg_range
            /* verilator lint_off UNUSED */
            wire [8:0] off = word - ARG_BASE;  // its low AIW bits index the words
            /* verilator lint_on UNUSED */
            assign arg_hit = ({23'd0, word} >= 32'h20) && ({23'd0, word} < 32'h20 + NUM_ARG_WORDS);
            assign arg_ix  = off[AIW-1:0];
        end
    endgenerate

    generate
        for (i = 0; i < NUM_ARG_WORDS; i = i + 1) begin : g_arg
            localparam [8:0] ARG_WORD = 9'h020 + i;
            always @(posedge clk) begin
                if (rst) args[32*i +: 32] <= 32'd0;
                else if (csr_wr && word == ARG_WORD) args[32*i +: 32] <= csr_wdata;
            end
            assign arg_word[i] = args[32*i +: 32];
        end
    endgenerate

    // Run control.
    always @(posedge clk) begin
        if (rst) begin
            start   <= 1'b0;
            running <= 1'b0;
            done    <= 1'b0;
            cycles  <= {CYCLE_BITS{1'b0}};
        end else begin
            start <= start_req;
            if (start_req) begin
                running <= 1'b1;
                done    <= 1'b0;
                cycles  <= {CYCLE_BITS{1'b0}};
            end else if (running) begin
                if (!start && !busy) begin
                    running <= 1'b0;
                    done    <= 1'b1;
                end else begin
                    cycles <= cycles + 1'b1;
                end
            end
        end
    end

    // Read mux (argument words beyond NUM_ARG_WORDS read 0).
    reg [31:0] rd_mux;
    always @(*) begin
        rd_mux = 32'd0;
        case (word)
            9'h001: rd_mux = {30'd0, done, busy | running};
            9'h014: rd_mux = cycles64[31:0];
            9'h015: rd_mux = cycles64[63:32];
            default: if (READBACK != 0) rd_mux = launch_value(word);
        endcase
    end

    // A launch register or argument word by word index; 0 when none.
    function [31:0] launch_value;
        input [8:0] w;
        begin
            launch_value = 32'd0;
            case (w)
                9'h002: launch_value = work_dim;
                9'h004: launch_value = global_offset[31:0];
                9'h005: launch_value = global_offset[63:32];
                9'h006: launch_value = global_offset[95:64];
                9'h008: launch_value = global_size[31:0];
                9'h009: launch_value = global_size[63:32];
                9'h00A: launch_value = global_size[95:64];
                9'h00C: launch_value = local_size[31:0];
                9'h00D: launch_value = local_size[63:32];
                9'h00E: launch_value = local_size[95:64];
                9'h010: launch_value = num_groups[31:0];
                9'h011: launch_value = num_groups[63:32];
                9'h012: launch_value = num_groups[95:64];
                9'h018: launch_value = last_global_id[31:0];
                9'h019: launch_value = last_global_id[63:32];
                9'h01A: launch_value = last_global_id[95:64];
                9'h01C: launch_value = work_items_m1;
                default: begin
                    // arg_hit and arg_ix decode word: the read mux is the only caller.
                    if (arg_hit) launch_value = arg_word[arg_ix];
                end
            endcase
        end
    endfunction

    always @(posedge clk) csr_rdata <= !rst && csr_rd ? rd_mux : 32'd0;
endmodule

`default_nettype wire
