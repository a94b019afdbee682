// SPDX-License-Identifier: MIT
/*
 * The hardware IR as text (hir_text.h). One table per record kind names each field, where it
 * is, how it is written and its default; the writer and the reader both walk the tables, so
 * a field added to a table round-trips without more code. Records whose fields are arrays
 * (an operation's operands, a segment's token layouts, the arguments) are written by hand.
 */
#include "hir_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hir.h"
#include "strbuf.h"

#define HIR_TEXT_VERSION 1

enum field_type {
    F_INT,    /* int, written as a number */
    F_UINT,   /* unsigned */
    F_U64,    /* uint64_t */
    F_VALUE,  /* int naming an operation: v<i>, or -1 */
    F_OPCODE, /* enum hir_opcode, by name */
};

struct field {
    const char *name;
    size_t offset;
    enum field_type type;
    long long def; /* left out of the text when equal */
};

#define OP(f, t, d) {#f, offsetof(struct hir_op, f), t, d}
static const struct field op_fields[] = {
    OP(pred, F_VALUE, HIR_NONE),   OP(imm, F_U64, 0),           OP(aux, F_UINT, 0),
    OP(line, F_UINT, 0),           OP(addr_space, F_UINT, 0),   OP(parray, F_INT, HIR_NONE),
    OP(base_arg, F_INT, HIR_NONE), OP(lsu, F_INT, HIR_NONE),    OP(ordered, F_INT, 0),
    OP(uncached, F_INT, 0),        OP(write_through, F_INT, 0), OP(order_after, F_U64, 0),
    OP(war_after, F_U64, 0),       OP(atomic, F_INT, 0),        OP(discard, F_INT, 0),
    OP(store_site, F_INT, HIR_NONE), OP(replica, F_INT, HIR_NONE), OP(unit, F_INT, HIR_NONE),
    OP(stream, F_INT, HIR_NONE),   OP(next, F_VALUE, HIR_NONE), OP(init_copy, F_VALUE, HIR_NONE),
    OP(loop, F_INT, HIR_NONE),     OP(seg, F_INT, 0),           OP(rebuilt_at, F_INT, 0),
    OP(live, F_INT, 0),            OP(invariant, F_INT, 0),     OP(stage, F_INT, 0),
    OP(ready_stage, F_INT, 0),     OP(ready_delay, F_INT, 0),   OP(last_use, F_INT, 0),
    OP(sig_bits, F_UINT, 0),
};

#define KERNEL(f, t, d) {#f, offsetof(struct hir_kernel, f), t, d}
static const struct field kernel_fields[] = {
    KERNEL(line, F_UINT, 0),          KERNEL(arg_words, F_UINT, 0),
    KERNEL(nlsus, F_INT, 0),          KERNEL(depth, F_INT, 0),
    KERNEL(load_latency, F_UINT, 0),  KERNEL(stage_budget, F_INT, 0),
    KERNEL(unit_input_delay, F_INT, 0), KERNEL(cur_line, F_UINT, 0),
    KERNEL(cur_loop, F_INT, HIR_NONE), KERNEL(single_work_item, F_INT, 0),
    KERNEL(dispatch_ii, F_INT, 1),    KERNEL(float_lcs_ii1, F_UINT, 0),
    KERNEL(nslots, F_INT, 0),         KERNEL(slot, F_VALUE, HIR_NONE),
    KERNEL(wg_slot, F_VALUE, HIR_NONE), KERNEL(nwg_slots, F_INT, 0),
    KERNEL(max_wg, F_UINT, 0),        KERNEL(attr_max_wg, F_UINT, 0),
    KERNEL(attr_wg_in_flight, F_UINT, 0), KERNEL(autorun, F_INT, 0),
    KERNEL(line_kernel, F_INT, 0),    KERNEL(line_refusal_line, F_UINT, 0),
    KERNEL(line_elem_bits, F_UINT, 0), KERNEL(line_loads, F_INT, 0),
    KERNEL(line_stores, F_INT, 0),
};

#define LOOP(f, t, d) {#f, offsetof(struct hir_loop, f), t, d}
static const struct field loop_fields[] = {
    LOOP(parent, F_INT, HIR_NONE),     LOOP(begin, F_INT, 0),
    LOOP(end, F_INT, 0),               LOOP(cont, F_VALUE, HIR_NONE),
    LOOP(innermost, F_INT, 1),         LOOP(line, F_UINT, 0),
    LOOP(hint_ii, F_UINT, 0),          LOOP(ivdep, F_INT, 0),
    {"park.gate", offsetof(struct hir_loop, park.gate), F_INT, HIR_NONE},
    {"park.barrier", offsetof(struct hir_loop, park.barrier), F_INT, 0},
    {"park.guard", offsetof(struct hir_loop, park.guard), F_VALUE, 0},
    {"park.x", offsetof(struct hir_loop, park.x), F_VALUE, 0},
    {"park.phi", offsetof(struct hir_loop, park.phi), F_VALUE, 0},
    {"park.cmp", offsetof(struct hir_loop, park.cmp), F_OPCODE, HIR_CONST},
    {"park.qshift", offsetof(struct hir_loop, park.qshift), F_UINT, 0},
    {"park.nshift", offsetof(struct hir_loop, park.nshift), F_UINT, 0},
    LOOP(modulo, F_INT, 0),            LOOP(ii, F_INT, 0),
    LOOP(depth, F_INT, 0),             LOOP(capacity, F_INT, 0),
    LOOP(first, F_VALUE, 0),           LOOP(cont_stage, F_INT, 0),
    LOOP(dep_kind, F_INT, HIR_DEP_NONE), LOOP(dep_from, F_UINT, 0),
    LOOP(dep_to, F_UINT, 0),
};

#define SEG(f, t, d) {#f, offsetof(struct hir_segment, f), t, d}
static const struct field seg_fields[] = {
    SEG(begin, F_INT, 0),     SEG(end, F_INT, 0),      SEG(from, F_INT, HIR_FROM_DISPATCH),
    SEG(from_loop, F_INT, 0), SEG(to, F_INT, HIR_TO_END), SEG(to_loop, F_INT, 0),
    SEG(nexit, F_INT, 0),     SEG(back_from, F_INT, 0), SEG(nback, F_INT, 0),
    SEG(depth, F_INT, 0),
};

#define PARRAY(f, t, d) {#f, offsetof(struct hir_parray, f), t, d}
static const struct field parray_fields[] = {
    PARRAY(bytes, F_UINT, 0),   PARRAY(elem_bytes, F_UINT, 0), PARRAY(line, F_UINT, 0),
    PARRAY(nloads, F_INT, 0),   PARRAY(nstores, F_INT, 0),     PARRAY(nreplicas, F_INT, 0),
    PARRAY(local, F_INT, 0),    PARRAY(arg, F_INT, HIR_NONE),  PARRAY(banks, F_UINT, 0),
};

#define BARRIER(f, t, d) {#f, offsetof(struct hir_barrier, f), t, d}
static const struct field barrier_fields[] = {
    BARRIER(pos, F_INT, 0),
    BARRIER(line, F_UINT, 0),
    BARRIER(global_fence, F_INT, 0),
    BARRIER(gate_of, F_INT, HIR_NONE),
};

#define STREAM(f, t, d) {#f, offsetof(struct hir_stream, f), t, d}
static const struct field stream_fields[] = {
    STREAM(channel, F_INT, HIR_NONE), STREAM(arg, F_INT, HIR_NONE), STREAM(write, F_INT, 0),
    STREAM(bytes, F_UINT, 0),         STREAM(line, F_UINT, 0),
};

#define MEMDEP(f, t, d) {#f, offsetof(struct hir_mem_dep, f), t, d}
static const struct field memdep_fields[] = {
    MEMDEP(from, F_VALUE, 0),
    MEMDEP(to, F_VALUE, 0),
    MEMDEP(loop, F_INT, HIR_NONE),
};

#define NFIELDS(t) ((int)(sizeof(t) / sizeof((t)[0])))

/* A field added to a record of hir.h needs its line in the table above, or the text would
 * lose it: these sizes (x86-64) fail the build until the table and the size are updated. */
#if defined(__x86_64__)
_Static_assert(sizeof(struct hir_op) == 200, "hir_op changed: update op_fields");
_Static_assert(sizeof(struct hir_kernel) == 288, "hir_kernel changed: update kernel_fields");
_Static_assert(sizeof(struct hir_loop) == 100, "hir_loop changed: update loop_fields");
_Static_assert(sizeof(struct hir_segment) == 88, "hir_segment changed: update seg_fields");
_Static_assert(sizeof(struct hir_parray) == 36, "hir_parray changed: update parray_fields");
_Static_assert(sizeof(struct hir_barrier) == 16, "hir_barrier changed: update barrier_fields");
_Static_assert(sizeof(struct hir_stream) == 20, "hir_stream changed: update stream_fields");
_Static_assert(sizeof(struct hir_mem_dep) == 12, "hir_mem_dep changed: update memdep_fields");
#endif

/* ---- writing ---- */

static long long field_get(const void *rec, const struct field *f)
{
    const char *p = (const char *)rec + f->offset;

    switch (f->type) {
    case F_UINT:
        return *(const unsigned *)p;
    case F_U64:
        return (long long)*(const uint64_t *)p;
    case F_OPCODE:
        return *(const enum hir_opcode *)p;
    default:
        return *(const int *)p;
    }
}

static void write_value(struct oclhls_strbuf *o, int v)
{
    if (v == HIR_NONE)
        oclhls_strbuf_puts(o, "-1");
    else
        oclhls_strbuf_printf(o, "v%d", v);
}

static void write_fields(struct oclhls_strbuf *o, const void *rec, const struct field *f, int n)
{
    for (int i = 0; i < n; i++) {
        const char *p = (const char *)rec + f[i].offset;
        long long v = field_get(rec, &f[i]);

        if (f[i].type == F_U64 ? *(const uint64_t *)p == (uint64_t)f[i].def : v == f[i].def)
            continue;
        oclhls_strbuf_printf(o, " %s=", f[i].name);
        switch (f[i].type) {
        case F_U64:
            oclhls_strbuf_printf(o, "%llu", (unsigned long long)*(const uint64_t *)p);
            break;
        case F_VALUE:
            write_value(o, (int)v);
            break;
        case F_OPCODE:
            oclhls_strbuf_puts(o, v >= 0 && v < HIR_OPCODE_COUNT
                                      ? hir_opcode_name((enum hir_opcode)v) : "?");
            break;
        default:
            oclhls_strbuf_printf(o, "%lld", v);
        }
    }
}

static void write_list(struct oclhls_strbuf *o, const char *name, const int *v, int n)
{
    if (!n)
        return;
    oclhls_strbuf_printf(o, " %s=", name);
    for (int i = 0; i < n; i++) {
        if (i)
            oclhls_strbuf_puts(o, ",");
        write_value(o, v[i]);
    }
}

/* Text as one token: a space, '%', '"', '=' or a control character as %XX (URL style). */
static void write_text(struct oclhls_strbuf *o, const char *s)
{
    for (; *s; s++) {
        if (*s == ' ' || *s == '%' || *s == '"' || *s == '=' || (unsigned char)*s < 0x20)
            oclhls_strbuf_printf(o, "%%%02X", (unsigned char)*s);
        else
            oclhls_strbuf_append(o, s, 1);
    }
}

void hir_text_write(const struct hir_kernel *k, struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(o, "hir %d\nkernel ", HIR_TEXT_VERSION);
    write_text(o, k->name);
    oclhls_strbuf_printf(o, " nargs=%d", k->nargs);
    write_fields(o, k, kernel_fields, NFIELDS(kernel_fields));
    if (k->reqd_wg[0] || k->reqd_wg[1] || k->reqd_wg[2])
        oclhls_strbuf_printf(o, " reqd_wg=%u,%u,%u", k->reqd_wg[0], k->reqd_wg[1],
                             k->reqd_wg[2]);
    if (k->line_refusal) {
        oclhls_strbuf_puts(o, " line_refusal=");
        write_text(o, k->line_refusal);
    }
    oclhls_strbuf_puts(o, "\n");
    for (int a = 0; a < k->nargs; a++) {
        oclhls_strbuf_printf(o, "arg %d width=%u csr=%u", a, k->arg_width ? k->arg_width[a] : 0,
                             k->arg_csr_offset ? k->arg_csr_offset[a] : 0);
        if (k->arg_flags && k->arg_flags[a])
            oclhls_strbuf_printf(o, " flags=%u", k->arg_flags[a]);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];

        oclhls_strbuf_printf(o, "v%d = %s %u", i, hir_opcode_name(op->opcode), op->width);
        for (int j = 0; j < op->nops; j++) {
            oclhls_strbuf_puts(o, " ");
            write_value(o, op->ops[j]);
        }
        write_fields(o, op, op_fields, NFIELDS(op_fields));
        oclhls_strbuf_puts(o, "\n");
    }
    for (int l = 0; l < k->nloops; l++) {
        oclhls_strbuf_printf(o, "loop %d", l);
        write_fields(o, &k->loops[l], loop_fields, NFIELDS(loop_fields));
        oclhls_strbuf_puts(o, "\n");
    }
    for (int s = 0; s < k->nsegs; s++) {
        const struct hir_segment *sg = &k->segs[s];

        oclhls_strbuf_printf(o, "seg %d", s);
        write_fields(o, sg, seg_fields, NFIELDS(seg_fields));
        write_list(o, "in", sg->in, sg->nin);
        write_list(o, "in_copy", sg->in_copy, sg->in_copy ? sg->nin : 0);
        write_list(o, "out", sg->out, sg->nout);
        write_list(o, "out_local", sg->out_local, sg->out_local ? sg->nout : 0);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int p = 0; p < k->nparrays; p++) {
        oclhls_strbuf_printf(o, "parray %d", p);
        write_fields(o, &k->parrays[p], parray_fields, NFIELDS(parray_fields));
        oclhls_strbuf_puts(o, "\n");
    }
    for (int b = 0; b < k->nbarriers; b++) {
        oclhls_strbuf_printf(o, "barrier %d", b);
        write_fields(o, &k->barriers[b], barrier_fields, NFIELDS(barrier_fields));
        oclhls_strbuf_puts(o, "\n");
    }
    for (int s = 0; s < k->nstreams; s++) {
        oclhls_strbuf_printf(o, "stream %d", s);
        write_fields(o, &k->streams[s], stream_fields, NFIELDS(stream_fields));
        oclhls_strbuf_puts(o, "\n");
    }
    for (int d = 0; d < k->nmem_deps; d++) {
        oclhls_strbuf_printf(o, "memdep %d", d);
        write_fields(o, &k->mem_deps[d], memdep_fields, NFIELDS(memdep_fields));
        oclhls_strbuf_puts(o, "\n");
    }
    oclhls_strbuf_puts(o, "end\n");
}

/* ---- reading ---- */

struct reader {
    const char *name; /* for messages */
    unsigned line;
    char *err;
    size_t errlen;
    struct hir_kernel *k;
};

static int fail(struct reader *r, const char *what, const char *token)
{
    oclhls_errf(r->err, r->errlen, "%s:%u: %s%s%s%s", r->name, r->line, what,
                token ? " '" : "", token ? token : "", token ? "'" : "");
    return -1;
}

static char *decode_text(const char *s)
{
    char *out = malloc(strlen(s) + 1), *d = out;

    if (!out)
        return NULL;
    for (; *s; s++) {
        if (*s == '%' && s[1] && s[2]) {
            char hex[3] = {s[1], s[2], 0};
            *d++ = (char)strtol(hex, NULL, 16);
            s += 2;
        } else {
            *d++ = *s;
        }
    }
    *d = 0;
    return out;
}

/* A whole number in tok (decimal, or 0x...); 0, or -1 when tok is not one. */
static int parse_number(const char *tok, long long *out)
{
    char *end;

    errno = 0;
    if (tok[0] == '-')
        *out = strtoll(tok, &end, 0);
    else
        *out = (long long)strtoull(tok, &end, 0);
    return (errno || end == tok || *end) ? -1 : 0;
}

/* v<i> or -1. */
static int parse_value(const char *tok, long long *out)
{
    if (!strcmp(tok, "-1")) {
        *out = HIR_NONE;
        return 0;
    }
    if (tok[0] != 'v' || parse_number(tok + 1, out) || *out < 0)
        return -1;
    return 0;
}

static int parse_opcode(const char *tok)
{
    for (int i = 0; i < HIR_OPCODE_COUNT; i++)
        if (!strcmp(hir_opcode_name((enum hir_opcode)i), tok))
            return i;
    return -1;
}

static void set_defaults(void *rec, const struct field *f, int n)
{
    for (int i = 0; i < n; i++) {
        char *p = (char *)rec + f[i].offset;

        switch (f[i].type) {
        case F_UINT:
            *(unsigned *)p = (unsigned)f[i].def;
            break;
        case F_U64:
            *(uint64_t *)p = (uint64_t)f[i].def;
            break;
        case F_OPCODE:
            *(enum hir_opcode *)p = (enum hir_opcode)f[i].def;
            break;
        default:
            *(int *)p = (int)f[i].def;
        }
    }
}

/* key=value into rec when key is one of f; 1 when it was, 0 when not, -1 on a bad value. */
static int set_field(struct reader *r, void *rec, const struct field *f, int n, const char *key,
                     const char *val)
{
    for (int i = 0; i < n; i++) {
        char *p = (char *)rec + f[i].offset;
        long long v;

        if (strcmp(f[i].name, key))
            continue;
        switch (f[i].type) {
        case F_VALUE:
            if (parse_value(val, &v))
                return fail(r, "expected v<number> or -1, not", val);
            *(int *)p = (int)v;
            return 1;
        case F_OPCODE:
            if ((v = parse_opcode(val)) < 0)
                return fail(r, "unknown opcode", val);
            *(enum hir_opcode *)p = (enum hir_opcode)v;
            return 1;
        case F_U64:
            if (parse_number(val, &v))
                return fail(r, "expected a number, not", val);
            *(uint64_t *)p = (uint64_t)v;
            return 1;
        case F_UINT:
            if (parse_number(val, &v) || v < 0 || v > 0xFFFFFFFFll)
                return fail(r, "expected an unsigned number, not", val);
            *(unsigned *)p = (unsigned)v;
            return 1;
        default:
            if (parse_number(val, &v) || v < -0x80000000ll || v > 0x7FFFFFFFll)
                return fail(r, "expected a number, not", val);
            *(int *)p = (int)v;
            return 1;
        }
    }
    return 0;
}

/* "a,b,c" of values into a new array of exactly n (n < 0: any count, set *n). */
static int parse_list(struct reader *r, const char *val, int **out, int *n)
{
    int count = 1, i = 0;
    char *copy = strdup(val), *save = NULL;

    if (!copy)
        return fail(r, "out of memory", NULL);
    for (const char *c = val; *c; c++)
        count += *c == ',';
    if (*n >= 0 && count != *n) {
        free(copy);
        return fail(r, "a list of the wrong length:", val);
    }
    *out = calloc((size_t)count, sizeof(int));
    for (char *t = strtok_r(copy, ",", &save); *out && t; t = strtok_r(NULL, ",", &save)) {
        long long v;
        if (i >= count || parse_value(t, &v)) {
            free(copy);
            return fail(r, "expected v<number> or -1 in the list, not", t);
        }
        (*out)[i++] = (int)v;
    }
    free(copy);
    if (!*out)
        return fail(r, "out of memory", NULL);
    *n = count;
    return 0;
}

/* Splits key=value; the '=' becomes a NUL. NULL value when there is no '='. */
static char *split_pair(char *tok)
{
    char *eq = strchr(tok, '=');

    if (!eq)
        return NULL;
    *eq = 0;
    return eq + 1;
}

/* The key=value tokens tok[from..n) into rec through f (and `extra` for the rest). */
typedef int (*extra_field_fn)(struct reader *r, void *rec, const char *key, const char *val);

static int read_pairs(struct reader *r, void *rec, const struct field *f, int nf, char **tok,
                      int from, int n, extra_field_fn extra)
{
    for (int i = from; i < n; i++) {
        char *val = split_pair(tok[i]);
        int got;

        if (!val)
            return fail(r, "expected key=value, not", tok[i]);
        got = set_field(r, rec, f, nf, tok[i], val);
        if (got < 0)
            return -1;
        if (!got && (!extra || (got = extra(r, rec, tok[i], val)) == 0))
            return fail(r, "unknown field", tok[i]);
        if (got < 0)
            return -1;
    }
    return 0;
}

static int kernel_extra(struct reader *r, void *rec, const char *key, const char *val)
{
    struct hir_kernel *k = rec;

    if (!strcmp(key, "reqd_wg")) {
        if (sscanf(val, "%u,%u,%u", &k->reqd_wg[0], &k->reqd_wg[1], &k->reqd_wg[2]) != 3)
            return fail(r, "expected reqd_wg=x,y,z, not", val);
        return 1;
    }
    if (!strcmp(key, "line_refusal")) {
        free(k->line_refusal_text);
        if (!(k->line_refusal_text = decode_text(val)))
            return fail(r, "out of memory", NULL);
        k->line_refusal = k->line_refusal_text;
        return 1;
    }
    if (!strcmp(key, "nargs")) {
        long long n;
        if (parse_number(val, &n) || n < 0 || n > 4096 || k->nargs)
            return fail(r, "expected one nargs=<number>, not", val);
        k->nargs = (int)n;
        k->arg_width = calloc((size_t)(n ? n : 1), sizeof(unsigned));
        k->arg_csr_offset = calloc((size_t)(n ? n : 1), sizeof(unsigned));
        k->arg_flags = calloc((size_t)(n ? n : 1), sizeof(unsigned));
        if (!k->arg_width || !k->arg_csr_offset || !k->arg_flags)
            return fail(r, "out of memory", NULL);
        return 1;
    }
    return 0;
}

static int seg_extra(struct reader *r, void *rec, const char *key, const char *val)
{
    struct hir_segment *s = rec;

    if (!strcmp(key, "in") && !s->in) {
        s->nin = -1; /* any length */
        return parse_list(r, val, &s->in, &s->nin) ? -1 : 1;
    }
    if (!strcmp(key, "out") && !s->out) {
        s->nout = -1;
        return parse_list(r, val, &s->out, &s->nout) ? -1 : 1;
    }
    if (!strcmp(key, "in_copy")) {
        int n = s->nin;
        return (s->in ? parse_list(r, val, &s->in_copy, &n) : fail(r, "in_copy before in", NULL))
                   ? -1 : 1;
    }
    if (!strcmp(key, "out_local")) {
        int n = s->nout;
        return (s->out ? parse_list(r, val, &s->out_local, &n)
                       : fail(r, "out_local before out", NULL))
                   ? -1 : 1;
    }
    return 0;
}

/* Appends a zeroed record to *array (count *n, element size) when index is the next one. */
static void *next_record(struct reader *r, void **array, int *n, size_t size, const char *index)
{
    long long i;
    char *grown;

    if (parse_number(index, &i) || i != *n) {
        fail(r, "records must be numbered in order from 0; not", index);
        return NULL;
    }
    if (!(grown = realloc(*array, (size_t)(*n + 1) * size))) {
        fail(r, "out of memory", NULL);
        return NULL;
    }
    *array = grown;
    memset(grown + (size_t)*n * size, 0, size);
    return grown + (size_t)(*n)++ * size;
}

#define RECORD(r, arr, n, idx) next_record(r, (void **)&(arr), &(n), sizeof(*(arr)), idx)

static int read_op(struct reader *r, char **tok, int n)
{
    struct hir_kernel *k = r->k;
    long long id, width;
    int opcode, nops = 0, ops[HIR_MAX_OPERANDS], v;

    if (n < 4 || strcmp(tok[1], "=") || parse_value(tok[0], &id))
        return fail(r, "expected v<i> = <opcode> <width> [operands] [key=value...]", NULL);
    if (id != k->nops)
        return fail(r, "operations must be numbered in order from v0; not", tok[0]);
    if ((opcode = parse_opcode(tok[2])) < 0)
        return fail(r, "unknown opcode", tok[2]);
    if (parse_number(tok[3], &width) || width < 0 || width > 4096)
        return fail(r, "expected a width of 0 to 4096 bits, not", tok[3]);
    int i = 4;
    for (; i < n && !strchr(tok[i], '='); i++) {
        long long o;
        if (nops == HIR_MAX_OPERANDS || parse_value(tok[i], &o))
            return fail(r, "expected an operand v<i> or -1, not", tok[i]);
        ops[nops++] = (int)o;
    }
    /* hir_emit gives a new operation the kernel's current loop and line; they are the
       kernel's own fields here, and the operation's come from its text */
    int cur_loop = k->cur_loop;
    unsigned cur_line = k->cur_line;
    v = hir_emit(k, (enum hir_opcode)opcode, (unsigned)width, nops, ops);
    k->cur_loop = cur_loop;
    k->cur_line = cur_line;
    if (v == HIR_NONE)
        return fail(r, "out of memory", NULL);
    set_defaults(&k->ops[v], op_fields, NFIELDS(op_fields));
    return read_pairs(r, &k->ops[v], op_fields, NFIELDS(op_fields), tok, i, n, NULL);
}

/* Every operand and value field names an operation of the kernel. */
static int check_values(struct reader *r)
{
    const struct hir_kernel *k = r->k;

    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        for (int j = 0; j < op->nops; j++)
            if (op->ops[j] >= k->nops)
                return oclhls_fail(r->err, r->errlen, "%s: v%d: operand v%d is not defined",
                                   r->name, i, op->ops[j]);
        for (int f = 0; f < NFIELDS(op_fields); f++)
            if (op_fields[f].type == F_VALUE && field_get(op, &op_fields[f]) >= k->nops)
                return oclhls_fail(r->err, r->errlen, "%s: v%d: %s names no operation",
                                   r->name, i, op_fields[f].name);
    }
    return 0;
}

#define MAX_TOKENS 512

/* One line's record; 1 at "end". */
static int read_line(struct reader *r, char *line, int *have_kernel)
{
    char *tok[MAX_TOKENS], *save = NULL;
    int n = 0;
    struct hir_kernel *k = r->k;
    void *rec;

    for (char *t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
        if (n == MAX_TOKENS)
            return fail(r, "too many fields on one line", NULL);
        tok[n++] = t;
    }
    if (!n || tok[0][0] == ';' || tok[0][0] == '#')
        return 0;
    if (!strcmp(tok[0], "end"))
        return 1;
    if (!strcmp(tok[0], "kernel")) {
        if (*have_kernel || n < 2)
            return fail(r, "expected one line 'kernel <name> [key=value...]'", NULL);
        char *name = decode_text(tok[1]);
        if (!name || !(r->k = k = hir_kernel_new(name))) {
            free(name);
            return fail(r, "out of memory", NULL);
        }
        free(name);
        set_defaults(k, kernel_fields, NFIELDS(kernel_fields));
        *have_kernel = 1;
        return read_pairs(r, k, kernel_fields, NFIELDS(kernel_fields), tok, 2, n, kernel_extra);
    }
    if (!*have_kernel)
        return fail(r, "expected 'kernel' before", tok[0]);
    if (!strcmp(tok[0], "arg")) {
        long long a, v;
        if (n < 2 || parse_number(tok[1], &a) || a < 0 || a >= k->nargs)
            return fail(r, "expected arg <index below nargs> [width=<bits>] [csr=<offset>] "
                           "[flags=<HIR_ARG_* bits>]",
                        NULL);
        for (int i = 2; i < n; i++) {
            char *val = split_pair(tok[i]);
            if (!val || parse_number(val, &v) || v < 0 || v > 0xFFFFFFFFll)
                return fail(r, "expected width=, csr= or flags= with a number, not", tok[i]);
            if (!strcmp(tok[i], "width"))
                k->arg_width[a] = (unsigned)v;
            else if (!strcmp(tok[i], "csr"))
                k->arg_csr_offset[a] = (unsigned)v;
            else if (!strcmp(tok[i], "flags"))
                k->arg_flags[a] = (unsigned)v;
            else
                return fail(r, "unknown field", tok[i]);
        }
        return 0;
    }
    if (tok[0][0] == 'v')
        return read_op(r, tok, n);
    if (n < 2)
        return fail(r, "expected a record, not", tok[0]);
    if (!strcmp(tok[0], "loop")) {
        if (!(rec = RECORD(r, k->loops, k->nloops, tok[1])))
            return -1;
        set_defaults(rec, loop_fields, NFIELDS(loop_fields));
        return read_pairs(r, rec, loop_fields, NFIELDS(loop_fields), tok, 2, n, NULL);
    }
    if (!strcmp(tok[0], "seg")) {
        if (!(rec = RECORD(r, k->segs, k->nsegs, tok[1])))
            return -1;
        set_defaults(rec, seg_fields, NFIELDS(seg_fields));
        return read_pairs(r, rec, seg_fields, NFIELDS(seg_fields), tok, 2, n, seg_extra);
    }
    if (!strcmp(tok[0], "parray")) {
        if (!(rec = RECORD(r, k->parrays, k->nparrays, tok[1])))
            return -1;
        set_defaults(rec, parray_fields, NFIELDS(parray_fields));
        return read_pairs(r, rec, parray_fields, NFIELDS(parray_fields), tok, 2, n, NULL);
    }
    if (!strcmp(tok[0], "barrier")) {
        if (!(rec = RECORD(r, k->barriers, k->nbarriers, tok[1])))
            return -1;
        set_defaults(rec, barrier_fields, NFIELDS(barrier_fields));
        return read_pairs(r, rec, barrier_fields, NFIELDS(barrier_fields), tok, 2, n, NULL);
    }
    if (!strcmp(tok[0], "stream")) {
        if (!(rec = RECORD(r, k->streams, k->nstreams, tok[1])))
            return -1;
        set_defaults(rec, stream_fields, NFIELDS(stream_fields));
        return read_pairs(r, rec, stream_fields, NFIELDS(stream_fields), tok, 2, n, NULL);
    }
    if (!strcmp(tok[0], "memdep")) {
        if (!(rec = RECORD(r, k->mem_deps, k->nmem_deps, tok[1])))
            return -1;
        set_defaults(rec, memdep_fields, NFIELDS(memdep_fields));
        return read_pairs(r, rec, memdep_fields, NFIELDS(memdep_fields), tok, 2, n, NULL);
    }
    return fail(r, "unknown record", tok[0]);
}

int hir_text_read(const char *text, size_t len, const char *name, struct hir_kernel **out,
                  char *err, size_t errlen)
{
    struct reader r = {name, 0, err, errlen, NULL};
    char *copy = malloc(len + 1), *line, *save = NULL;
    int have_kernel = 0, ended = 0, ret = -1, version_seen = 0;

    *out = NULL;
    if (!copy)
        return oclhls_fail(err, errlen, "%s: out of memory", name);
    memcpy(copy, text, len);
    copy[len] = 0;
    /* strtok_r would skip empty lines; count them by hand to keep line numbers */
    for (line = copy; line && !ended; line = save) {
        char *nl = strchr(line, '\n');
        save = nl ? nl + 1 : NULL;
        if (nl)
            *nl = 0;
        r.line++;
        if (!version_seen) {
            char *t = line + strspn(line, " \t");
            if (!*t || *t == ';' || *t == '#')
                continue;
            if (strncmp(t, "hir ", 4) || atoi(t + 4) != HIR_TEXT_VERSION) {
                fail(&r, "expected 'hir 1' first", NULL);
                goto out;
            }
            version_seen = 1;
            continue;
        }
        int got = read_line(&r, line, &have_kernel);
        if (got < 0)
            goto out;
        ended = got == 1;
    }
    if (!ended) {
        fail(&r, "no 'end' line", NULL);
        goto out;
    }
    if (!have_kernel) {
        fail(&r, "no kernel", NULL);
        goto out;
    }
    if (check_values(&r))
        goto out;
    *out = r.k;
    r.k = NULL;
    ret = 0;
out:
    hir_kernel_free(r.k);
    free(copy);
    return ret;
}
