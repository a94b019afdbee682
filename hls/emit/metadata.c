// SPDX-License-Identifier: MIT
#include "metadata.h"

#include <cjson/cJSON.h>
#include <stdio.h>

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

static cJSON *private_arrays_json(const struct hir_kernel *k)
{
    cJSON *arr = cJSON_CreateArray();
    for (int p = 0; p < k->nparrays; p++) {
        const struct hir_parray *pa = &k->parrays[p];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "line", pa->line);
        cJSON_AddNumberToObject(j, "bytes", pa->bytes);
        cJSON_AddNumberToObject(j, "element_bits", pa->elem_bytes * 8);
        cJSON_AddBoolToObject(j, "local", pa->local);
        cJSON_AddNumberToObject(j, "copies", pa->local ? k->nwg_slots : k->nslots);
        cJSON_AddNumberToObject(j, "store_sites", pa->nstores);
        cJSON_AddNumberToObject(j, "read_ports", pa->nloads);
        cJSON_AddNumberToObject(j, "read_replicas", pa->nreplicas);
        cJSON_AddItemToArray(arr, j);
    }
    return arr;
}

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

static void report_args(const struct fe_kernel *fk, const struct hir_kernel *k,
                        struct oclhls_strbuf *o)
{
    for (unsigned a = 0; a < fk->nargs; a++)
        oclhls_strbuf_printf(o, "  arg %u '%s' (%s %s): CSR 0x%03x\n", a, fk->args[a].name,
                             addr_space_name(fk->args[a].addr_space), fk->args[a].type_name,
                             k->arg_csr_offset[a]);
}

/* A line kernel's block: its streams and the engine's rate (line_kernel.c). */
static void report_line_kernel(const struct hir_kernel *k, const struct oclhls_board *board,
                               struct oclhls_strbuf *o)
{
    unsigned lanes = board->mem_width_bits / k->line_elem_bits;
    int cycles = hls_line_cycles(k);
    oclhls_strbuf_printf(o,
                         "kernel %s (line %u): line kernel (ocl_line_engine): %u lane%s, the "
                         "work-items of a %u-bit memory line; %d cycles per line, %.2f per "
                         "work-item\n",
                         k->name, k->line, lanes, lanes == 1 ? "" : "s", board->mem_width_bits,
                         cycles, (double)cycles / lanes);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && (op->opcode == HIR_LOAD || op->opcode == HIR_STORE))
            oclhls_strbuf_printf(o, "  line %u: %u-bit %s %s stream, a line per %u work-items\n",
                                 op->line, k->line_elem_bits,
                                 op->addr_space == 2 ? "__constant" : "__global",
                                 op->opcode == HIR_LOAD ? "load" : "store", lanes);
    }
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

static void report_kernel(const struct fe_kernel *fk, const struct hir_kernel *k,
                          const struct oclhls_board *board, struct oclhls_strbuf *o)
{
    if (k->line_kernel) {
        report_line_kernel(k, board, o);
        report_args(fk, k, o);
        return;
    }
    oclhls_strbuf_printf(
        o, "kernel %s (line %u): %s, %d stages in %d pipeline segment%s, %d LSUs\n", k->name,
        k->line, k->single_work_item ? "single work-item (task)" : "NDRange pipeline", k->depth,
        k->nsegs, k->nsegs == 1 ? "" : "s", k->nlsus);
    if (k->line_refusal)
        oclhls_strbuf_printf(o, "  not a line kernel (docs/architecture.md): %s, line %u\n",
                             k->line_refusal, k->line_refusal_line);
    if (k->dispatch_ii > 1)
        oclhls_strbuf_printf(o,
                             "  a work-item every %d cycles: its float units (~%u LCs unshared) "
                             "would take more than %.0f%% of the board's %u logic cells or more "
                             "than its %u DSPs, so operations in different cycles share them\n",
                             k->dispatch_ii, k->float_lcs_ii1, HLS_FLOAT_LC_SHARE * 100,
                             board->resources.lc, board->resources.dsp);
    report_loops(k, o);
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
        if (!op->live)
            continue;
        if (hir_is_printf_counter(k, op))
            oclhls_strbuf_printf(o, "  line %u: printf: a record reserved at printf's counter, "
                                    "stage %d\n", op->line, op->stage);
        else if (op->atomic)
            oclhls_strbuf_printf(o, "  line %u: 32-bit %s atomic %s (%s), stage %d%s\n", op->line,
                                 op->parray != HIR_NONE ? "__local" : "__global",
                                 hir_atomic_name((enum hir_atomic_op)(op->atomic - 1)),
                                 op->parray != HIR_NONE ? "read-modify-write in block RAM"
                                 : op->unit != HIR_NONE && op->discard
                                     ? "shared atomic unit, old value not read"
                                 : op->unit != HIR_NONE ? "shared atomic unit"
                                 : op->discard          ? "atomic unit, old value not read"
                                                        : "atomic unit",
                                 op->stage, op->ordered ? ", waits for earlier stores" : "");
        if (op->atomic) { /* reported above (not again as the load it is in the IR) */
            if (op->lsu != HIR_NONE && op->unit == op->lsu && !hir_is_printf_counter(k, op))
                report_shared_atomics(k, op->unit, o);
        } else if ((op->opcode == HIR_LOAD || op->opcode == HIR_STORE) && op->parray != HIR_NONE)
            oclhls_strbuf_printf(o, "  line %u: %u-bit %s %s (block RAM memory %d), stage %d\n",
                                 op->line, op->opcode == HIR_LOAD ? op->width : (unsigned)op->imm,
                                 k->parrays[op->parray].local ? "__local" : "private",
                                 op->opcode == HIR_LOAD ? "load" : "store", op->parray, op->stage);
        else if (op->opcode == HIR_LOAD || op->opcode == HIR_STORE)
            oclhls_strbuf_printf(o, "  line %u: %u-bit %s %s %s, stage %d%s\n", op->line,
                                 op->opcode == HIR_LOAD ? op->width : (unsigned)op->imm,
                                 op->addr_space == 2 ? "__constant" : "__global",
                                 op->opcode == HIR_LOAD ? "load" : "store",
                                 op->opcode == HIR_LOAD
                                     ? (op->ordered ? "(uncached)" : "(coalescing)")
                                     : "(write-combining)",
                                 op->stage, op->ordered ? ", waits for earlier stores" : "");
        if (hir_is_float_unit(op->opcode) && op->unit != i)
            oclhls_strbuf_printf(o, "  line %u: %s, shares the %s of line %u (stage %d)\n",
                                 op->line, hir_opcode_name(op->opcode),
                                 hls_float_module(op->opcode), k->ops[op->unit].line, op->stage);
        else if (hir_is_float_unit(op->opcode))
            oclhls_strbuf_printf(
                o, "  line %u: %s, %s, %u stages, %s on the iCE40 UP5K, stage %d\n", op->line,
                hir_opcode_name(op->opcode), hls_float_module(op->opcode),
                hls_float_latency(op->opcode), hls_float_cost(op->opcode), op->stage);
        if (op->opcode == HIR_STREAM)
            oclhls_strbuf_printf(o, "  line %u: %s, stage %d, answer in stage %d\n", op->line,
                                 stream_op_name((enum hir_stream_op)op->aux), op->stage,
                                 op->ready_stage);
        if (op->opcode >= HIR_UDIV && op->opcode <= HIR_SREM)
            oclhls_strbuf_printf(o, "  line %u: %u-bit %s, pipelined divider, %u stages\n",
                                 op->line, op->width, hir_opcode_name(op->opcode),
                                 hls_div_latency(op->width));
    }
    report_args(fk, k, o);
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

/* The kernel graph: channels between kernels, and the pipe arguments the host connects. */
static void report_graph(const struct build_info *b, struct oclhls_strbuf *o)
{
    int header = 0;
    for (unsigned c = 0; c < b->nchannels; c++) {
        const struct hir_kernel *w = channel_kernel(b, c, 1), *r = channel_kernel(b, c, 0);
        if (!w || !r)
            continue;
        if (!header++)
            oclhls_strbuf_printf(o, "kernel graph:\n");
        const struct hls_channel *ch = &b->channels[c];
        oclhls_strbuf_printf(o, "  %s -> %s: channel %s, %u bits, FIFO depth %u%s\n", w->name,
                             r->name, ch->name, ch->bytes * 8,
                             ch->depth ? ch->depth : HLS_CHANNEL_DEFAULT_DEPTH,
                             ch->depth ? "" : " (default)");
    }
    for (unsigned i = 0; i < b->fe->nkernels; i++) {
        const struct hir_kernel *k = b->kernels[i];
        for (int e = 0; e < k->nstreams; e++) {
            const struct hir_stream *s = &k->streams[e];
            if (s->channel != HIR_NONE)
                continue;
            if (!header++)
                oclhls_strbuf_printf(o, "kernel graph:\n");
            oclhls_strbuf_printf(o,
                                 "  %s %s pipe '%s': %u-byte packets, through a ring in global "
                                 "memory (the pipe object the host sets)\n",
                                 k->name, s->write ? "writes" : "reads",
                                 b->fe->kernels[i].args[s->arg].name, s->bytes);
        }
        if (k->autorun)
            oclhls_strbuf_printf(
                o, "  %s: autorun (starts after programming, restarts when done)\n", k->name);
    }
}

void metadata_report(const struct build_info *b, struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(o, "board %s: %u-bit global memory, %u-cycle latency, %.0f MHz\n",
                         b->board->name, b->board->mem_width_bits, b->board->mem_latency_cycles,
                         b->board->clock_mhz);
    for (unsigned i = 0; i < b->fe->nkernels; i++)
        report_kernel(&b->fe->kernels[i], b->kernels[i], b->board, o);
    report_graph(b, o);
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

static cJSON *kernel_json(const struct fe_kernel *fk, const struct hir_kernel *k, int index,
                          const struct oclhls_board *board)
{
    cJSON *j = cJSON_CreateObject();
    cJSON *args = cJSON_CreateArray();
    cJSON_AddStringToObject(j, "name", fk->name);
    cJSON_AddNumberToObject(j, "source_line", fk->line);
    cJSON_AddNumberToObject(j, "csr_base", HIR_KCSR_WINDOW * (unsigned)(index + 1));
    cJSON_AddItemToObject(j, "reqd_work_group_size", int_triple(fk->reqd_work_group_size));
    cJSON_AddItemToObject(j, "work_group_size_hint", int_triple(fk->work_group_size_hint));
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
    cJSON_AddItemToObject(j, "loops", loops_json(k));
    cJSON_AddItemToObject(j, "private_arrays", private_arrays_json(k));
    cJSON_AddNumberToObject(j, "barriers", k->nbarriers);
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
        for (int p = 0; p < k->nparrays; p++) /* __local: the most the host may ask for */
            if (k->parrays[p].arg == (int)a)
                cJSON_AddNumberToObject(ja, "local_capacity", k->parrays[p].bytes);
        cJSON_AddItemToArray(args, ja);
    }
    cJSON_AddItemToObject(j, "args", args);
    cJSON_AddNumberToObject(j, "num_args", fk->nargs);
    cJSON_AddNumberToObject(j, "arg_bytes", argument_bytes(k));
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
        cJSON_AddItemToArray(kernels,
                             kernel_json(&b->fe->kernels[i], b->kernels[i], (int)i, b->board));
    cJSON_AddItemToObject(root, "kernels", kernels);
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
