// SPDX-License-Identifier: MIT
/*
 * A kernel's hardware units as the build report lists them: each memory access with its
 * LSU, float unit, divider, pipe or channel operation and printf site. One description
 * (struct meta_unit) is made per operation, and both the report's text line and the "units"
 * JSON (docs/program-file.md) are written from it, so the two cannot disagree.
 */
#include "metadata.h"

#include <cjson/cJSON.h>
#include <string.h>

static const char *stream_op_name(enum hir_stream_op op)
{
    static const char *const names[] = {"channel read (blocking)",
                                        "channel read (non-blocking)",
                                        "channel write (blocking)",
                                        "channel write (non-blocking)",
                                        "pipe write",
                                        "pipe read",
                                        "pipe reservation",
                                        "pipe write at a reserved index",
                                        "pipe read at a reserved index",
                                        "pipe commit",
                                        "get_pipe_num_packets",
                                        "get_pipe_max_packets"};
    return (unsigned)op < sizeof(names) / sizeof(names[0]) ? names[op] : "?";
}

/* addr_space 2 is __constant, anything else that reaches an LSU __global (hir_op). */
static const char *lsu_space(const struct hir_op *op)
{
    return op->addr_space == 2 ? "constant" : "global";
}

static void describe_atomic(const struct hir_kernel *k, const struct hir_op *op,
                            struct meta_unit *u)
{
    u->access = "atomic";
    u->atomic_op = hir_atomic_name((enum hir_atomic_op)(op->atomic - 1));
    u->bits = 32; /* atomics are on 32-bit words only (lower_atomic.c) */
    u->old_value_read = !op->discard;
    if (op->parray != HIR_NONE) {
        u->space = "local";
        u->lsu = "block RAM";
        u->memory = op->parray;
        return;
    }
    u->space = "global";
    u->lsu = op->unit != HIR_NONE ? "shared atomic unit" : "atomic unit";
    u->shared_unit = op->unit;
    (void)k;
}

static void describe_access(const struct hir_kernel *k, const struct hir_op *op,
                            struct meta_unit *u)
{
    int load = op->opcode == HIR_LOAD;
    u->access = load ? "load" : "store";
    u->bits = load ? op->width : (unsigned)op->imm; /* a store's width is its data's */
    if (op->parray != HIR_NONE) {
        u->space = k->parrays[op->parray].local ? "local" : "private";
        u->lsu = "block RAM";
        u->memory = op->parray;
        return;
    }
    u->space = lsu_space(op);
    /* ocl_lsu_load's CACHE: off when the load waits for its own earlier stores or may read
       other work-items' (a global fence), as emit_memory.c builds it */
    u->lsu = !load ? "write-combining" : op->ordered || op->uncached ? "uncached" : "coalescing";
}

static void describe_stream(const struct build_info *b, unsigned kernel, const struct hir_op *op,
                            struct meta_unit *u)
{
    const struct hir_kernel *k = b->kernels[kernel];
    const struct hir_stream *s = &k->streams[op->stream];
    u->operation = stream_op_name((enum hir_stream_op)op->aux);
    u->answer_stage = op->ready_stage;
    u->write = s->write;
    if (s->channel != HIR_NONE && (unsigned)s->channel < b->nchannels)
        u->channel = b->channels[s->channel].name;
    else if (s->arg != HIR_NONE && (unsigned)s->arg < b->fe->kernels[kernel].nargs)
        u->pipe = b->fe->kernels[kernel].args[s->arg].name;
}

/* SIMD kernels (frontend/simd_lanes.c): a wide access serves every lane, any other access
   one lane (consecutive elements of a kernel argument at get_global_id(0) become wide). */
static unsigned simd_lanes_of(const struct hir_kernel *k, const struct hir_op *op)
{
    return op->simd_wide ? k->simd : 1;
}

int meta_unit_of(const struct build_info *b, unsigned kernel, int i, struct meta_unit *u)
{
    const struct hir_kernel *k = b->kernels[kernel];
    const struct hir_op *op = &k->ops[i];

    *u = (struct meta_unit){.op = i,
                            .line = op->line,
                            .stage = op->stage,
                            .memory = HIR_NONE,
                            .lsu_index = op->lsu,
                            .shared_unit = HIR_NONE,
                            .shares_op = HIR_NONE,
                            .answer_stage = HIR_NONE};
    if (!op->live)
        return 0;
    if (k->line_kernel) { /* ocl_line_engine: a stream of memory lines per access */
        if (op->opcode != HIR_LOAD && op->opcode != HIR_STORE)
            return 0;
        u->kind = META_UNIT_MEMORY;
        u->access = op->opcode == HIR_LOAD ? "load" : "store";
        u->space = lsu_space(op);
        u->bits = k->line_elem_bits;
        u->lsu = "line stream";
        u->lanes = b->board->mem_width_bits / k->line_elem_bits;
        return 1;
    }
    if (hir_is_printf_counter(k, op)) {
        u->kind = META_UNIT_PRINTF;
        return 1;
    }
    if (op->atomic) {
        u->kind = META_UNIT_MEMORY;
        u->waits = op->ordered;
        describe_atomic(k, op, u);
        u->lcs = meta_area_of(b, kernel, i, u, &u->dsps);
        return 1;
    }
    if (k->simd > 1 && (op->opcode == HIR_LOAD || op->opcode == HIR_STORE))
        u->simd = simd_lanes_of(k, op);
    if (op->opcode == HIR_LOAD || op->opcode == HIR_STORE) {
        u->kind = META_UNIT_MEMORY;
        u->waits = op->parray == HIR_NONE && op->ordered;
        describe_access(k, op, u);
        u->lcs = meta_area_of(b, kernel, i, u, &u->dsps);
        return 1;
    }
    if (hir_is_float_unit(op->opcode)) {
        u->kind = META_UNIT_FLOAT;
        u->operation = hir_opcode_name(op->opcode);
        u->module = hls_float_module(op->opcode);
        if (op->unit != i) { /* computed by another operation's unit (share_units.c) */
            u->shares_op = op->unit;
            u->shares_line = k->ops[op->unit].line;
            return 1;
        }
        u->latency = hls_float_latency(op->opcode);
        u->cost = hls_float_cost(op->opcode);
        u->lcs = meta_area_of(b, kernel, i, u, &u->dsps);
        return 1;
    }
    if (op->opcode == HIR_STREAM) {
        u->kind = META_UNIT_STREAM;
        describe_stream(b, kernel, op, u);
        return 1;
    }
    if (op->opcode >= HIR_UDIV && op->opcode <= HIR_SREM) {
        u->kind = META_UNIT_DIVIDER;
        u->operation = hir_opcode_name(op->opcode);
        u->bits = op->width;
        u->latency = hls_div_latency(op->width);
        u->lcs = meta_area_of(b, kernel, i, u, &u->dsps);
        return 1;
    }
    return 0;
}

/* The report spells the address spaces as OpenCL C does. */
static const char *space_text(const char *space)
{
    return !strcmp(space, "global")     ? "__global"
           : !strcmp(space, "constant") ? "__constant"
           : !strcmp(space, "local")    ? "__local"
                                        : "private";
}

/* Which SIMD lanes a global access serves. */
static const char *simd_text(const struct meta_unit *u)
{
    return !u->simd       ? ""
           : u->simd > 1 ? ", SIMD: one wide access for all lanes"
                          : ", SIMD: an LSU per lane (not one consecutive access of all lanes)";
}

static void memory_text(const struct meta_unit *u, struct oclhls_strbuf *o)
{
    const char *space = space_text(u->space);
    if (u->lanes) {
        oclhls_strbuf_printf(o, "  line %u: %u-bit %s %s stream, a line per %u work-items\n",
                             u->line, u->bits, space, u->access, u->lanes);
    } else if (u->atomic_op) {
        const char *how = u->memory != HIR_NONE ? "read-modify-write in block RAM"
                          : u->shared_unit != HIR_NONE && !u->old_value_read
                              ? "shared atomic unit, old value not read"
                          : u->shared_unit != HIR_NONE ? "shared atomic unit"
                          : !u->old_value_read         ? "atomic unit, old value not read"
                                                       : "atomic unit";
        oclhls_strbuf_printf(o, "  line %u: %u-bit %s atomic %s (%s), stage %d%s\n", u->line,
                             u->bits, space, u->atomic_op, how, u->stage,
                             u->waits ? ", waits for earlier stores" : "");
    } else if (u->memory != HIR_NONE) {
        oclhls_strbuf_printf(o, "  line %u: %u-bit %s %s (block RAM memory %d), stage %d\n",
                             u->line, u->bits, space, u->access, u->memory, u->stage);
    } else {
        oclhls_strbuf_printf(o, "  line %u: %u-bit %s %s (%s), stage %d%s%s\n", u->line, u->bits,
                             space, u->access, u->lsu, u->stage,
                             u->waits ? ", waits for earlier stores" : "", simd_text(u));
    }
}

void meta_unit_text(const struct meta_unit *u, struct oclhls_strbuf *o)
{
    switch (u->kind) {
    case META_UNIT_MEMORY:
        memory_text(u, o);
        break;
    case META_UNIT_PRINTF:
        oclhls_strbuf_printf(o,
                             "  line %u: printf: a record reserved at printf's counter, "
                             "stage %d\n",
                             u->line, u->stage);
        break;
    case META_UNIT_FLOAT:
        if (u->shares_op != HIR_NONE)
            oclhls_strbuf_printf(o, "  line %u: %s, shares the %s of line %u (stage %d)\n", u->line,
                                 u->operation, u->module, u->shares_line, u->stage);
        else
            oclhls_strbuf_printf(o,
                                 "  line %u: %s, %s, %u stages, %s on the iCE40 UP5K, stage %d\n",
                                 u->line, u->operation, u->module, u->latency, u->cost, u->stage);
        break;
    case META_UNIT_STREAM:
        oclhls_strbuf_printf(o, "  line %u: %s, stage %d, answer in stage %d\n", u->line,
                             u->operation, u->stage, u->answer_stage);
        break;
    case META_UNIT_DIVIDER:
        oclhls_strbuf_printf(o,
                             "  line %u: %u-bit %s, pipelined divider, %u stages, ~%u LCs on "
                             "the iCE40\n",
                             u->line, u->bits, u->operation, u->latency, u->lcs);
        break;
    }
}

static const char *const kind_names[] = {"memory", "float", "divider", "stream", "printf"};

cJSON *meta_unit_json(const struct meta_unit *u)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "kind", kind_names[u->kind]);
    cJSON_AddNumberToObject(j, "line", u->line);
    cJSON_AddNumberToObject(j, "stage", u->stage);
    switch (u->kind) {
    case META_UNIT_MEMORY:
        cJSON_AddStringToObject(j, "access", u->access);
        if (u->atomic_op) {
            cJSON_AddStringToObject(j, "operation", u->atomic_op);
            cJSON_AddBoolToObject(j, "old_value_read", u->old_value_read);
        }
        cJSON_AddStringToObject(j, "address_space", u->space);
        cJSON_AddNumberToObject(j, "bits", u->bits);
        cJSON_AddStringToObject(j, "lsu", u->lsu);
        if (u->lanes)
            cJSON_AddNumberToObject(j, "lanes", u->lanes);
        if (u->memory != HIR_NONE)
            cJSON_AddNumberToObject(j, "memory", u->memory);
        else if (u->lsu_index != HIR_NONE)
            cJSON_AddNumberToObject(j, "lsu_index", u->lsu_index);
        if (u->shared_unit != HIR_NONE)
            cJSON_AddNumberToObject(j, "shared_unit", u->shared_unit);
        cJSON_AddBoolToObject(j, "waits_for_stores", u->waits);
        if (u->simd) /* SIMD kernels: all lanes in one wide access, or one lane's */
            cJSON_AddNumberToObject(j, "simd_lanes", u->simd);
        if (u->lcs)
            cJSON_AddNumberToObject(j, "lcs", u->lcs);
        break;
    case META_UNIT_FLOAT:
        cJSON_AddStringToObject(j, "operation", u->operation);
        cJSON_AddStringToObject(j, "module", u->module);
        if (u->shares_op != HIR_NONE) {
            cJSON_AddNumberToObject(j, "shares_unit_of_line", u->shares_line);
            break;
        }
        cJSON_AddNumberToObject(j, "latency", u->latency);
        cJSON_AddStringToObject(j, "cost", u->cost);
        cJSON_AddNumberToObject(j, "lcs", u->lcs);
        cJSON_AddNumberToObject(j, "dsps", u->dsps);
        break;
    case META_UNIT_DIVIDER:
        cJSON_AddStringToObject(j, "operation", u->operation);
        cJSON_AddNumberToObject(j, "bits", u->bits);
        cJSON_AddNumberToObject(j, "latency", u->latency);
        cJSON_AddNumberToObject(j, "lcs", u->lcs);
        break;
    case META_UNIT_STREAM:
        cJSON_AddStringToObject(j, "operation", u->operation);
        if (u->channel)
            cJSON_AddStringToObject(j, "channel", u->channel);
        if (u->pipe)
            cJSON_AddStringToObject(j, "pipe", u->pipe);
        cJSON_AddStringToObject(j, "direction", u->write ? "write" : "read");
        cJSON_AddNumberToObject(j, "answer_stage", u->answer_stage);
        break;
    case META_UNIT_PRINTF:
        break;
    }
    return j;
}
