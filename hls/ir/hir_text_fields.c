// SPDX-License-Identifier: MIT
/* The field tables of the IR's text (hir_text_fields.h). */
#include "hir_text_fields.h"

#include <stdint.h>
#include <string.h>

#include "hir.h"

#define OP(f, t, d) {#f, offsetof(struct hir_op, f), t, d}
static const struct field op_fields[] = {
    OP(pred, F_VALUE, HIR_NONE),   OP(imm, F_U64, 0),           OP(aux, F_UINT, 0),
    OP(line, F_UINT, 0),           OP(file, F_UINT, 0),
    OP(addr_space, F_UINT, 0),     OP(parray, F_INT, HIR_NONE),
    OP(base_arg, F_INT, HIR_NONE), OP(lsu, F_INT, HIR_NONE),    OP(ordered, F_INT, 0),
    OP(uncached, F_INT, 0),        OP(write_through, F_INT, 0), OP(order_after, F_LSUS, 0),
    OP(war_after, F_LSUS, 0),       OP(atomic, F_INT, 0),        OP(discard, F_INT, 0),
    OP(store_site, F_INT, HIR_NONE), OP(replica, F_INT, HIR_NONE), OP(unit, F_INT, HIR_NONE),
    OP(stream, F_INT, HIR_NONE),   OP(next, F_VALUE, HIR_NONE), OP(init_copy, F_VALUE, HIR_NONE),
    OP(loop, F_INT, HIR_NONE),     OP(seg, F_INT, 0),           OP(rebuilt_at, F_INT, 0),
    OP(live, F_INT, 0),            OP(invariant, F_INT, 0),     OP(stage, F_INT, 0),
    OP(ready_stage, F_INT, 0),     OP(ready_delay, F_INT, 0),   OP(last_use, F_INT, 0),
    OP(sig_bits, F_UINT, 0),       OP(fence_seq, F_INT, 0),     OP(simd_wide, F_INT, 0),
};

#define KERNEL(f, t, d) {#f, offsetof(struct hir_kernel, f), t, d}
static const struct field kernel_fields[] = {
    KERNEL(line, F_UINT, 0),          KERNEL(file, F_UINT, 0),
    KERNEL(arg_words, F_UINT, 0),
    KERNEL(nlsus, F_INT, 0),          KERNEL(depth, F_INT, 0),
    KERNEL(load_latency, F_UINT, 0),  KERNEL(stage_budget, F_INT, 0),
    KERNEL(unit_input_delay, F_INT, 0), KERNEL(bram_load_delay, F_INT, 2),
    KERNEL(cur_line, F_UINT, 0),      KERNEL(cur_file, F_UINT, 0),
    KERNEL(cur_loop, F_INT, HIR_NONE), KERNEL(single_work_item, F_INT, 0),
    KERNEL(dispatch_ii, F_INT, 1),    KERNEL(float_lcs_ii1, F_UINT, 0),
    KERNEL(nslots, F_INT, 0),         KERNEL(slot, F_VALUE, HIR_NONE),
    KERNEL(wg_slot, F_VALUE, HIR_NONE), KERNEL(nwg_slots, F_INT, 0),
    KERNEL(max_wg, F_UINT, 0),        KERNEL(attr_max_wg, F_UINT, 0),
    KERNEL(attr_wg_in_flight, F_UINT, 0), KERNEL(autorun, F_INT, 0),
    KERNEL(line_kernel, F_INT, 0),    KERNEL(line_refusal_line, F_UINT, 0),
    KERNEL(line_elem_bits, F_UINT, 0), KERNEL(line_loads, F_INT, 0),
    KERNEL(line_stores, F_INT, 0),    KERNEL(constant_arg, F_INT, HIR_NONE),
    KERNEL(printf_arg, F_INT, HIR_NONE), KERNEL(profile, F_INT, 0),
    KERNEL(simd, F_UINT, 0),          KERNEL(compute_units, F_UINT, 0),
    {"cu_x", offsetof(struct hir_kernel, cu_dims[0]), F_UINT, 0},
    {"cu_y", offsetof(struct hir_kernel, cu_dims[1]), F_UINT, 0},
    {"cu_z", offsetof(struct hir_kernel, cu_dims[2]), F_UINT, 0},
};

#define LOOP(f, t, d) {#f, offsetof(struct hir_loop, f), t, d}
static const struct field loop_fields[] = {
    LOOP(parent, F_INT, HIR_NONE),     LOOP(begin, F_INT, 0),
    LOOP(end, F_INT, 0),               LOOP(cont, F_VALUE, HIR_NONE),
    LOOP(innermost, F_INT, 1),         LOOP(line, F_UINT, 0),
    LOOP(file, F_UINT, 0),
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
    PARRAY(file, F_UINT, 0),
    PARRAY(nloads, F_INT, 0),   PARRAY(nstores, F_INT, 0),     PARRAY(nreplicas, F_INT, 0),
    PARRAY(local, F_INT, 0),    PARRAY(arg, F_INT, HIR_NONE),  PARRAY(banks, F_UINT, 0),
};

#define BARRIER(f, t, d) {#f, offsetof(struct hir_barrier, f), t, d}
static const struct field barrier_fields[] = {
    BARRIER(pos, F_INT, 0),
    BARRIER(line, F_UINT, 0),
    BARRIER(file, F_UINT, 0),
    BARRIER(global_fence, F_INT, 0),
    BARRIER(gate_of, F_INT, HIR_NONE),
};

#define STREAM(f, t, d) {#f, offsetof(struct hir_stream, f), t, d}
static const struct field stream_fields[] = {
    STREAM(channel, F_INT, HIR_NONE), STREAM(arg, F_INT, HIR_NONE), STREAM(write, F_INT, 0),
    STREAM(bytes, F_UINT, 0),         STREAM(line, F_UINT, 0),
    STREAM(file, F_UINT, 0),
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
_Static_assert(sizeof(struct hir_op) == 464, "hir_op changed: update op_fields");
_Static_assert(sizeof(struct hir_kernel) == 344, "hir_kernel changed: update kernel_fields");
_Static_assert(sizeof(struct hir_loop) == 104, "hir_loop changed: update loop_fields");
_Static_assert(sizeof(struct hir_segment) == 88, "hir_segment changed: update seg_fields");
_Static_assert(sizeof(struct hir_parray) == 40, "hir_parray changed: update parray_fields");
_Static_assert(sizeof(struct hir_barrier) == 20, "hir_barrier changed: update barrier_fields");
_Static_assert(sizeof(struct hir_stream) == 24, "hir_stream changed: update stream_fields");
_Static_assert(sizeof(struct hir_mem_dep) == 12, "hir_mem_dep changed: update memdep_fields");
#endif


#define TABLE(name, t) const struct field_table name = {t, NFIELDS(t)}
TABLE(hir_op_fields, op_fields);
TABLE(hir_kernel_fields, kernel_fields);
TABLE(hir_loop_fields, loop_fields);
TABLE(hir_seg_fields, seg_fields);
TABLE(hir_parray_fields, parray_fields);
TABLE(hir_barrier_fields, barrier_fields);
TABLE(hir_stream_fields, stream_fields);
TABLE(hir_memdep_fields, memdep_fields);

long long hir_field_get(const void *rec, const struct field *f)
{
    const char *p = (const char *)rec + f->offset;

    switch (f->type) {
    case F_UINT:
        return *(const unsigned *)p;
    case F_U64:
        return (long long)*(const uint64_t *)p;
    case F_OPCODE:
        return *(const enum hir_opcode *)p;
    case F_LSUS:
        return !hir_lsu_set_empty((const struct hir_lsu_set *)p);
    default:
        return *(const int *)p;
    }
}

void hir_fields_default(void *rec, const struct field_table *t)
{
    for (int i = 0; i < t->n; i++) {
        const struct field *f = &t->f[i];
        char *p = (char *)rec + f->offset;

        switch (f->type) {
        case F_UINT:
            *(unsigned *)p = (unsigned)f->def;
            break;
        case F_U64:
            *(uint64_t *)p = (uint64_t)f->def;
            break;
        case F_OPCODE:
            *(enum hir_opcode *)p = (enum hir_opcode)f->def;
            break;
        case F_LSUS:
            memset(p, 0, sizeof(struct hir_lsu_set));
            break;
        default:
            *(int *)p = (int)f->def;
        }
    }
}
