/* SPDX-License-Identifier: MIT */
/*
 * OpenCL 2.0 pipes (OpenCL C 3.0, 6.15.16 "Pipe Functions"). Clang lowers the pipe builtins to
 * calls such as
 *   i32 @__write_pipe_2(target("spirv.Pipe", 1) %p, ptr addrspace(4) %packet, i32 size, i32 align)
 * with the packet in memory. fe_rewrite_pipes (before the library link) turns each into the
 * value-based calls HLS lowers (stream_calls.c, issue 8 contract): packets as chunk operands
 * and results, __oclhls_pipe_* on the pipe argument. The work-group forms call
 * builtins/pipes.cl, which reserves in one work-item and broadcasts the id.
 *
 * A reservation id (target("spirv.ReserveId")) becomes an i64, -1 when invalid. Clang keeps
 * reserve_id_t variables in allocas of that type, so the rewrite leaves the type in place and
 * converts at its edges: @__oclhls_rid(i64) makes an id of an i64 and @__oclhls_rid_value(id)
 * reads it back. After the pass pipeline (everything inlined, allocas promoted) the ids are
 * SSA values and fe_resolve_reserve_ids replaces them by their i64s.
 */
#include "fe_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RID_FROM_I64 "__oclhls_rid"
#define RID_VALUE "__oclhls_rid_value"

enum pipe_op {
    OP_WRITE,       /* (p, ptr, size, align) */
    OP_READ,        /* (p, ptr, size, align) */
    OP_WRITE_AT,    /* (p, rid, index, ptr, size, align) */
    OP_READ_AT,     /* (p, rid, index, ptr, size, align) */
    OP_RESERVE,     /* (p, n, size, align) */
    OP_WG_RESERVE,  /* (p, n, size, align) */
    OP_COMMIT,      /* (p, rid, size, align) */
    OP_WG_COMMIT,   /* (p, rid, size, align) */
    OP_NUM_PACKETS, /* (p, size, align) */
    OP_MAX_PACKETS, /* (p, size, align) */
    OP_IS_VALID,    /* (rid) */
    OP_SUB_GROUP,   /* not supported */
};

struct pipe_builtin {
    const char *name;
    enum pipe_op op;
    const char *end; /* "ro" or "wo": which end of the pipe */
};

static const struct pipe_builtin pipe_builtins[] = {
    {"__write_pipe_2", OP_WRITE, "wo"},
    {"__read_pipe_2", OP_READ, "ro"},
    {"__write_pipe_4", OP_WRITE_AT, "wo"},
    {"__read_pipe_4", OP_READ_AT, "ro"},
    {"__reserve_write_pipe", OP_RESERVE, "wo"},
    {"__reserve_read_pipe", OP_RESERVE, "ro"},
    {"__work_group_reserve_write_pipe", OP_WG_RESERVE, "wo"},
    {"__work_group_reserve_read_pipe", OP_WG_RESERVE, "ro"},
    {"__commit_write_pipe", OP_COMMIT, "wo"},
    {"__commit_read_pipe", OP_COMMIT, "ro"},
    {"__work_group_commit_write_pipe", OP_WG_COMMIT, "wo"},
    {"__work_group_commit_read_pipe", OP_WG_COMMIT, "ro"},
    {"__get_pipe_num_packets_wo", OP_NUM_PACKETS, "wo"},
    {"__get_pipe_num_packets_ro", OP_NUM_PACKETS, "ro"},
    {"__get_pipe_max_packets_wo", OP_MAX_PACKETS, "wo"},
    {"__get_pipe_max_packets_ro", OP_MAX_PACKETS, "ro"},
    {"_Z19is_valid_reserve_id13ocl_reserveid", OP_IS_VALID, ""},
    {"__sub_group_reserve_write_pipe", OP_SUB_GROUP, ""},
    {"__sub_group_reserve_read_pipe", OP_SUB_GROUP, ""},
    {"__sub_group_commit_write_pipe", OP_SUB_GROUP, ""},
    {"__sub_group_commit_read_pipe", OP_SUB_GROUP, ""},
};

/* One call being rewritten. */
struct pipe_call {
    LLVMModuleRef mod;
    LLVMContextRef ctx;
    LLVMBuilderRef b;
    LLVMValueRef call;
    const struct pipe_builtin *builtin;
    unsigned bytes, align; /* the packet */
};

/* Where the packet size operand is (the alignment follows it). */
static unsigned size_operand(enum pipe_op op)
{
    switch (op) {
    case OP_WRITE_AT:
    case OP_READ_AT:
        return 4;
    case OP_NUM_PACKETS:
    case OP_MAX_PACKETS:
        return 1;
    default:
        return 2;
    }
}

static LLVMTypeRef i32_type(struct pipe_call *pc)
{
    return LLVMInt32TypeInContext(pc->ctx);
}

static LLVMTypeRef i64_type(struct pipe_call *pc)
{
    return LLVMInt64TypeInContext(pc->ctx);
}

static LLVMValueRef const_i32(struct pipe_call *pc, unsigned v)
{
    return LLVMConstInt(i32_type(pc), v, 0);
}

/*
 * The call of base (declared as ret(args' types)); suffix 'e' adds ".ro" or ".wo" (which end of
 * the pipe), 'b' adds ".b<bytes>" (the packet's chunks), 'l' adds "_ro" or "_wo" (library names).
 */
static LLVMValueRef emit(struct pipe_call *pc, const char *base, char suffix, LLVMTypeRef ret,
                         LLVMValueRef *args, unsigned n)
{
    LLVMTypeRef types[4 + FE_MAX_PACKET_BYTES / 8];
    char name[64];

    for (unsigned i = 0; i < n; i++)
        types[i] = LLVMTypeOf(args[i]);
    if (suffix == 'e' || suffix == 'l')
        snprintf(name, sizeof(name), "%s%c%s", base, suffix == 'e' ? '.' : '_', pc->builtin->end);
    else if (suffix == 'b')
        snprintf(name, sizeof(name), "%s.b%u", base, pc->bytes);
    else
        snprintf(name, sizeof(name), "%s", base);
    return fe_stream_call(pc->b, fe_stream_function(pc->mod, name, ret, types, n, 0), args, n);
}

/* The i64 of a reservation id (a placeholder until fe_resolve_reserve_ids). */
static LLVMValueRef rid_value(struct pipe_call *pc, LLVMValueRef rid)
{
    LLVMTypeRef t = LLVMTypeOf(rid);
    LLVMValueRef fn = fe_stream_function(pc->mod, RID_VALUE, i64_type(pc), &t, 1, 1);

    return fe_stream_call(pc->b, fn, &rid, 1);
}

static LLVMValueRef rid_from_i64(struct pipe_call *pc, LLVMValueRef v)
{
    LLVMTypeRef i64 = i64_type(pc);
    LLVMValueRef fn = fe_stream_function(pc->mod, RID_FROM_I64, LLVMTypeOf(pc->call), &i64, 1, 1);

    return fe_stream_call(pc->b, fn, &v, 1);
}

/* write_pipe: (p, bytes, chunks...) -> 0 or -1. */
static LLVMValueRef rewrite_write(struct pipe_call *pc, int at)
{
    LLVMValueRef args[4 + 8];
    unsigned n = 0;

    args[n++] = LLVMGetOperand(pc->call, 0);
    if (at) {
        args[n++] = rid_value(pc, LLVMGetOperand(pc->call, 1));
        args[n++] = LLVMGetOperand(pc->call, 2);
    }
    args[n++] = const_i32(pc, pc->bytes);
    fe_load_chunks(pc->b, pc->mod, LLVMGetOperand(pc->call, at ? 3 : 1), pc->bytes, pc->align,
                   args + n);
    n += fe_packet_chunks(pc->bytes);
    return emit(pc, at ? "__oclhls_pipe_write_at" : "__oclhls_pipe_write", 'b', i32_type(pc), args,
                n);
}

/* read_pipe: status = (p, bytes); the chunks go to the destination only when it is 0. */
static LLVMValueRef rewrite_read(struct pipe_call *pc, int at)
{
    LLVMValueRef args[4], status, seen;
    unsigned n = 0;

    args[n++] = LLVMGetOperand(pc->call, 0);
    if (at) {
        args[n++] = rid_value(pc, LLVMGetOperand(pc->call, 1));
        args[n++] = LLVMGetOperand(pc->call, 2);
    }
    args[n++] = const_i32(pc, pc->bytes);
    status =
        emit(pc, at ? "__oclhls_pipe_read_at" : "__oclhls_pipe_read", 0, i32_type(pc), args, n);
    seen = fe_status_copy(pc->b, pc->mod, status);
    fe_store_chunks(pc->b, pc->mod, LLVMGetOperand(pc->call, at ? 3 : 1), pc->bytes, pc->align,
                    status, LLVMBuildICmp(pc->b, LLVMIntEQ, seen, const_i32(pc, 0), ""));
    return seen;
}

static LLVMValueRef rewrite(struct pipe_call *pc)
{
    LLVMValueRef c = pc->call, args[3], v;

    switch (pc->builtin->op) {
    case OP_WRITE:
    case OP_WRITE_AT:
        return rewrite_write(pc, pc->builtin->op == OP_WRITE_AT);
    case OP_READ:
    case OP_READ_AT:
        return rewrite_read(pc, pc->builtin->op == OP_READ_AT);
    case OP_RESERVE:
    case OP_WG_RESERVE: /* (p, bytes, n) */
        args[0] = LLVMGetOperand(c, 0);
        args[1] = const_i32(pc, pc->bytes);
        args[2] = LLVMGetOperand(c, 1);
        if (pc->builtin->op == OP_RESERVE)
            v = emit(pc, "__oclhls_pipe_reserve", 'e', i64_type(pc), args, 3);
        else /* builtins/pipes.cl */
            v = emit(pc, "__oclhls_wg_reserve", 'l', i64_type(pc), args, 3);
        return rid_from_i64(pc, v);
    case OP_COMMIT:
    case OP_WG_COMMIT: /* (p, rid) */
        args[0] = LLVMGetOperand(c, 0);
        args[1] = rid_value(pc, LLVMGetOperand(c, 1));
        if (pc->builtin->op == OP_COMMIT)
            return emit(pc, "__oclhls_pipe_commit", 'e', LLVMVoidTypeInContext(pc->ctx), args, 2);
        return emit(pc, "__oclhls_wg_commit", 'l', LLVMVoidTypeInContext(pc->ctx), args, 2);
    case OP_NUM_PACKETS:
    case OP_MAX_PACKETS:
        args[0] = LLVMGetOperand(c, 0);
        return emit(pc,
                    pc->builtin->op == OP_NUM_PACKETS ? "__oclhls_pipe_num_packets"
                                                      : "__oclhls_pipe_max_packets",
                    'e', i32_type(pc), args, 1);
    case OP_IS_VALID:
        v = rid_value(pc, LLVMGetOperand(c, 0));
        return LLVMBuildICmp(pc->b, LLVMIntNE, v, LLVMConstAllOnes(i64_type(pc)), "");
    case OP_SUB_GROUP:
        break;
    }
    return NULL;
}

/* The packet's size and alignment; -1 (logged) when unusable. */
static int read_packet(struct pipe_call *pc, struct oclhls_strbuf *log)
{
    unsigned i = size_operand(pc->builtin->op);

    if (pc->builtin->op == OP_IS_VALID)
        return 0;
    if (fe_const_operand(pc->call, i, &pc->bytes) ||
        fe_const_operand(pc->call, i + 1, &pc->align) || !pc->bytes) {
        fe_call_error(pc->call, log, "internal: pipe packet size is not a constant");
        return -1;
    }
    if (pc->bytes > FE_MAX_PACKET_BYTES) {
        fe_call_error(pc->call, log, "pipe packets of %u bytes: at most %d", pc->bytes,
                      FE_MAX_PACKET_BYTES);
        return -1;
    }
    return 0;
}

static int rewrite_call(LLVMModuleRef mod, LLVMValueRef call, const struct pipe_builtin *bi,
                        struct oclhls_strbuf *log)
{
    struct pipe_call pc = {
        .mod = mod, .ctx = LLVMGetModuleContext(mod), .call = call, .builtin = bi};
    LLVMValueRef v;

    if (bi->op == OP_SUB_GROUP) {
        fe_call_error(call, log, "sub-group pipe functions are not supported (%s)", bi->name + 2);
        return -1;
    }
    if (read_packet(&pc, log))
        return -1;
    pc.b = fe_builder_at(call);
    v = rewrite(&pc);
    if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind)
        LLVMReplaceAllUsesWith(call, v);
    LLVMInstructionEraseFromParent(call);
    LLVMDisposeBuilder(pc.b);
    return 0;
}

int fe_rewrite_pipes(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    int ret = 0;

    for (size_t i = 0; i < sizeof(pipe_builtins) / sizeof(pipe_builtins[0]); i++) {
        LLVMValueRef fn = LLVMGetNamedFunction(mod, pipe_builtins[i].name), *calls;
        unsigned n;

        if (!fn)
            continue;
        n = fe_collect_calls(fn, &calls);
        for (unsigned j = 0; j < n; j++)
            if (rewrite_call(mod, calls[j], &pipe_builtins[i], log))
                ret = -1;
        free(calls);
        if (!LLVMGetFirstUse(fn))
            LLVMDeleteFunction(fn);
    }
    return ret;
}

/* ---- after the pipeline: reservation ids become their i64s ---- */

/* Ids already converted (phis may refer to themselves). */
struct rid_map {
    LLVMValueRef *from, *to;
    unsigned n, cap;
    LLVMModuleRef mod;
    struct oclhls_strbuf *log;
    int failed;
};

static LLVMValueRef map_lookup(struct rid_map *m, LLVMValueRef v)
{
    for (unsigned i = 0; i < m->n; i++)
        if (m->from[i] == v)
            return m->to[i];
    return NULL;
}

static void map_add(struct rid_map *m, LLVMValueRef from, LLVMValueRef to)
{
    if (m->n == m->cap) {
        unsigned cap = m->cap ? 2 * m->cap : 16;
        LLVMValueRef *f = realloc(m->from, cap * sizeof(*f)), *t;

        if (f)
            m->from = f;
        t = f ? realloc(m->to, cap * sizeof(*t)) : NULL;
        if (!t) {
            m->failed = 1;
            return;
        }
        m->to = t;
        m->cap = cap;
    }
    m->from[m->n] = from;
    m->to[m->n++] = to;
}

static int is_call_to(LLVMValueRef v, const char *name)
{
    LLVMValueRef callee = LLVMIsACallInst(v) ? LLVMIsAFunction(LLVMGetCalledValue(v)) : NULL;
    size_t len;

    return callee && !strcmp(LLVMGetValueName2(callee, &len), name);
}

static LLVMValueRef map_rid(struct rid_map *m, LLVMValueRef v);

/* A phi of ids: a phi of i64s, made before its incoming values (which may be itself). */
static LLVMValueRef map_phi(struct rid_map *m, LLVMValueRef phi)
{
    LLVMContextRef ctx = LLVMGetModuleContext(m->mod);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMValueRef nphi;
    unsigned n = LLVMCountIncoming(phi);

    LLVMPositionBuilderBefore(b, phi);
    nphi = LLVMBuildPhi(b, LLVMInt64TypeInContext(ctx), "rid");
    LLVMDisposeBuilder(b);
    map_add(m, phi, nphi);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef in = map_rid(m, LLVMGetIncomingValue(phi, i));
        LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, i);

        LLVMAddIncoming(nphi, &in, &bb, 1);
    }
    return nphi;
}

static LLVMValueRef map_select(struct rid_map *m, LLVMValueRef sel)
{
    LLVMBuilderRef b = fe_builder_at(sel);
    LLVMValueRef t = map_rid(m, LLVMGetOperand(sel, 1)), f = map_rid(m, LLVMGetOperand(sel, 2));
    LLVMValueRef v = LLVMBuildSelect(b, LLVMGetOperand(sel, 0), t, f, "rid");

    LLVMDisposeBuilder(b);
    return v;
}

/* The i64 of an id value. */
static LLVMValueRef map_rid(struct rid_map *m, LLVMValueRef v)
{
    LLVMValueRef r = map_lookup(m, v);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(m->mod));

    if (r)
        return r;
    if (is_call_to(v, RID_FROM_I64))
        r = LLVMGetOperand(v, 0);
    else if (LLVMIsAPHINode(v))
        return map_phi(m, v);
    else if (LLVMIsASelectInst(v))
        r = map_select(m, v);
    else if (LLVMIsAFreezeInst(v))
        r = map_rid(m, LLVMGetOperand(v, 0));
    else if (LLVMIsAConstant(v)) /* an id never reserved (undef, poison): invalid */
        r = LLVMConstAllOnes(i64);
    if (!r) {
        fe_call_error(v, m->log, "reservation ids must come straight from reserve functions");
        m->failed = 1;
        r = LLVMConstAllOnes(i64);
    }
    map_add(m, v, r);
    return r;
}

/* Every instruction of type t in the module; its uses by other such instructions dropped. */
static void delete_values_of_type(LLVMModuleRef mod, LLVMTypeRef t)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
                if (LLVMTypeOf(in) == t)
                    LLVMReplaceAllUsesWith(in, LLVMGetPoison(t));
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
                next = LLVMGetNextInstruction(in);
                if (LLVMTypeOf(in) == t)
                    LLVMInstructionEraseFromParent(in);
            }
}

/* Something other than our placeholders holds an id (a store to memory that stayed). */
static int check_no_other_uses(LLVMValueRef fn, struct oclhls_strbuf *log)
{
    int ret = 0;

    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);

        for (LLVMUseRef cu = LLVMGetFirstUse(call); cu; cu = LLVMGetNextUse(cu)) {
            LLVMValueRef user = LLVMGetUser(cu);

            if (!is_call_to(user, RID_VALUE) && LLVMTypeOf(user) != LLVMTypeOf(call)) {
                fe_call_error(user, log, "reservation ids can only be kept in variables");
                ret = -1;
            }
        }
    }
    return ret;
}

int fe_resolve_reserve_ids(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    LLVMValueRef value_fn = LLVMGetNamedFunction(mod, RID_VALUE);
    LLVMValueRef from_fn = LLVMGetNamedFunction(mod, RID_FROM_I64), *calls;
    struct rid_map m = {.mod = mod, .log = log};
    unsigned n = value_fn ? fe_collect_calls(value_fn, &calls) : 0;
    LLVMTypeRef rid_type = from_fn ? LLVMGetReturnType(LLVMGlobalGetValueType(from_fn)) : NULL;

    if (from_fn && check_no_other_uses(from_fn, log))
        m.failed = 1;
    for (unsigned i = 0; i < n && !m.failed; i++) {
        LLVMReplaceAllUsesWith(calls[i], map_rid(&m, LLVMGetOperand(calls[i], 0)));
        LLVMInstructionEraseFromParent(calls[i]);
    }
    if (n)
        free(calls);
    free(m.from);
    free(m.to);
    if (m.failed)
        return -1;
    if (rid_type)
        delete_values_of_type(mod, rid_type);
    if (value_fn && !LLVMGetFirstUse(value_fn))
        LLVMDeleteFunction(value_fn);
    if (from_fn && !LLVMGetFirstUse(from_fn))
        LLVMDeleteFunction(from_fn);
    return 0;
}
