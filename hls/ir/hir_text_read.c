// SPDX-License-Identifier: MIT
/* The IR's text, reading (hir_text.h): records line by line through the field tables of
 * hir_text_fields.c, then a check that every operand names an operation. */
#include "hir_text.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hir.h"
#include "hir_text_fields.h"
#include "strbuf.h"

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

/* "3,7": LSU numbers into set; 1, or -1 on a bad list. */
static int parse_lsus(struct reader *r, const char *val, struct hir_lsu_set *set)
{
    char num[16];
    memset(set, 0, sizeof(*set));
    for (const char *p = val; *p;) {
        size_t n = strcspn(p, ",");
        long long v;
        if (!n || n >= sizeof(num))
            return fail(r, "expected LSU numbers separated by commas, not", val);
        memcpy(num, p, n);
        num[n] = 0;
        if (parse_number(num, &v) || v < 0 || v >= HIR_MAX_LSUS)
            return fail(r, "expected LSU numbers separated by commas, not", val);
        hir_lsu_set_add(set, (int)v);
        p += n + (p[n] == ',');
    }
    return 1;
}

/* key=value into rec when key is one of f; 1 when it was, 0 when not, -1 on a bad value. */
static int set_field(struct reader *r, void *rec, const struct field_table *t, const char *key,
                     const char *val)
{
    const struct field *f = t->f;

    for (int i = 0; i < t->n; i++) {
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
        case F_LSUS:
            return parse_lsus(r, val, (struct hir_lsu_set *)p);
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

static int read_pairs(struct reader *r, void *rec, const struct field_table *t, char **tok,
                      int from, int n, extra_field_fn extra)
{
    for (int i = from; i < n; i++) {
        char *val = split_pair(tok[i]);
        int got;

        if (!val)
            return fail(r, "expected key=value, not", tok[i]);
        got = set_field(r, rec, t, tok[i], val);
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
    hir_fields_default(&k->ops[v], &hir_op_fields);
    return read_pairs(r, &k->ops[v], &hir_op_fields, tok, i, n, NULL);
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
        for (int f = 0; f < hir_op_fields.n; f++)
            if (hir_op_fields.f[f].type == F_VALUE && hir_field_get(op, &hir_op_fields.f[f]) >= k->nops)
                return oclhls_fail(r->err, r->errlen, "%s: v%d: %s names no operation",
                                   r->name, i, hir_op_fields.f[f].name);
    }
    return 0;
}

/* The records after the operations: their line's keyword, where the kernel keeps them. */
struct record_kind {
    const char *name;
    size_t array, count, size; /* offsets of the array and its count in hir_kernel; a record */
    const struct field_table *fields;
    extra_field_fn extra;
};
#define RECORD_KIND(name, arr, cnt, fields, extra)                                             \
    {name, offsetof(struct hir_kernel, arr), offsetof(struct hir_kernel, cnt),                 \
     sizeof(*((struct hir_kernel *)0)->arr), fields, extra}
static const struct record_kind records[] = {
    RECORD_KIND("loop", loops, nloops, &hir_loop_fields, NULL),
    RECORD_KIND("seg", segs, nsegs, &hir_seg_fields, seg_extra),
    RECORD_KIND("parray", parrays, nparrays, &hir_parray_fields, NULL),
    RECORD_KIND("barrier", barriers, nbarriers, &hir_barrier_fields, NULL),
    RECORD_KIND("stream", streams, nstreams, &hir_stream_fields, NULL),
    RECORD_KIND("memdep", mem_deps, nmem_deps, &hir_memdep_fields, NULL),
};

/* "file <index> <name>": the kernel's files in order, from 1 (hir_kernel.files). */
static int read_file_name(struct reader *r, char **tok, int n)
{
    struct hir_kernel *k = r->k;
    long long i;
    char *name;

    if (n != 3 || parse_number(tok[1], &i) || i != (long long)k->nfiles + 1)
        return fail(r, "expected 'file <next index from 1> <name>'", NULL);
    if (!(name = decode_text(tok[2])) || hir_file_index(k, name, NULL) != (unsigned)i) {
        free(name);
        return fail(r, "out of memory or a file named twice:", tok[2]);
    }
    free(name);
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
        hir_fields_default(k, &hir_kernel_fields);
        *have_kernel = 1;
        return read_pairs(r, k, &hir_kernel_fields, tok, 2, n, kernel_extra);
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
    if (!strcmp(tok[0], "file"))
        return read_file_name(r, tok, n);
    if (tok[0][0] == 'v')
        return read_op(r, tok, n);
    if (n < 2)
        return fail(r, "expected a record, not", tok[0]);
    for (size_t i = 0; i < sizeof(records) / sizeof(records[0]); i++) {
        const struct record_kind *rk = &records[i];
        if (strcmp(tok[0], rk->name))
            continue;
        if (!(rec = next_record(r, (void **)((char *)k + rk->array), (int *)((char *)k + rk->count),
                                rk->size, tok[1])))
            return -1;
        hir_fields_default(rec, rk->fields);
        return read_pairs(r, rec, rk->fields, tok, 2, n, rk->extra);
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
                char want[32];
                snprintf(want, sizeof(want), "expected 'hir %d' first", HIR_TEXT_VERSION);
                fail(&r, want, NULL);
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

