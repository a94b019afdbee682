// SPDX-License-Identifier: MIT
/*
 * Common subexpressions: address arithmetic for several accesses of one element often
 * repeats (i * 4 once per array). Identical pure operations on identical operands become
 * one, so the hardware computes and pipelines each value once.
 */
#include <stdlib.h>
#include <string.h>

#include "transform.h"
#include "target.h"

static int same_op(const struct hir_op *a, const struct hir_op *b)
{
    if (a->opcode != b->opcode || a->width != b->width || a->nops != b->nops || a->imm != b->imm ||
        a->aux != b->aux)
        return 0;
    for (int j = 0; j < a->nops; j++)
        if (a->ops[j] != b->ops[j])
            return 0;
    return 1;
}

static unsigned hash_op(const struct hir_op *op)
{
    unsigned h = (unsigned)op->opcode * 31u + op->width;
    for (int j = 0; j < op->nops; j++)
        h = h * 131u + (unsigned)op->ops[j];
    return h ^ (unsigned)op->imm ^ op->aux << 7;
}

int hls_cse(struct hls_ctx *ctx, struct hir_kernel *k)
{
    int n = k->nops, cap = 1;
    while (cap < 2 * n)
        cap <<= 1;
    int *repl = malloc((size_t)n * sizeof(*repl));
    int *table = malloc((size_t)cap * sizeof(*table));
    if (!repl || !table) {
        free(repl);
        free(table);
        return hls_error(ctx, k->line, "out of memory");
    }
    memset(table, 0xff, (size_t)cap * sizeof(*table)); /* all HIR_NONE */
    for (int i = 0; i < n; i++) {
        struct hir_op *op = &k->ops[i];
        for (int j = 0; j < op->nops; j++)
            op->ops[j] = repl[op->ops[j]];
        if (op->pred != HIR_NONE)
            op->pred = repl[op->pred];
        repl[i] = i;
        if (op->opcode == HIR_LOAD || op->opcode == HIR_STORE || op->opcode == HIR_LOOP_PHI ||
            op->opcode == HIR_STREAM)
            continue; /* memory operations and loop-carried values are never merged */
        unsigned s = hash_op(op) & (unsigned)(cap - 1);
        while (table[s] != HIR_NONE && !same_op(&k->ops[table[s]], op))
            s = (s + 1) & (unsigned)(cap - 1);
        if (table[s] == HIR_NONE)
            table[s] = i;
        else
            repl[i] = table[s];
    }
    /* Values defined later than their use: back-edge values and loop conditions. */
    for (int i = 0; i < n; i++)
        if (k->ops[i].next != HIR_NONE)
            k->ops[i].next = repl[k->ops[i].next];
    for (int l = 0; l < k->nloops; l++)
        k->loops[l].cont = repl[k->loops[l].cont];
    free(repl);
    free(table);
    return 0;
}
