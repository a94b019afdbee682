// SPDX-License-Identifier: MIT
/*
 * Private arrays in block RAM (rtl-lib/ocl_private_ram.v): one RAM per array holding a copy
 * per slot, a read replica per load site (or shared by sites a barrier keeps apart:
 * memory_order.c), and one write port that the store sites share.
 *
 * A load reads when its stage advances; the RAM's output register then holds the word until
 * that load site reads again, which happens only when the stage advances again, so the value
 * is there for as long as the next stage holds the token. A store site asks for the write
 * port while its segment is not stalled for another reason; the granted site writes at once
 * (even if its segment then stalls for a losing site) and remembers it until the stage
 * advances, so each site writes once per token and every cycle some waiting site writes.
 *
 * A __local atomic reads its replica in its stage and writes the new word through its own
 * write site one stage later, or later still if the port goes to another site first. Any
 * site may write the word in between: the token one stage ahead at the read's own edge (the
 * read returns the old word), another atomic or store site of the array at any edge until
 * this site has written. So each atomic site watches the array's write port: every granted
 * write to its word at its read edge, or at a later edge before its own write, replaces the
 * word it read (a snoop register). Only one site writes a word per edge (the port is one per
 * copy and bank), so the read-modify-write is atomic against every other site.
 */
#include <stdio.h>

#include "analysis.h"
#include "emit_util.h"

unsigned emit_private_data_width(const struct hir_kernel *k, int p)
{
    return k->parrays[p].elem_bytes * 8;
}

static unsigned words(const struct hir_kernel *k, int p)
{
    const struct hir_parray *pa = &k->parrays[p];
    return (unsigned)(pa->local ? k->nwg_slots : k->nslots) * (pa->bytes / pa->elem_bytes);
}

static unsigned addr_bits(const struct hir_kernel *k, int p)
{
    return emit_index_bits(words(k, p));
}

/* The word address bits of an access's byte address, as the value is in `stage`. */
static void emit_word_address(struct oclhls_strbuf *o, const struct hir_kernel *k,
                              const struct hir_op *op, int stage)
{
    unsigned shift = (unsigned)__builtin_ctz(k->parrays[op->parray].elem_bytes);
    emit_ref(o, k, op->ops[0], stage);
    oclhls_strbuf_printf(o, "[%u:%u]", addr_bits(k, op->parray) + shift - 1, shift);
}

/* Write site j of op's array in `stage`; the caller then prints the data expression and ";". */
static void emit_write_site(struct oclhls_strbuf *o, const struct hir_kernel *k,
                            const struct hir_op *op, int j, int stage)
{
    int p = op->parray;
    unsigned aw = addr_bits(k, p), w = emit_private_data_width(k, p);
    oclhls_strbuf_printf(o, "    reg pm%d_done%d;\n    assign pm%d_st_req[%d] = ", p, j, p, j);
    emit_enable(o, k, op, stage);
    oclhls_strbuf_printf(o,
                         " & !pm%d_done%d & !s%d_base_stall;\n"
                         "    always @(posedge clk)\n"
                         "        if (rst || csr_start) pm%d_done%d <= 1'b0;\n"
                         "        else pm%d_done%d <= s%d_stall & (pm%d_done%d | "
                         "(pm%d_st_req[%d] & pm%d_st_grant[%d]));\n",
                         p, j, op->seg, p, j, p, j, op->seg, p, j, p, j, p, j);
    oclhls_strbuf_printf(o, "    assign pm%d_st_addr[%u +: %u] = ", p, (unsigned)j * aw, aw);
    emit_word_address(o, k, op, stage);
    oclhls_strbuf_printf(o, ";\n    assign pm%d_st_data[%u +: %u] = ", p, (unsigned)j * w, w);
}

static void emit_store_site(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    oclhls_strbuf_printf(o, "    // store, line %u: site %u, stage %d\n", op->line, op->aux,
                         op->stage);
    emit_write_site(o, k, op, (int)op->aux, op->stage);
    emit_ref(o, k, op->ops[1], op->stage);
    oclhls_strbuf_printf(o, "[%u:0];\n", emit_private_data_width(k, op->parray) - 1);
}

/* The write site of op (a store or an atomic) of a block-RAM array, else HIR_NONE. */
static int write_site(const struct hir_op *op)
{
    return op->opcode == HIR_STORE ? (int)op->aux : op->store_site;
}

/*
 * The next op after q (q = -1: the first) other than atomic i that writes i's array and is
 * not a barrier apart from it: a write site that may write i's copy between its read and
 * its write. HIR_NONE after the last.
 */
static int next_rival(const struct hir_kernel *k, int i, int q)
{
    const struct hir_op *op = &k->ops[i];
    for (q++; q < k->nops; q++) {
        const struct hir_op *w = &k->ops[q];
        if (q != i && w->live && w->parray == op->parray && write_site(w) != HIR_NONE &&
            !hls_phases_apart(k, q, i))
            return q;
    }
    return HIR_NONE;
}

/* pm<p>_hit<r>_<site>: write site `site` writes the word at pm<p>_at<r> at this edge. */
static void emit_hit(struct oclhls_strbuf *o, const struct hir_kernel *k, const struct hir_op *op,
                     int site)
{
    int p = op->parray, r = (int)op->aux;
    unsigned aw = addr_bits(k, p);
    oclhls_strbuf_printf(o,
                         "    wire pm%d_hit%d_%d = pm%d_st_req[%d] & pm%d_st_grant[%d] & "
                         "(pm%d_st_addr[%u +: %u] == pm%d_at%d);\n",
                         p, r, site, p, site, p, site, p, (unsigned)site * aw, aw, p, r);
}

/*
 * The snoop's inputs: pm<p>_hit_own<r> (the atomic's own site writes its word at this edge),
 * pm<p>_hit_rival<r> (another site does), pm<p>_hit_data<r> (what: one site at most, as a
 * word has one write port; the own site's data when none hits).
 */
static void emit_snoop_hits(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    int p = op->parray, r = (int)op->aux, own = op->store_site;
    emit_hit(o, k, op, own);
    for (int q = next_rival(k, i, -1); q != HIR_NONE; q = next_rival(k, i, q))
        emit_hit(o, k, op, write_site(&k->ops[q]));
    oclhls_strbuf_printf(o, "    wire pm%d_hit_own%d = pm%d_hit%d_%d;\n"
                         "    wire pm%d_hit_rival%d = 1'b0", p, r, p, r, own, p, r);
    for (int q = next_rival(k, i, -1); q != HIR_NONE; q = next_rival(k, i, q))
        oclhls_strbuf_printf(o, " | pm%d_hit%d_%d", p, r, write_site(&k->ops[q]));
    /* Without a rival's hit the word is the own site's: the snoop takes it only on a hit. */
    oclhls_strbuf_printf(o, ";\n    wire [31:0] pm%d_hit_data%d =", p, r);
    for (int q = next_rival(k, i, -1); q != HIR_NONE; q = next_rival(k, i, q)) {
        int site = write_site(&k->ops[q]);
        oclhls_strbuf_printf(o, "\n        pm%d_hit%d_%d ? pm%d_st_data[%d +: 32] :", p, r, site,
                             p, site * 32);
    }
    oclhls_strbuf_printf(o, " pm%d_st_data[%d +: 32];\n", p, own * 32);
}

/*
 * The read-modify-write of a __local atomic (32-bit words): pm<p>_old<r> is the old word in
 * the ready stage (the word read, or the last write to it since), pm<p>_new<r> what the
 * write site stores.
 */
static void emit_atomic_site(struct nl_module *m, const struct hir_kernel *k, int i)
{
    struct oclhls_strbuf *o = nl_text(m);
    const struct hir_op *op = &k->ops[i];
    int p = op->parray, r = (int)op->aux, rs = op->ready_stage, own = op->store_site;
    unsigned aw = addr_bits(k, p);
    oclhls_strbuf_printf(o,
                         "    // atomic %s, line %u: replica %d reads in stage %d, site %d writes "
                         "in stage %d\n"
                         "    reg pm%d_snoop_valid%d;\n"
                         "    reg [31:0] pm%d_snoop_data%d;\n"
                         "    wire [%u:0] pm%d_addr%d = ",
                         hir_atomic_name((enum hir_atomic_op)(op->atomic - 1)), op->line, r,
                         op->stage, own, rs, p, r, p, r, aw - 1, p, r);
    emit_word_address(o, k, op, rs);
    oclhls_strbuf_printf(o,
                         ";\n"
                         "    wire [%u:0] pm%d_at%d = pm%d_rd_en[%d] ? pm%d_rd_addr[%u +: %u] : "
                         "pm%d_addr%d;\n",
                         aw - 1, p, r, p, r, p, (unsigned)r * aw, aw, p, r);
    emit_snoop_hits(o, k, i);
    oclhls_strbuf_printf(o,
                         "    wire [31:0] pm%d_old%d = pm%d_snoop_valid%d ? pm%d_snoop_data%d : "
                         "pm%d_rd_data[%d +: 32];\n"
                         "    wire [31:0] pm%d_new%d;\n",
                         p, r, p, r, p, r, p, r * 32, p, r);
    struct oclhls_strbuf a = {0}, b = {0};
    emit_ref(&a, k, op->ops[1], rs);
    emit_ref(&b, k, op->ops[2], rs);
    char name[32];
    snprintf(name, sizeof(name), "u_pm%d_alu%d", p, r);
    struct nl_instance *alu = nl_instance(m, "ocl_atomic_alu", name);
    if (alu)
        alu->one_line = 1;
    nl_connect(m, alu, "op", "4'd%d", op->atomic - 1);
    nl_connect(m, alu, "old", "pm%d_old%d", p, r);
    nl_connect(m, alu, "a", "%s[31:0]", a.buf ? a.buf : "");
    nl_connect(m, alu, "b", "%s[31:0]", b.buf ? b.buf : "");
    nl_connect(m, alu, "new_value", "pm%d_new%d", p, r);
    if (a.failed || b.failed)
        m->failed = 1;
    oclhls_strbuf_release(&a);
    oclhls_strbuf_release(&b);
    emit_write_site(o, k, op, own, rs);
    oclhls_strbuf_printf(o, "pm%d_new%d;\n", p, r);
    /* After its own write the site's old word is final: later writes are not its business. */
    oclhls_strbuf_printf(o,
                         "    always @(posedge clk)\n"
                         "        if (rst || csr_start) pm%d_snoop_valid%d <= 1'b0;\n"
                         "        else if (pm%d_rd_en[%d]) begin\n"
                         "            pm%d_snoop_valid%d <= pm%d_hit_own%d | pm%d_hit_rival%d;\n"
                         "            pm%d_snoop_data%d <= pm%d_hit_data%d;\n"
                         "        end else if (!pm%d_done%d & pm%d_hit_rival%d) begin\n"
                         "            pm%d_snoop_valid%d <= 1'b1;\n"
                         "            pm%d_snoop_data%d <= pm%d_hit_data%d;\n"
                         "        end\n",
                         p, r, p, r, p, r, p, r, p, r, p, r, p, r, p, own, p, r, p, r, p, r,
                         p, r);
}

static void emit_load_site(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    int p = op->parray, r = (int)op->aux;
    unsigned aw = addr_bits(k, p);
    oclhls_strbuf_printf(
        o, "    // load, line %u: replica %d, stage %d\n    assign pm%d_rd_en[%d] = ", op->line, r,
        op->stage, p, r);
    emit_enable(o, k, op, op->stage);
    oclhls_strbuf_printf(o, " & !s%d_stall;\n    assign pm%d_rd_addr[%u +: %u] = ", op->seg, p,
                         (unsigned)r * aw, aw);
    emit_word_address(o, k, op, op->stage);
    oclhls_strbuf_printf(o, ";\n");
}

/*
 * __local memory: each work-group's copy its own memories and write port, so the next group
 * filling its copy never waits for the stores of the group before it.
 */
static int independent_copies(const struct hir_kernel *k, int p)
{
    return k->parrays[p].local ? k->nwg_slots : 1;
}

/* NM and RMAP when read ports share replicas (memory_order.c). */
static void param_replica_map(struct nl_module *m, struct nl_instance *u,
                              const struct hir_kernel *k, int p)
{
    const struct hir_parray *pa = &k->parrays[p];
    if (pa->nreplicas >= pa->nloads)
        return;
    struct oclhls_strbuf map = {0};
    oclhls_strbuf_puts(&map, "{");
    /* site nloads-1 first: the concatenation puts site 0 in the low byte */
    for (int site = pa->nloads - 1; site >= 0; site--)
        for (int i = 0; i < k->nops; i++) {
            const struct hir_op *op = &k->ops[i];
            if (op->live && op->parray == p && op->opcode == HIR_LOAD && (int)op->aux == site)
                oclhls_strbuf_printf(&map, "8'd%d%s", op->replica, site ? ", " : "");
        }
    oclhls_strbuf_puts(&map, "}");
    nl_param(m, u, "NM", pa->nreplicas);
    nl_param_expr(m, u, "RMAP", map.buf);
    if (map.failed)
        m->failed = 1;
    oclhls_strbuf_release(&map);
}

static void emit_array(struct nl_module *m, const struct hir_kernel *k, int p)
{
    struct oclhls_strbuf *o = nl_text(m);
    const struct hir_parray *pa = &k->parrays[p];
    /* A RAM needs a site of each kind: an unused one is tied off. */
    int nw = pa->nstores ? pa->nstores : 1, nr = pa->nloads ? pa->nloads : 1;
    unsigned aw = addr_bits(k, p), w = emit_private_data_width(k, p);
    nl_comment(m,
               "%s %d (line %u): %u bytes x %d copies, %u-bit words, %d store sites, %d load "
               "sites reading %d replicas.",
               pa->local ? "__local memory" : "Private array", p, pa->line, pa->bytes,
               pa->local ? k->nwg_slots : k->nslots, w, pa->nstores, pa->nloads, pa->nreplicas);
    nl_net(m, "wire", (unsigned)nw, "pm%d_st_req, pm%d_st_grant", p, p);
    nl_net(m, "wire", (unsigned)nw * aw, "pm%d_st_addr", p);
    nl_net(m, "wire", (unsigned)nw * w, "pm%d_st_data", p);
    nl_net(m, "wire", (unsigned)nr, "pm%d_rd_en", p);
    nl_net(m, "wire", (unsigned)nr * aw, "pm%d_rd_addr", p);
    nl_lint(m, 0, "UNUSED", NULL);
    nl_net(m, "wire", (unsigned)nr * w, "pm%d_rd_data", p);
    nl_lint(m, 1, "UNUSED", NULL);
    char name[32];
    snprintf(name, sizeof(name), "u_pm%d", p);
    struct nl_instance *u = nl_instance(m, "ocl_private_ram", name);
    if (u)
        u->name_break = 1;
    nl_param(m, u, "W", w);
    nl_param(m, u, "DEPTH", words(k, p));
    nl_param(m, u, "AW", aw);
    nl_param(m, u, "NW", nw);
    nl_param(m, u, "NR", nr);
    nl_param(m, u, "NC", independent_copies(k, p));
    nl_param(m, u, "NB", pa->banks);
    param_replica_map(m, u, k, p);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "st_req", "pm%d_st_req", p);
    nl_connect(m, u, "st_addr", "pm%d_st_addr", p);
    nl_connect_break(m, u, "st_data", "pm%d_st_data", p);
    nl_connect(m, u, "st_grant", "pm%d_st_grant", p);
    nl_connect(m, u, "rd_en", "pm%d_rd_en", p);
    nl_connect_break(m, u, "rd_addr", "pm%d_rd_addr", p);
    nl_connect(m, u, "rd_data", "pm%d_rd_data", p);
    if (!pa->nstores)
        oclhls_strbuf_printf(o,
                             "    assign pm%d_st_req = 1'b0;\n    assign pm%d_st_addr = 0;\n"
                             "    assign pm%d_st_data = 0;\n"
                             "    /* verilator lint_off UNUSED */\n"
                             "    wire pm%d_unused_grant = pm%d_st_grant[0];\n"
                             "    /* verilator lint_on UNUSED */\n",
                             p, p, p, p, p);
    if (!pa->nloads)
        oclhls_strbuf_printf(o, "    assign pm%d_rd_en = 1'b0;\n    assign pm%d_rd_addr = 0;\n", p,
                             p);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->parray != p)
            continue;
        if (op->opcode == HIR_STORE) {
            emit_store_site(o, k, i);
            continue;
        }
        emit_load_site(o, k, i);
        if (op->store_site != HIR_NONE)
            emit_atomic_site(m, k, i);
    }
    oclhls_strbuf_printf(o, "\n");
}

void emit_private_arrays(struct nl_module *m, const struct hir_kernel *k)
{
    for (int p = 0; p < k->nparrays; p++)
        if (k->parrays[p].nloads || k->parrays[p].nstores)
            emit_array(m, k, p);
}

/* "| (enabled & !done & !grant)" for each write site of segment si. */
void emit_private_stall(struct oclhls_strbuf *o, const struct hir_kernel *k, int si)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->parray == HIR_NONE || op->seg != si)
            continue;
        int site = write_site(op);
        if (site == HIR_NONE)
            continue; /* a load */
        oclhls_strbuf_printf(o, "\n        | (");
        emit_enable(o, k, op, op->opcode == HIR_STORE ? op->stage : op->ready_stage);
        oclhls_strbuf_printf(o, " & !pm%d_done%d & !pm%d_st_grant[%d])", op->parray, site,
                             op->parray, site);
    }
}
