// SPDX-License-Identifier: MIT
/*
 * Where a kernel's throughput limit is: the bytes of global memory it moves per work-item
 * (or per loop iteration) against the bytes the board's memory moves per clock, so the
 * memory's bound in work-items per clock beside the pipeline's (docs/user-guide.md, "The
 * build report"). A vector add of floats reads 8 and writes 4 bytes per work-item; the sim
 * board's 512-bit memory moves 64 bytes per clock, 5.33 work-items' worth, and the pipeline
 * takes one work-item per clock: the kernel is bound by its pipeline and uses 19 % of the
 * memory.
 *
 * Counted: every __global and __constant access through an LSU at its width (an atomic
 * reads and writes its word: twice), the accesses of a loop per iteration of the innermost
 * loop that holds them. Not counted: caching (a coalescing LSU reads a line once for many
 * work-items, so the bound is the worst case for scattered accesses and exact for streams),
 * pipes' rings, printf.
 */
#include "metadata.h"

#include <cjson/cJSON.h>
#include <stdio.h>

/* The innermost loop holding op i, else HIR_NONE. */
static int innermost_loop(const struct hir_kernel *k, int i)
{
    int in = HIR_NONE;
    for (int l = 0; l < k->nloops; l++)
        if (hir_loop_holds(k, l, i) &&
            (in == HIR_NONE ||
             k->loops[l].end - k->loops[l].begin < k->loops[in].end - k->loops[in].begin))
            in = l;
    return in;
}

/* Bytes op moves through its LSU; 0 for what is not a global access. */
static unsigned access_bytes(const struct hir_kernel *k, const struct hir_op *op)
{
    if (!op->live || op->lsu == HIR_NONE || op->parray != HIR_NONE || hir_is_printf_counter(k, op))
        return 0;
    if (op->atomic)
        return 8; /* reads and writes a 32-bit word */
    return (op->opcode == HIR_STORE ? (unsigned)op->imm : op->width) / 8;
}

/* Bytes per token of `loop` (HIR_NONE: per work-item, outside every loop). */
static unsigned bytes_of(const struct hir_kernel *k, int loop)
{
    unsigned n = 0;
    for (int i = 0; i < k->nops; i++) {
        unsigned b = access_bytes(k, &k->ops[i]);
        if (b && innermost_loop(k, i) == loop)
            n += b;
    }
    return n;
}

static double board_bytes(const struct oclhls_board *board)
{
    return board->mem_width_bits / 8.0;
}

static unsigned lanes(const struct hir_kernel *k)
{
    return k->simd > 1 ? k->simd : 1;
}

/* The pipeline's bound in work-items per clock, outside loops: a token of each SIMD lane, in
   each compute unit (num_compute_units: copies of the pipeline). */
static double compute_bound(const struct hir_kernel *k)
{
    double units = k->compute_units > 1 ? k->compute_units : 1;
    return units * lanes(k) / (k->dispatch_ii > 1 ? k->dispatch_ii : 1);
}

/* Bytes per work-item: a token's bytes are its lanes' (their accesses are alike). */
static unsigned work_item_bytes(const struct hir_kernel *k)
{
    return k->single_work_item ? 0 : bytes_of(k, HIR_NONE) / lanes(k);
}

static void report_line(struct oclhls_strbuf *o, const char *what, unsigned bytes, const char *per,
                        double memory, double compute, const char *unit)
{
    oclhls_strbuf_printf(o,
                         "  %s: %u bytes of global memory per %s: at most %.2f %s per clock "
                         "for the memory, %.2f for the pipeline: ",
                         what, bytes, per, memory, unit, compute);
    if (memory < compute)
        oclhls_strbuf_printf(o, "memory-bound\n");
    else
        oclhls_strbuf_printf(o, "pipeline-bound, using %.0f%% of the memory's bandwidth\n",
                             100.0 * compute / memory);
}

void metadata_bound_text(const struct hir_kernel *k, const struct oclhls_board *board,
                         struct oclhls_strbuf *o)
{
    unsigned bytes = work_item_bytes(k);
    if (bytes)
        report_line(o, "throughput", bytes, "work-item", board_bytes(board) / bytes,
                    compute_bound(k), "work-items");
    for (int l = 0; l < k->nloops; l++) {
        unsigned lb = bytes_of(k, l);
        char what[48];
        if (!lb)
            continue;
        snprintf(what, sizeof(what), "loop, line %u", k->loops[l].line);
        report_line(o, what, lb, "iteration", board_bytes(board) / lb,
                    1.0 / (k->loops[l].ii > 0 ? k->loops[l].ii : 1), "iterations");
    }
}

static void bound_json(cJSON *j, unsigned bytes, double memory, double compute)
{
    cJSON_AddNumberToObject(j, "bytes", bytes);
    cJSON_AddNumberToObject(j, "memory_bound", memory);
    cJSON_AddNumberToObject(j, "compute_bound", compute);
    cJSON_AddStringToObject(j, "limit", memory < compute ? "memory" : "pipeline");
}

cJSON *metadata_bound_json(const struct hir_kernel *k, const struct oclhls_board *board)
{
    cJSON *t = cJSON_CreateObject();
    cJSON_AddNumberToObject(t, "board_bytes_per_clock", board_bytes(board));
    unsigned bytes = work_item_bytes(k);
    if (bytes) {
        cJSON *w = cJSON_AddObjectToObject(t, "work_item");
        bound_json(w, bytes, board_bytes(board) / bytes, compute_bound(k));
    }
    cJSON *loops = cJSON_AddArrayToObject(t, "loops");
    for (int l = 0; l < k->nloops; l++) {
        unsigned lb = bytes_of(k, l);
        if (!lb)
            continue;
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "loop", l);
        cJSON_AddNumberToObject(e, "line", k->loops[l].line);
        bound_json(e, lb, board_bytes(board) / lb, 1.0 / (k->loops[l].ii > 0 ? k->loops[l].ii : 1));
        cJSON_AddItemToArray(loops, e);
    }
    return t;
}
