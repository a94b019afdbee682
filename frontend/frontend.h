/* SPDX-License-Identifier: MIT */
/*
 * The frontend: OpenCL C source → optimised LLVM module + per-kernel metadata.
 *
 * Runs the clang found at configure time as a subprocess
 * (-x cl -cl-std=CL3.0 -target spir -Xclang -finclude-default-header -cl-kernel-arg-info
 *  -gline-tables-only -O2 -Xclang -disable-llvm-passes -emit-llvm -c), reads the bitcode with
 * the LLVM C API, inlines every non-kernel function, runs the LLVM pass pipeline (no
 * vectorisers; loops unrolled only where the source asks; small private arrays in scalars;
 * switches lowered to branches) and reads the kernels' metadata. Intel's loop pragmas
 * (#pragma ii N, #pragma ivdep) are taken out of the source first and returned as hints.
 */
#ifndef OCLHLS_FRONTEND_H
#define OCLHLS_FRONTEND_H

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

enum fe_addr_space {
    FE_AS_PRIVATE = 0, /* by-value argument */
    FE_AS_GLOBAL = 1,
    FE_AS_CONSTANT = 2,
    FE_AS_LOCAL = 3,
};

enum fe_access { FE_ACCESS_NONE, FE_ACCESS_READ_ONLY, FE_ACCESS_WRITE_ONLY, FE_ACCESS_READ_WRITE };

struct fe_arg {
    char *name;            /* kernel_arg_name */
    char *type_name;       /* kernel_arg_type, e.g. "int*", "uint" */
    char *type_qualifiers; /* "const restrict volatile pipe" subset, space separated, or "" */
    enum fe_addr_space addr_space;
    enum fe_access access;
    uint32_t size; /* bytes of the value passed by clSetKernelArg (4 for pointers) */
    int is_pointer;
};

/*
 * The __local scratch arrays of the work-group functions (builtins/work_group.cl) start with
 * this name; HLS sizes them for the kernel's largest work-group.
 */
#define FE_WG_SCRATCH_PREFIX "__oclhls_wg_scratch"
/* The most work-groups a kernel may keep in flight (copies of its __local memory). */
#define FE_MAX_WG_IN_FLIGHT 8

/*
 * The builtin library (the .cl files of frontend/builtins) as bitcode, linked into every compile:
 * fe_builtins_bc_size() bytes from fe_builtins_bc (builtins_bc.c).
 */
extern const unsigned char fe_builtins_bc[], fe_builtins_bc_end[];
size_t fe_builtins_bc_size(void);

struct fe_kernel {
    char *name;
    LLVMValueRef function; /* the kernel in the module */
    unsigned line;         /* source line of the kernel's definition (0 if unknown) */
    unsigned nargs;
    struct fe_arg *args;
    uint32_t reqd_work_group_size[3]; /* 0,0,0 when absent */
    uint32_t work_group_size_hint[3]; /* 0,0,0 when absent */
    uint32_t max_work_group_size;     /* 0 when absent */
    unsigned work_groups_in_flight;   /* __attribute__((work_groups_in_flight(N))), 0 absent */
    /*
     * A single work-item kernel (a "task", launched with one work-item): it has
     * __attribute__((max_global_work_dim(0))), or after optimisation it calls none of
     * get_global_id, get_local_id, get_group_id, get_global_linear_id, get_local_linear_id
     * (Intel's rule: such a kernel cannot tell its work-items apart).
     */
    int single_work_item;
    /* __attribute__((autorun)) (Intel channels): starts by itself, restarts when done */
    int autorun;
};

/*
 * An Intel FPGA channel (cl_intel_channels): one entry per element of a channel array. Its id,
 * the first operand of the __oclhls_chan_* calls, is its index in fe_result.channels.
 */
struct fe_channel {
    char *name;     /* "c", "c[2]", "c[1][0]" */
    unsigned bytes; /* packet size */
    unsigned depth; /* __attribute__((depth(N))); 0 when not given */
    unsigned line;  /* of the declaration */
};

/*
 * `#pragma ii N` / `#pragma ivdep` (Intel FPGA SDK): a hint for the loop statement on the first
 * line after the pragma that holds code. Hints for the same loop are merged into one.
 */
struct fe_loop_hint {
    unsigned pragma_line; /* the (first) pragma's line */
    unsigned loop_line;   /* the loop statement's line: fe_loop_start_line of its latch */
    unsigned ii;          /* requested initiation interval; 0 = none */
    int ivdep;            /* no dependencies through memory between iterations */
};

struct fe_result {
    LLVMContextRef context; /* owned; disposed by fe_result_free */
    LLVMModuleRef module;   /* owned */
    unsigned nkernels;
    struct fe_kernel *kernels;
    struct fe_loop_hint *loop_hints; /* in source order; NULL when none */
    unsigned nloop_hints;
    struct fe_channel *channels; /* NULL when none */
    unsigned nchannels;
    char *log; /* clang diagnostics verbatim + frontend messages; never NULL */
};

struct fe_request {
    const char *source;
    size_t source_len;
    const char *source_name; /* shown in diagnostics: "vector_add.cl" */
    const char *options;     /* user build options; -D -I -cl-* -w -Werror pass to clang */
    int verbose;             /* log the clang command line and pass timings */
};

/*
 * Compiles. 0 on success; -1 on failure (syntax errors: clang's diagnostics with file:line in
 * res->log; bad options: a message naming the option). res is always initialised and must be
 * released with fe_result_free.
 */
int fe_compile(const struct fe_request *req, struct fe_result *res);
void fe_result_free(struct fe_result *res);

/* "19.1.7" etc. for cache keys: the clang --version first line. Static storage. */
const char *fe_clang_version(void);

/*
 * Source location of an instruction from its debug info: file name and line (0 when
 * unknown). The file string is borrowed from the module.
 */
unsigned fe_inst_line(LLVMValueRef inst, const char **file);

/*
 * Source line of a loop statement (its for/while/do keyword) from the !llvm.loop metadata of
 * the loop's latch branch; 0 when absent (remainder loops of runtime unrolling have none).
 */
unsigned fe_loop_start_line(LLVMValueRef latch_terminator);

/*
 * cfg.c, shared with hls/lower/cfg_order.c: a function's blocks in reverse post-order (unreachable
 * ones left out), immediate dominators by that index (the entry's is itself) and its natural
 * loops, one per back edge.
 */
struct fe_loop {
    int header, latch;
    char *body; /* by block index */
};
struct fe_cfg {
    LLVMBasicBlockRef *blocks;
    int n;
    int *idom;
    char *loop_header; /* the target of a back edge */
    char *in_loop;     /* inside some loop (headers included) */
    struct fe_loop *loops;
    int nloops;
};
int fe_cfg_build(LLVMValueRef fn, struct fe_cfg *g); /* -1: out of memory */
void fe_cfg_free(struct fe_cfg *g);
int fe_cfg_index(const struct fe_cfg *g, LLVMBasicBlockRef bb); /* -1: unreachable */
int fe_cfg_dominates(const struct fe_cfg *g, int a, int b);

#endif
