// SPDX-License-Identifier: MIT
//
// ocl_private_ram: the block RAM behind a private (or __local) array of a generated kernel.
//
// The array may hold NC independent copies (one per work-item or work-group in flight):
// copy c holds the word indexes [c*CD, (c+1)*CD), CD = DEPTH/NC, i.e. word index =
// copy * CD + offset. Each copy is split into NB banks by the low offset bits: offset o
// lives in bank o % NB at row o / NB (CD/NB rows per bank). As CD is a multiple of NB,
// the bank of an index is simply its low log2(NB) bits. Each (copy, bank) pair is its
// own memory with its own write port. The store sites whose address falls in a pair
// share that pair's write port through a round-robin arbiter; stores to different pairs
// are granted in the same cycle, so sites writing neighbouring words (tmp[2*lid] and
// tmp[2*lid+1]) do not wait for each other when NB >= 2. Every load site reads a
// replica of each pair (NM x NC x NB memories of CD/NB words), written by that pair's
// port, and reads the replica of the pair its address falls in. Each replica is a simple
// dual-port RAM (one write port, one synchronous read port with an enable): the pattern
// synthesis infers as block RAM. The replicas of a pair hold identical contents. By
// default every load site has its own replica; sites that never read one pair in the
// same cycle (a work-group's reads on either side of a barrier) may share one (NM, RMAP).
//
// Parameters
//   W      bits per word (>= 1)
//   DEPTH  words in all (>= 1, any value, not only powers of two; a multiple of NC * NB)
//   AW     address bits (>= 1, DEPTH <= 2**AW)
//   NW     store sites (>= 1)
//   NR     load sites (>= 1), one replica of every (copy, bank) pair each
//   NC     copies (>= 1, any value; CD = DEPTH/NC need not be a power of two). The copy
//          of an index is its high bits when CD is a power of two, otherwise found by
//          comparing the index with the copy bounds.
//   NB     banks per copy (a power of two >= 1, CD a multiple of NB; CD/NB need not be a
//          power of two). NB = 1: one memory per copy, as without banking.
//   NM     replicas of every pair (0: NR, one per load site; else 1..256)
//   RMAP   with NM > 0: load site j reads replica RMAP[j*8 +: 8] (< NM). Sites sharing a
//          replica must never read the same (copy, bank) pair in one cycle; each keeps
//          its own select of the pair it read last (the word is the replica's).
//
// Ports: st_* and rd_* are flattened per site (store site i at [i], [i*AW +: AW],
// [i*W +: W]; load site j at [j], [j*AW +: AW], [j*W +: W]).
//   st_req    store site i asks to write st_data[i] at st_addr[i]
//   st_grant  per (copy, bank) pair, the one requesting site of that pair that writes at
//             this clock edge (no grant in a pair no site requests); a site not granted
//             keeps its request for a later cycle
//   rd_en     load site j reads rd_addr[j] at the clock edge
//   rd_data   load site j's word, from the edge after its rd_en until its next rd_en
//             or until another site of its replica reads the same pair (it does not
//             change otherwise)
//
// Arbitration
//   - Each (copy, bank) pair has a pointer register naming the site that goes first in
//     that pair. Of the sites requesting with an address in the pair, the first in ptr,
//     ptr+1, ... (mod NW) is granted. Every pointer is reset to site 0 and moves to the
//     site after its pair's granted one at each edge with a grant in that pair; it stays
//     put in cycles without a request to its pair. Sites requesting one pair in every
//     cycle are therefore granted in turn, and a site keeping its request waits for at
//     most NW-1 grants to others. Requests to different pairs never conflict.
//   - st_grant is combinational from st_req, the copy and bank of each store address
//     (st_addr) and the pointer registers only: no path from st_data or the read ports.
//     With NC = 1 and NB = 1 the pair is always 0, so st_grant depends on st_req and the
//     pointer only. Every cycle with a request writes in each pair requested.
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
//     counts as the last copy, in the bank of its low bits, so that its store is still
//     granted).
`default_nettype none

module ocl_private_ram #(
    parameter integer W = 32,
    parameter integer DEPTH = 256,
    parameter integer AW = 8,
    parameter integer NW = 1,
    parameter integer NR = 1,
    parameter integer NC = 1,
    parameter integer NB = 1,
    parameter integer NM = 0,
    parameter [NR*8-1:0] RMAP = {(NR * 8){1'b0}}
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
    localparam integer CW = (NC > 1) ? $clog2(NC) : 1; // width of a copy number
    localparam integer CD_POW2 = ((CD & (CD - 1)) == 0) ? 1 : 0;
    localparam integer LB = $clog2(NB);                // bank bits (0 for one bank)
    localparam integer RD = CD / NB;                   // rows per bank
    localparam integer RB = $clog2(RD);                // row bits (0 for one row)
    localparam integer RW = (RB > 0) ? RB : 1;         // width of a row number
    localparam integer NP = NC * NB;                   // (copy, bank) pairs
    localparam integer PW = (NP > 1) ? $clog2(NP) : 1; // width of a pair number
    localparam integer NM_ALL = (NM > 0) ? NM : NR;     // replicas of every pair

    // The replica load site j reads: its own without NM, else the one RMAP names.
    function integer replica_of;
        input integer j;
        begin
            if (NM > 0) replica_of = {24'd0, RMAP[j*8 +: 8]};
            else replica_of = j;
        end
    endfunction

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
                c = ix32 >> $clog2(CD);
                if (c > NC - 1) c = NC - 1;
            end else begin
                for (k = 1; k < NC; k = k + 1)
                    if (ix32 >= k * CD) c = k;
            end
            copy_of = c[CW-1:0];
        end
    endfunction

    // Pair number (copy * NB + bank) of word index ix in copy c. The bank is the low LB
    // bits of ix: c*CD is a multiple of NB, so they equal the offset's low bits.
    function [PW-1:0] pair_of;
        input [IXW-1:0] ix;
        input [CW-1:0]  c;
        /* verilator lint_off UNUSED */
        reg [31:0] p;  // 32 bits for width-exact arithmetic; the low PW bits are used
        /* verilator lint_on UNUSED */
        begin
            p = {{(32 - CW){1'b0}}, c} * NB + ({{(32 - IXW){1'b0}}, ix} & (NB - 1));
            pair_of = p[PW-1:0];
        end
    endfunction

    // Row of word index ix in its bank of copy c: (ix - c*CD) / NB, i.e. the offset in
    // the copy (its low bits when CD is a power of two) without the bank bits.
    function [RW-1:0] row_of;
        input [IXW-1:0] ix;
        input [CW-1:0]  c;
        /* verilator lint_off UNUSED */
        reg [31:0] off;  // 32 bits for width-exact arithmetic; the row bits are used
        /* verilator lint_on UNUSED */
        begin
            if (CD_POW2 != 0) off = {{(32 - IXW){1'b0}}, ix} & (CD - 1);
            else off = {{(32 - IXW){1'b0}}, ix} - {{(32 - CW){1'b0}}, c} * CD;
            off    = off >> LB;
            row_of = off[RW-1:0];
        end
    endfunction

    // Per pair: write port (enable, row, data) and the grants of its arbiter.
    wire [NP-1:0]    wr_en;
    wire [NP*RW-1:0] wr_row;
    wire [NP*W-1:0]  wr_data;
    wire [NP*NW-1:0] pair_grant;

    // A site is granted by the pair its address falls in (at most one pair grants it).
    reg [NW-1:0] grant_any;
    integer      gp;
    always @(*) begin
        grant_any = {NW{1'b0}};
        for (gp = 0; gp < NP; gp = gp + 1) grant_any = grant_any | pair_grant[gp*NW +: NW];
    end
    assign st_grant = grant_any;

    generate
        // Pair of each store site's address.
        wire [NW*PW-1:0] st_pair;
        genvar s;
        for (s = 0; s < NW; s = s + 1) begin : g_st_pair
            wire [IXW-1:0] ix = st_addr[s*AW +: IXW];
            assign st_pair[s*PW +: PW] = pair_of(ix, copy_of(ix));
        end

        // The store sites' indexes and data as arrays: a granted site's are one array
        // read (in C++ too; a variable part select of the flat ports is not).
        wire [IXW-1:0] st_ix_a [0:NW-1];
        wire [W-1:0]   st_data_a [0:NW-1];
        for (s = 0; s < NW; s = s + 1) begin : g_st_a
            assign st_ix_a[s]   = st_addr[s*AW +: IXW];
            assign st_data_a[s] = st_data[s*W +: W];
        end

        genvar p;
        for (p = 0; p < NP; p = p + 1) begin : g_pair
            localparam integer C = p / NB;  // the copy of this pair

            // Requests to this pair.
            wire [NW-1:0] want;
            genvar i;
            for (i = 0; i < NW; i = i + 1) begin : g_want
                assign want[i] = st_req[i] & (st_pair[i*PW +: PW] == p);
            end

            wire [IXW-1:0] wr_ix;  // word index of the granted store

            if (NW == 1) begin : g_single
                assign pair_grant[p*NW +: NW] = want;
                assign wr_en[p]              = want[0];
                assign wr_ix                 = st_ix_a[0];
                assign wr_data[p*W +: W]     = st_data_a[0];
                /* verilator lint_off UNUSED */
                wire unused_single = rst;  // no pointer with one store site
                /* verilator lint_on UNUSED */
            end else begin : g_multi
                localparam integer TW = $clog2(NW);

                reg [TW-1:0] ptr;  // the site that goes first in this pair

                // Round-robin pick: the first requesting site in ptr, ptr+1, ... (mod NW).
                // The requests rotated so that ptr's is bit 0, the lowest set bit of that,
                // then back to a site number: one shift and one priority encoder (a few
                // statements of C++ in a Verilated model, not NW variable bit selects).
                wire [2*NW-1:0] want2 = {want, want};
                wire [NW-1:0]   rot   = want2[{1'b0, ptr} +: NW];  // want[(ptr + k) % NW]
                wire            found = |want;
                reg  [TW-1:0]   first;                     // lowest set bit of rot
                integer         k;
                always @(*) begin
                    first = {TW{1'b0}};
                    for (k = NW - 1; k >= 0; k = k - 1)
                        if (rot[k]) first = k[TW-1:0];
                end
                // ptr + first, wrapped: both are below NW.
                wire [TW:0] gsum = {1'b0, ptr} + {1'b0, first};
                wire [31:0] gsum32 = {{(31 - TW){1'b0}}, gsum};
                wire [TW-1:0] gidx = (gsum32 >= NW) ? gsum[TW-1:0] - NW[TW-1:0] : gsum[TW-1:0];

                assign pair_grant[p*NW +: NW] = {{(NW - 1){1'b0}}, found} << gidx;

                assign wr_en[p]          = found;
                assign wr_ix             = st_ix_a[gidx];
                assign wr_data[p*W +: W] = st_data_a[gidx];

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

            assign wr_row[p*RW +: RW] = row_of(wr_ix, C[CW-1:0]);
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

        // Per load site: the copy, pair and row its address falls in, and the pair it read
        // last (rd_data holds that pair's word of the site's replica).
        wire [NR*PW-1:0] ra_pair;
        wire [NR*RW-1:0] ra_row;
        genvar r;
        for (r = 0; r < NR; r = r + 1) begin : g_site
            wire [IXW-1:0] ra_ix   = rd_addr[r*AW +: IXW];
            wire [CW-1:0]  ra_copy = copy_of(ra_ix);
            assign ra_pair[r*PW +: PW] = pair_of(ra_ix, ra_copy);
            assign ra_row[r*RW +: RW]  = row_of(ra_ix, ra_copy);
        end

        // Per replica: a memory for every pair, each with one write port (its pair's) and
        // one read port, read and write in one clocked block, so that a same-address read
        // returns the old word. The read port is the one site of the replica reading the
        // pair in this cycle (the contract allows at most one): an AND-OR multiplexer.
        wire [NM_ALL*NP*W-1:0] q_all;  // each memory's last read word
        genvar m;
        for (m = 0; m < NM_ALL; m = m + 1) begin : g_replica
            for (p = 0; p < NP; p = p + 1) begin : g_rep
                reg [W-1:0] mem [0:RD-1];
                reg [W-1:0] q;
                reg          rep_en;
                reg [RW-1:0] rep_row;
                integer      j;
                always @(*) begin
                    rep_en  = 1'b0;
                    rep_row = {RW{1'b0}};
                    for (j = 0; j < NR; j = j + 1)
                        if (replica_of(j) == m && rd_en[j] && ra_pair[j*PW +: PW] == p) begin
                            rep_en  = 1'b1;
                            rep_row = rep_row | ra_row[j*RW +: RW];
                        end
                end

                always @(posedge clk) begin
                    if (wr_en[p]) mem[wr_row[p*RW +: RW]] <= wr_data[p*W +: W];
                    if (rep_en) q <= mem[rep_row];
                end
                assign q_all[(m*NP+p)*W +: W] = q;
            end
        end

        for (r = 0; r < NR; r = r + 1) begin : g_out
            localparam integer M = replica_of(r);
            wire [NP*W-1:0] q_rep = q_all[M*NP*W +: NP*W];  // the site's replica
            if (NP == 1) begin : g_one_pair
                assign rd_data[r*W +: W] = q_rep;
            end else begin : g_pairs
                // The pair read at the last rd_en: rd_data holds with the replica's q.
                reg [PW-1:0] rd_pair;
                always @(posedge clk)
                    if (rd_en[r]) rd_pair <= ra_pair[r*PW +: PW];
                assign rd_data[r*W +: W] = q_rep[rd_pair*W +: W];
            end
        end
    endgenerate
endmodule

`default_nettype wire
