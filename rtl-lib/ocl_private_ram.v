// SPDX-License-Identifier: MIT
//
// ocl_private_ram: the block RAM behind a private (or __local) array of a generated kernel.
//
// The array may hold NC independent copies (one per work-item or work-group in flight):
// copy c holds the word indexes [c*CD, (c+1)*CD), CD = DEPTH/NC, i.e. word index =
// copy * CD + offset. Each copy is its own memory with its own write port. The store
// sites whose address falls in a copy share that copy's write port through a round-robin
// arbiter; stores to different copies are granted in the same cycle. Every load site has
// its own replica of each copy (NR x NC memories of CD words), written by that copy's
// port, and reads the replica of the copy its address falls in. Each replica is a simple
// dual-port RAM (one write port, one synchronous read port with an enable): the pattern
// synthesis infers as block RAM. The NR replicas of a copy hold identical contents.
//
// Parameters
//   W      bits per word (>= 1)
//   DEPTH  words in all (>= 1, any value, not only powers of two; a multiple of NC)
//   AW     address bits (>= 1, DEPTH <= 2**AW)
//   NW     store sites (>= 1)
//   NR     load sites (>= 1), one replica of every copy each
//   NC     copies (>= 1, any value; CD = DEPTH/NC need not be a power of two). The copy
//          of an index is its high bits when CD is a power of two, otherwise found by
//          comparing the index with the copy bounds.
//
// Ports: st_* and rd_* are flattened per site (store site i at [i], [i*AW +: AW],
// [i*W +: W]; load site j at [j], [j*AW +: AW], [j*W +: W]).
//   st_req    store site i asks to write st_data[i] at st_addr[i]
//   st_grant  per copy, the one requesting site of that copy that writes at this clock
//             edge (no grant in a copy no site requests); a site not granted keeps its
//             request for a later cycle
//   rd_en     load site j reads rd_addr[j] at the clock edge
//   rd_data   load site j's word, from the edge after its rd_en until its next rd_en
//             (it does not change otherwise)
//
// Arbitration
//   - Each copy has a pointer register naming the site that goes first in that copy. Of
//     the sites requesting with an address in the copy, the first in ptr, ptr+1, ...
//     (mod NW) is granted. Every pointer is reset to site 0 and moves to the site after
//     its copy's granted one at each edge with a grant in that copy; it stays put in
//     cycles without a request to its copy. Sites requesting one copy in every cycle are
//     therefore granted in turn, and a site keeping its request waits for at most NW-1
//     grants to others. Requests to different copies never conflict.
//   - st_grant is combinational from st_req, the copy of each store address (st_addr)
//     and the pointer registers only: no path from st_data or the read ports. With
//     NC = 1 the copy is always 0, so st_grant depends on st_req and the pointer only.
//     Every cycle with a request writes in each copy requested.
//   - NW = 1: st_grant = st_req, no pointer.
//
// Timing contract
//   - A granted write at edge t is seen by reads issued at edge t+1 or later. A read at
//     the same edge as a write to the same address returns the old word (read-old-data,
//     in every replica).
//   - Read latency is one cycle: rd_data shows the word at the edge after rd_en and holds
//     it while rd_en is low.
//   - Memory contents and rd_data are not reset: a word reads undefined until written,
//     and rd_data is undefined until the site's first read. rst resets the pointers only.
//   - Addresses must be below DEPTH; an address at or above DEPTH is outside the
//     contract (only the low index bits are decoded when DEPTH < 2**AW; such an index
//     counts as the last copy, so that its store is still granted).
`default_nettype none

module ocl_private_ram #(
    parameter integer W = 32,
    parameter integer DEPTH = 256,
    parameter integer AW = 8,
    parameter integer NW = 1,
    parameter integer NR = 1,
    parameter integer NC = 1
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
    localparam integer CD = DEPTH / NC;                // words per copy
    localparam integer OB = $clog2(CD);                // offset bits (0 for one word)
    localparam integer OW = (OB > 0) ? OB : 1;         // width of an offset
    localparam integer CW = (NC > 1) ? $clog2(NC) : 1; // width of a copy number
    localparam integer CD_POW2 = ((CD & (CD - 1)) == 0) ? 1 : 0;

    // The copy holding word index ix: its bits above the offset when CD is a power of
    // two, otherwise the number of copy bounds k*CD at or below ix. An index at or above
    // DEPTH (outside the contract) counts as the last copy.
    function [CW-1:0] copy_of;
        input [IXW-1:0] ix;
        reg [31:0] ix32;
        reg [31:0] c;
        integer    k;
        begin
            ix32 = {{(32 - IXW){1'b0}}, ix};
            c    = 32'd0;  // the only copy when NC = 1: no dependence on the address
            if (NC > 1 && CD_POW2 != 0) begin
                c = ix32 >> OB;
                if (c > NC - 1) c = NC - 1;
            end else begin
                for (k = 1; k < NC; k = k + 1)
                    if (ix32 >= k * CD) c = k;
            end
            copy_of = c[CW-1:0];
        end
    endfunction

    // Offset of word index ix in copy c (ix - c*CD: the low bits when CD is a power of
    // two).
    function [OW-1:0] offset_in;
        input [IXW-1:0] ix;
        input [CW-1:0]  c;
        /* verilator lint_off UNUSED */
        reg [31:0] off;  // 32 bits for width-exact arithmetic; the low OW bits are used
        /* verilator lint_on UNUSED */
        begin
            if (CD_POW2 != 0) off = {{(32 - IXW){1'b0}}, ix} & (CD - 1);
            else off = {{(32 - IXW){1'b0}}, ix} - {{(32 - CW){1'b0}}, c} * CD;
            offset_in = off[OW-1:0];
        end
    endfunction

    // Per copy: write port (enable, offset, data) and the grants of its arbiter.
    wire [NC-1:0]    wr_en;
    wire [NC*OW-1:0] wr_off;
    wire [NC*W-1:0]  wr_data;
    wire [NC*NW-1:0] copy_grant;

    // A site is granted by the copy its address falls in (at most one copy grants it).
    reg [NW-1:0] grant_any;
    integer      gc;
    always @(*) begin
        grant_any = {NW{1'b0}};
        for (gc = 0; gc < NC; gc = gc + 1) grant_any = grant_any | copy_grant[gc*NW +: NW];
    end
    assign st_grant = grant_any;

    generate
        // Copy of each store site's address.
        wire [NW*CW-1:0] st_copy;
        genvar s;
        for (s = 0; s < NW; s = s + 1) begin : g_st_copy
            assign st_copy[s*CW +: CW] = copy_of(st_addr[s*AW +: IXW]);
        end

        genvar c;
        for (c = 0; c < NC; c = c + 1) begin : g_copy
            // Requests to this copy.
            wire [NW-1:0] want;
            genvar i;
            for (i = 0; i < NW; i = i + 1) begin : g_want
                assign want[i] = st_req[i] & (st_copy[i*CW +: CW] == c);
            end

            wire [IXW-1:0] wr_ix;  // word index of the granted store

            if (NW == 1) begin : g_single
                assign copy_grant[c*NW +: NW] = want;
                assign wr_en[c]              = want[0];
                assign wr_ix                 = st_addr[0 +: IXW];
                assign wr_data[c*W +: W]     = st_data;
                /* verilator lint_off UNUSED */
                wire unused_single = rst;  // no pointer with one store site
                /* verilator lint_on UNUSED */
            end else begin : g_multi
                localparam integer TW = $clog2(NW);

                reg [TW-1:0] ptr;  // the site that goes first in this copy

                // Round-robin pick: scan ptr, ptr+1, ... (mod NW), first requesting site
                // wins.
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
                        if (!found && want[cand[TW-1:0]]) begin
                            found = 1'b1;
                            gidx  = cand[TW-1:0];
                        end
                    end
                end

                for (i = 0; i < NW; i = i + 1) begin : g_grant
                    assign copy_grant[c*NW+i] = found & (gidx == i);
                end

                assign wr_en[c]          = found;
                assign wr_ix             = st_addr[gidx*AW +: IXW];
                assign wr_data[c*W +: W] = st_data[gidx*W +: W];

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

            assign wr_off[c*OW +: OW] = offset_in(wr_ix, c);
        end

        // Address bits above the decoded index are outside the contract (always 0).
        if (AW > IXW) begin : g_hi
            wire [NR*(AW-IXW)-1:0] rd_hi;
            wire [NW*(AW-IXW)-1:0] st_hi;
            genvar h;
            for (h = 0; h < NR; h = h + 1) begin : g_rd_hi
                assign rd_hi[h*(AW-IXW) +: (AW-IXW)] = rd_addr[h*AW+IXW +: (AW-IXW)];
            end
            for (h = 0; h < NW; h = h + 1) begin : g_st_hi
                assign st_hi[h*(AW-IXW) +: (AW-IXW)] = st_addr[h*AW+IXW +: (AW-IXW)];
            end
            /* verilator lint_off UNUSED */
            wire unused_hi = ^{st_hi, rd_hi};
            /* verilator lint_on UNUSED */
        end

        // Per load site: one replica of every copy, each with one write port (its copy's)
        // and one read port, read and write in one clocked block, so that a same-address
        // read returns the old word. Only the replica of the address's copy reads.
        genvar r;
        for (r = 0; r < NR; r = r + 1) begin : g_site
            wire [IXW-1:0]  ra_ix   = rd_addr[r*AW +: IXW];
            wire [CW-1:0]   ra_copy = copy_of(ra_ix);
            wire [OW-1:0]   ra_off  = offset_in(ra_ix, ra_copy);
            wire [NC*W-1:0] q_all;  // each replica's last read word

            for (c = 0; c < NC; c = c + 1) begin : g_rep
                reg [W-1:0] mem [0:CD-1];
                reg [W-1:0] q;

                always @(posedge clk) begin
                    if (wr_en[c]) mem[wr_off[c*OW +: OW]] <= wr_data[c*W +: W];
                    if (rd_en[r] && ra_copy == c) q <= mem[ra_off];
                end
                assign q_all[c*W +: W] = q;
            end

            if (NC == 1) begin : g_one_copy
                assign rd_data[r*W +: W] = q_all;
            end else begin : g_copies
                // The copy read at the last rd_en: rd_data holds with the replica's q.
                reg [CW-1:0] rd_copy;
                always @(posedge clk)
                    if (rd_en[r]) rd_copy <= ra_copy;
                assign rd_data[r*W +: W] = q_all[rd_copy*W +: W];
            end
        end
    endgenerate
endmodule

`default_nettype wire
