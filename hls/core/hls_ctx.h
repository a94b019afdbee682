/* SPDX-License-Identifier: MIT */
/*
 * What every pass of the compiler is given: the build's context (its log, board, the
 * frontend's loop hints and channels) and the way to report an error at a source line
 * (diag.c). The bottom of hls/, beside the IR (ir/).
 */
#ifndef OCLHLS_HLS_CTX_H
#define OCLHLS_HLS_CTX_H

#include <stdarg.h>

#include "board.h"
#include "frontend.h"
#include "strbuf.h"

/* A program-scope channel (Intel FPGA channels): a FIFO in the system between two kernels. */
struct hls_channel {
    const char *name; /* "c", "c[2]" */
    unsigned bytes;   /* packet bytes */
    unsigned depth;   /* __attribute__((depth(N))), 0 when not given */
    unsigned line;
};

/* The program's __constant variables in global memory (lower/constant_data.c). */
struct hls_constant_data {
    unsigned char *bytes; /* laid out, little-endian: the program file's "constants" */
    size_t size;
    LLVMValueRef *globals; /* each variable, at offsets[i] in bytes */
    size_t *offsets;
    int n;
};

/* Channel FIFO entries when the source gives no depth: streams one packet per clock. */
#define HLS_CHANNEL_DEFAULT_DEPTH 4

struct hls_ctx {
    struct oclhls_strbuf *log; /* diagnostics and reports go here */
    const char *source_name;   /* for messages without debug info */
    const struct oclhls_board *board;
    int verbose;
    const char *print_after; /* a pass name, "lower" or "all": its IR to the log (passes.h) */
    const struct fe_loop_hint *loop_hints; /* from the frontend: #pragma ii / ivdep */
    unsigned nloop_hints;
    const struct hls_channel *channels; /* the program's channels, by the frontend's ids */
    unsigned nchannels;
    const struct hls_constant_data *constants; /* NULL: none */
    int profile; /* -profile: kernels get hardware counters (docs/profiling.md) */
};

/* Writes "file:line: error: ..." to the log; returns -1 so callers can `return hls_error(...)`.
   The file is the program's source (source_name). */
int hls_error(struct hls_ctx *ctx, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same for a line of another file of a linked program (hir_file_name); NULL: source_name. */
int hls_error_in(struct hls_ctx *ctx, const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int hls_verror_in(struct hls_ctx *ctx, const char *file, unsigned line, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));

#endif
