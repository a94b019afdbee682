// SPDX-License-Identifier: MIT
#include "metadata.h"

#include <cjson/cJSON.h>
#include <stdio.h>

#include "emit.h"
#include "oclhls_compiler.h"

static const char *addr_space_name(enum fe_addr_space as)
{
    switch (as) {
    case FE_AS_GLOBAL:
        return "global";
    case FE_AS_CONSTANT:
        return "constant";
    case FE_AS_LOCAL:
        return "local";
    default:
        return "private";
    }
}

static const char *access_name(enum fe_access a)
{
    switch (a) {
    case FE_ACCESS_READ_ONLY:
        return "read_only";
    case FE_ACCESS_WRITE_ONLY:
        return "write_only";
    case FE_ACCESS_READ_WRITE:
        return "read_write";
    default:
        return "none";
    }
}

static int kernel_has_ordered_access(const struct hir_kernel *k)
{
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].live && k->ops[i].ordered)
            return 1;
    return 0;
}

static const char *dep_kind_name(enum hir_dep_kind kind)
{
    return kind == HIR_DEP_MEMORY   ? "memory"
           : kind == HIR_DEP_STREAM ? "pipe or channel (program order)"
                                    : "register";
}

/* One line per loop: what the hardware does with it and, when II > 1, why. */
static void report_loops(const struct hir_kernel *k, struct oclhls_strbuf *o)
{
    if (k->nloops)
        oclhls_strbuf_printf(o, "  loops:\n");
    for (int l = 0; l < k->nloops; l++) {
        const struct hir_loop *lp = &k->loops[l];
        oclhls_strbuf_printf(o, "  line %u: pipelined, II %d, depth %d, %s", lp->line, lp->ii,
                             lp->depth, lp->modulo ? "modulo-scheduled" : "work-items interleaved");
        if (!lp->modulo)
            oclhls_strbuf_printf(o,
                                 " (up to %d in flight; one work-item's next iteration "
                                 "after %d cycles)",
                                 lp->capacity, lp->depth);
        if (lp->ii > 1 && lp->dep_kind != HIR_DEP_NONE)
            oclhls_strbuf_printf(o, "; II limited by a %s dependency from line %u to line %u",
                                 dep_kind_name(lp->dep_kind), lp->dep_from, lp->dep_to);
        if (lp->hint_ii)
            oclhls_strbuf_printf(o, "; #pragma ii %u", lp->hint_ii);
        if (lp->ivdep)
            oclhls_strbuf_printf(o, "; #pragma ivdep");
        oclhls_strbuf_printf(o, "\n");
    }
}

static cJSON *loops_json(const struct hir_kernel *k)
{
    cJSON *arr = cJSON_CreateArray();
    for (int l = 0; l < k->nloops; l++) {
        const struct hir_loop *lp = &k->loops[l];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "line", lp->line);
        cJSON_AddBoolToObject(j, "pipelined", 1);
        cJSON_AddStringToObject(j, "schedule", lp->modulo ? "modulo" : "interleaved");
        cJSON_AddNumberToObject(j, "ii", lp->ii);
        cJSON_AddNumberToObject(j, "depth", lp->depth);
        if (!lp->modulo)
            cJSON_AddNumberToObject(j, "capacity", lp->capacity);
        if (lp->ii > 1 && lp->dep_kind != HIR_DEP_NONE) {
            cJSON *d = cJSON_CreateObject();
            cJSON_AddStringToObject(d, "kind", dep_kind_name(lp->dep_kind));
            cJSON_AddNumberToObject(d, "from_line", lp->dep_from);
            cJSON_AddNumberToObject(d, "to_line", lp->dep_to);
            cJSON_AddItemToObject(j, "dependency", d);
        }
        if (lp->hint_ii)
            cJSON_AddNumberToObject(j, "pragma_ii", lp->hint_ii);
        if (lp->ivdep)
            cJSON_AddBoolToObject(j, "ivdep", 1);
        if (lp->parent != HIR_NONE) /* the enclosing loop, an index into this array */
            cJSON_AddNumberToObject(j, "parent", lp->parent);
        cJSON_AddItemToArray(arr, j);
    }
    return arr;
}

/*
 * Each memory: size, banks (hir_parray.banks), read ports and the replicas they read
 * (memory_order.c), the write port (one per copy for __local memory, ocl_private_ram's NC) and
 * the store sites sharing it, private copies, and the block RAM it costs.
 */
static const char *write_ports(const struct hir_parray *pa, unsigned long copies)
{
    int per_copy = pa->local && copies > 1, per_bank = pa->banks > 1;
    return per_copy && per_bank ? "a write port per copy and bank"
           : per_copy           ? "a write port per copy"
           : per_bank           ? "a write port per bank"
                                : "1 write port";
}

static void report_private_arrays(const struct hir_kernel *k, const struct oclhls_board *board,
                                  struct oclhls_strbuf *o)
{
    for (int p = 0; p < k->nparrays; p++) {
        const struct hir_parray *pa = &k->parrays[p];
        if (!pa->nloads && !pa->nstores)
            continue;
        unsigned long replicas = (unsigned long)(pa->nreplicas ? pa->nreplicas : 1);
        unsigned long copies = (unsigned long)(pa->local ? k->nwg_slots : k->nslots);
        unsigned long blocks = hls_parray_blocks(k, pa, board);
        char ports[96];
        if (pa->nreplicas < pa->nloads)
            snprintf(ports, sizeof(ports), "%d read ports (%d replica%s, shared across barriers)",
                     pa->nloads, pa->nreplicas, pa->nreplicas == 1 ? "" : "s");
        else
            snprintf(ports, sizeof(ports), "%d read ports (a replica each)", pa->nloads);
        oclhls_strbuf_printf(o,
                             "  %s %d (line %u): %u bytes%s, %u-bit elements; %u bank%s; %s, "
                             "%s shared by %d store sites; "
                             "%lu private copies (%s in flight): %lu bytes of block RAM",
                             pa->local ? "__local memory" : "private array", p, pa->line, pa->bytes,
                             pa->arg >= 0 ? " at most (a __local argument)" : "",
                             pa->elem_bytes * 8, pa->banks,
                             pa->banks > 1 ? "s (by the low address bits)" : "",
                             ports, write_ports(pa, copies),
                             pa->nstores, copies,
                             pa->local ? "work-groups" : "work-items",
                             pa->bytes * copies * replicas);
        if (blocks)
            oclhls_strbuf_printf(o, ", %lu block RAM%s", blocks, blocks == 1 ? "" : "s");
        oclhls_strbuf_printf(o, "\n");
    }
}

static cJSON *private_arrays_json(const struct fe_kernel *fk, const struct hir_kernel *k,
                                  const struct oclhls_board *board)
{
    cJSON *arr = cJSON_CreateArray();
    for (int p = 0; p < k->nparrays; p++) {
        const struct hir_parray *pa = &k->parrays[p];
        unsigned long replicas = (unsigned long)(pa->nreplicas ? pa->nreplicas : 1);
        unsigned long copies = (unsigned long)(pa->local ? k->nwg_slots : k->nslots);
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "line", pa->line);
        cJSON_AddNumberToObject(j, "bytes", pa->bytes);
        cJSON_AddNumberToObject(j, "element_bits", pa->elem_bytes * 8);
        cJSON_AddBoolToObject(j, "local", pa->local);
        if (pa->arg >= 0 && (unsigned)pa->arg < fk->nargs) /* bytes: the most the host may ask */
            cJSON_AddStringToObject(j, "argument", fk->args[pa->arg].name);
        cJSON_AddNumberToObject(j, "copies", (double)copies);
        cJSON_AddNumberToObject(j, "store_sites", pa->nstores);
        cJSON_AddNumberToObject(j, "read_ports", pa->nloads);
        cJSON_AddNumberToObject(j, "read_replicas", pa->nreplicas);
        cJSON_AddNumberToObject(j, "banks", pa->banks);
        cJSON_AddBoolToObject(j, "used", pa->nloads || pa->nstores);
        cJSON_AddNumberToObject(j, "block_ram_bytes", (double)(pa->bytes * copies * replicas));
        cJSON_AddNumberToObject(j, "block_rams", (double)hls_parray_blocks(k, pa, board));
        cJSON_AddItemToArray(arr, j);
    }
    return arr;
}

static void report_args(const struct fe_kernel *fk, const struct hir_kernel *k,
                        struct oclhls_strbuf *o)
{
    for (unsigned a = 0; a < fk->nargs; a++)
        oclhls_strbuf_printf(o, "  arg %u '%s' (%s %s): CSR 0x%03x\n", a, fk->args[a].name,
                             addr_space_name(fk->args[a].addr_space), fk->args[a].type_name,
                             k->arg_csr_offset[a]);
}

/* A line kernel's block: its streams and the engine's rate (line_kernel.c). */
static void report_line_kernel(const struct build_info *b, unsigned kernel, struct oclhls_strbuf *o)
{
    const struct hir_kernel *k = b->kernels[kernel];
    unsigned lanes = b->board->mem_width_bits / k->line_elem_bits;
    int cycles = hls_line_cycles(k);
    struct meta_unit u;
    oclhls_strbuf_printf(o,
                         "kernel %s (line %u): line kernel (ocl_line_engine): %u lane%s, the "
                         "work-items of a %u-bit memory line; %d cycles per line, %.2f per "
                         "work-item\n",
                         k->name, k->line, lanes, lanes == 1 ? "" : "s", b->board->mem_width_bits,
                         cycles, (double)cycles / lanes);
    for (int i = 0; i < k->nops; i++)
        if (meta_unit_of(b, kernel, i, &u))
            meta_unit_text(&u, o);
}

/* The sites of one shared atomic unit, and what sharing costs. */
static void report_shared_atomics(const struct hir_kernel *k, int group, struct oclhls_strbuf *o)
{
    const char *sep = "";
    oclhls_strbuf_puts(o, "  note: the atomic sites on lines ");
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].live && k->ops[i].atomic && k->ops[i].lsu != HIR_NONE &&
            k->ops[i].unit == group) {
            oclhls_strbuf_printf(o, "%s%u", sep, k->ops[i].line);
            sep = ", ";
        }
    oclhls_strbuf_puts(o, " may touch the same words, so they share one atomic unit: one "
                          "operation per clock among them, two cycles more each\n");
}

/* --profile: where the kernel's counters are read (emit_profile.c, docs/profiling.md). */
static void report_profile(const struct hir_kernel *k, struct oclhls_strbuf *o)
{
    unsigned words = hls_profile_words(k);
    if (words)
        oclhls_strbuf_printf(o, "  profile: %u counters of 32 bits, CSR 0x%03x-0x%03x\n", words,
                             hls_profile_offset(k, 0), hls_profile_offset(k, words - 1));
}

static void report_kernel(const struct build_info *b, unsigned kernel, struct oclhls_strbuf *o)
{
    const struct fe_kernel *fk = &b->fe->kernels[kernel];
    const struct hir_kernel *k = b->kernels[kernel];
    const struct oclhls_board *board = b->board;
    struct meta_unit u;

    if (k->line_kernel) {
        report_line_kernel(b, kernel, o);
        report_args(fk, k, o);
        report_profile(k, o);
        return;
    }
    oclhls_strbuf_printf(
        o, "kernel %s (line %u): %s, %d stages in %d pipeline segment%s, %d LSUs\n", k->name,
        k->line, k->single_work_item ? "single work-item (task)" : "NDRange pipeline", k->depth,
        k->nsegs, k->nsegs == 1 ? "" : "s", k->nlsus);
    if (k->line_refusal)
        oclhls_strbuf_printf(o, "  not a line kernel (docs/architecture.md): %s, line %u\n",
                             k->line_refusal, k->line_refusal_line);
    if (k->compute_units > 1)
        oclhls_strbuf_printf(o,
                             "  %u compute units (num_compute_units, %u x %u x %u): copies of "
                             "this pipeline, each work-group run by whichever unit is free\n",
                             k->compute_units, k->cu_dims[0], k->cu_dims[1], k->cu_dims[2]);
    if (k->dispatch_ii > 1)
        oclhls_strbuf_printf(o,
                             "  a work-item every %d cycles: its float units (~%u LCs unshared) "
                             "would take more than %.0f%% of the board's %u logic cells or more "
                             "than its %u DSPs, so operations in different cycles share them\n",
                             k->dispatch_ii, k->float_lcs_ii1, HLS_FLOAT_LC_SHARE * 100,
                             board->resources.lc, board->resources.dsp);
    report_loops(k, o);
    metadata_bound_text(k, board, o);
    for (int b = 0; b < k->nbarriers; b++) {
        int gate_of = k->barriers[b].gate_of;
        oclhls_strbuf_printf(
            o,
            "  barrier, line %u%s: work-groups of up to %u work-items gather, %d "
            "groups in flight%s\n",
            k->barriers[b].line, gate_of != HIR_NONE ? " (the loop's exit)" : "", k->max_wg,
            k->nwg_slots,
            k->barriers[b].global_fence ? "; global fence: store buffers written back first" : "");
        if (gate_of != HIR_NONE)
            oclhls_strbuf_printf(o,
                                 "    work-items whose guard (line %u) is false for the rest "
                                 "of the loop leave it early and wait here; the loop's "
                                 "barrier counts them as arrived\n",
                                 k->ops[k->loops[gate_of].park.guard].line);
    }
    report_private_arrays(k, board, o);
    if (kernel_has_ordered_access(k))
        oclhls_strbuf_printf(o, "  note: accesses marked 'waits for earlier stores' hold the "
                                "pipeline until those stores reach memory, so the kernel runs "
                                "below one work-item per clock; declare pointer arguments "
                                "'restrict' where they never alias\n");
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!meta_unit_of(b, kernel, i, &u))
            continue;
        meta_unit_text(&u, o);
        /* after the first site of a shared atomic unit: which sites share it */
        if (u.kind == META_UNIT_MEMORY && u.atomic_op && op->lsu != HIR_NONE && op->unit == op->lsu)
            report_shared_atomics(k, op->unit, o);
    }
    report_args(fk, k, o);
    report_profile(k, o);
}

/* The kernel that writes (write = 1) or reads channel c, or NULL. */
static const struct hir_kernel *channel_kernel(const struct build_info *b, unsigned c, int write)
{
    for (unsigned i = 0; i < b->fe->nkernels; i++)
        for (int e = 0; e < b->kernels[i]->nstreams; e++)
            if (b->kernels[i]->streams[e].channel == (int)c &&
                b->kernels[i]->streams[e].write == write)
                return b->kernels[i];
    return NULL;
}

/*
 * The kernel graph: channels between kernels, the pipe arguments the host connects and the
 * autorun kernels, in the report's order. The report's lines and the "graph" JSON are both
 * made from these entries.
 */
enum graph_kind { GRAPH_CHANNEL, GRAPH_PIPE, GRAPH_AUTORUN };
struct graph_entry {
    enum graph_kind kind;
    const char *kernel; /* channels: the writer */
    const char *reader; /* channels */
    const char *name;   /* the channel, or the pipe argument */
    unsigned bytes;     /* packet bytes */
    unsigned depth;     /* channels: FIFO entries */
    int default_depth;  /* channels: no depth attribute */
    unsigned line;      /* channels: the declaration */
    int write;          /* pipes: the kernel writes it */
};

static void graph_walk(const struct build_info *b,
                       void (*fn)(const struct graph_entry *e, void *ctx), void *ctx)
{
    for (unsigned c = 0; c < b->nchannels; c++) {
        const struct hir_kernel *w = channel_kernel(b, c, 1), *r = channel_kernel(b, c, 0);
        const struct hls_channel *ch = &b->channels[c];
        if (!w || !r)
            continue;
        fn(&(struct graph_entry){.kind = GRAPH_CHANNEL,
                                 .kernel = w->name,
                                 .reader = r->name,
                                 .name = ch->name,
                                 .bytes = ch->bytes,
                                 .depth = ch->depth ? ch->depth : HLS_CHANNEL_DEFAULT_DEPTH,
                                 .default_depth = !ch->depth,
                                 .line = ch->line},
           ctx);
    }
    for (unsigned i = 0; i < b->fe->nkernels; i++) {
        const struct hir_kernel *k = b->kernels[i];
        for (int e = 0; e < k->nstreams; e++) {
            const struct hir_stream *s = &k->streams[e];
            if (s->channel == HIR_NONE)
                fn(&(struct graph_entry){.kind = GRAPH_PIPE,
                                         .kernel = k->name,
                                         .name = b->fe->kernels[i].args[s->arg].name,
                                         .bytes = s->bytes,
                                         .write = s->write},
                   ctx);
        }
        if (k->autorun)
            fn(&(struct graph_entry){.kind = GRAPH_AUTORUN, .kernel = k->name}, ctx);
    }
}

struct graph_text_ctx {
    struct oclhls_strbuf *o;
    int header; /* "kernel graph:" written (before the first channel or pipe) */
};

static void graph_text(const struct graph_entry *e, void *ctx)
{
    struct graph_text_ctx *t = ctx;
    struct oclhls_strbuf *o = t->o;
    if (e->kind != GRAPH_AUTORUN && !t->header++)
        oclhls_strbuf_printf(o, "kernel graph:\n");
    if (e->kind == GRAPH_CHANNEL)
        oclhls_strbuf_printf(o, "  %s -> %s: channel %s, %u bits, FIFO depth %u%s\n", e->kernel,
                             e->reader, e->name, e->bytes * 8, e->depth,
                             e->default_depth ? " (default)" : "");
    else if (e->kind == GRAPH_PIPE)
        oclhls_strbuf_printf(o,
                             "  %s %s pipe '%s': %u-byte packets, through a ring in global "
                             "memory (the pipe object the host sets)\n",
                             e->kernel, e->write ? "writes" : "reads", e->name, e->bytes);
    else
        oclhls_strbuf_printf(o, "  %s: autorun (starts after programming, restarts when done)\n",
                             e->kernel);
}

static void graph_json(const struct graph_entry *e, void *ctx)
{
    cJSON *graph = ctx, *j = cJSON_CreateObject();
    if (e->kind == GRAPH_CHANNEL) {
        cJSON_AddStringToObject(j, "name", e->name);
        cJSON_AddStringToObject(j, "writer", e->kernel);
        cJSON_AddStringToObject(j, "reader", e->reader);
        cJSON_AddNumberToObject(j, "bits", e->bytes * 8);
        cJSON_AddNumberToObject(j, "depth", e->depth);
        cJSON_AddBoolToObject(j, "default_depth", e->default_depth);
        cJSON_AddNumberToObject(j, "line", e->line);
    } else if (e->kind == GRAPH_PIPE) {
        cJSON_AddStringToObject(j, "kernel", e->kernel);
        cJSON_AddStringToObject(j, "arg", e->name);
        cJSON_AddStringToObject(j, "direction", e->write ? "write" : "read");
        cJSON_AddNumberToObject(j, "packet_bytes", e->bytes);
    } else {
        cJSON_Delete(j);
        j = cJSON_CreateString(e->kernel);
    }
    static const char *const arrays[] = {"channels", "pipes", "autorun"};
    cJSON_AddItemToArray(cJSON_GetObjectItem(graph, arrays[e->kind]), j);
}

void metadata_report(const struct build_info *b, struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(o, "board %s: %u-bit global memory, %u-cycle latency, %.0f MHz\n",
                         b->board->name, b->board->mem_width_bits, b->board->mem_latency_cycles,
                         b->board->clock_mhz);
    for (unsigned i = 0; i < b->fe->nkernels; i++)
        report_kernel(b, i, o);
    graph_walk(b, graph_text, &(struct graph_text_ctx){.o = o});
}

static cJSON *int_triple(const uint32_t v[3])
{
    int iv[3] = {(int)v[0], (int)v[1], (int)v[2]};
    return cJSON_CreateIntArray(iv, 3);
}

/* The bytes of argument words the kernel reads from the first one (hidden words included):
   the runtime checks that the arguments fill exactly these (docs/program-file.md). */
static unsigned argument_bytes(const struct hir_kernel *k)
{
    unsigned end = HIR_KCSR_ARGS;

    for (int a = 0; a < k->nargs; a++) {
        unsigned bytes = (k->arg_width[a] / 8 + 3) & ~3u;
        if (k->arg_width[a] && k->arg_csr_offset[a] + bytes > end)
            end = k->arg_csr_offset[a] + bytes;
    }
    return end - HIR_KCSR_ARGS;
}

/* The barriers as the report lists them. */
static cJSON *barriers_json(const struct hir_kernel *k)
{
    cJSON *arr = cJSON_CreateArray();
    for (int b = 0; b < k->nbarriers; b++) {
        const struct hir_barrier *br = &k->barriers[b];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "line", br->line);
        cJSON_AddNumberToObject(j, "max_work_items", k->max_wg);
        cJSON_AddNumberToObject(j, "groups_in_flight", k->nwg_slots);
        cJSON_AddBoolToObject(j, "global_fence", br->global_fence);
        cJSON_AddBoolToObject(j, "loop_exit", br->gate_of != HIR_NONE);
        if (br->gate_of != HIR_NONE) /* parked work-items wait here (park.c) */
            cJSON_AddNumberToObject(j, "guard_line", k->ops[k->loops[br->gate_of].park.guard].line);
        cJSON_AddItemToArray(arr, j);
    }
    return arr;
}

static cJSON *units_json(const struct build_info *b, unsigned kernel)
{
    cJSON *arr = cJSON_CreateArray();
    struct meta_unit u;
    for (int i = 0; i < b->kernels[kernel]->nops; i++)
        if (meta_unit_of(b, kernel, i, &u))
            cJSON_AddItemToArray(arr, meta_unit_json(&u));
    return arr;
}

/*
 * oclhls build --profile: where each counter is read in the kernel's window and, per LSU,
 * what it serves (emit_profile.c; docs/program-file.md "profile"). NULL when not profiled.
 */
static cJSON *profile_json(const struct build_info *b, unsigned kernel)
{
    const struct hir_kernel *k = b->kernels[kernel];
    unsigned words = hls_profile_words(k);
    if (!words)
        return NULL;
    cJSON *j = cJSON_CreateObject(), *counters = cJSON_AddObjectToObject(j, "counters");
    cJSON *lsus = cJSON_AddArrayToObject(j, "lsus");
    cJSON_AddNumberToObject(j, "bits", 32);
    for (int c = 0; c < HLS_PROF_KERNEL_COUNTERS; c++)
        cJSON_AddNumberToObject(counters, hls_profile_counter_name((enum hls_profile_counter)c),
                                hls_profile_offset(k, (unsigned)c));
    for (int lsu = 0; !k->line_kernel && lsu < k->nlsus; lsu++) {
        struct meta_unit u;
        int i = 0;
        while (i < k->nops && !(k->ops[i].live && k->ops[i].lsu == lsu))
            i++;
        if (i == k->nops || !meta_unit_of(b, kernel, i, &u))
            continue; /* no access has it (cannot happen: LSUs are numbered by accesses) */
        if (u.kind == META_UNIT_PRINTF) /* printf's record counter: a 32-bit atomic add */
            u = (struct meta_unit){.line = u.line, .access = "atomic", .space = "global",
                                   .lsu = "printf counter", .bits = 32};
        cJSON *l = cJSON_CreateObject();
        cJSON_AddNumberToObject(l, "lsu", lsu);
        cJSON_AddNumberToObject(l, "line", u.line);
        cJSON_AddStringToObject(l, "access", u.access ? u.access : "");
        cJSON_AddStringToObject(l, "space", u.space ? u.space : "");
        cJSON_AddStringToObject(l, "kind", u.lsu ? u.lsu : "");
        cJSON_AddNumberToObject(l, "bits", u.bits);
        unsigned w = HLS_PROF_KERNEL_COUNTERS + HLS_PROF_LSU_COUNTERS * (unsigned)lsu;
        for (int c = 0; c < HLS_PROF_LSU_COUNTERS; c++)
            cJSON_AddNumberToObject(
                l, hls_profile_lsu_counter_name((enum hls_profile_lsu_counter)c),
                hls_profile_offset(k, w + (unsigned)c));
        cJSON_AddItemToArray(lsus, l);
    }
    return j;
}

static const char *kernel_kind(const struct hir_kernel *k)
{
    return k->line_kernel ? "line_kernel" : k->single_work_item ? "single_work_item" : "ndrange";
}

/* What the report says of the kernel's pipeline as a whole. */
static void pipeline_json(cJSON *j, const struct hir_kernel *k, const struct oclhls_board *board)
{
    cJSON_AddStringToObject(j, "kind", kernel_kind(k));
    cJSON_AddNumberToObject(j, "segments", k->nsegs);
    cJSON_AddNumberToObject(j, "lsus", k->nlsus);
    cJSON_AddNumberToObject(j, "dispatch_ii", k->dispatch_ii > 1 ? k->dispatch_ii : 1);
    if (k->dispatch_ii > 1)
        cJSON_AddNumberToObject(j, "float_lcs_unshared", k->float_lcs_ii1);
    if (k->line_kernel) {
        unsigned lanes = board->mem_width_bits / k->line_elem_bits;
        cJSON_AddNumberToObject(j, "line_lanes", lanes);
        cJSON_AddNumberToObject(j, "line_cycles", hls_line_cycles(k));
    }
    if (k->line_refusal) {
        cJSON *r = cJSON_AddObjectToObject(j, "line_refusal");
        cJSON_AddStringToObject(r, "reason", k->line_refusal);
        cJSON_AddNumberToObject(r, "line", k->line_refusal_line);
    }
}

static cJSON *kernel_json(const struct build_info *b, unsigned index)
{
    const struct fe_kernel *fk = &b->fe->kernels[index];
    const struct hir_kernel *k = b->kernels[index];
    const struct oclhls_board *board = b->board;
    cJSON *j = cJSON_CreateObject();
    cJSON *args = cJSON_CreateArray();
    cJSON_AddStringToObject(j, "name", fk->name);
    cJSON_AddNumberToObject(j, "source_line", fk->line);
    cJSON_AddNumberToObject(j, "csr_base", HIR_KCSR_WINDOW * (index + 1));
    cJSON_AddItemToObject(j, "reqd_work_group_size", int_triple(fk->reqd_work_group_size));
    cJSON_AddItemToObject(j, "work_group_size_hint", int_triple(fk->work_group_size_hint));
    if (k->simd > 1) /* SIMD lanes: the hardware runs 1/simd of the x range */
        cJSON_AddNumberToObject(j, "simd_work_items", k->simd);
    if (k->compute_units > 1) { /* copies of the pipeline (hls/emit/emit_units.c) */
        cJSON_AddNumberToObject(j, "compute_units", k->compute_units);
        cJSON_AddItemToObject(j, "compute_unit_dims", int_triple(k->cu_dims));
    }
    if (k->constant_arg != HIR_NONE) /* the address of the program's "constants" section */
        cJSON_AddNumberToObject(j, "constant_data_csr", k->arg_csr_offset[k->constant_arg]);
    if (k->printf_arg != HIR_NONE) /* printf's counter address; the records' in the next word */
        cJSON_AddNumberToObject(j, "printf_csr", k->arg_csr_offset[k->printf_arg]);
    if (fk->vec_type_hint[0])
        cJSON_AddStringToObject(j, "vec_type_hint", fk->vec_type_hint);
    if (fk->max_global_work_dim >= 0) /* Intel's attributes as the source gave them */
        cJSON_AddNumberToObject(j, "attr_max_global_work_dim", fk->max_global_work_dim);
    if (fk->max_work_group_size)
        cJSON_AddNumberToObject(j, "attr_max_work_group_size", fk->max_work_group_size);
    cJSON_AddNumberToObject(j, "max_work_group_size",
                            fk->max_work_group_size ? fk->max_work_group_size
                                                    : board->max_work_group_size);
    cJSON_AddNumberToObject(j, "pipeline_depth", k->depth);
    cJSON_AddNumberToObject(j, "ii", 1);
    cJSON_AddBoolToObject(j, "single_work_item", k->single_work_item);
    cJSON_AddBoolToObject(j, "autorun", k->autorun);
    cJSON_AddBoolToObject(j, "line_kernel", k->line_kernel);
    if (k->line_kernel)
        cJSON_AddNumberToObject(j, "line_ids", (double)hls_line_ids(board, k));
    pipeline_json(j, k, board);
    cJSON_AddItemToObject(j, "loops", loops_json(k));
    if (!k->line_kernel)
        cJSON_AddItemToObject(j, "throughput", metadata_bound_json(k, board));
    cJSON_AddItemToObject(j, "private_arrays", private_arrays_json(fk, k, board));
    cJSON_AddNumberToObject(j, "barriers", k->nbarriers);
    cJSON_AddItemToObject(j, "barrier_sites", barriers_json(k));
    cJSON_AddItemToObject(j, "units", units_json(b, index));
    cJSON_AddNumberToObject(j, "work_groups_in_flight", k->nwg_slots);
    unsigned long private_bytes = 0;
    unsigned long local_bytes = 0;
    for (int p = 0; p < k->nparrays; p++) {
        if (!k->parrays[p].local)
            private_bytes += k->parrays[p].bytes;
        else if (k->parrays[p].arg < 0)
            local_bytes += k->parrays[p].bytes;
    }
    cJSON_AddNumberToObject(j, "local_mem_size", (double)local_bytes); /* without arguments */
    cJSON_AddNumberToObject(j, "private_mem_size", (double)private_bytes);
    cJSON_AddBoolToObject(j, "waits_for_stores", kernel_has_ordered_access(k));
    for (unsigned a = 0; a < fk->nargs; a++) {
        const struct fe_arg *fa = &fk->args[a];
        cJSON *ja = cJSON_CreateObject();
        cJSON_AddStringToObject(ja, "name", fa->name);
        cJSON_AddStringToObject(ja, "type_name", fa->type_name);
        cJSON_AddStringToObject(ja, "type_qualifiers", fa->type_qualifiers);
        cJSON_AddStringToObject(ja, "address_space", addr_space_name(fa->addr_space));
        cJSON_AddStringToObject(ja, "access", access_name(fa->access));
        cJSON_AddNumberToObject(ja, "size", fa->size);
        cJSON_AddBoolToObject(ja, "is_pointer", fa->is_pointer);
        cJSON_AddNumberToObject(ja, "csr_offset", k->arg_csr_offset[a]);
        if (fa->kind == FE_ARG_IMAGE) { /* 8 words: docs/program-file.md, "Images" */
            cJSON_AddStringToObject(ja, "kind", "image");
            cJSON_AddStringToObject(ja, "image_type", fa->image_type);
        } else if (fa->kind == FE_ARG_SAMPLER) {
            cJSON_AddStringToObject(ja, "kind", "sampler");
        }
        for (int p = 0; p < k->nparrays; p++) /* __local: the most the host may ask for */
            if (k->parrays[p].arg == (int)a)
                cJSON_AddNumberToObject(ja, "local_capacity", k->parrays[p].bytes);
        cJSON_AddItemToArray(args, ja);
    }
    cJSON_AddItemToObject(j, "args", args);
    cJSON_AddNumberToObject(j, "num_args", fk->nargs);
    cJSON_AddNumberToObject(j, "arg_bytes", argument_bytes(k));
    cJSON *profile = profile_json(b, index);
    if (profile)
        cJSON_AddItemToObject(j, "profile", profile);
    return j;
}

static const char *printf_type_name(enum oclhls_printf_type t)
{
    static const char *const names[] = {"int32", "int64", "float", "pointer", "string"};
    return names[t];
}

/* The program's printf call sites, by id: the host formats their records (docs/printf.md). */
static cJSON *printf_json(const struct fe_result *fe)
{
    cJSON *sites = cJSON_CreateArray();
    for (unsigned i = 0; i < fe->nprintfs; i++) {
        const struct fe_printf *p = &fe->printfs[i];
        cJSON *site = cJSON_CreateObject(), *args = cJSON_CreateArray();
        cJSON_AddStringToObject(site, "format", p->format);
        cJSON_AddNumberToObject(site, "line", p->line);
        for (unsigned a = 0; a < p->nargs; a++) {
            cJSON *ja = cJSON_CreateObject();
            cJSON_AddStringToObject(ja, "type", printf_type_name(p->args[a].type));
            cJSON_AddNumberToObject(ja, "lanes", p->args[a].lanes);
            if (p->args[a].string)
                cJSON_AddStringToObject(ja, "value", p->args[a].string);
            if (p->args[a].nchoices) /* chosen at run time: the record holds the index */
                cJSON_AddItemToObject(
                    ja, "values",
                    cJSON_CreateStringArray((const char *const *)p->args[a].choices,
                                            (int)p->args[a].nchoices));
            cJSON_AddItemToArray(args, ja);
        }
        cJSON_AddItemToObject(site, "args", args);
        cJSON_AddItemToArray(sites, site);
    }
    return sites;
}

char *metadata_json(const struct build_info *b, const char *report)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *kernels = cJSON_CreateArray();
    if (!root || !kernels) {
        cJSON_Delete(root);
        cJSON_Delete(kernels);
        return NULL;
    }
    cJSON_AddNumberToObject(root, "format", 1);
    cJSON_AddStringToObject(root, "tool", oclhls_version_string());
    cJSON_AddStringToObject(root, "clang", fe_clang_version());
    cJSON_AddStringToObject(root, "board", b->board->name);
    cJSON_AddNumberToObject(root, "clock_mhz", b->board->clock_mhz);
    cJSON_AddNumberToObject(root, "mem_width_bits", b->board->mem_width_bits);
    cJSON_AddNumberToObject(root, "mem_latency_cycles", b->board->mem_latency_cycles);
    cJSON_AddStringToObject(root, "source_name", b->source_name);
    cJSON_AddStringToObject(root, "build_options", b->options ? b->options : "");
    for (unsigned i = 0; i < b->fe->nkernels; i++)
        cJSON_AddItemToArray(kernels, kernel_json(b, i));
    cJSON_AddItemToObject(root, "kernels", kernels);
    cJSON *graph = cJSON_AddObjectToObject(root, "graph");
    cJSON_AddItemToObject(graph, "channels", cJSON_CreateArray());
    cJSON_AddItemToObject(graph, "pipes", cJSON_CreateArray());
    cJSON_AddItemToObject(graph, "autorun", cJSON_CreateArray());
    graph_walk(b, graph_json, graph);
    if (b->fe->nprintfs) {
        cJSON_AddNumberToObject(root, "printf_buffer_bytes",
                                (double)b->board->printf_buffer_bytes);
        cJSON_AddItemToObject(root, "printf", printf_json(b->fe));
    }
    cJSON_AddStringToObject(root, "report", report ? report : "");
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    return text;
}
