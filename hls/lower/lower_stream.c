// SPDX-License-Identifier: MIT
/*
 * Pipes and channels: the frontend's __oclhls_* calls (frontend/pipes.c) become HIR_STREAM
 * operations on the kernel's stream endpoints, and HIR_CHUNK projections of what they read.
 *
 * A packet travels as chunks of at most 8 bytes (docs/pipes.md). Every stream operation
 * takes the previous stream operation of its segment as an operand, so the schedule keeps
 * them in program order: a read placed before the write that its answer depends on would
 * wait forever.
 */
#include <stdlib.h>
#include <string.h>

#include "lower_shared.h"

struct stream_call {
    const char *name; /* up to the '.' of a size suffix */
    enum hir_stream_op op;
    int first_chunk; /* call operand of chunk 0, -1 when the call carries no packet */
};

static const struct stream_call stream_calls[] = {
    {"__oclhls_chan_read", HIR_CHAN_READ, -1},
    {"__oclhls_chan_read_nb", HIR_CHAN_READ_NB, -1},
    {"__oclhls_chan_write", HIR_CHAN_WRITE, 2},
    {"__oclhls_chan_write_nb", HIR_CHAN_WRITE_NB, 2},
    {"__oclhls_pipe_write", HIR_PIPE_WRITE, 2},
    {"__oclhls_pipe_read", HIR_PIPE_READ, -1},
    {"__oclhls_pipe_reserve", HIR_PIPE_RESERVE, -1},
    {"__oclhls_pipe_write_at", HIR_PIPE_WRITE_AT, 4},
    {"__oclhls_pipe_read_at", HIR_PIPE_READ_AT, -1},
    {"__oclhls_pipe_commit", HIR_PIPE_COMMIT, -1},
    {"__oclhls_pipe_num_packets", HIR_PIPE_NUM, -1},
    {"__oclhls_pipe_max_packets", HIR_PIPE_MAX, -1},
};

static int op_writes(enum hir_stream_op op)
{
    return op == HIR_CHAN_WRITE || op == HIR_CHAN_WRITE_NB || op == HIR_PIPE_WRITE ||
           op == HIR_PIPE_WRITE_AT;
}

/* A constant i32 operand (channel ids, byte counts); -1 after an error. */
static long const_operand(struct lower *l, LLVMValueRef call, unsigned i, const char *what,
                          unsigned line)
{
    LLVMValueRef v = LLVMGetOperand(call, i);
    if (!LLVMIsAConstantInt(v)) {
        lower_error(l, line, "%s must be a compile-time constant", what);
        return -1;
    }
    return (long)LLVMConstIntGetZExtValue(v);
}

/* The kernel argument a pipe operand is; -1 after an error. */
static int pipe_argument(struct lower *l, LLVMValueRef call, unsigned line)
{
    LLVMValueRef p = LLVMGetOperand(call, 0);
    LLVMValueRef fn = l->fk->function;
    for (unsigned i = 0; i < LLVMCountParams(fn); i++)
        if (LLVMGetParam(fn, i) == p)
            return (int)i;
    lower_error(l, line,
                "a pipe must be a kernel argument here (pipes passed through "
                "variables or selected at run time are not supported)");
    return -1;
}

/* The endpoint (channel or pipe argument, and direction) of a call; -1 after an error. */
static int endpoint(struct lower *l, int channel, int arg, int write, unsigned bytes, unsigned line)
{
    struct hir_kernel *k = l->k;
    for (int i = 0; i < k->nstreams; i++) {
        struct hir_stream *s = &k->streams[i];
        if (s->channel == channel && s->arg == arg && s->write == write) {
            if (bytes && s->bytes && bytes != s->bytes)
                return lower_error(l, line, "packets of %u bytes here, of %u bytes at line %u",
                                   bytes, s->bytes, s->line);
            if (bytes)
                s->bytes = bytes;
            return i;
        }
    }
    struct hir_stream *grown = realloc(k->streams, (size_t)(k->nstreams + 1) * sizeof(*grown));
    if (!grown)
        return lower_error(l, line, "out of memory");
    k->streams = grown;
    k->streams[k->nstreams] = (struct hir_stream){.channel = channel,
                                                  .arg = arg,
                                                  .write = write,
                                                  .bytes = bytes,
                                                  .line = line,
                                                  .file = k->cur_file};
    return k->nstreams++;
}

/* The previous stream operation if it is in the same segment-to-be, else a constant. */
static int order_operand(struct lower *l)
{
    struct hir_kernel *k = l->k;
    if (l->last_stream != HIR_NONE && k->ops[l->last_stream].loop == k->cur_loop &&
        l->last_stream_loops == k->nloops && l->last_stream_barriers == k->nbarriers)
        return l->last_stream;
    return hir_const(k, 1, 0);
}

static int lower_chunk(struct lower *l, LLVMValueRef call, unsigned line)
{
    int src = lower_operand(l, LLVMGetOperand(call, 0), line);
    long idx = const_operand(l, call, 1, "a chunk index", line);
    unsigned w = lower_type_width(l, LLVMTypeOf(call), line);
    if (src == HIR_NONE || idx < 0 || !w)
        return -1;
    if (l->k->ops[src].opcode != HIR_STREAM)
        return lower_error(l, line, "internal: a packet chunk of something not read");
    int v = hir_emit(l->k, HIR_CHUNK, w, 1, &src);
    if (v != HIR_NONE)
        l->k->ops[v].imm = (uint64_t)idx;
    return lower_define(l, call, v, line);
}

/* Operand 1 (the command argument) of op from the call: index, count or the reservation's. */
static int command_argument(struct lower *l, LLVMValueRef call, enum hir_stream_op op,
                            unsigned line)
{
    struct hir_kernel *k = l->k;
    if (op == HIR_PIPE_RESERVE)
        return lower_operand(l, LLVMGetOperand(call, 2), line); /* n */
    if (op == HIR_PIPE_WRITE_AT || op == HIR_PIPE_READ_AT || op == HIR_PIPE_COMMIT) {
        int rid = lower_operand(l, LLVMGetOperand(call, 1), line);
        if (rid == HIR_NONE)
            return HIR_NONE;
        if (op == HIR_PIPE_COMMIT) { /* the reservation's n: its high word */
            int sh[2] = {rid, hir_const(k, 64, 32)};
            int hi = hir_emit(k, HIR_LSHR, 64, 2, sh);
            return hi == HIR_NONE ? HIR_NONE : hir_emit(k, HIR_TRUNC, 32, 1, &hi);
        }
        int base = hir_emit(k, HIR_TRUNC, 32, 1, &rid); /* its first packet's index */
        int index = lower_operand(l, LLVMGetOperand(call, 2), line);
        if (base == HIR_NONE || index == HIR_NONE)
            return HIR_NONE;
        int add[2] = {base, index};
        return hir_emit(k, HIR_ADD, 32, 2, add);
    }
    return hir_const(k, 32, 0);
}

static int lower_stream_op(struct lower *l, LLVMValueRef call, const struct stream_call *sc,
                           unsigned line)
{
    struct hir_kernel *k = l->k;
    int pipe = sc->op >= HIR_PIPE_WRITE;
    int channel = HIR_NONE, arg = HIR_NONE, write = op_writes(sc->op);
    long bytes = 0;
    int bytes_at = sc->op == HIR_PIPE_RESERVE || sc->op <= HIR_PIPE_READ       ? 1
                   : sc->op == HIR_PIPE_WRITE_AT || sc->op == HIR_PIPE_READ_AT ? 3
                                                                               : -1;
    if (pipe) {
        arg = pipe_argument(l, call, line);
        if (arg < 0)
            return -1;
        write = l->fk->args[arg].access == FE_ACCESS_WRITE_ONLY;
    } else {
        long id = const_operand(l, call, 0, "a channel", line);
        if (id < 0)
            return -1;
        channel = (int)id;
    }
    if (bytes_at > 0 &&
        (bytes = const_operand(l, call, (unsigned)bytes_at, "a packet size", line)) < 0)
        return -1;
    if (bytes > 64)
        return lower_error(l, line, "packets of %ld bytes: at most 64", bytes);
    int s = endpoint(l, channel, arg, write, (unsigned)bytes, line);
    if (s < 0)
        return -1;

    int ops[HIR_MAX_OPERANDS];
    int n = 0;
    ops[n++] = order_operand(l);
    ops[n++] = command_argument(l, call, sc->op, line);
    if (sc->first_chunk >= 0) {
        unsigned nchunks = ((unsigned)bytes + 7) / 8;
        if ((unsigned)LLVMGetNumArgOperands(call) != (unsigned)sc->first_chunk + nchunks)
            return lower_error(l, line, "internal: %u chunks expected for %ld bytes", nchunks,
                               bytes);
        for (unsigned c = 0; c < nchunks; c++)
            ops[n++] = lower_operand(l, LLVMGetOperand(call, (unsigned)sc->first_chunk + c), line);
    }
    for (int i = 0; i < n; i++)
        if (ops[i] == HIR_NONE)
            return -1;
    int pred = ifc_block_pred(l, l->cur_block);
    int v = hir_emit(k, HIR_STREAM, sc->op == HIR_PIPE_RESERVE ? 64 : 32, n, ops);
    if (v == HIR_NONE)
        return lower_error(l, line, "out of memory");
    k->ops[v].pred = pred;
    k->ops[v].aux = (unsigned)sc->op;
    k->ops[v].stream = s;
    k->ops[v].line = line;
    l->last_stream = v;
    l->last_stream_loops = k->nloops;
    l->last_stream_barriers = k->nbarriers;
    return lower_define(l, call, v, line);
}

int lower_stream_call(struct lower *l, LLVMValueRef call, const char *name, unsigned line)
{
    size_t len = strcspn(name, ".");
    if (len == strlen("__oclhls_chunk") && !strncmp(name, "__oclhls_chunk", len))
        return lower_chunk(l, call, line);
    for (size_t i = 0; i < sizeof(stream_calls) / sizeof(stream_calls[0]); i++)
        if (strlen(stream_calls[i].name) == len && !strncmp(name, stream_calls[i].name, len))
            return lower_stream_op(l, call, &stream_calls[i], line);
    return lower_error(l, line, "call to '%s' is not supported yet", name);
}
