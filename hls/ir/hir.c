// SPDX-License-Identifier: MIT
/* Construction, constant-folding helpers and the text dump of the hardware IR. */
#include "hir.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

static const char *const opcode_names[HIR_OPCODE_COUNT] = {
    [HIR_CONST] = "const",   [HIR_ARG] = "arg",       [HIR_WI] = "wi",
    [HIR_ADD] = "add",       [HIR_SUB] = "sub",       [HIR_MUL] = "mul",
    [HIR_UDIV] = "udiv",     [HIR_SDIV] = "sdiv",     [HIR_UREM] = "urem",
    [HIR_SREM] = "srem",     [HIR_SHL] = "shl",       [HIR_LSHR] = "lshr",
    [HIR_ASHR] = "ashr",     [HIR_AND] = "and",       [HIR_OR] = "or",
    [HIR_XOR] = "xor",       [HIR_EQ] = "eq",         [HIR_NE] = "ne",
    [HIR_ULT] = "ult",       [HIR_ULE] = "ule",       [HIR_UGT] = "ugt",
    [HIR_UGE] = "uge",       [HIR_SLT] = "slt",       [HIR_SLE] = "sle",
    [HIR_SGT] = "sgt",       [HIR_SGE] = "sge",       [HIR_SELECT] = "select",
    [HIR_ZEXT] = "zext",     [HIR_SEXT] = "sext",     [HIR_TRUNC] = "trunc",
    [HIR_UMIN] = "umin",     [HIR_UMAX] = "umax",     [HIR_SMIN] = "smin",
    [HIR_SMAX] = "smax",     [HIR_ABS] = "abs",       [HIR_CTPOP] = "ctpop",
    [HIR_CTLZ] = "ctlz",     [HIR_CTTZ] = "cttz",     [HIR_BSWAP] = "bswap",
    [HIR_BITREV] = "bitrev", [HIR_FSHL] = "fshl",     [HIR_FSHR] = "fshr",
    [HIR_LOAD] = "load",     [HIR_STORE] = "store",   [HIR_LOOP_PHI] = "loop_phi",
    [HIR_TOKEN] = "token",   [HIR_FADD] = "fadd",     [HIR_FSUB] = "fsub",
    [HIR_FMUL] = "fmul",     [HIR_FDIV] = "fdiv",     [HIR_FSQRT] = "fsqrt",
    [HIR_FMA] = "fma",       [HIR_FMIN] = "fmin",     [HIR_FMAX] = "fmax",
    [HIR_FCMP] = "fcmp",     [HIR_FPTOSI] = "fptosi", [HIR_FPTOUI] = "fptoui",
    [HIR_SITOFP] = "sitofp", [HIR_UITOFP] = "uitofp", [HIR_STREAM] = "stream",
    [HIR_CHUNK] = "chunk",   [HIR_CONCAT] = "concat",   [HIR_GROUP_GID] = "gid",
};

struct hir_kernel *hir_kernel_new(const char *name)
{
    struct hir_kernel *k = calloc(1, sizeof(*k));
    if (!k)
        return NULL;
    k->cur_loop = HIR_NONE;
    k->constant_arg = HIR_NONE;
    k->printf_arg = HIR_NONE;
    k->slot = HIR_NONE;
    k->wg_slot = HIR_NONE;
    k->dispatch_ii = 1;
    k->name = strdup(name);
    if (!k->name) {
        free(k);
        return NULL;
    }
    return k;
}

void hir_kernel_free(struct hir_kernel *k)
{
    if (!k)
        return;
    free(k->name);
    free(k->line_refusal_text);
    for (unsigned i = 0; i < k->nfiles; i++)
        free(k->files[i]);
    free(k->files);
    free(k->ops);
    free(k->arg_width);
    free(k->arg_csr_offset);
    free(k->arg_flags);
    free(k->loops);
    free(k->mem_deps);
    free(k->parrays);
    free(k->barriers);
    free(k->streams);
    for (int i = 0; i < k->nsegs; i++) {
        free(k->segs[i].in);
        free(k->segs[i].in_copy);
        free(k->segs[i].out);
        free(k->segs[i].out_local);
    }
    free(k->segs);
    free(k);
}

int hir_emit(struct hir_kernel *k, enum hir_opcode opcode, unsigned width, int nops, const int *ops)
{
    if (k->nops == k->cap) {
        int cap = k->cap ? k->cap * 2 : 64;
        struct hir_op *grown = realloc(k->ops, (size_t)cap * sizeof(*grown));
        if (!grown)
            return HIR_NONE;
        k->ops = grown;
        k->cap = cap;
    }
    struct hir_op *op = &k->ops[k->nops];
    memset(op, 0, sizeof(*op));
    op->opcode = opcode;
    op->width = width;
    op->nops = nops;
    for (int i = 0; i < HIR_MAX_OPERANDS; i++)
        op->ops[i] = i < nops ? ops[i] : HIR_NONE;
    op->pred = HIR_NONE;
    op->base_arg = HIR_NONE;
    op->lsu = HIR_NONE;
    op->next = HIR_NONE;
    op->init_copy = HIR_NONE;
    op->parray = HIR_NONE;
    op->store_site = HIR_NONE;
    op->replica = HIR_NONE;
    op->unit = HIR_NONE;
    op->stream = HIR_NONE;
    op->loop = k->cur_loop;
    op->line = k->cur_line;
    op->file = k->cur_file;
    return k->nops++;
}

int hir_const(struct hir_kernel *k, unsigned width, uint64_t value)
{
    if (width < 64)
        value &= (UINT64_C(1) << width) - 1;
    /* Reuse an identical constant: keeps dumps and Verilog short. */
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].opcode == HIR_CONST && k->ops[i].width == width && k->ops[i].imm == value &&
            !k->ops[i].aux) /* aux: a private array's own base, see lower_private.c */
            return i;
    int v = hir_emit(k, HIR_CONST, width, 0, NULL);
    if (v != HIR_NONE)
        k->ops[v].imm = value;
    return v;
}

int hir_loop_new(struct hir_kernel *k, int parent, unsigned line)
{
    struct hir_loop *grown = realloc(k->loops, (size_t)(k->nloops + 1) * sizeof(*grown));
    if (!grown)
        return HIR_NONE;
    k->loops = grown;
    struct hir_loop *l = &k->loops[k->nloops];
    memset(l, 0, sizeof(*l));
    l->parent = parent;
    l->begin = l->end = k->nops;
    l->cont = HIR_NONE;
    l->innermost = 1;
    l->line = line;
    l->file = k->cur_file;
    l->park.gate = HIR_NONE;
    if (parent != HIR_NONE)
        k->loops[parent].innermost = 0;
    return k->nloops++;
}

unsigned hir_file_index(struct hir_kernel *k, const char *file, const char *main_name)
{
    char **grown;

    if (!file || (main_name && !strcmp(file, main_name)))
        return 0;
    for (unsigned i = 0; i < k->nfiles; i++)
        if (!strcmp(k->files[i], file))
            return i + 1;
    grown = realloc(k->files, (k->nfiles + 1) * sizeof(*grown));
    if (!grown)
        return 0;
    k->files = grown;
    if (!(k->files[k->nfiles] = strdup(file)))
        return 0;
    return ++k->nfiles;
}

const char *hir_file_name(const struct hir_kernel *k, unsigned i)
{
    return i && i <= k->nfiles ? k->files[i - 1] : NULL;
}

int hir_def_pos(const struct hir_kernel *k, int v)
{
    if (k->ops[v].rebuilt_at)
        return k->ops[v].rebuilt_at - 1;
    return k->ops[v].opcode == HIR_WI ? 0 : v;
}

int hir_loop_holds(const struct hir_kernel *k, int l, int p)
{
    return p >= k->loops[l].begin && p < k->loops[l].end;
}

int hir_is_const(const struct hir_kernel *k, int v, uint64_t value)
{
    return v != HIR_NONE && k->ops[v].opcode == HIR_CONST && k->ops[v].imm == value;
}

void hir_lsu_set_add(struct hir_lsu_set *s, int lsu)
{
    s->w[lsu / 64] |= UINT64_C(1) << (lsu % 64);
}

int hir_lsu_set_has(const struct hir_lsu_set *s, int lsu)
{
    return lsu >= 0 && lsu < HIR_MAX_LSUS && (s->w[lsu / 64] >> (lsu % 64) & 1);
}

int hir_lsu_set_empty(const struct hir_lsu_set *s)
{
    for (int i = 0; i < HIR_MAX_LSUS / 64; i++)
        if (s->w[i])
            return 0;
    return 1;
}

int hir_and1(struct hir_kernel *k, int a, int b)
{
    if (hir_is_const(k, a, 0) || hir_is_const(k, b, 0))
        return hir_const(k, 1, 0);
    if (hir_is_const(k, a, 1) || a == b)
        return b;
    if (hir_is_const(k, b, 1))
        return a;
    int ops[2] = {a, b};
    return hir_emit(k, HIR_AND, 1, 2, ops);
}

int hir_or1(struct hir_kernel *k, int a, int b)
{
    if (hir_is_const(k, a, 1) || hir_is_const(k, b, 1))
        return hir_const(k, 1, 1);
    if (hir_is_const(k, a, 0) || a == b)
        return b;
    if (hir_is_const(k, b, 0))
        return a;
    int ops[2] = {a, b};
    return hir_emit(k, HIR_OR, 1, 2, ops);
}

int hir_not1(struct hir_kernel *k, int a)
{
    if (hir_is_const(k, a, 0))
        return hir_const(k, 1, 1);
    if (hir_is_const(k, a, 1))
        return hir_const(k, 1, 0);
    int ops[2] = {a, hir_const(k, 1, 1)};
    return hir_emit(k, HIR_XOR, 1, 2, ops);
}

const char *hir_opcode_name(enum hir_opcode op)
{
    return op < HIR_OPCODE_COUNT && opcode_names[op] ? opcode_names[op] : "?";
}

const char *hir_atomic_name(enum hir_atomic_op op)
{
    static const char *const names[] = {
        "add", "sub", "xchg", "cmpxchg", "min", "max", "min (unsigned)", "max (unsigned)",
        "and", "or",  "xor",  "load"};
    return (unsigned)op < sizeof(names) / sizeof(names[0]) ? names[op] : "?";
}

int hir_has_side_effect(const struct hir_op *op)
{
    return op->opcode == HIR_STORE || op->atomic || op->opcode == HIR_STREAM;
}

int hir_is_pipe_op(const struct hir_op *op)
{
    return op->opcode == HIR_STREAM && op->aux >= HIR_PIPE_WRITE;
}

int hir_writes_memory(const struct hir_op *op)
{
    return op->opcode == HIR_STORE || (op->atomic && op->atomic != 1 + HIR_ATOMIC_LOAD);
}

int hir_is_printf_counter(const struct hir_kernel *k, const struct hir_op *op)
{
    return op->atomic && k->printf_arg != HIR_NONE && op->base_arg == k->printf_arg;
}

int hir_same_atomic_unit(const struct hir_op *a, const struct hir_op *b)
{
    return a->atomic && b->atomic && a->parray == HIR_NONE && b->parray == HIR_NONE &&
           a->unit != HIR_NONE && a->unit == b->unit;
}

int hir_is_multicycle(enum hir_opcode op)
{
    return op == HIR_UDIV || op == HIR_SDIV || op == HIR_UREM || op == HIR_SREM || op == HIR_LOAD ||
           op == HIR_STREAM || hir_is_float_unit(op);
}

int hir_is_float_unit(enum hir_opcode op)
{
    return op >= HIR_FADD && op <= HIR_UITOFP;
}

char *hir_dump(const struct hir_kernel *k)
{
    struct oclhls_strbuf sb = {0};
    oclhls_strbuf_printf(&sb, "kernel %s (depth %d, %d LSUs)\n", k->name, k->depth, k->nlsus);
    for (int l = 0; l < k->nloops; l++)
        oclhls_strbuf_printf(&sb, "  loop %d (line %u, parent %d): v%d..v%d, continue v%d\n", l,
                             k->loops[l].line, k->loops[l].parent, k->loops[l].begin,
                             k->loops[l].end - 1, k->loops[l].cont);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live)
            continue;
        oclhls_strbuf_printf(&sb, "  v%d:i%u = %s", i, op->width, hir_opcode_name(op->opcode));
        for (int j = 0; j < op->nops; j++)
            oclhls_strbuf_printf(&sb, " v%d", op->ops[j]);
        if (op->opcode == HIR_CONST || op->opcode == HIR_ARG || op->opcode == HIR_WI)
            oclhls_strbuf_printf(&sb, " #%llu", (unsigned long long)op->imm);
        if (op->opcode == HIR_WI)
            oclhls_strbuf_printf(&sb, ".%u", op->aux);
        if (op->atomic)
            oclhls_strbuf_printf(&sb, " atomic %s",
                                 hir_atomic_name((enum hir_atomic_op)(op->atomic - 1)));
        if (op->pred != HIR_NONE)
            oclhls_strbuf_printf(&sb, " if v%d", op->pred);
        if (op->next != HIR_NONE)
            oclhls_strbuf_printf(&sb, " next v%d", op->next);
        if (op->invariant)
            oclhls_strbuf_printf(&sb, "  ; invariant\n");
        else
            oclhls_strbuf_printf(&sb, "  ; seg %d stage %d ready %d+%d line %u\n", op->seg,
                                 op->stage, op->ready_stage, op->ready_delay, op->line);
    }
    return oclhls_strbuf_take(&sb);
}
