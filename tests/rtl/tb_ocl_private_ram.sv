// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_private_ram: instances with NW in {1, 2, 3, 4} store sites,
// NR in {1, 2, 3} load sites, DEPTH 37 (AW 6), 5 (AW 4: address bits above the index),
// 16, 100 and 1, widths 8 to 64, all with one copy (NC 1); then independent copies:
// NC 2 (DEPTH 512, NW 2, NR 3), NC 3 (DEPTH 3*40: copies of a non-power-of-two size),
// NC 3 of 16 words (power-of-two copies, NC not, NW 4 > NC, AW 8), NC 4 of 5 words and
// NC 3 of one word each; then banks by the low offset bits: NB 2 (NC 1, DEPTH 64, NW 2,
// NR 2), NB 4 with NC 2 (DEPTH 2*32, NW 3, NR 3), NB 2 with NC 3 (DEPTH 3*24: rows of
// 12, NW 2, NR 1) and NB 2 with NW 4 > NB (DEPTH 20: rows of 10, NR 2); then load sites
// sharing replicas (NM > 0): NR 2 on NM 1 with NC 2 (DEPTH 512, NW 2: the histogram-like
// case), NR 3 on NM 2, RMAP {0, 1, 0} (sites 0 and 2 share replica 0), with NC 3 and NB 2
// (DEPTH 3*24), NR 4 on NM 2, RMAP {0, 0, 1, 1}, with NC 1 and NB 1 (DEPTH 16: a single
// pair, so two sites of a replica never read in one cycle) and NR 3 on NM 2, RMAP
// {1, 1, 0}, with NB 4 (DEPTH 32; asymmetric, so that a wrong byte order of RMAP changes
// which sites share).
// A reference model (an array plus one round-robin pointer per (copy, bank) pair, the
// bank of copy offset o being o % NB) predicts st_grant in every cycle and every rd_data
// word in every cycle: the word of the site's last read, taken before the writes of that
// edge (read-old-data), and unchanged while the site does not read; except that sites
// of one replica share its memories' output word: a read of a pair by one site also
// shows in every other site of the replica whose word is of that pair (a site that has
// not read yet stays unchecked).
//
// Contract of shared replicas: among the sites of one replica, at most one reads a given
// (copy, bank) pair in a cycle. Every step below keeps it: of the sites of one replica
// that would read one pair in a cycle, one keeps its rd_en (the first site in the
// directed steps, a random one in the random phases) and the others drop theirs; a
// check flags stimulus that breaks it. With NM = 0 nothing is dropped, so those instances
// get the same stimulus as without the rule.
//
// Each instance first runs a directed script:
//   first   all NW sites request in the first cycle after reset, site i in pair
//           i mod (NC*NB): the first site of each pair is granted (site 0 when NC*NB = 1)
//   init    one site at a time writes every word once (sites in turn), no reads: each
//           lone request is granted at once
//   fair    all NW sites request pair 0 (copy 0, bank 0) in every cycle: they are
//           granted in turn, starting at the site after the last init grant in pair 0
//   idle    no requests for a few cycles, then all sites again: the turn continues where
//           it stopped (the pointer moves only with a grant)
//   old     site 0 writes V1 at X; next cycle site NW-1 writes V2 = ~V1 at X while every
//           load site reads X (the first site of each replica with NM > 0): they get V1;
//           a read in the following cycle gets V2
//   hold    rd_en low for several cycles while every site keeps writing X: rd_data
//           stays V2 (in the sites that read X)
//   spread  all sites request, site i in pair (i + step) mod (NC*NB): one grant per pair
//           requested, so min(NW, NC*NB) grants in the cycle (every site when NW <= NC*NB)
//   neighb  all sites request neighbouring words of one copy, site i at offset
//           (o + i) mod CD (o a multiple of NB in one cycle, tmp[2*lid+i]; any o in the
//           next, tmp[lid+i]), while every load site reads: min(NW, NB) grants, every
//           site when NW <= NB
// then random stimulus in phases of 64 cycles (contention, light traffic, narrow address
// ranges in one copy so that writes and reads of one word collide, rare reads,
// everything every cycle); in half of the phases a site not granted keeps its request
// (address and data) as a kernel does. With shared replicas, the random reads often have
// sites of one replica read different pairs in one cycle (each must get its own word)
// and one pair in consecutive cycles (the first site's word is then replaced); the
// coverage check at the end requires both.
// Independently of the model, every cycle also checks that st_grant holds, for each pair
// some site requests, exactly one of that pair's requesting sites, and no other site;
// and that a site keeping its request is granted within NW-1 cycles of waiting.
`default_nettype none

module tb_private_ram_unit #(
    parameter int W = 16,
    parameter int DEPTH = 37,
    parameter int AW = 6,
    parameter int NW = 1,
    parameter int NR = 1,
    parameter int NC = 1,
    parameter int NB = 1,
    parameter int NM = 0,
    parameter logic [NR*8-1:0] RMAP = '0,
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int CD = DEPTH / NC;  // words per copy
    localparam int RD = CD / NB;     // rows per bank
    localparam int NP = NC * NB;     // (copy, bank) pairs

    // Directed script: step ranges (step 0 is the idle cycle after reset).
    localparam int FIRST      = 1;                      // all sites request
    localparam int INIT_END   = 2 + DEPTH;              // [2, INIT_END)         init
    localparam int FAIR_END   = INIT_END + 3 * NW + 1;  // [INIT_END, FAIR_END)  fair
    localparam int IDLE_END   = FAIR_END + 3;           // [FAIR_END, IDLE_END)  idle
    localparam int RESUME     = IDLE_END;               // all sites request once
    localparam int OLD0       = RESUME + 1;             // site 0 writes V1 at X
    localparam int OLD1       = OLD0 + 1;               // site NW-1 writes V2, all read X
    localparam int OLD2       = OLD1 + 1;               // all read X
    localparam int HOLD_END   = OLD2 + 7;               // (OLD2, HOLD_END) writes, no reads
    localparam int SPREAD_END = HOLD_END + 1 + 2 * NP + 2;  // (HOLD_END, SPREAD_END) spread
    localparam int NEIGH_END  = SPREAD_END + 6;             // [SPREAD_END, NEIGH_END) neighb
    localparam int DIRECTED_END = NEIGH_END;
    localparam int X = DEPTH - 1;
    // Site granted first in the fair phase: the one after the last init grant in pair 0
    // (init writes index a with site a mod NW; the last index of pair 0 is CD - NB).
    localparam int FAIR_FIRST = (CD - NB + 1) % NW;
    // Grants in a spread cycle: one per pair requested.
    localparam int SPREAD_GRANTS = NW < NP ? NW : NP;
    // Grants in a neighbour cycle: NW consecutive offsets fall in min(NW, NB) banks.
    localparam int NEIGH_GRANTS = NW < NB ? NW : NB;

    logic [NW-1:0]    st_req = '0;
    logic [NW*AW-1:0] st_addr = '0;
    logic [NW*W-1:0]  st_data = '0;
    logic [NW-1:0]    st_grant;
    logic [NR-1:0]    rd_en = '0;
    logic [NR*AW-1:0] rd_addr = '0;
    logic [NR*W-1:0]  rd_data;

    ocl_private_ram #(.W(W), .DEPTH(DEPTH), .AW(AW), .NW(NW), .NR(NR), .NC(NC), .NB(NB),
                      .NM(NM), .RMAP(RMAP)) dut (
        .clk(clk), .rst(rst), .st_req(st_req), .st_addr(st_addr), .st_data(st_data),
        .st_grant(st_grant), .rd_en(rd_en), .rd_addr(rd_addr), .rd_data(rd_data)
    );

    // Model.
    logic [W-1:0] mmem[DEPTH];
    bit           mwritten[DEPTH];
    int           mptr[NP];        // per (copy, bank) pair, the site that goes first
    logic [W-1:0] exp_rd[NR];      // rd_data expected of each load site
    bit           exp_known[NR];   // exp_rd is defined (the last read hit a written word)
    int           last_addr[NR];   // address of the word each load site shows (its last
                                   // read, or a later read of that pair by another site of
                                   // its replica)
    bit           has_read[NR];    // the load site has read since reset
    int           last_rd_cyc[NR]; // cycle of each load site's last read
    logic [NR-1:0] x_rd = '0;      // the load sites reading X in the old and hold steps
    int           waited[NW];      // cycles a kept request has gone without a grant

    int           cyc = 0;
    int           step = 0;        // step of the stimulus applied in the current cycle
    int           req_pct = 50, rd_pct = 50;
    int           narrow = -1;     // max offset in one random copy, or -1: any address
    bit           keep = 1'b0;     // sites not granted keep their request
    logic [W-1:0] v1 = '0;
    // Coverage.
    int n_contended = 0, n_collide = 0, n_stale_hold = 0, n_rd_checks = 0, n_all_req = 0;
    int n_multi_grant = 0, n_kept_wait = 0, n_copy_switch = 0;
    int n_bank_multi = 0;   // cycles with grants in several banks of one copy
    int n_bank_mixed = 0;   // cycles with a pair contended while another pair is granted
    int n_bank_switch = 0;  // reads in the same copy as the site's last, another bank
    int n_neigh_all = 0;    // neighbour cycles with every site granted
    int n_shared_multi = 0; // cycles with several sites of one replica reading (other pairs)
    int n_overwrite = 0;    // a site's word replaced by another word, read by another site
                            // of its replica in the same pair
    int n_overwrite_next = 0;  // ... in the cycle right after the site's own read
    int n_grant[NW];
    initial done = 1'b0;
    initial for (int i = 0; i < NW; i++) n_grant[i] = 0;

    function automatic logic [W-1:0] rand_word();
        return W'({$urandom, $urandom});
    endfunction

    function automatic int copy_of(int a);
        return a / CD;
    endfunction

    // Pair of word index a: copy * NB + bank, the bank being the copy offset mod NB.
    function automatic int pair_of(int a);
        return copy_of(a) * NB + (a - copy_of(a) * CD) % NB;
    endfunction

    // Word index of row `row` of bank `bank` in copy `c`.
    function automatic logic [AW-1:0] word_at(int c, int bank, int row);
        return AW'(c * CD + row * NB + bank);
    endfunction

    // A random address: anywhere, or in a narrow range at the start of a random copy.
    function automatic logic [AW-1:0] rand_addr();
        int span;
        if (narrow < 0) return AW'($urandom_range(DEPTH - 1));
        span = narrow < CD - 1 ? narrow : CD - 1;
        return AW'(int'($urandom_range(NC - 1)) * CD + int'($urandom_range(span)));
    endfunction

    // The replica load site r reads: its own without NM, else the one RMAP names.
    function automatic int replica_of(int r);
        return NM > 0 ? int'(RMAP[r*8 +: 8]) : r;
    endfunction

    // A replica is read by several load sites (never with NM = 0).
    function automatic bit shared_replica();
        for (int r = 0; r < NR; r++)
            for (int q = 0; q < r; q++) if (replica_of(q) == replica_of(r)) return 1'b1;
        return 1'b0;
    endfunction

    // The reads `re` at addresses `ra` without those breaking the contract: of the sites of
    // one replica reading one pair in a cycle, one keeps its read (the first site, or with
    // `pick` a random one), the others drop theirs. Nothing is dropped with NM = 0.
    function automatic logic [NR-1:0] legal_reads(logic [NR-1:0] re, logic [NR*AW-1:0] ra,
                                                 bit pick);
        logic [NR-1:0] ok;
        ok = re;
        for (int r = 0; r < NR; r++)
            for (int q = 0; q < r; q++)
                if (ok[q] && ok[r] && replica_of(q) == replica_of(r) &&
                    pair_of(int'(ra[q*AW +: AW])) == pair_of(int'(ra[r*AW +: AW]))) begin
                    bit drop_q;
                    drop_q = 1'b0;
                    if (pick) drop_q = $urandom_range(1) != 0;
                    if (drop_q) ok[q] = 1'b0;
                    else ok[r] = 1'b0;
                end
        return ok;
    endfunction

    function automatic logic [NW-1:0] low_sites(int n);
        logic [NW-1:0] m;
        m = '0;
        for (int i = 0; i < n; i++) m[i] = 1'b1;
        return m;
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            for (int k = 0; k < NP; k++) mptr[k] = 0;
            step = 0;
            for (int r = 0; r < NR; r++) begin
                exp_known[r] = 1'b0;
                last_addr[r] = 0;
                has_read[r] = 1'b0;
                last_rd_cyc[r] = -2;
            end
            for (int i = 0; i < NW; i++) waited[i] = 0;
            for (int a = 0; a < DEPTH; a++) mwritten[a] = 1'b0;
            st_req <= '0;
            rd_en  <= '0;
        end else if (!done) begin
            int            eg[NP];      // per pair, the expected granted site or -1
            logic [NW-1:0] e_grant;
            logic [NW-1:0] req;
            logic [NR-1:0] re;
            logic [NR*AW-1:0] ra;       // next read addresses
            logic [NW-1:0] kept;        // requests not granted, kept into the next cycle
            int            st_pair[NW];

            for (int i = 0; i < NW; i++) st_pair[i] = pair_of(int'(st_addr[i*AW +: AW]));

            // Expected grants: per pair, the first site requesting it from its pointer on.
            e_grant = '0;
            for (int c = 0; c < NP; c++) begin
                eg[c] = -1;
                for (int k = 0; k < NW; k++) begin
                    int s;
                    s = (mptr[c] + k) % NW;
                    if (eg[c] < 0 && st_req[s] && st_pair[s] == c) eg[c] = s;
                end
                if (eg[c] >= 0) e_grant[eg[c]] = 1'b1;
            end
            if (st_grant !== e_grant)
                $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d cycle %0d: st_grant=%b, expected %b (st_req %b, pair 0 pointer %0d)",
                       NC, NB, NW, NR, NM, DEPTH, cyc, st_grant, e_grant, st_req, mptr[0]);
            // Model-independent: one grant among each pair's requests, none elsewhere.
            if ((st_grant & ~st_req) !== '0)
                $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d cycle %0d: st_grant=%b for st_req %b",
                       NC, NB, NW, NR, NM, DEPTH, cyc, st_grant, st_req);
            for (int c = 0; c < NP; c++) begin
                logic [NW-1:0] in_pair;
                for (int i = 0; i < NW; i++) in_pair[i] = st_req[i] && st_pair[i] == c;
                if ($countones(st_grant & in_pair) != (in_pair != '0 ? 1 : 0))
                    $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d cycle %0d: copy %0d bank %0d requested by %b, granted %b",
                           NC, NB, NW, NR, NM, DEPTH, cyc, c / NB, c % NB, in_pair,
                           st_grant & in_pair);
            end
            // Model-independent: a kept request waits for at most NW-1 grants to others.
            for (int i = 0; i < NW; i++)
                if (st_req[i] && !st_grant[i] && waited[i] >= NW - 1)
                    $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d cycle %0d: store site %0d kept its request for %0d cycles without a grant",
                           NC, NB, NW, NR, NM, DEPTH, cyc, i, waited[i] + 1);

            // Every load site's word.
            for (int r = 0; r < NR; r++) begin
                if (exp_known[r]) begin
                    n_rd_checks++;
                    if (rd_data[r*W +: W] !== exp_rd[r])
                        $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d cycle %0d: load site %0d rd_data=%h, expected %h (address %0d)",
                               NC, NB, NW, NR, NM, DEPTH, cyc, r, rd_data[r*W +: W], exp_rd[r],
                               last_addr[r]);
                    if (!rd_en[r] && mmem[last_addr[r]] !== exp_rd[r]) n_stale_hold++;
                end
            end

            // Directed checks (independent of the model).
            if (step == FIRST && st_grant !== low_sites(SPREAD_GRANTS))
                $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d: first grants after reset st_grant=%b, expected %b",
                       NC, NB, NW, NR, NM, DEPTH, st_grant, low_sites(SPREAD_GRANTS));
            if (step > FIRST && step < INIT_END && st_grant !== NW'(1) << ((step - 2) % NW))
                $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d step %0d: lone request not granted (st_grant %b)",
                       NC, NB, NW, NR, NM, DEPTH, step, st_grant);
            if (step >= INIT_END && step < FAIR_END &&
                st_grant !== NW'(1) << ((FAIR_FIRST + step - INIT_END) % NW))
                $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d step %0d: fairness: st_grant=%b, expected site %0d",
                       NC, NB, NW, NR, NM, DEPTH, step, st_grant, (FAIR_FIRST + step - INIT_END) % NW);
            if (step == RESUME &&
                st_grant !== NW'(1) << ((FAIR_FIRST + FAIR_END - INIT_END) % NW))
                $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d: after idle cycles st_grant=%b, expected site %0d",
                       NC, NB, NW, NR, NM, DEPTH, st_grant, (FAIR_FIRST + FAIR_END - INIT_END) % NW);
            for (int r = 0; r < NR; r++) begin
                if (step == OLD2 && x_rd[r] && rd_data[r*W +: W] !== v1)
                    $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d: load site %0d read %h while %h was overwritten in the same cycle, expected the old word %h",
                           NC, NB, NW, NR, NM, DEPTH, r, rd_data[r*W +: W], ~v1, v1);
                if (step > OLD2 && step <= HOLD_END && x_rd[r] && rd_data[r*W +: W] !== ~v1)
                    $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d step %0d: load site %0d rd_data=%h changed without rd_en, expected %h",
                           NC, NB, NW, NR, NM, DEPTH, step, r, rd_data[r*W +: W], ~v1);
            end
            if (step > HOLD_END && step < SPREAD_END &&
                ($countones(st_grant) != SPREAD_GRANTS || (NW <= NC && st_grant !== '1)))
                $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d step %0d: sites on different pairs: st_grant=%b, expected %0d grants",
                       NC, NB, NW, NR, NM, DEPTH, step, st_grant, SPREAD_GRANTS);
            if (step >= SPREAD_END && step < NEIGH_END &&
                ($countones(st_grant) != NEIGH_GRANTS || (NW <= NB && st_grant !== '1)))
                $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d step %0d: sites on neighbouring words: st_grant=%b, expected %0d grants",
                       NC, NB, NW, NR, NM, DEPTH, step, st_grant, NEIGH_GRANTS);
            if (step >= SPREAD_END && step < NEIGH_END && st_grant === '1) n_neigh_all++;

            // Coverage of the cases that matter.
            if ($countones(st_req) > 1) n_contended++;
            if (st_req == '1) n_all_req++;
            if ($countones(st_grant) > 1) n_multi_grant++;
            for (int c = 0; c < NC; c++) begin
                int banks_granted;
                banks_granted = 0;
                for (int b = 0; b < NB; b++) if (eg[c * NB + b] >= 0) banks_granted++;
                if (banks_granted > 1) n_bank_multi++;
            end
            for (int c = 0; c < NP; c++) begin
                int n_in_pair;
                n_in_pair = 0;
                for (int i = 0; i < NW; i++) if (st_req[i] && st_pair[i] == c) n_in_pair++;
                if (n_in_pair > 1 && $countones(st_grant) > 1) n_bank_mixed++;
            end
            for (int c = 0; c < NP; c++) begin
                if (eg[c] >= 0) begin
                    n_grant[eg[c]]++;
                    for (int r = 0; r < NR; r++)
                        if (rd_en[r] && rd_addr[r*AW +: AW] == st_addr[eg[c]*AW +: AW])
                            n_collide++;
                end
            end
            for (int r = 0; r < NR; r++)
                if (rd_en[r] && copy_of(int'(rd_addr[r*AW +: AW])) != copy_of(last_addr[r]))
                    n_copy_switch++;
            for (int r = 0; r < NR; r++)
                if (rd_en[r] && copy_of(int'(rd_addr[r*AW +: AW])) == copy_of(last_addr[r]) &&
                    pair_of(int'(rd_addr[r*AW +: AW])) != pair_of(last_addr[r]))
                    n_bank_switch++;

            // The stimulus keeps the contract: sites of one replica read different pairs.
            for (int r = 0; r < NR; r++)
                for (int q = 0; q < r; q++)
                    if (rd_en[q] && rd_en[r] && replica_of(q) == replica_of(r)) begin
                        if (pair_of(int'(rd_addr[q*AW +: AW])) ==
                            pair_of(int'(rd_addr[r*AW +: AW])))
                            $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d cycle %0d: bench error: load sites %0d and %0d of one replica read one pair",
                                   NC, NB, NW, NR, NM, DEPTH, cyc, q, r);
                        else n_shared_multi++;
                    end

            // Apply this edge to the model: reads take the old words, then the writes.
            for (int r = 0; r < NR; r++) begin
                if (rd_en[r]) begin
                    int a;
                    a = int'(rd_addr[r*AW +: AW]);
                    last_addr[r] = a;
                    exp_known[r] = mwritten[a];
                    exp_rd[r] = mmem[a];
                    has_read[r] = 1'b1;
                end
            end
            // Sites of one replica share its memories' output words: a read shows in every
            // other site of the replica whose word is of the pair read (not in a site that
            // has not read yet: its word is undefined, its pair unknown).
            for (int t = 0; t < NR; t++) begin
                if (rd_en[t]) begin
                    int a;
                    a = int'(rd_addr[t*AW +: AW]);
                    for (int r = 0; r < NR; r++) begin
                        if (r != t && replica_of(r) == replica_of(t) && has_read[r] &&
                            pair_of(last_addr[r]) == pair_of(a)) begin
                            if (exp_known[r] && mwritten[a] && exp_rd[r] !== mmem[a]) begin
                                n_overwrite++;
                                if (last_rd_cyc[r] == cyc - 1) n_overwrite_next++;
                            end
                            last_addr[r] = a;
                            exp_known[r] = mwritten[a];
                            exp_rd[r] = mmem[a];
                        end
                    end
                end
            end
            for (int r = 0; r < NR; r++) if (rd_en[r]) last_rd_cyc[r] = cyc;
            for (int c = 0; c < NP; c++) begin
                if (eg[c] >= 0) begin
                    int a;
                    a = int'(st_addr[eg[c]*AW +: AW]);
                    mmem[a] = st_data[eg[c]*W +: W];
                    mwritten[a] = 1'b1;
                    mptr[c] = (eg[c] + 1) % NW;
                end
            end

            // Next stimulus.
            step++;
            req = '0;
            re = '0;
            kept = '0;
            for (int i = 0; i < NW; i++) begin
                st_addr[i*AW +: AW] <= AW'($urandom_range(DEPTH - 1));
                st_data[i*W +: W] <= rand_word();
            end
            for (int r = 0; r < NR; r++) ra[r*AW +: AW] = AW'($urandom_range(DEPTH - 1));
            if (step == FIRST) begin
                req = '1;
                for (int i = 0; i < NW; i++)
                    st_addr[i*AW +: AW] <= word_at((i % NP) / NB, i % NB,
                                                   int'($urandom_range(RD - 1)));
            end else if (step < INIT_END) begin
                req[(step - 2) % NW] = 1'b1;
                st_addr[((step - 2) % NW)*AW +: AW] <= AW'(step - 2);
            end else if (step < FAIR_END || step == RESUME) begin
                req = '1;
                for (int i = 0; i < NW; i++)
                    st_addr[i*AW +: AW] <= word_at(0, 0, int'($urandom_range(RD - 1)));
            end else if (step < IDLE_END) begin
                req = '0;
            end else if (step == OLD0) begin
                v1 = rand_word();
                req[0] = 1'b1;
                st_addr[0 +: AW] <= AW'(X);
                st_data[0 +: W] <= v1;
            end else if (step == OLD1) begin
                req[NW-1] = 1'b1;
                st_addr[(NW-1)*AW +: AW] <= AW'(X);
                st_data[(NW-1)*W +: W] <= ~v1;
                re = '1;
                for (int r = 0; r < NR; r++) ra[r*AW +: AW] = AW'(X);
            end else if (step == OLD2 || step == HOLD_END) begin
                re = '1;
                for (int r = 0; r < NR; r++) ra[r*AW +: AW] = AW'(X);
            end else if (step < HOLD_END) begin
                req = '1;
                for (int i = 0; i < NW; i++) st_addr[i*AW +: AW] <= AW'(X);
            end else if (step < SPREAD_END) begin
                req = '1;
                for (int i = 0; i < NW; i++)
                    st_addr[i*AW +: AW] <= word_at(((i + step) % NP) / NB, (i + step) % NB,
                                                   int'($urandom_range(RD - 1)));
                for (int r = 0; r < NR; r++) re[r] = $urandom_range(1) != 0;
            end else if (step < NEIGH_END) begin
                int c, o;
                c = int'($urandom_range(NC - 1));
                o = int'($urandom_range(CD - 1));
                if ((step - SPREAD_END) % 2 == 0) o = o / NB * NB;  // tmp[2*lid+i]
                req = '1;
                for (int i = 0; i < NW; i++) st_addr[i*AW +: AW] <= AW'(c * CD + (o + i) % CD);
                re = '1;
            end else begin
                if ((step - DIRECTED_END) % 64 == 0) begin
                    case ($urandom_range(4))
                        0: begin req_pct = 90; rd_pct = 50; narrow = -1; end
                        1: begin req_pct = 20; rd_pct = 80; narrow = -1; end
                        2: begin req_pct = 60; rd_pct = 60; narrow = 1; end
                        3: begin req_pct = 50; rd_pct = 10; narrow = -1; end
                        default: begin req_pct = 100; rd_pct = 100; narrow = 2; end
                    endcase
                    keep = $urandom_range(1) != 0;
                end
                for (int i = 0; i < NW; i++) begin
                    if (keep && st_req[i] && !st_grant[i]) begin
                        kept[i] = 1'b1;
                        req[i] = 1'b1;
                        st_addr[i*AW +: AW] <= st_addr[i*AW +: AW];
                        st_data[i*W +: W] <= st_data[i*W +: W];
                    end else begin
                        req[i] = $urandom_range(99) < req_pct;
                        st_addr[i*AW +: AW] <= rand_addr();
                    end
                end
                for (int r = 0; r < NR; r++) begin
                    re[r] = $urandom_range(99) < rd_pct;
                    ra[r*AW +: AW] = rand_addr();
                end
            end
            // Waiting of the requests kept into the next cycle.
            for (int i = 0; i < NW; i++) begin
                if (kept[i]) begin
                    waited[i]++;
                    n_kept_wait++;
                end else begin
                    waited[i] = 0;
                end
            end
            // Of the sites of one replica reading one pair, one reads (random ones in the
            // random phases).
            re = legal_reads(re, ra, step >= DIRECTED_END);
            if (step == OLD1) x_rd = re;
            st_req  <= req;
            rd_en   <= re;
            rd_addr <= ra;

            cyc++;
            if (cyc == CYCLES) begin
                bit starved;
                starved = 1'b0;
                for (int i = 0; i < NW; i++) if (n_grant[i] == 0) starved = 1'b1;
                if ((NW > 1 && n_contended == 0) || n_all_req == 0 || n_collide == 0 ||
                    n_stale_hold == 0 || n_rd_checks == 0 || starved ||
                    (NW > 1 && n_kept_wait == 0) ||
                    (NW > 1 && NC > 1 && n_multi_grant == 0) ||
                    (NC > 1 && n_copy_switch == 0) ||
                    (NB > 1 && NW > 1 && n_bank_multi == 0) ||
                    (NB > 1 && NW > 1 && NW <= NB && n_neigh_all == 0) ||
                    (NB > 1 && n_bank_switch == 0) ||
                    (NB > 1 && NW > NB && n_bank_mixed == 0) ||
                    (shared_replica() && NP > 1 && n_shared_multi == 0) ||
                    (shared_replica() && (n_overwrite == 0 || n_overwrite_next == 0)))
                    $error("private_ram NC%0d NB%0d NW%0d NR%0d NM%0d D%0d: weak coverage (contended %0d, all requesting %0d, write+read of one word %0d, held over a newer word %0d, rd_data checks %0d, a site never granted %b, kept requests waiting %0d, cycles with several grants %0d, reads switching copy %0d, several banks of a copy granted %0d, neighbour cycles all granted %0d, reads switching bank %0d, a pair contended beside another grant %0d, sites of a replica reading together %0d, words replaced by a read of another site of the replica %0d, of which right after the own read %0d)",
                           NC, NB, NW, NR, NM, DEPTH, n_contended, n_all_req, n_collide, n_stale_hold,
                           n_rd_checks, starved, n_kept_wait, n_multi_grant, n_copy_switch,
                           n_bank_multi, n_neigh_all, n_bank_switch, n_bank_mixed,
                           n_shared_multi, n_overwrite, n_overwrite_next);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_private_ram (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [18:0] done;
    // One copy.
    tb_private_ram_unit #(.W(16), .DEPTH(37), .AW(6), .NW(1), .NR(1))
        u0 (.clk(clk), .rst(rst), .done(done[0]));
    tb_private_ram_unit #(.W(32), .DEPTH(37), .AW(6), .NW(3), .NR(2))
        u1 (.clk(clk), .rst(rst), .done(done[1]));
    tb_private_ram_unit #(.W(8), .DEPTH(5), .AW(4), .NW(3), .NR(1))
        u2 (.clk(clk), .rst(rst), .done(done[2]));
    tb_private_ram_unit #(.W(8), .DEPTH(16), .AW(4), .NW(4), .NR(3))
        u3 (.clk(clk), .rst(rst), .done(done[3]));
    tb_private_ram_unit #(.W(12), .DEPTH(1), .AW(1), .NW(2), .NR(2))
        u4 (.clk(clk), .rst(rst), .done(done[4]));
    tb_private_ram_unit #(.W(64), .DEPTH(100), .AW(7), .NW(1), .NR(2))
        u5 (.clk(clk), .rst(rst), .done(done[5]));
    // Independent copies.
    tb_private_ram_unit #(.W(32), .DEPTH(512), .AW(9), .NW(2), .NR(3), .NC(2))
        u6 (.clk(clk), .rst(rst), .done(done[6]));
    tb_private_ram_unit #(.W(16), .DEPTH(3 * 40), .AW(7), .NW(3), .NR(2), .NC(3))
        u7 (.clk(clk), .rst(rst), .done(done[7]));
    tb_private_ram_unit #(.W(8), .DEPTH(3 * 16), .AW(8), .NW(4), .NR(1), .NC(3))
        u8 (.clk(clk), .rst(rst), .done(done[8]));
    tb_private_ram_unit #(.W(8), .DEPTH(4 * 5), .AW(5), .NW(2), .NR(2), .NC(4))
        u9 (.clk(clk), .rst(rst), .done(done[9]));
    tb_private_ram_unit #(.W(4), .DEPTH(3), .AW(2), .NW(3), .NR(2), .NC(3))
        u10 (.clk(clk), .rst(rst), .done(done[10]));
    // Banks by the low offset bits.
    tb_private_ram_unit #(.W(32), .DEPTH(64), .AW(6), .NW(2), .NR(2), .NB(2))
        u11 (.clk(clk), .rst(rst), .done(done[11]));
    tb_private_ram_unit #(.W(16), .DEPTH(2 * 32), .AW(7), .NW(3), .NR(3), .NC(2), .NB(4))
        u12 (.clk(clk), .rst(rst), .done(done[12]));
    tb_private_ram_unit #(.W(8), .DEPTH(3 * 24), .AW(7), .NW(2), .NR(1), .NC(3), .NB(2))
        u13 (.clk(clk), .rst(rst), .done(done[13]));
    tb_private_ram_unit #(.W(8), .DEPTH(20), .AW(5), .NW(4), .NR(2), .NB(2))
        u14 (.clk(clk), .rst(rst), .done(done[14]));
    // Load sites sharing replicas (NM, RMAP; the byte of site j at RMAP[j*8 +: 8]).
    tb_private_ram_unit #(.W(32), .DEPTH(512), .AW(9), .NW(2), .NR(2), .NC(2), .NM(1))
        u15 (.clk(clk), .rst(rst), .done(done[15]));
    tb_private_ram_unit #(.W(16), .DEPTH(3 * 24), .AW(7), .NW(2), .NR(3), .NC(3), .NB(2),
                         .NM(2), .RMAP(24'h00_01_00))
        u16 (.clk(clk), .rst(rst), .done(done[16]));
    tb_private_ram_unit #(.W(8), .DEPTH(16), .AW(4), .NW(2), .NR(4), .NM(2),
                         .RMAP(32'h01_01_00_00))
        u17 (.clk(clk), .rst(rst), .done(done[17]));
    tb_private_ram_unit #(.W(16), .DEPTH(32), .AW(5), .NW(3), .NR(3), .NB(4), .NM(2),
                         .RMAP(24'h00_01_01))
        u18 (.clk(clk), .rst(rst), .done(done[18]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_private_ram");
            $finish;
        end
    end
endmodule

`default_nettype wire
