// SPDX-License-Identifier: MIT
//
// sdram_model: a behavioural single-data-rate SDRAM (16-bit, 4 banks; the ULX3S's 32 MB
// AS4C16M16SA / IS42S16160 class) for Verilator benches and co-simulation. It stores data
// (sparse: a word never written reads as sdram_fill_word(address)) and fails the run with
// $error on every rule it knows being broken. The rules and their defaults are those
// rtl-lib/ocl_sdram_ctrl.v cites (AS4C16M16SA Rev. 3.0 Table 16, -7 grade):
//   power-up: only NOP/INHIBIT for T_INIT_US; then PRECHARGE ALL, >= INIT_REFS_MIN
//     AUTO REFRESHes, LOAD MODE REGISTER; ACT/READ/WRITE before that is an error, and so
//     is any command within tMRD of the LOAD MODE REGISTER;
//   mode register: burst length 2/4/8 sequential, programmed write bursts, CAS latency
//     2 (tCK >= 10 ns) or 3 (tCK >= 7 ns), standard operation;
//   ACT: bank idle, tRP after its PRE, tRC after its ACT, tRRD after any ACT, tRFC after
//     REF; READ/WRITE: row open, tRCD after ACT, no auto precharge (the controller never
//     asks for it), never cutting short the burst before it (a new READ/WRITE at least BL
//     cycles after the last); PRE: tRAS after ACT, tWR after the last write beat (and 2
//     clocks), never cutting a read burst short (BL cycles after the READ); REF: all
//     banks idle, tRP, tRC, tRFC; a row open longer than tRAS max (120 us);
//   refresh deadline: from the end of initialisation, never more than T_REFI_NS between
//     two AUTO REFRESHes (stricter than the datasheet's average: no postponing);
//   data bus: the controller drives DQ only in a write beat, never in a cycle in which or
//     right after which the SDRAM drives it (one cycle of turnaround); a read beat is never
//     masked by DQM (DQM's read latency is 2 cycles).
// Timing: commands are sampled at the rising edge; read beat i of a READ sampled at edge n
// is on dq_o in the cycle ending at edge n + CL + i; write beat i is sampled at edge n + i.
// TCK_PS is the clock period the bench means.
`ifndef SDRAM_MODEL_SVH
`define SDRAM_MODEL_SVH

// The contents of a word never written (word address = {row, bank, column}).
function automatic logic [15:0] sdram_fill_word(longint unsigned w);
    return 16'((w * 40503) ^ (w >> 9) ^ 64'h5A3C);
endfunction

module sdram_model #(
    parameter int TCK_PS = 10000,
    parameter int ROW_BITS = 13,
    parameter int COL_BITS = 9,
    parameter int T_RCD_NS = 21,
    parameter int T_RP_NS = 21,
    parameter int T_RC_NS = 63,
    parameter int T_RFC_NS = 63,
    parameter int T_RAS_NS = 42,
    parameter int T_RAS_MAX_NS = 120000,
    parameter int T_WR_NS = 14,
    parameter int T_RRD_NS = 14,
    parameter int T_MRD_NS = 14,
    parameter int T_REFI_NS = 7800,
    parameter int T_INIT_US = 200,
    parameter int INIT_REFS_MIN = 2,
    parameter int REPORT = 1,           // 0: only count violations (the bench of the model)
    parameter string NAME = "sdram"
) (
    input  logic        clk,
    input  logic        cke,
    input  logic        cs_n,
    input  logic        ras_n,
    input  logic        cas_n,
    input  logic        we_n,
    input  logic [1:0]  ba,
    input  logic [12:0] a,
    input  logic [1:0]  dqm,
    input  logic [15:0] dq_i,       // the controller's DQ
    input  logic        dq_i_oe,    // the controller drives DQ
    output logic [15:0] dq_o,
    output logic        dq_o_oe,
    output longint      n_refresh,  // statistics for the bench
    output longint      n_act,
    output longint      n_errors    // violations found
);
    localparam longint NEVER = -(64'sd1 << 40);
    localparam int     RING = 32;
    typedef logic [$clog2(RING)-1:0] ring_slot_t; // a cycle's entry of the rings below

    logic [15:0] mem [longint];

    longint cyc = 0;
    // Initialisation: 0 power-up wait, 1 after PRECHARGE ALL, 2 mode register set.
    int     phase = 0;
    int     init_refs = 0;
    int     bl = 0, cl = 0;
    longint t_mrs = NEVER, t_ref = NEVER, t_any_act = NEVER, t_rw = NEVER, t_init_end = 0;
    logic   refi_late = 1'b0;
    logic   active [4];
    logic   ras_late [4];           // tRAS max already reported for this activation
    int     open_row [4];
    longint t_act [4], t_pre [4], t_wr_last [4], t_read [4];
    // Write burst in progress.
    int     wr_left = 0;
    longint wr_word = 0;
    int     wr_beat = 0;
    // Read beats to drive: ring indexed by the edge at whose end... they are sampled.
    logic   rd_slot [RING];
    longint rd_word [RING];
    logic [1:0] dqm_hist [RING];
    logic   drove_last = 1'b0;
    longint errs = 0;               // n_errors follows it at each edge

    initial begin
        for (int b = 0; b < 4; b++) begin
            active[b] = 1'b0;
            ras_late[b] = 1'b0;
            open_row[b] = 0;
            t_act[b] = NEVER;
            t_pre[b] = NEVER;
            t_wr_last[b] = NEVER;
            t_read[b] = NEVER;
        end
        for (int i = 0; i < RING; i++) begin
            rd_slot[i] = 1'b0;
            rd_word[i] = 0;
            dqm_hist[i] = 2'b00;
        end
        dq_o = '0;
        dq_o_oe = 1'b0;
        n_refresh = 0;
        n_act = 0;
        n_errors = 0;
    end

    // True when the time from edge `from` to now is at least ns (and min_cycles clocks).
    function automatic logic since(longint from, int ns, int min_cycles);
        return (cyc - from) * longint'(TCK_PS) >= longint'(ns) * 1000 &&
               cyc - from >= longint'(min_cycles);
    endfunction

    function automatic longint word_addr(int row, int bank, int col);
        return (longint'(row) << (COL_BITS + 2)) | (longint'(bank) << COL_BITS) | longint'(col);
    endfunction

    function automatic logic [15:0] read_word(longint w);
        if (mem.exists(w) != 0) return mem[w];
        return sdram_fill_word(longint'(w));
    endfunction

    // One beat of DQ into word w, the bytes DQM leaves unmasked.
    task automatic write_beat(longint w);
        logic [15:0] v;
        v = read_word(w);
        if (!dqm[0]) v[7:0] = dq_i[7:0];
        if (!dqm[1]) v[15:8] = dq_i[15:8];
        mem[w] = v;
    endtask

    task automatic fail(string what);
        errs++;
        if (REPORT != 0) $error("%s cycle %0d: %s", NAME, cyc, what);
        else $display("%s cycle %0d: %s (counted)", NAME, cyc, what);
    endtask

    always @(posedge clk) begin
        logic [3:0] cmd;
        int         b, col;
        cyc++;
        cmd = cs_n ? 4'b1111 : {1'b0, ras_n, cas_n, we_n};
        b = int'(ba);
        dqm_hist[int'(cyc % longint'(RING))] = dqm;

        if (!cke) fail("CKE low: power-down and self refresh are not modelled");

        // ---- the data bus
        if (dq_i_oe && dq_o_oe) fail("bus contention: controller and SDRAM both drive DQ");
        if (dq_i_oe && drove_last) fail("no turnaround cycle after a read beat");
        drove_last = dq_o_oe;

        // ---- write beats (beat 0 comes with the WRITE below)
        if (wr_left > 0) begin
            if (!dq_i_oe) fail("write beat without the controller driving DQ");
            write_beat(wr_word + longint'(wr_beat));
            wr_beat++;
            wr_left--;
        end else if (dq_i_oe && cmd != 4'b0100) begin
            fail("controller drives DQ outside a write burst");
        end

        // ---- commands
        case (cmd)
            4'b1111, 4'b0111: ;  // INHIBIT, NOP
            4'b0010: begin       // PRECHARGE (A10: all banks)
                if (phase == 0 && !since(0, T_INIT_US * 1000, 0))
                    fail("PRECHARGE during the power-up wait");
                for (int k = 0; k < 4; k++) begin
                    if ((a[10] || k == b) && active[k]) begin
                        if (!since(t_act[k], T_RAS_NS, 1)) fail($sformatf("tRAS: PRE of bank %0d", k));
                        if (!since(t_wr_last[k], T_WR_NS, 2)) fail($sformatf("tWR: PRE of bank %0d", k));
                        if (cyc - t_read[k] < longint'(bl))
                            fail($sformatf("PRE of bank %0d cuts a read burst short", k));
                        active[k] = 1'b0;
                        t_pre[k] = cyc;
                    end
                end
                if (phase == 0) begin
                    if (!a[10]) fail("initialisation must start with PRECHARGE ALL");
                    phase = 1;
                end
            end
            4'b0001: begin       // AUTO REFRESH
                if (phase == 0) fail("REFRESH before PRECHARGE ALL in initialisation");
                for (int k = 0; k < 4; k++) begin
                    if (active[k]) fail($sformatf("REFRESH with bank %0d open", k));
                    if (!since(t_pre[k], T_RP_NS, 1)) fail("tRP: REFRESH too soon after PRECHARGE");
                    if (!since(t_act[k], T_RC_NS, 1)) fail("tRC: REFRESH too soon after ACTIVE");
                end
                if (!since(t_ref, T_RFC_NS, 1)) fail("tRFC: REFRESH too soon after REFRESH");
                t_ref = cyc;
                if (phase == 1) init_refs++;
                n_refresh++;
                refi_late = 1'b0;
            end
            4'b0000: begin       // LOAD MODE REGISTER
                if (phase == 0) fail("MODE REGISTER SET before PRECHARGE ALL");
                if (init_refs < INIT_REFS_MIN)
                    fail($sformatf("MODE REGISTER SET after %0d refreshes (at least %0d)", init_refs,
                                   INIT_REFS_MIN));
                for (int k = 0; k < 4; k++) begin
                    if (active[k]) fail("MODE REGISTER SET with a bank open");
                    if (!since(t_pre[k], T_RP_NS, 1)) fail("tRP: MODE REGISTER SET too soon");
                end
                if (!since(t_ref, T_RFC_NS, 1)) fail("tRFC: MODE REGISTER SET too soon after REFRESH");
                if (ba != 2'b00 || a[12:10] != 3'b000 || a[9] != 1'b0 || a[8:7] != 2'b00 || a[3])
                    fail($sformatf("mode register %h: only sequential programmed bursts, standard mode", a));
                case (a[2:0])
                    3'd1: bl = 2;
                    3'd2: bl = 4;
                    3'd3: bl = 8;
                    default: begin bl = 1; fail("burst length not 2, 4 or 8"); end
                endcase
                cl = int'(a[6:4]);
                if (cl != 2 && cl != 3) fail("CAS latency not 2 or 3");
                if (cl == 2 && TCK_PS < 10000) fail("CAS latency 2 needs tCK >= 10 ns");
                if (cl == 3 && TCK_PS < 7000) fail("CAS latency 3 needs tCK >= 7 ns");
                t_mrs = cyc;
                if (phase == 1) begin
                    phase = 2;
                    t_init_end = cyc;
                end
            end
            4'b0011: begin       // ACTIVE
                if (phase != 2) fail("ACTIVE during initialisation");
                if (active[b]) fail($sformatf("ACTIVE to bank %0d with a row open", b));
                if (!since(t_pre[b], T_RP_NS, 1)) fail($sformatf("tRP: ACTIVE of bank %0d", b));
                if (!since(t_act[b], T_RC_NS, 1)) fail($sformatf("tRC: ACTIVE of bank %0d", b));
                if (!since(t_any_act, T_RRD_NS, 1)) fail("tRRD: ACTIVE too soon after another bank's");
                if (!since(t_ref, T_RFC_NS, 1)) fail("tRFC: ACTIVE too soon after REFRESH");
                if (int'(a) >= (1 << ROW_BITS)) fail("row address beyond the device");
                active[b] = 1'b1;
                ras_late[b] = 1'b0;
                open_row[b] = int'(a) & ((1 << ROW_BITS) - 1);
                t_act[b] = cyc;
                t_any_act = cyc;
                n_act++;
            end
            4'b0101, 4'b0100: begin  // READ, WRITE
                if (phase != 2) fail("READ/WRITE during initialisation");
                if (!active[b]) fail($sformatf("READ/WRITE to bank %0d with no open row", b));
                if (!since(t_act[b], T_RCD_NS, 1)) fail($sformatf("tRCD: READ/WRITE to bank %0d", b));
                if (a[10]) fail("auto precharge is not modelled (the controller does not use it)");
                if (cyc - t_rw < longint'(bl)) fail("READ/WRITE cuts the previous burst short");
                col = int'(a) & ((1 << COL_BITS) - 1);
                if (col % bl != 0) fail("burst start not aligned to the burst length");
                t_rw = cyc;
                if (cmd == 4'b0101) begin
                    t_read[b] = cyc;
                    for (int i = 0; i < bl; i++) begin
                        ring_slot_t e;
                        e = ring_slot_t'((cyc + longint'(cl) + longint'(i)) % longint'(RING));
                        rd_slot[e] = 1'b1;
                        rd_word[e] = word_addr(open_row[b], b, col + i);
                    end
                end else begin
                    if (!dq_i_oe) fail("WRITE without data on DQ");
                    wr_word = word_addr(open_row[b], b, col);
                    write_beat(wr_word);
                    wr_beat = 1;
                    wr_left = bl - 1;
                    t_wr_last[b] = cyc + longint'(bl) - 1;
                end
            end
            default: fail($sformatf("command %b not used by the controller", cmd));
        endcase
        if (cmd != 4'b1111 && cmd != 4'b0111 && cmd != 4'b0000 && phase == 2 &&
            !since(t_mrs, T_MRD_NS, 2))
            fail("tMRD: command too soon after MODE REGISTER SET");

        // ---- refresh deadline, rows open too long
        if (phase == 2 && !refi_late &&
            (cyc - (t_ref > t_init_end ? t_ref : t_init_end)) * longint'(TCK_PS) >
                longint'(T_REFI_NS) * 1000) begin
            fail("refresh deadline: more than tREFI without AUTO REFRESH");
            refi_late = 1'b1;
        end
        for (int k = 0; k < 4; k++)
            if (active[k] && !ras_late[k] &&
                (cyc - t_act[k]) * longint'(TCK_PS) > longint'(T_RAS_MAX_NS) * 1000) begin
                fail($sformatf("tRAS max: bank %0d open too long", k));
                ras_late[k] = 1'b1;
            end

        // ---- read beats: the beat sampled at edge cyc + 1 is driven now
        begin
            ring_slot_t e;
            e = ring_slot_t'((cyc + 1) % longint'(RING));
            if (rd_slot[e]) begin
                // DQM sampled two edges before the beat's edge masks it.
                if (dqm_hist[int'((cyc - 1) % longint'(RING))] != 2'b00) fail("read beat masked by DQM");
                dq_o <= read_word(rd_word[e]);
                dq_o_oe <= 1'b1;
                rd_slot[e] = 1'b0;
            end else begin
                dq_o <= 16'($urandom);
                dq_o_oe <= 1'b0;
            end
        end
        n_errors <= errs;
    end
endmodule

`endif
