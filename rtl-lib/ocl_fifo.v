// SPDX-License-Identifier: MIT
//
// ocl_fifo: first-word-fall-through FIFO (synchronous, one clock).
//
// Parameters
//   WIDTH  bits per entry (>= 1)
//   DEPTH  number of entries (>= 1, any value, not only powers of two)
//   BLOCK_RAM  0 (default): synthesis chooses where the entries go (yosys keeps a small
//          FIFO in flip-flops); 1: asks for block RAM (ram_style "block"), which the
//          compiler does for a deep, narrow FIFO when an iCE40 has block RAM to spare
//          (hls/emit/emit_pipeline_regs.c). The behaviour is the same.
//   HEAD_REG  0 (default): pop_data is read from the storage at the read pointer; 1 (for
//          DEPTH >= 2): the head entry is a register of its own in front of DEPTH - 1
//          entries of storage, so pop_data comes from flip-flops (the ECP5 keeps a deep
//          FIFO in LUT RAM, read about 2 ns after the clock: a loop's back FIFO feeds the
//          loop's first stage). The behaviour is the same.
//
// Ports
//   push, push_data  write push_data at the clock edge when push is high and the FIFO
//                    has room (see below); a push that finds no room is ignored
//   pop              drop the head at the clock edge; ignored when empty
//   pop_data         the head entry; valid whenever !empty (it is the storage word the
//                    read pointer selects, so it changes only at clock edges)
//   empty, full      registered: no combinational path from push/pop to them
//   count            registered number of entries, 0..DEPTH
//
// Timing contract
//   - An entry pushed at edge t is visible at pop_data (and empty falls) right after
//     edge t: push-to-head latency is one cycle.
//   - Full and pop in the same cycle: the pop frees the slot, so a push in that cycle is
//     accepted too (count stays DEPTH). Push therefore may be qualified with
//     (!full || pop) by the producer and sustain one entry per cycle at DEPTH = 1.
//   - Empty and push+pop in the same cycle: the pop is ignored and the push happens.
//   - Storage is not reset: pop_data is undefined while empty.
`default_nettype none

module ocl_fifo #(
    parameter integer WIDTH = 32,
    parameter integer DEPTH = 4,
    parameter integer BLOCK_RAM = 0,
    parameter integer HEAD_REG = 0
) (
    input  wire                       clk,
    input  wire                       rst,
    input  wire                       push,
    input  wire [WIDTH-1:0]           push_data,
    input  wire                       pop,
    output wire [WIDTH-1:0]           pop_data,
    output reg                        empty,
    output reg                        full,
    output reg  [$clog2(DEPTH+1)-1:0] count
);
    localparam integer CW = $clog2(DEPTH + 1);

    // Accepted operations. full implies !empty, so a pop while full is always taken and
    // frees the slot the push uses.
    wire do_pop  = pop & ~empty;
    wire do_push = push & (~full | pop);

    // count compared against integer constants through a 32-bit copy: keeps the
    // comparisons width-exact for every DEPTH.
    wire [31:0] count32 = {{(32 - CW){1'b0}}, count};

    always @(posedge clk) begin
        if (rst) begin
            count <= {CW{1'b0}};
            empty <= 1'b1;
            full  <= 1'b0;
        end else if (do_push & ~do_pop) begin
            count <= count + 1'b1;
            empty <= 1'b0;
            full  <= (count32 == DEPTH - 1);
        end else if (do_pop & ~do_push) begin
            count <= count - 1'b1;
            empty <= (count32 == 1);
            full  <= 1'b0;
        end
    end

    // The storage: SD entries in a ring, written by store_push, read oldest first as
    // store_head and advanced by store_pop. Without a head register it is the whole FIFO;
    // with one (HEAD_REG, DEPTH >= 2), entry 0 is in the head register and entries
    // 1 .. count-1 in the storage: the head takes a push when the FIFO is empty, or when it
    // holds one entry that is popped; a pop with more entries moves the storage's oldest
    // into the head.
    localparam integer HEADED = (HEAD_REG != 0 && DEPTH >= 2) ? 1 : 0;
    localparam integer SD = HEADED != 0 ? DEPTH - 1 : DEPTH;
    wire             store_push;
    wire             store_pop;
    wire [WIDTH-1:0] store_head;

    generate
        if (HEADED != 0) begin : g_head
            reg  [WIDTH-1:0] head;
            wire one = (count32 == 1);
            wire head_takes_push = do_push & (empty | (do_pop & one));
            assign store_push = do_push & ~head_takes_push;
            assign store_pop  = do_pop & ~one;
            always @(posedge clk) begin
                if (head_takes_push) head <= push_data;
                else if (store_pop) head <= store_head;
            end
            assign pop_data = head;
        end else begin : g_no_head
            assign store_push = do_push;
            assign store_pop  = do_pop;
            assign pop_data   = store_head;
        end

        if (SD == 1) begin : g_one
            // A single register: no pointers, and a pop needs no action.
            reg [WIDTH-1:0] data;
            always @(posedge clk) begin
                if (store_push) data <= push_data;
            end
            assign store_head = data;
            /* verilator lint_off UNUSED */
            wire unused_pop = store_pop;
            /* verilator lint_on UNUSED */
        end else begin : g_ram
            localparam integer PW = $clog2(SD);
            reg [PW-1:0]    wr_ptr;
            reg [PW-1:0]    rd_ptr;
            wire [31:0]     wr_ptr32 = {{(32 - PW){1'b0}}, wr_ptr};
            wire [31:0]     rd_ptr32 = {{(32 - PW){1'b0}}, rd_ptr};

            always @(posedge clk) begin
                if (rst) begin
                    wr_ptr <= {PW{1'b0}};
                    rd_ptr <= {PW{1'b0}};
                end else begin
                    // Explicit wrap so that non-power-of-two depths work.
                    if (store_push) wr_ptr <= (wr_ptr32 == SD - 1) ? {PW{1'b0}} : wr_ptr + 1'b1;
                    if (store_pop)  rd_ptr <= (rd_ptr32 == SD - 1) ? {PW{1'b0}} : rd_ptr + 1'b1;
                end
            end

            if (BLOCK_RAM != 0) begin : g_block
                (* ram_style = "block" *) reg [WIDTH-1:0] mem [0:SD-1];
                always @(posedge clk) begin
                    if (store_push) mem[wr_ptr] <= push_data;
                end
                assign store_head = mem[rd_ptr];
            end else begin : g_any
                reg [WIDTH-1:0] mem [0:SD-1];
                always @(posedge clk) begin
                    if (store_push) mem[wr_ptr] <= push_data;
                end
                assign store_head = mem[rd_ptr];
            end
        end
    endgenerate
endmodule

`default_nettype wire
