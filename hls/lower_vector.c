// SPDX-License-Identifier: MIT
/*
 * What the frontend's scalarizer leaves of vector code: vector loads and stores, and the
 * extractelement/insertelement/shufflevector instructions around them. A vector value is
 * kept as its lanes (one hardware value each, HIR_NONE for a poison lane); a vector load
 * is one scalar load per lane, a vector store one scalar store per lane.
 */
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

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
    if (*nlanes > VEC_MAX_LANES)
        return hls_error(l->ctx, line, "vectors of more than %d elements are not supported",
                         VEC_MAX_LANES);
    *width = lower_type_width(l, LLVMGetElementType(t), line);
    return *width ? 0 : -1;
}

static int put_vector(struct lower *l, LLVMValueRef v, const struct lower_vector *vec,
                      unsigned line)
{
    struct lower_vector *copy = malloc(sizeof(*copy));
    if (!copy || valmap_put(&l->vectors, v, l->nvector_lanes)) {
        free(copy);
        return hls_error(l->ctx, line, "out of memory");
    }
    struct lower_vector **grown =
        realloc(l->vector_lanes, (size_t)(l->nvector_lanes + 1) * sizeof(*grown));
    if (!grown) {
        free(copy);
        return hls_error(l->ctx, line, "out of memory");
    }
    *copy = *vec;
    l->vector_lanes = grown;
    l->vector_lanes[l->nvector_lanes++] = copy;
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
        *out = *l->vector_lanes[i];
        return 0;
    }
    if (!LLVMIsConstant(v))
        return hls_error(l->ctx, line, "this vector operation is not supported yet");
    for (unsigned j = 0; j < n; j++) {
        if (LLVMIsUndef(v) || LLVMIsPoison(v)) {
            out->lane[j] = HIR_NONE;
            continue;
        }
        LLVMValueRef e = LLVMGetAggregateElement(v, j);
        if (!e || (out->lane[j] = lower_operand(l, e, line)) == HIR_NONE)
            return e ? -1 : hls_error(l->ctx, line, "unsupported vector constant");
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
    for (unsigned j = 0; j < n; j++)
        if (lower_lane_store(l, inst, LLVMGetOperand(inst, 1), j, w, lane_value(l, &vec, (int)j, w),
                             line))
            return -1;
    return 0;
}

int lower_extract_element(struct lower *l, LLVMValueRef inst, unsigned line)
{
    struct lower_vector vec;
    unsigned j, w = lower_type_width(l, LLVMTypeOf(inst), line);
    if (!w || get_vector(l, LLVMGetOperand(inst, 0), &vec, line))
        return -1;
    if (constant_index(LLVMGetOperand(inst, 1), (unsigned)vec.nlanes, &j))
        return hls_error(l->ctx, line,
                         "vector elements selected at run time are not supported yet");
    int v = lane_value(l, &vec, (int)j, w);
    if (v == HIR_NONE || valmap_put(&l->values, inst, v))
        return hls_error(l->ctx, line, "out of memory");
    return 0;
}

int lower_insert_element(struct lower *l, LLVMValueRef inst, unsigned line)
{
    struct lower_vector vec;
    unsigned j;
    if (get_vector(l, LLVMGetOperand(inst, 0), &vec, line))
        return -1;
    if (constant_index(LLVMGetOperand(inst, 2), (unsigned)vec.nlanes, &j))
        return hls_error(l->ctx, line,
                         "vector elements selected at run time are not supported yet");
    if ((vec.lane[j] = lower_operand(l, LLVMGetOperand(inst, 1), line)) == HIR_NONE)
        return -1;
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

void lower_vectors_free(struct lower *l)
{
    for (int i = 0; i < l->nvector_lanes; i++)
        free(l->vector_lanes[i]);
    free(l->vector_lanes);
    valmap_free(&l->vectors);
}
