// SPDX-License-Identifier: MIT
/*
 * Calls left after inlining: the OpenCL work-item functions (answered by the dispatcher and
 * the kernel's CSRs) and LLVM's integer intrinsics. The frontend has already rejected calls
 * to anything else.
 */
#include <string.h>

#include "lower_shared.h"

struct wi_function {
    const char *mangled;
    enum hir_wi kind;
    uint64_t out_of_range; /* the spec's value for dimindx >= get_work_dim() or > 2 */
};

/* Itanium-mangled names as clang emits them for -target spir (size_t is uint). */
static const struct wi_function wi_functions[] = {
    {"_Z13get_global_idj", HIR_WI_GLOBAL_ID, 0},
    {"_Z12get_local_idj", HIR_WI_LOCAL_ID, 0},
    {"_Z12get_group_idj", HIR_WI_GROUP_ID, 0},
    {"_Z15get_global_sizej", HIR_WI_GLOBAL_SIZE, 1},
    {"_Z14get_local_sizej", HIR_WI_LOCAL_SIZE, 1},
    {"_Z23get_enqueued_local_sizej", HIR_WI_LOCAL_SIZE, 1}, /* uniform work-groups only */
    {"_Z14get_num_groupsj", HIR_WI_NUM_GROUPS, 1},
    {"_Z17get_global_offsetj", HIR_WI_GLOBAL_OFFSET, 0},
    {"_Z14get_compute_idj", HIR_WI_COMPUTE_ID, 0}, /* Intel FPGA SDK (num_compute_units) */
};

static int wi_value(struct lower *l, enum hir_wi kind, unsigned dim, unsigned line)
{
    /* one compute unit (or one along dim): its id is 0 */
    if (kind == HIR_WI_COMPUTE_ID && (l->k->compute_units <= 1 || l->k->cu_dims[dim] <= 1))
        return hir_const(l->k, 32, 0);
    for (int i = 0; i < l->k->nops; i++) {
        const struct hir_op *op = &l->k->ops[i];
        if (op->opcode == HIR_WI && op->imm == kind && op->aux == dim)
            return i;
    }
    int v = hir_emit(l->k, HIR_WI, 32, 0, NULL);
    if (v == HIR_NONE)
        return v;
    l->k->ops[v].imm = kind;
    l->k->ops[v].aux = dim;
    l->k->ops[v].line = line;
    return v;
}

/* get_xxx(dim): a constant dim picks the value; a variable one selects among x, y, z. */
static int lower_wi_call(struct lower *l, const struct wi_function *f, LLVMValueRef arg,
                         unsigned line)
{
    if (LLVMIsAConstantInt(arg)) {
        uint64_t d = LLVMConstIntGetZExtValue(arg);
        return d < 3 ? wi_value(l, f->kind, (unsigned)d, line)
                     : hir_const(l->k, 32, f->out_of_range);
    }
    int dim = lower_operand(l, arg, line);
    if (dim == HIR_NONE)
        return HIR_NONE;
    int result = hir_const(l->k, 32, f->out_of_range);
    for (unsigned d = 3; d-- > 0;) {
        int cmp_ops[2] = {dim, hir_const(l->k, 32, d)};
        int is_d = hir_emit(l->k, HIR_EQ, 1, 2, cmp_ops);
        int sel_ops[3] = {is_d, wi_value(l, f->kind, d, line), result};
        result = hir_emit(l->k, HIR_SELECT, 32, 3, sel_ops);
    }
    return result;
}

static int emit2(struct lower *l, enum hir_opcode op, unsigned w, int a, int b)
{
    int ops[2] = {a, b};
    return hir_emit(l->k, op, w, 2, ops);
}

/* get_global_linear_id / get_local_linear_id per the OpenCL C 2.0 definitions. */
static int lower_linear_id(struct lower *l, int global, unsigned line)
{
    enum hir_wi id = global ? HIR_WI_GLOBAL_ID : HIR_WI_LOCAL_ID;
    enum hir_wi size = global ? HIR_WI_GLOBAL_SIZE : HIR_WI_LOCAL_SIZE;
    int acc = hir_const(l->k, 32, 0);
    for (unsigned d = 3; d-- > 0;) {
        int v = wi_value(l, id, d, line);
        if (global)
            v = emit2(l, HIR_SUB, 32, v, wi_value(l, HIR_WI_GLOBAL_OFFSET, d, line));
        acc = emit2(l, HIR_ADD, 32, emit2(l, HIR_MUL, 32, acc, wi_value(l, size, d, line)), v);
    }
    return acc;
}

struct intrinsic {
    const char *prefix;
    enum hir_opcode opcode;
    int nargs;
};

static const struct intrinsic intrinsics[] = {
    {"llvm.umin.", HIR_UMIN, 2},         {"llvm.umax.", HIR_UMAX, 2}, {"llvm.smin.", HIR_SMIN, 2},
    {"llvm.smax.", HIR_SMAX, 2},         {"llvm.abs.", HIR_ABS, 1},   {"llvm.ctpop.", HIR_CTPOP, 1},
    {"llvm.ctlz.", HIR_CTLZ, 1},         {"llvm.cttz.", HIR_CTTZ, 1}, {"llvm.bswap.", HIR_BSWAP, 1},
    {"llvm.bitreverse.", HIR_BITREV, 1}, {"llvm.fshl.", HIR_FSHL, 3}, {"llvm.fshr.", HIR_FSHR, 3},
};

static const char *const ignored_prefixes[] = {
    "llvm.dbg.",       "llvm.lifetime.",  "llvm.assume", "llvm.experimental.noalias.scope.decl",
    "llvm.invariant.", "llvm.sideeffect",
};

static int lower_intrinsic(struct lower *l, LLVMValueRef call, const struct intrinsic *in,
                           unsigned line)
{
    unsigned w = lower_type_width(l, LLVMTypeOf(call), line);
    if (!w)
        return -1;
    if (w != 8 && w != 16 && w != 32 && w != 64)
        return lower_error(l, line, "'%s' on %u-bit values is not supported", in->prefix, w);
    int ops[3];
    for (int i = 0; i < in->nargs; i++)
        if ((ops[i] = lower_operand(l, LLVMGetOperand(call, (unsigned)i), line)) == HIR_NONE)
            return -1;
    int v = hir_emit(l->k, in->opcode, w, in->nargs, ops);
    if (v == HIR_NONE || valmap_put(&l->values, call, v))
        return lower_error(l, line, "out of memory");
    l->k->ops[v].line = line;
    return 0;
}

/* Saturating add/sub from InstCombine, built from ordinary operations. */
static int lower_saturating(struct lower *l, LLVMValueRef call, const char *name, unsigned line)
{
    unsigned w = lower_type_width(l, LLVMTypeOf(call), line);
    if (!w)
        return -1;
    int a = lower_operand(l, LLVMGetOperand(call, 0), line);
    int b = lower_operand(l, LLVMGetOperand(call, 1), line);
    if (a == HIR_NONE || b == HIR_NONE)
        return -1;
    int sub = strstr(name, "sub.sat") != NULL;
    int sgn = name[5] == 's';
    uint64_t mask = w == 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
    int r = emit2(l, sub ? HIR_SUB : HIR_ADD, w, a, b);
    int overflow, limit;
    if (!sgn) {
        /* unsigned: add wraps below a; sub wraps when b > a */
        overflow = sub ? emit2(l, HIR_UGT, 1, b, a) : emit2(l, HIR_ULT, 1, r, a);
        limit = hir_const(l->k, w, sub ? 0 : mask);
    } else {
        /* signed: overflow when the result's sign differs from a's and (for add) a and b
           agree in sign, (for sub) they differ; the limit takes a's sign */
        int zero = hir_const(l->k, w, 0);
        int a_neg = emit2(l, HIR_SLT, 1, a, zero), b_neg = emit2(l, HIR_SLT, 1, b, zero);
        int r_neg = emit2(l, HIR_SLT, 1, r, zero);
        int same = emit2(l, HIR_EQ, 1, a_neg, b_neg);
        int cond = sub ? hir_not1(l->k, same) : same;
        overflow = hir_and1(l->k, cond, emit2(l, HIR_NE, 1, r_neg, a_neg));
        int ops[3] = {a_neg, hir_const(l->k, w, (mask >> 1) + 1), hir_const(l->k, w, mask >> 1)};
        limit = hir_emit(l->k, HIR_SELECT, w, 3, ops);
    }
    int ops[3] = {overflow, limit, r};
    int v = hir_emit(l->k, HIR_SELECT, w, 3, ops);
    if (v == HIR_NONE || valmap_put(&l->values, call, v))
        return lower_error(l, line, "out of memory");
    return 0;
}

/*
 * mem_fence (read_mem_fence, write_mem_fence; atomic_work_item_fence calls it): a work-item's
 * own accesses stay in program order already, but its stores may wait in a write-combining
 * store unit. A fence on global memory (CLK_GLOBAL_MEM_FENCE, or flags known only at run
 * time) makes the accesses after it wait until the stores before it are in memory, and the
 * loads after it read memory rather than a line they hold (memory_order.c), so that the
 * "store, fence, set a flag" hand-over between work-items works.
 */
static int lower_fence(struct lower *l, LLVMValueRef call)
{
    LLVMValueRef flags = LLVMGetOperand(call, 0);
    if (!LLVMIsAConstantInt(flags) || (LLVMConstIntGetZExtValue(flags) & 2))
        l->global_fences++;
    return 0;
}


int lower_call(struct lower *l, LLVMValueRef call, unsigned line)
{
    LLVMValueRef callee = LLVMGetCalledValue(call);
    size_t len = 0;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    int v = HIR_NONE;

    for (size_t i = 0; i < sizeof(ignored_prefixes) / sizeof(ignored_prefixes[0]); i++)
        if (!strncmp(name, ignored_prefixes[i], strlen(ignored_prefixes[i])))
            return 0;
    for (size_t i = 0; i < sizeof(intrinsics) / sizeof(intrinsics[0]); i++)
        if (!strncmp(name, intrinsics[i].prefix, strlen(intrinsics[i].prefix)))
            return lower_intrinsic(l, call, &intrinsics[i], line);
    if (!strncmp(name, "__oclhls_printf_", 16))
        return lower_printf_call(l, call, name, line);
    int image = lower_image_call(l, call, name, line);
    if (image)
        return image < 0 ? -1 : 0;
    if (!strncmp(name, "__oclhls_", 9))
        return lower_stream_call(l, call, name, line);
    if (!strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13))
        return lower_block_copy(l, call, line);
    if (!strncmp(name, "llvm.memset.", 12))
        return lower_block_fill(l, call, line);
    if (!strncmp(name, "llvm.", 5) && strstr(name, ".sat."))
        return lower_saturating(l, call, name, line);
    if (!strncmp(name, "llvm.", 5) &&
        (strstr(name, ".f32") || strstr(name, ".f64") || strstr(name, ".f16")))
        return lower_float_intrinsic(l, call, name, line);
    const struct wi_function *wf = NULL;
    for (size_t i = 0; i < sizeof(wi_functions) / sizeof(wi_functions[0]); i++)
        if (!strcmp(name, wi_functions[i].mangled))
            wf = &wi_functions[i];
    if (wf)
        v = lower_wi_call(l, wf, LLVMGetOperand(call, 0), line);
    else if (!strcmp(name, "_Z12get_work_dimv"))
        v = wi_value(l, HIR_WI_WORK_DIM, 0, line);
    else if (!strcmp(name, "_Z20get_global_linear_idv"))
        v = lower_linear_id(l, 1, line);
    else if (!strcmp(name, "_Z19get_local_linear_idv"))
        v = lower_linear_id(l, 0, line);
    else if (!strcmp(name, "_Z7barrierj") || !strncmp(name, "_Z18work_group_barrierj", 23))
        return lower_barrier(l, call, line);
    else if (strstr(name, "mem_fence"))
        return lower_fence(l, call);
    else
        return lower_error(l, line, "call to '%s' is not supported yet", name);
    if (v == HIR_NONE)
        return -1; /* reported by the operand lookup, or out of memory */
    if (valmap_put(&l->values, call, v))
        return lower_error(l, line, "out of memory");
    return 0;
}
