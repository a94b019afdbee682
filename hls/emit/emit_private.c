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

/* Write site j of op's array in `stage`, writing data (an expression). */
static void emit_write_site(struct nl_module *m, const struct hir_kernel *k,
                            const struct hir_op *op, int j, int stage, const char *data)
{
    int p = op->parray;
    unsigned aw = addr_bits(k, p), w = emit_private_data_width(k, p);
    struct oclhls_strbuf e = {0};
    nl_net(m, "reg", 0, "pm%d_done%d", p, j);
    emit_enable(&e, k, op, stage);
    oclhls_strbuf_printf(&e, " & !pm%d_done%d & !s%d_base_stall", p, j, op->seg);
    nl_assign_to(m, emit_text(m, &e), "pm%d_st_req[%d]", p, j);
    oclhls_strbuf_release(&e);
    nl_always_form(m, NL_ALWAYS_BARE, "clk",
                   "if (rst || csr_start) pm%d_done%d <= 1'b0;\n"
                   "else pm%d_done%d <= s%d_stall & (pm%d_done%d | "
                   "(pm%d_st_req[%d] & pm%d_st_grant[%d]));",
                   p, j, p, j, op->seg, p, j, p, j, p, j);
    emit_word_address(&e, k, op, stage);
    nl_assign_to(m, emit_text(m, &e), "pm%d_st_addr[%u +: %u]", p, (unsigned)j * aw, aw);
    oclhls_strbuf_release(&e);
    nl_assign_to(m, data, "pm%d_st_data[%u +: %u]", p, (unsigned)j * w, w);
}

static void emit_store_site(struct nl_module *m, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    struct oclhls_strbuf data = {0};
    nl_comment(m, "store, line %u: site %u, stage %d", op->line, op->aux, op->stage);
    emit_ref(&data, k, op->ops[1], op->stage);
    oclhls_strbuf_printf(&data, "[%u:0]", emit_private_data_width(k, op->parray) - 1);
    emit_write_site(m, k, op, (int)op->aux, op->stage, emit_text(m, &data));
    oclhls_strbuf_release(&data);
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
static void emit_hit(struct nl_module *m, const struct hir_kernel *k, const struct hir_op *op,
                     int site)
{
    int p = op->parray, r = (int)op->aux;
    unsigned aw = addr_bits(k, p);
    char rhs[128];
    snprintf(rhs, sizeof(rhs), "pm%d_st_req[%d] & pm%d_st_grant[%d] & (pm%d_st_addr[%u +: %u] == pm%d_at%d)",
             p, site, p, site, p, (unsigned)site * aw, aw, p, r);
    nl_wire_to(m, 0, rhs, "pm%d_hit%d_%d", p, r, site);
}

/*
 * The snoop's inputs: pm<p>_hit_own<r> (the atomic's own site writes its word at this edge),
 * pm<p>_hit_rival<r> (another site does), pm<p>_hit_data<r> (what: one site at most, as a
 * word has one write port; the own site's data when none hits).
 */
static void emit_snoop_hits(struct nl_module *m, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    int p = op->parray, r = (int)op->aux, own = op->store_site;
    struct oclhls_strbuf e = {0};
    emit_hit(m, k, op, own);
    for (int q = next_rival(k, i, -1); q != HIR_NONE; q = next_rival(k, i, q))
        emit_hit(m, k, op, write_site(&k->ops[q]));
    oclhls_strbuf_printf(&e, "pm%d_hit%d_%d", p, r, own);
    nl_wire_to(m, 0, emit_text(m, &e), "pm%d_hit_own%d", p, r);
    oclhls_strbuf_release(&e);
    oclhls_strbuf_puts(&e, "1'b0");
    for (int q = next_rival(k, i, -1); q != HIR_NONE; q = next_rival(k, i, q))
        oclhls_strbuf_printf(&e, " | pm%d_hit%d_%d", p, r, write_site(&k->ops[q]));
    nl_wire_to(m, 0, emit_text(m, &e), "pm%d_hit_rival%d", p, r);
    oclhls_strbuf_release(&e);
    /* Without a rival's hit the word is the own site's: the snoop takes it only on a hit. */
    int rivals = 0;
    for (int q = next_rival(k, i, -1); q != HIR_NONE; q = next_rival(k, i, q)) {
        int site = write_site(&k->ops[q]);
        oclhls_strbuf_printf(&e, "\n        pm%d_hit%d_%d ? pm%d_st_data[%d +: 32] :", p, r, site,
                             p, site * 32);
        rivals++;
    }
    /* one line: "= <own word>"; with rivals the choices start on the next line */
    oclhls_strbuf_printf(&e, "%spm%d_st_data[%d +: 32]", rivals ? " " : "", p, own * 32);
    nl_wire_to(m, 32, emit_text(m, &e), "pm%d_hit_data%d", p, r);
    oclhls_strbuf_release(&e);
}

/*
 * The read-modify-write of a __local atomic (32-bit words): pm<p>_old<r> is the old word in
 * the ready stage (the word read, or the last write to it since), pm<p>_new<r> what the
 * write site stores.
 */
static void emit_atomic_site(struct nl_module *m, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    int p = op->parray, r = (int)op->aux, rs = op->ready_stage, own = op->store_site;
    unsigned aw = addr_bits(k, p);
    char rhs[160];
    struct oclhls_strbuf e = {0};
    nl_comment(m, "atomic %s, line %u: replica %d reads in stage %d, site %d writes in stage %d",
               hir_atomic_name((enum hir_atomic_op)(op->atomic - 1)), op->line, r, op->stage,
               own, rs);
    nl_net(m, "reg", 0, "pm%d_snoop_valid%d", p, r);
    nl_net(m, "reg", 32, "pm%d_snoop_data%d", p, r);
    emit_word_address(&e, k, op, rs);
    nl_wire_to(m, aw, emit_text(m, &e), "pm%d_addr%d", p, r);
    oclhls_strbuf_release(&e);
    snprintf(rhs, sizeof(rhs), "pm%d_rd_en[%d] ? pm%d_rd_addr[%u +: %u] : pm%d_addr%d", p, r, p,
             (unsigned)r * aw, aw, p, r);
    nl_wire_to(m, aw, rhs, "pm%d_at%d", p, r);
    emit_snoop_hits(m, k, i);
    snprintf(rhs, sizeof(rhs), "pm%d_snoop_valid%d ? pm%d_snoop_data%d : pm%d_rd_data[%d +: 32]", p,
             r, p, r, p, r * 32);
    nl_wire_to(m, 32, rhs, "pm%d_old%d", p, r);
    nl_net(m, "wire", 32, "pm%d_new%d", p, r);
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
    snprintf(rhs, sizeof(rhs), "pm%d_new%d", p, r);
    emit_write_site(m, k, op, own, rs, rhs);
    /* After its own write the site's old word is final: later writes are not its business. */
    nl_always_form(m, NL_ALWAYS_BARE, "clk",
                   "if (rst || csr_start) pm%d_snoop_valid%d <= 1'b0;\n"
                   "else if (pm%d_rd_en[%d]) begin\n"
                   "    pm%d_snoop_valid%d <= pm%d_hit_own%d | pm%d_hit_rival%d;\n"
                   "    pm%d_snoop_data%d <= pm%d_hit_data%d;\n"
                   "end else if (!pm%d_done%d & pm%d_hit_rival%d) begin\n"
                   "    pm%d_snoop_valid%d <= 1'b1;\n"
                   "    pm%d_snoop_data%d <= pm%d_hit_data%d;\n"
                   "end",
                   p, r, p, r, p, r, p, r, p, r, p, r, p, r, p, own, p, r, p, r, p, r, p, r);
}

static void emit_load_site(struct nl_module *m, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    int p = op->parray, r = (int)op->aux;
    unsigned aw = addr_bits(k, p);
    struct oclhls_strbuf e = {0};
    nl_comment(m, "load, line %u: replica %d, stage %d", op->line, r, op->stage);
    emit_enable(&e, k, op, op->stage);
    oclhls_strbuf_printf(&e, " & !s%d_stall", op->seg);
    nl_assign_to(m, emit_text(m, &e), "pm%d_rd_en[%d]", p, r);
    oclhls_strbuf_release(&e);
    emit_word_address(&e, k, op, op->stage);
    nl_assign_to(m, emit_text(m, &e), "pm%d_rd_addr[%u +: %u]", p, (unsigned)r * aw, aw);
    oclhls_strbuf_release(&e);
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
    if (!pa->nstores) {
        char grant[32];
        snprintf(grant, sizeof(grant), "pm%d_st_grant[0]", p);
        nl_assign_to(m, "1'b0", "pm%d_st_req", p);
        nl_assign_to(m, "0", "pm%d_st_addr", p);
        nl_assign_to(m, "0", "pm%d_st_data", p);
        nl_lint(m, 0, "UNUSED", NULL);
        nl_wire_to(m, 0, grant, "pm%d_unused_grant", p);
        nl_lint(m, 1, "UNUSED", NULL);
    }
    if (!pa->nloads) {
        nl_assign_to(m, "1'b0", "pm%d_rd_en", p);
        nl_assign_to(m, "0", "pm%d_rd_addr", p);
    }
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->parray != p)
            continue;
        if (op->opcode == HIR_STORE) {
            emit_store_site(m, k, i);
            continue;
        }
        emit_load_site(m, k, i);
        if (op->store_site != HIR_NONE)
            emit_atomic_site(m, k, i);
    }
    nl_blank(m);
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
