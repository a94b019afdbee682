// SPDX-License-Identifier: MIT
/*
 * What the frontend's scalarizer leaves of vector code: vector loads and stores, and the
 * extractelement/insertelement/shufflevector instructions around them. A vector value is
 * kept as its lanes (one hardware value each, HIR_NONE for a poison lane); a vector load
 * is one scalar load per lane, a vector store one scalar store per lane.
 */
#include <stdlib.h>

#include "lower_shared.h"

#define VEC_MAX_LANES 16

struct lower_vector {
    int nlanes;
    int lane[VEC_MAX_LANES];
};

/* The lanes of a vector type: count and element width, or an error. */
static int vector_shape(struct lower *l, LLVMTypeRef t, unsigned *nlanes, unsigned *width,
                        unsigned line)
{
    *nlanes = LLVMGetVectorSize(t);
    *width = 0; /* set on every path: callers read it only on success */
    if (*nlanes > VEC_MAX_LANES)
        return lower_error(l, line, "vectors of more than %d elements are not supported",
                           VEC_MAX_LANES);
    *width = lower_type_width(l, LLVMGetElementType(t), line);
    return *width ? 0 : -1;
}

static int put_vector(struct lower *l, LLVMValueRef v, const struct lower_vector *vec,
                      unsigned line)
{
    struct lower_vector *grown =
        realloc(l->vector_lanes, (size_t)(l->nvector_lanes + 1) * sizeof(*grown));
    if (!grown || valmap_put(&l->vectors, v, l->nvector_lanes)) {
        if (grown)
            l->vector_lanes = grown;
        return lower_error(l, line, "out of memory");
    }
    l->vector_lanes = grown;
    l->vector_lanes[l->nvector_lanes++] = *vec;
    return 0;
}

/* The lanes of a vector operand: an instruction lowered here, or a constant. */
static int get_vector(struct lower *l, LLVMValueRef v, struct lower_vector *out, unsigned line)
{
    unsigned n, w;
    if (vector_shape(l, LLVMTypeOf(v), &n, &w, line))
        return -1;
    out->nlanes = (int)n;
    int i = valmap_get(&l->vectors, v, HIR_NONE);
    if (i != HIR_NONE) {
        *out = l->vector_lanes[i];
        return 0;
    }
    if (!LLVMIsConstant(v))
        return lower_error(l, line, "this vector operation is not supported yet");
    for (unsigned j = 0; j < n; j++) {
        if (LLVMIsUndef(v) || LLVMIsPoison(v)) {
            out->lane[j] = HIR_NONE;
            continue;
        }
        LLVMValueRef e = LLVMGetAggregateElement(v, j);
        if (!e || (out->lane[j] = lower_operand(l, e, line)) == HIR_NONE)
            return e ? -1 : lower_error(l, line, "unsupported vector constant");
    }
    return 0;
}

/* A lane's value for a store or an extract: a poison lane reads as 0. */
static int lane_value(struct lower *l, const struct lower_vector *v, int j, unsigned width)
{
    return v->lane[j] != HIR_NONE ? v->lane[j] : hir_const(l->k, width, 0);
}

static int constant_index(LLVMValueRef idx, unsigned n, unsigned *out)
{
    if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) >= n)
        return -1;
    *out = (unsigned)LLVMConstIntGetZExtValue(idx);
    return 0;
}

int lower_vector_load(struct lower *l, LLVMValueRef inst, unsigned line)
{
    unsigned n, w;
    struct lower_vector vec = {0};
    if (vector_shape(l, LLVMTypeOf(inst), &n, &w, line))
        return -1;
    vec.nlanes = (int)n;
    int wide = lower_wide_load(l, inst, n, w, vec.lane, line);
    if (wide)
        return wide < 0 ? -1 : put_vector(l, inst, &vec, line);
    for (unsigned j = 0; j < n; j++)
        if ((vec.lane[j] = lower_lane_load(l, inst, LLVMGetOperand(inst, 0), j, w, line)) ==
            HIR_NONE)
            return -1;
    return put_vector(l, inst, &vec, line);
}

int lower_vector_store(struct lower *l, LLVMValueRef inst, unsigned line)
{
    LLVMValueRef val = LLVMGetOperand(inst, 0);
    unsigned n, w;
    struct lower_vector vec;
    if (vector_shape(l, LLVMTypeOf(val), &n, &w, line) || get_vector(l, val, &vec, line))
        return -1;
    int data[VEC_MAX_LANES];
    for (unsigned j = 0; j < n; j++)
        data[j] = lane_value(l, &vec, (int)j, w);
    int wide = lower_wide_store(l, inst, n, w, data, line);
    if (wide)
        return wide < 0 ? -1 : 0;
    for (unsigned j = 0; j < n; j++)
        if (lower_lane_store(l, inst, LLVMGetOperand(inst, 1), j, w, lane_value(l, &vec, (int)j, w),
                             line))
            return -1;
    return 0;
}

/* A run-time lane index: the value, its width, or HIR_NONE after an error. */
static int index_value(struct lower *l, LLVMValueRef idx, unsigned *width, unsigned line)
{
    *width = lower_type_width(l, LLVMTypeOf(idx), line);
    return *width ? lower_operand(l, idx, line) : HIR_NONE;
}

/* idx == j, a 1-bit value. */
static int lane_is(struct lower *l, int idx, unsigned iw, unsigned j)
{
    int ops[2] = {idx, hir_const(l->k, iw, j)};
    return hir_emit(l->k, HIR_EQ, 1, 2, ops);
}

static int select3(struct lower *l, unsigned width, int cond, int a, int b)
{
    int ops[3] = {cond, a, b};
    return cond == HIR_NONE ? HIR_NONE : hir_emit(l->k, HIR_SELECT, width, 3, ops);
}

/* A lane picked by a constant index, or by a run-time one through a chain of selects. */
int lower_extract_element(struct lower *l, LLVMValueRef inst, unsigned line)
{
    struct lower_vector vec;
    unsigned j, iw, w = lower_type_width(l, LLVMTypeOf(inst), line);
    if (!w || get_vector(l, LLVMGetOperand(inst, 0), &vec, line))
        return -1;
    int v;
    if (!constant_index(LLVMGetOperand(inst, 1), (unsigned)vec.nlanes, &j)) {
        v = lane_value(l, &vec, (int)j, w);
    } else {
        int idx = index_value(l, LLVMGetOperand(inst, 1), &iw, line);
        if (idx == HIR_NONE)
            return -1;
        v = lane_value(l, &vec, vec.nlanes - 1, w); /* out of range: any value */
        for (int k = vec.nlanes - 2; k >= 0 && v != HIR_NONE; k--)
            v = select3(l, w, lane_is(l, idx, iw, (unsigned)k), lane_value(l, &vec, k, w), v);
    }
    if (v == HIR_NONE || valmap_put(&l->values, inst, v))
        return lower_error(l, line, "out of memory");
    return 0;
}

/* One lane replaced: by a constant index, or at run time, every lane chooses. */
int lower_insert_element(struct lower *l, LLVMValueRef inst, unsigned line)
{
    struct lower_vector vec;
    unsigned j, iw, n, w;
    if (vector_shape(l, LLVMTypeOf(inst), &n, &w, line) ||
        get_vector(l, LLVMGetOperand(inst, 0), &vec, line))
        return -1;
    int value = lower_operand(l, LLVMGetOperand(inst, 1), line);
    if (value == HIR_NONE)
        return -1;
    if (!constant_index(LLVMGetOperand(inst, 2), n, &j)) {
        vec.lane[j] = value;
        return put_vector(l, inst, &vec, line);
    }
    int idx = index_value(l, LLVMGetOperand(inst, 2), &iw, line);
    if (idx == HIR_NONE)
        return -1;
    for (unsigned k = 0; k < n; k++) {
        int old = lane_value(l, &vec, (int)k, w);
        if ((vec.lane[k] = select3(l, w, lane_is(l, idx, iw, k), value, old)) == HIR_NONE)
            return lower_error(l, line, "out of memory");
    }
    return put_vector(l, inst, &vec, line);
}

int lower_shuffle_vector(struct lower *l, LLVMValueRef inst, unsigned line)
{
    struct lower_vector a, b, out = {0};
    unsigned n, w;
    if (vector_shape(l, LLVMTypeOf(inst), &n, &w, line) ||
        get_vector(l, LLVMGetOperand(inst, 0), &a, line) ||
        get_vector(l, LLVMGetOperand(inst, 1), &b, line))
        return -1;
    out.nlanes = (int)n;
    for (unsigned j = 0; j < n; j++) {
        int m = LLVMGetMaskValue(inst, j);
        out.lane[j] = m < 0 ? HIR_NONE : m < a.nlanes ? a.lane[m] : b.lane[m - a.nlanes];
    }
    return put_vector(l, inst, &out, line);
}

/* The `width`-bit field at bit `at` of the lanes (each `lw` bits) of v, as one value. */
static int bit_field(struct lower *l, const struct lower_vector *v, unsigned lw, unsigned at,
                     unsigned width)
{
    int acc = HIR_NONE;
    for (unsigned done = 0; done < width;) {
        unsigned lane = (at + done) / lw, shift = (at + done) % lw;
        unsigned take = lw - shift < width - done ? lw - shift : width - done;
        int x = lane_value(l, v, (int)lane, lw);
        if (shift) {
            int ops[2] = {x, hir_const(l->k, lw, shift)};
            x = hir_emit(l->k, HIR_LSHR, lw, 2, ops);
        }
        if (lw != width) /* to the field's width: drop high bits or make room */
            x = hir_emit(l->k, lw > width ? HIR_TRUNC : HIR_ZEXT, width, 1, &x);
        if (done) {
            int ops[2] = {x, hir_const(l->k, width, done)};
            x = hir_emit(l->k, HIR_SHL, width, 2, ops);
            int both[2] = {acc, x};
            x = hir_emit(l->k, HIR_OR, width, 2, both);
        }
        if (x == HIR_NONE)
            return HIR_NONE;
        acc = x;
        done += take;
    }
    return acc;
}

/* LLVM freezes a value it uses twice after a rewrite that may make poison of it (x % y as
   x - (x / y) * y with the divisor from a select); a wire is never poison: the same lanes. */
int lower_vector_freeze(struct lower *l, LLVMValueRef inst, unsigned line)
{
    struct lower_vector vec;
    if (get_vector(l, LLVMGetOperand(inst, 0), &vec, line))
        return -1;
    return put_vector(l, inst, &vec, line);
}

/*
 * bitcast to, from or between vectors (as_int4(long2), as_uint(uchar4)): the same bits in
 * other lanes; a scalar is one lane.
 */
int lower_vector_bitcast(struct lower *l, LLVMValueRef inst, unsigned line)
{
    LLVMValueRef src = LLVMGetOperand(inst, 0);
    LLVMTypeRef st = LLVMTypeOf(src), dt = LLVMTypeOf(inst);
    struct lower_vector in, out = {0};
    unsigned sn = 1, sw, dn = 1, dw;
    if (LLVMGetTypeKind(st) == LLVMVectorTypeKind) {
        if (vector_shape(l, st, &sn, &sw, line) || get_vector(l, src, &in, line))
            return -1;
    } else {
        if (!(sw = lower_type_width(l, st, line)) ||
            (in.lane[0] = lower_operand(l, src, line)) == HIR_NONE)
            return -1;
        in.nlanes = 1;
    }
    if (LLVMGetTypeKind(dt) == LLVMVectorTypeKind) {
        if (vector_shape(l, dt, &dn, &dw, line))
            return -1;
    } else if (!(dw = lower_type_width(l, dt, line))) {
        return -1;
    }
    if (sn * sw != dn * dw)
        return lower_error(l, line, "bit cast between types of different sizes");
    out.nlanes = (int)dn;
    for (unsigned j = 0; j < dn; j++)
        if ((out.lane[j] = bit_field(l, &in, sw, j * dw, dw)) == HIR_NONE)
            return lower_error(l, line, "out of memory");
    if (LLVMGetTypeKind(dt) == LLVMVectorTypeKind)
        return put_vector(l, inst, &out, line);
    if (valmap_put(&l->values, inst, out.lane[0]))
        return lower_error(l, line, "out of memory");
    return 0;
}

/*
 * A vector argument by value: its bytes (clang's size, 16 for an int3 as for an int4) at the
 * next 8-byte aligned CSR offset, one HIR_ARG per lane reading its own bytes (aux).
 */
int lower_vector_argument(struct lower *l, int arg, LLVMValueRef param, unsigned *offset)
{
    struct hir_kernel *k = l->k;
    unsigned line = l->fk->line, n, w;
    LLVMTypeRef t = LLVMTypeOf(param);
    struct lower_vector vec = {0};
    if (vector_shape(l, t, &n, &w, line))
        return -1;
    unsigned bytes = (unsigned)LLVMABISizeOfType(l->td, t);
    *offset = (*offset + 7) & ~7u;
    if (lower_argument_room(l, *offset + bytes, line))
        return -1;
    k->arg_width[arg] = bytes * 8;
    k->arg_csr_offset[arg] = *offset;
    *offset += (bytes + 3) & ~3u;
    vec.nlanes = (int)n;
    for (unsigned j = 0; j < n; j++) {
        int id = hir_emit(k, HIR_ARG, w, 0, NULL);
        if (id == HIR_NONE)
            return lower_error(l, line, "out of memory");
        k->ops[id].imm = (uint64_t)arg;
        k->ops[id].aux = j * (w / 8);
        k->ops[id].line = line;
        vec.lane[j] = id;
    }
    return put_vector(l, param, &vec, line);
}

void lower_vectors_free(struct lower *l)
{
    free(l->vector_lanes);
    valmap_free(&l->vectors);
}
