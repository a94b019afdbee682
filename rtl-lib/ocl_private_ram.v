// SPDX-License-Identifier: MIT
//
// ocl_private_ram: the block RAM behind a private array of a generated kernel.
//
// Several store sites share one write port through a round-robin arbiter; every load
// site has its own replica of the array, written by that shared port. Each replica is a
// simple dual-port RAM (one write port, one synchronous read port with an enable): the
// pattern synthesis infers as block RAM. Replicas hold identical contents.
//
// Parameters
//   W      bits per word (>= 1)
//   DEPTH  words (>= 1, any value, not only powers of two)
//   AW     address bits (>= 1, DEPTH <= 2**AW)
//   NW     store sites (>= 1)
//   NR     load sites (>= 1), one replica each
//
// Ports: st_* and rd_* are flattened per site (store site i at [i], [i*AW +: AW],
// [i*W +: W]; load site j at [j], [j*AW +: AW], [j*W +: W]).
//   st_req    store site i asks to write st_data[i] at st_addr[i]
//   st_grant  the one requesting site that writes at this clock edge (0 when no site
//             requests); a site not granted keeps its request for a later cycle
//   rd_en     load site j reads rd_addr[j] at the clock edge
//   rd_data   load site j's word, from the edge after its rd_en until its next rd_en
//             (it does not change otherwise)
//
// Arbitration
//   - Round-robin over a pointer register naming the site that goes first: the first
//     requesting site in ptr, ptr+1, ... (mod NW) is granted. The pointer is reset to
//     site 0 and moves to the site after the granted one at each edge with a grant; it
//     stays put in cycles without a request. Sites requesting in every cycle are
//     therefore granted in turn, and a requesting site waits for at most NW-1 grants to
//     others.
//   - st_grant is combinational from st_req and the pointer register only (no path from
//     addresses, data or the read ports). Every cycle with a request writes.
//   - NW = 1: st_grant = st_req, no pointer.
//
// Timing contract
//   - A granted write at edge t is seen by reads issued at edge t+1 or later. A read at
//     the same edge as a write to the same address returns the old word (read-old-data,
//     in every replica).
//   - Read latency is one cycle: rd_data shows the word at the edge after rd_en and holds
//     it while rd_en is low.
//   - Memory contents and rd_data are not reset: a word reads undefined until written,
//     and rd_data is undefined until the site's first read. rst resets the pointer only.
//   - Addresses must be below DEPTH; an address at or above DEPTH is outside the
//     contract (only the low index bits are decoded when DEPTH < 2**AW).
`default_nettype none

module ocl_private_ram #(
    parameter integer W = 32,
    parameter integer DEPTH = 256,
    parameter integer AW = 8,
    parameter integer NW = 1,
    parameter integer NR = 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [NW-1:0]     st_req,
    input  wire [NW*AW-1:0]  st_addr,
    input  wire [NW*W-1:0]   st_data,
    output wire [NW-1:0]     st_grant,
    input  wire [NR-1:0]     rd_en,
    input  wire [NR*AW-1:0]  rd_addr,
    output wire [NR*W-1:0]   rd_data
);
    // Index bits a DEPTH-word array decodes (at least one).
    localparam integer IXW = (DEPTH > 1) ? $clog2(DEPTH) : 1;

    // The shared write port.
    wire          wr_en;
    wire [AW-1:0] wr_addr;
    wire [W-1:0]  wr_data;

    generate
        if (NW == 1) begin : g_single
            assign st_grant = st_req;
            assign wr_en    = st_req[0];
            assign wr_addr  = st_addr;
            assign wr_data  = st_data;
            /* verilator lint_off UNUSED */
            wire unused_single = rst;  // no pointer with one store site
            /* verilator lint_on UNUSED */
        end else begin : g_multi
            localparam integer TW = $clog2(NW);

            reg [TW-1:0] ptr;  // the site that goes first

            // Round-robin pick: scan ptr, ptr+1, ... (mod NW), first requesting site wins.
            reg [TW-1:0] gidx;
            reg          found;
            integer      k;
            reg [31:0]   cand;
            always @(*) begin
                gidx  = ptr;
                found = 1'b0;
                cand  = 32'd0;
                for (k = 0; k < NW; k = k + 1) begin
                    cand = {{(32 - TW){1'b0}}, ptr} + k;
                    if (cand >= NW) cand = cand - NW;
                    if (!found && st_req[cand[TW-1:0]]) begin
                        found = 1'b1;
                        gidx  = cand[TW-1:0];
                    end
                end
            end

            genvar i;
            for (i = 0; i < NW; i = i + 1) begin : g_grant
                assign st_grant[i] = found & (gidx == i);
            end

            assign wr_en   = found;
            assign wr_addr = st_addr[gidx*AW +: AW];
            assign wr_data = st_data[gidx*W +: W];

            // gidx compared against the integer NW - 1 through a 32-bit copy: keeps the
            // comparison width-exact for every NW.
            wire [31:0] gidx32 = {{(32 - TW){1'b0}}, gidx};

            always @(posedge clk) begin
                if (rst) begin
                    ptr <= {TW{1'b0}};
                end else if (found) begin
                    // Explicit wrap so that non-power-of-two NW works.
                    ptr <= (gidx32 == NW - 1) ? {TW{1'b0}} : gidx + 1'b1;
                end
            end
        end

        // Address bits above the decoded index are outside the contract (always 0).
        if (AW > IXW) begin : g_hi
            wire [NR*(AW-IXW)-1:0] rd_hi;
            genvar h;
            for (h = 0; h < NR; h = h + 1) begin : g_rd_hi
                assign rd_hi[h*(AW-IXW) +: (AW-IXW)] = rd_addr[h*AW+IXW +: (AW-IXW)];
            end
            /* verilator lint_off UNUSED */
            wire unused_hi = ^{wr_addr[AW-1:IXW], rd_hi};
            /* verilator lint_on UNUSED */
        end

        // One replica per load site: one write port (shared), one read port, read and
        // write in one clocked block, so that a same-address read returns the old word.
        genvar r;
        for (r = 0; r < NR; r = r + 1) begin : g_rep
            reg [W-1:0]    mem [0:DEPTH-1];
            reg [W-1:0]    q;
            wire [IXW-1:0] ra = rd_addr[r*AW +: IXW];

            always @(posedge clk) begin
                if (wr_en) mem[wr_addr[IXW-1:0]] <= wr_data;
                if (rd_en[r]) q <= mem[ra];
            end
            assign rd_data[r*W +: W] = q;
        end
    endgenerate
endmodule

`default_nettype wire
