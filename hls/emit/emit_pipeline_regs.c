/* SPDX-License-Identifier: MIT */
/*
 * Pipeline registers: the copies of a value carried from the stage that computes it
 * (v<i>) to the later stages that read it (v<i>_s<stage>), all of a segment clocked by
 * its !stall.
 *
 * On an iCE40 each of those flip-flops takes a whole logic cell, since its LUT only passes
 * the bit on. So on a hardware board with block RAM, a run of copies that nothing reads
 * in between (from one reading stage to the next) becomes an ocl_delay_line: a circular
 * buffer in block RAM that behaves exactly like the chain's last register. Runs of the
 * same length in one segment share one delay line (their bits side by side), so narrow
 * values fill the RAM's 16-bit words together. A delay line is built only where it saves
 * enough cells per block, and only within the blocks the kernel leaves free
 * (delay_line_budget). docs/architecture.md, "Pipeline registers in block RAM".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_util.h"
#include "emit.h"
#include "target.h"

/* A delay line replaces at least this many registers in a row ... */
#define DELAY_MIN_STAGES 3
/* ... and saves at least this many flip-flops per block RAM it takes. */
#define DELAY_MIN_BITS_PER_BLOCK 40

/* What stage s of value v is: a register, a delay line's output, or not needed. */
enum copy_kind { COPY_REGISTER, COPY_DELAYED, COPY_SKIPPED };

struct delay_run {
    int value, from, to; /* the copies from+1..to; `to` is read, from+1..to-1 are not */
    int group;           /* the delay line it joined, -1: stays in registers */
};

struct delay_group {
    int seg, stages;      /* segment, registers replaced (to - from) */
    unsigned width;       /* bits of all its runs */
    unsigned long blocks; /* block RAMs it takes */
    int built;            /* 1: chosen within the budget, -1: given up, 0: not yet */
};

struct pipeline_plan {
    int nstages;          /* stages per value in the tables below (max last_use + 1) */
    const struct emit_reads *reads; /* the copies the rest of the module reads */
    unsigned char *kind;  /* [value * nstages + stage]: enum copy_kind */
    int *offset;          /* [value * nstages + stage]: bit offset in its group's output */
    int *group;           /* [value * nstages + stage]: its group (COPY_DELAYED only) */
    struct delay_run *runs;
    int nruns;
    struct delay_group *groups;
    int ngroups;
};

static int carried(const struct hir_op *op)
{
    return op->live && !op->invariant && op->opcode != HIR_STORE;
}

/* Runs of unread copies long enough for a delay line, and short enough for one block. */
static int find_runs(struct pipeline_plan *p, const struct hir_kernel *k, int max_stages)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!carried(op))
            continue;
        int from = op->ready_stage;
        for (int s = op->ready_stage + 1; s <= op->last_use; s++) {
            if (!emit_reads_has(p->reads, i, s))
                continue;
            if (s - from >= DELAY_MIN_STAGES && s - from <= max_stages) {
                struct delay_run *r = realloc(p->runs, (size_t)(p->nruns + 1) * sizeof *r);
                if (!r)
                    return -1;
                p->runs = r;
                p->runs[p->nruns++] = (struct delay_run){i, from, s, -1};
            }
            from = s;
        }
    }
    return 0;
}

/* A delay line's depth: a power of two, at least DELAY (ocl_delay_line.v). */
static unsigned long delay_line_depth(int stages)
{
    unsigned long depth = 2;
    while (depth < (unsigned long)stages)
        depth *= 2;
    return depth;
}

/* Groups runs by (segment, length): each group is one delay line. */
static int group_runs(struct pipeline_plan *p, const struct hir_kernel *k,
                      const struct oclhls_board *board)
{
    for (int r = 0; r < p->nruns; r++) {
        struct delay_run *run = &p->runs[r];
        int seg = k->ops[run->value].seg, stages = run->to - run->from, g;
        for (g = 0; g < p->ngroups; g++)
            if (p->groups[g].seg == seg && p->groups[g].stages == stages)
                break;
        if (g == p->ngroups) {
            struct delay_group *n = realloc(p->groups, (size_t)(g + 1) * sizeof *n);
            if (!n)
                return -1;
            p->groups = n;
            p->groups[p->ngroups++] = (struct delay_group){seg, stages, 0, 0, 0};
        }
        run->group = g;
        p->groups[g].width += emit_token_bits(k, run->value);
    }
    for (int g = 0; g < p->ngroups; g++)
        p->groups[g].blocks =
            hls_bram_blocks(board, delay_line_depth(p->groups[g].stages), p->groups[g].width);
    return 0;
}

static unsigned long saved_bits_per_block(const struct delay_group *g)
{
    return (unsigned long)g->stages * g->width / g->blocks;
}

/* Block RAMs yosys gives a memory of depth x width: as it does, deeper than 2 and 256 bits or more. */
static unsigned long mapped_blocks(const struct oclhls_board *board, unsigned long depth,
                                   unsigned long width)
{
    return depth > 2 && width * depth >= 256 ? hls_bram_blocks(board, depth, width) : 0;
}

static unsigned long clog2(unsigned long n)
{
    unsigned long bits = 0;
    while ((1ul << bits) < n)
        bits++;
    return bits;
}

/*
 * Block RAMs of the kernel's units, from their instances in the netlist: FIFOs (loop tokens,
 * park queues), barriers (rtl-lib/ocl_barrier.v: W bits x 2 * NSLOT * MAXWG tokens) and
 * global atomic units (rtl-lib/ocl_atomic.v: its request queue, DESCW bits x DEPTH;
 * ocl_atomic_share.v: its unit's and a 32-bit answer queue per site; ocl_printf_counter.v: an
 * answer queue per site).
 */
static unsigned long instance_blocks(const struct nl_instance *in, const struct oclhls_board *board)
{
    unsigned long depth = (unsigned long)nl_param_value(in, "DEPTH", 0);
    if (!strcmp(in->module, "ocl_fifo")) {
        unsigned long width = (unsigned long)nl_param_value(in, "WIDTH", 0);
        return nl_param_value(in, "BLOCK_RAM", 0) > 0 ? hls_bram_blocks(board, depth, width)
                                                      : mapped_blocks(board, depth, width);
    }
    if (!strcmp(in->module, "ocl_barrier"))
        return mapped_blocks(board,
                             2ul * (unsigned long)nl_param_value(in, "NSLOT", 0) *
                                 (unsigned long)nl_param_value(in, "MAXWG", 0),
                             (unsigned long)nl_param_value(in, "W", 0));
    if (!strcmp(in->module, "ocl_atomic")) {
        /* entry index into the word table, operation, operands a and b */
        long long op = nl_param_value(in, "OP", 0);
        unsigned long desc = clog2(hls_atomic_table_entries((unsigned)depth)) + (op < 0 ? 4 : 0) +
                             32 + (op < 0 || op == HIR_ATOMIC_CMPXCHG ? 32 : 0);
        return mapped_blocks(board, depth, desc);
    }
    unsigned long sites = (unsigned long)nl_param_value(in, "N", 0);
    if (!strcmp(in->module, "ocl_printf_counter"))
        return sites * mapped_blocks(board, depth, 32);
    if (!strcmp(in->module, "ocl_atomic_share")) {
        /* its unit (every request brings its operation and b) and an answer queue per site */
        unsigned long desc = clog2(hls_atomic_table_entries((unsigned)depth)) + 4 + 64;
        return mapped_blocks(board, depth, desc) + sites * mapped_blocks(board, depth, 32);
    }
    return 0;
}

static unsigned long unit_blocks(const struct nl_module *m, const struct oclhls_board *board)
{
    unsigned long blocks = 0;
    for (int i = 0; nl_instance_at(m, NULL, i); i++)
        blocks += instance_blocks(nl_instance_at(m, NULL, i), board);
    return blocks;
}

/*
 * LSUs that read global memory (ocl_lsu_load): each has a response queue yosys puts in
 * block RAM. Atomic units have their own queues (unit_blocks).
 */
static int reading_lsus(const struct hir_kernel *k)
{
    int n = 0;
    for (int l = 0; l < k->nlsus; l++)
        for (int i = 0; i < k->nops; i++)
            if (k->ops[i].live && k->ops[i].opcode == HIR_LOAD && k->ops[i].parray == HIR_NONE &&
                !k->ops[i].atomic && k->ops[i].lsu == l) {
                n++;
                break;
            }
    return n;
}

/*
 * Block RAMs delay lines may take: the board's, less global memory kept in block RAM
 * (hls_target's global_mem_blocks), the kernel's own memories and FIFOs, the shell's host
 * link (1) and a memory-width response queue per LSU that reads.
 */
static unsigned long delay_line_budget(const struct hir_kernel *k, const struct oclhls_board *board,
                                       const struct nl_module *m)
{
    unsigned long line = board->mem_width_bits;
    unsigned long used =
        1 + (unsigned long)reading_lsus(k) * hls_bram_blocks(board, hls_load_depth(board), line) +
        unit_blocks(m, board);
    used += hls_target_of(board).global_mem_blocks;
    for (int a = 0; a < k->nparrays; a++)
        used += hls_parray_blocks(k, &k->parrays[a], board);
    return board->resources.ebr > used ? board->resources.ebr - used : 0;
}

/*
 * Loop back FIFOs that yosys would keep in flip-flops (fewer than 256 bits) go to block RAM
 * while the budget lasts, the most bits per block first: histogram's 17 x 8 back FIFO is
 * 136 flip-flops and a 8-way read multiplexer per bit, 219 logic cells for 2 EBR. Before the
 * delay lines, which save less per block (DELAY_MIN_BITS_PER_BLOCK at least).
 */
void emit_fifo_block_rams(struct nl_module *m, const struct hir_kernel *k,
                          const struct oclhls_board *board)
{
    if (!hls_target_of(board).spare_block_ram)
        return;
    /* A chosen FIFO counted no blocks before (it was under mapped_blocks' size) and counts
       best_blocks now: the budget shrinks by that much. */
    for (unsigned long budget = delay_line_budget(k, board, m);;) {
        unsigned long best_bits = 0, best_blocks = 0;
        struct nl_param *best = NULL;
        struct nl_instance *f;
        for (int i = 0; (f = nl_instance_at(m, "ocl_fifo", i)); i++) {
            struct nl_param *block_ram = nl_param_of(f, "BLOCK_RAM");
            unsigned long width = (unsigned long)nl_param_value(f, "WIDTH", 0);
            unsigned long depth = (unsigned long)nl_param_value(f, "DEPTH", 0);
            if (!block_ram || block_ram->value != 0 || mapped_blocks(board, depth, width))
                continue;
            unsigned long bits = width * depth;
            unsigned long blocks = hls_bram_blocks(board, depth, width);
            if (!blocks || blocks > budget || bits / blocks < DELAY_MIN_BITS_PER_BLOCK ||
                bits / blocks <= best_bits)
                continue;
            best_bits = bits / blocks;
            best_blocks = blocks;
            best = block_ram;
        }
        if (!best)
            return;
        best->value = 1;
        budget -= best_blocks;
    }
}

/* Drops runs from group g, the narrowest first, until it fits in `blocks` block RAMs. */
static void shrink_group(struct pipeline_plan *p, const struct hir_kernel *k,
                         const struct oclhls_board *board, int g, unsigned long blocks)
{
    struct delay_group *d = &p->groups[g];
    while (hls_bram_blocks(board, delay_line_depth(d->stages), d->width) > blocks) {
        int narrowest = -1;
        unsigned least = 0;
        for (int r = 0; r < p->nruns; r++) {
            unsigned bits = emit_token_bits(k, p->runs[r].value);
            if (p->runs[r].group == g && (narrowest < 0 || bits < least)) {
                narrowest = r;
                least = bits;
            }
        }
        d->width -= least;
        p->runs[narrowest].group = -1;
    }
    d->blocks = hls_bram_blocks(board, delay_line_depth(d->stages), d->width);
}

/*
 * Builds the groups that save the most per block first, while the budget lasts; the
 * first that does not fit is cut down to what is left.
 */
static void choose_groups(struct pipeline_plan *p, const struct hir_kernel *k,
                          const struct oclhls_board *board, unsigned long budget)
{
    for (;;) {
        int best = -1;
        for (int g = 0; g < p->ngroups; g++) {
            const struct delay_group *d = &p->groups[g];
            if (d->built || !d->blocks || saved_bits_per_block(d) < DELAY_MIN_BITS_PER_BLOCK)
                continue;
            if (best < 0 || saved_bits_per_block(d) > saved_bits_per_block(&p->groups[best]))
                best = g;
        }
        if (best < 0)
            return;
        struct delay_group *d = &p->groups[best];
        if (d->blocks > budget)
            shrink_group(p, k, board, best, budget);
        if (!d->blocks || saved_bits_per_block(d) < DELAY_MIN_BITS_PER_BLOCK) {
            d->built = -1; /* nothing worth building is left of it */
            continue;
        }
        d->built = 1;
        budget -= d->blocks;
    }
}

/* Marks each stage's copy: a register, a built delay line's output, or skipped. */
static void mark_copies(struct pipeline_plan *p, const struct hir_kernel *k)
{
    unsigned *filled = calloc((size_t)p->ngroups + 1, sizeof *filled);
    for (int r = 0; r < p->nruns && filled; r++) {
        const struct delay_run *run = &p->runs[r];
        if (run->group < 0 || p->groups[run->group].built != 1)
            continue;
        int base = run->value * p->nstages;
        for (int s = run->from + 1; s < run->to; s++)
            p->kind[base + s] = COPY_SKIPPED;
        p->kind[base + run->to] = COPY_DELAYED;
        p->group[base + run->to] = run->group;
        p->offset[base + run->to] = (int)filled[run->group];
        filled[run->group] += emit_token_bits(k, run->value);
    }
    free(filled);
}

static int plan_pipeline(struct pipeline_plan *p, const struct hir_kernel *k,
                         const struct oclhls_board *board, const struct emit_reads *reads,
                         const struct nl_module *m)
{
    memset(p, 0, sizeof *p);
    p->nstages = reads->nstages;
    p->reads = reads;
    size_t cells = (size_t)k->nops * (size_t)(p->nstages ? p->nstages : 1);
    p->kind = calloc(cells, 1); /* COPY_REGISTER */
    p->offset = calloc(cells, sizeof *p->offset);
    p->group = calloc(cells, sizeof *p->group);
    if (!p->kind || !p->offset || !p->group)
        return -1;
    if (!hls_target_of(board).spare_block_ram)
        return 0;
    /* The widest shape: a delay line is wide and shallow. */
    const struct oclhls_bram_shape *ram = &board->bram_shapes[0];
    for (int i = 1; i < board->n_bram_shapes; i++)
        if (board->bram_shapes[i].width > ram->width)
            ram = &board->bram_shapes[i];
    if (find_runs(p, k, (int)ram->depth) || group_runs(p, k, board))
        return -1;
    choose_groups(p, k, board, delay_line_budget(k, board, m));
    mark_copies(p, k);
    return 0;
}

static void free_plan(struct pipeline_plan *p)
{
    free(p->kind);
    free(p->offset);
    free(p->group);
    free(p->runs);
    free(p->groups);
}

static void emit_delay_lines(struct nl_module *m, const struct hir_kernel *k,
                             const struct oclhls_board *board, const struct pipeline_plan *p)
{
    int out_reg = hls_target_of(board).delay_line_out_reg;

    for (int g = 0; g < p->ngroups; g++) {
        const struct delay_group *d = &p->groups[g];
        if (d->built != 1)
            continue;
        nl_comment(m,
                   "Values carried %d stages in segment %d without a read between: %u bits, %lu "
                   "block RAM%s.",
                   d->stages, d->seg, d->width, d->blocks, d->blocks == 1 ? "" : "s");
        nl_net(m, "wire", d->width, "dl%d_q", g);
        /* Highest offset first: the runs in reverse of the order mark_copies packed them. */
        struct oclhls_strbuf in = {0};
        const char *sep = "";
        for (int r = p->nruns - 1; r >= 0; r--) {
            if (p->runs[r].group != g)
                continue;
            oclhls_strbuf_puts(&in, sep);
            emit_token_part(&in, k, p->runs[r].value, p->runs[r].value, p->runs[r].from);
            sep = ", ";
        }
        char name[32];
        snprintf(name, sizeof(name), "u_dl%d", g);
        struct nl_instance *u = nl_instance(m, "ocl_delay_line", name);
        nl_param(m, u, "WIDTH", d->width);
        nl_param(m, u, "DELAY", d->stages);
        if (out_reg)
            nl_param(m, u, "OUT_REG", 1);
        nl_connect(m, u, "clk", "clk");
        nl_connect(m, u, "rst", "rst");
        nl_connect(m, u, "en", "!s%d_stall", d->seg);
        nl_connect(m, u, "q", "dl%d_q", g);
        nl_connect_break(m, u, "d", "{%s}", in.buf ? in.buf : "");
        if (in.failed)
            m->failed = 1;
        oclhls_strbuf_release(&in);
    }
}

static void emit_declarations(struct nl_module *m, const struct hir_kernel *k,
                              const struct pipeline_plan *p)
{
    nl_lint(m, 0, "UNUSED", NULL);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!carried(op))
            continue;
        char range[24];
        snprintf(range, sizeof range, "[%u:0]", op->width - 1);
        for (int s = op->ready_stage + 1; s <= op->last_use; s++) {
            int at = i * p->nstages + s;
            if (p->kind[at] == COPY_REGISTER) {
                nl_declare(m, &(struct nl_decl){"reg ", range, 0, NULL, NULL}, "v%d_s%d", i, s);
            } else if (p->kind[at] == COPY_DELAYED) { /* its field of the delay line's output */
                char bus[32];
                struct oclhls_strbuf e = {0};
                snprintf(bus, sizeof bus, "dl%d_q", p->group[at]);
                emit_token_widened(&e, k, i, bus, (unsigned)p->offset[at]);
                nl_wire_to(m, op->width, emit_text(m, &e), "v%d_s%d", i, s);
                oclhls_strbuf_release(&e);
            }
        }
    }
    nl_lint(m, 1, "UNUSED", NULL);
}

/* A segment's register copies: one always block, enabled while the segment moves. */
static void emit_registers(struct nl_module *m, const struct hir_kernel *k,
                           const struct pipeline_plan *p)
{
    for (int si = 0; si < k->nsegs; si++) {
        struct oclhls_strbuf body = {0};
        oclhls_strbuf_printf(&body, "if (!s%d_stall) begin\n", si);
        for (int i = 0; i < k->nops; i++) {
            const struct hir_op *op = &k->ops[i];
            if (!carried(op) || op->seg != si)
                continue;
            for (int s = op->ready_stage + 1; s <= op->last_use; s++) {
                if (p->kind[i * p->nstages + s] != COPY_REGISTER)
                    continue;
                oclhls_strbuf_printf(&body, "    v%d_s%d <= ", i, s);
                emit_ref(&body, k, i, s - 1);
                oclhls_strbuf_printf(&body, ";\n");
            }
        }
        oclhls_strbuf_puts(&body, "end");
        nl_always(m, "clk", NULL, NULL, body.buf);
        if (body.failed)
            m->failed = 1;
        oclhls_strbuf_release(&body);
    }
}

int emit_pipeline_stages(const struct hir_kernel *k)
{
    int n = 0;
    for (int i = 0; i < k->nops; i++)
        if (carried(&k->ops[i]) && k->ops[i].last_use + 1 > n)
            n = k->ops[i].last_use + 1;
    return n;
}

int emit_pipeline_regs(struct nl_module *m, const struct hir_kernel *k,
                       const struct oclhls_board *board, const struct emit_reads *reads)
{
    struct pipeline_plan plan;
    int rc = plan_pipeline(&plan, k, board, reads, m);
    if (!rc) {
        nl_comment(m, "Pipeline registers: values carried to the later stages that read them.");
        emit_delay_lines(m, k, board, &plan);
        emit_declarations(m, k, &plan);
        emit_registers(m, k, &plan);
        nl_blank(m);
    }
    free_plan(&plan);
    return rc;
}
