// SPDX-License-Identifier: MIT
//
// ocl_mem_arbiter: N bus masters onto one global-memory port (bus: docs/architecture.md
// "The global-memory bus").
//
// Parameters
//   N           number of masters (>= 1)
//   MEM_DW      line width in bits (multiple of 8)
//   AW          byte-address width
//   TAGQ_DEPTH  reads in flight that the arbiter can route back (tag FIFO entries)
//
// Ports: m_* are the masters' buses as flattened arrays (master i at [i], [i*AW +: AW],
// [i*MEM_DW +: MEM_DW], [i*MEM_DW/8 +: MEM_DW/8]); m_rsp_data is shared by all masters
// and valid for master i when m_rsp_valid[i]. mem_* is the memory port.
//
// Behaviour
//   - Round-robin: the grant goes to the first requesting master after the one granted
//     last (circularly), combinationally from m_req_valid: no added latency, one request
//     per cycle. mem_req_valid depends combinationally on m_req_valid/m_req_we;
//     m_req_ready[i] = mem_req_ready && grant == i.
//   - A request offered to memory and not accepted stays granted (locked) until memory
//     accepts it, so mem_req_* are stable while mem_req_valid && !mem_req_ready, as long
//     as the masters hold their requests (they must: valid/ready).
//   - The master index of every accepted read is pushed into a tag FIFO; each memory
//     response pops it and is routed to that master (m_rsp_valid is combinational from
//     mem_rsp_valid: no added latency). While the tag FIFO is full, reads are not
//     granted (writes still are).
//   - N = 1: plain wires; no tag FIFO and no read limit (the master counts its own
//     credits).
`default_nettype none

module ocl_mem_arbiter #(
    parameter integer N = 2,
    parameter integer MEM_DW = 512,
    parameter integer AW = 32,
    parameter integer TAGQ_DEPTH = 64
) (
    input  wire                   clk,
    input  wire                   rst,

    input  wire [N-1:0]           m_req_valid,
    output wire [N-1:0]           m_req_ready,
    input  wire [N-1:0]           m_req_we,
    input  wire [N*AW-1:0]        m_req_addr,
    input  wire [N*MEM_DW-1:0]    m_req_wdata,
    input  wire [N*MEM_DW/8-1:0]  m_req_wstrb,
    output wire [N-1:0]           m_rsp_valid,
    output wire [MEM_DW-1:0]      m_rsp_data,

    output wire                   mem_req_valid,
    input  wire                   mem_req_ready,
    output wire                   mem_req_we,
    output wire [AW-1:0]          mem_req_addr,
    output wire [MEM_DW-1:0]      mem_req_wdata,
    output wire [MEM_DW/8-1:0]    mem_req_wstrb,
    input  wire                   mem_rsp_valid,
    input  wire [MEM_DW-1:0]      mem_rsp_data
);
    localparam integer SW = MEM_DW / 8;

    assign m_rsp_data = mem_rsp_data;

    generate
        if (N == 1) begin : g_single
            assign mem_req_valid = m_req_valid;
            assign m_req_ready   = mem_req_ready & m_req_valid;
            assign mem_req_we    = m_req_we;
            assign mem_req_addr  = m_req_addr;
            assign mem_req_wdata = m_req_wdata;
            assign mem_req_wstrb = m_req_wstrb;
            assign m_rsp_valid   = mem_rsp_valid;
            /* verilator lint_off UNUSED */
            wire unused_single = clk | rst;  // no state with one master
            /* verilator lint_on UNUSED */
        end else begin : g_multi
            localparam integer TW = $clog2(N);

            wire          tagq_full;
            wire          tagq_empty;
            wire [TW-1:0] tagq_head;

            // Reads need room in the tag FIFO; writes need nothing.
            wire [N-1:0] eligible = m_req_valid & (m_req_we | {N{~tagq_full}});

            reg [N-1:0]  after;     // the masters after the one granted last
            reg          locked;    // the current grant waits for mem_req_ready
            reg [TW-1:0] lock_idx;

            // Round-robin pick: the lowest eligible master after the last grant, else the
            // lowest eligible one (the order last+1, ..., N-1, 0, ..., last). A register
            // says which masters come after the last grant, so the pick is a priority
            // choice without adders: on the iCE40 the index arithmetic's carry chain was
            // the head of the critical path (grant -> shell arbiter -> SPRAM address).
            wire [N-1:0] after_eligible = eligible & after;
            wire [N-1:0] pool = (|after_eligible) ? after_eligible : eligible;
            wire         rr_found = |eligible;
            reg [TW-1:0] rr_idx;
            integer      k;
            always @(*) begin
                rr_idx = {TW{1'b0}};
                for (k = N - 1; k >= 0; k = k - 1)
                    if (pool[k]) rr_idx = k[TW-1:0];
            end

            wire [TW-1:0] grant = locked ? lock_idx : rr_idx;
            wire          fire;

            assign mem_req_valid = locked | rr_found;
            assign mem_req_we    = m_req_we[grant];
            assign mem_req_addr  = m_req_addr[grant*AW +: AW];
            assign mem_req_wdata = m_req_wdata[grant*MEM_DW +: MEM_DW];
            assign mem_req_wstrb = m_req_wstrb[grant*SW +: SW];
            assign fire          = mem_req_valid & mem_req_ready;

            // One-hot by index. With many masters each as one shift: a compare per master
            // made a Verilated model repeat the index's expression (the tag FIFO's head)
            // N times (types_3d's 67 masters: half a megabyte of C++). With a few, compares
            // synthesise to a few cells less on the iCE40 and cost little C++.
            if (N >= 8) begin : g_shift
                wire [N-1:0] one = {{(N - 1){1'b0}}, 1'b1};
                assign m_req_ready = fire ? one << grant : {N{1'b0}};
                assign m_rsp_valid = (mem_rsp_valid & ~tagq_empty) ? one << tagq_head
                                                                   : {N{1'b0}};
            end else begin : g_compare
                genvar i;
                for (i = 0; i < N; i = i + 1) begin : g_ready
                    assign m_req_ready[i] = fire & (grant == i);
                    assign m_rsp_valid[i] = mem_rsp_valid & ~tagq_empty & (tagq_head == i);
                end
            end

            always @(posedge clk) begin
                if (rst) begin
                    after    <= {{(N - 1){1'b1}}, 1'b0};  // as if master 0 went last
                    locked   <= 1'b0;
                    lock_idx <= {TW{1'b0}};
                end else begin
                    locked   <= mem_req_valid & ~mem_req_ready;
                    lock_idx <= grant;
                    if (fire)
                        for (k = 0; k < N; k = k + 1) after[k] <= k > grant;
                end
            end

            ocl_fifo #(
                .WIDTH(TW),
                .DEPTH(TAGQ_DEPTH)
            ) u_tagq (
                .clk(clk),
                .rst(rst),
                .push(fire & ~mem_req_we),
                .push_data(grant),
                .pop(mem_rsp_valid),
                .pop_data(tagq_head),
                .empty(tagq_empty),
                .full(tagq_full),
                // Unneeded FIFO status outputs are left open.
                /* verilator lint_off PINCONNECTEMPTY */
                .count()
                /* verilator lint_on PINCONNECTEMPTY */
            );
        end
    endgenerate
endmodule

`default_nettype wire
