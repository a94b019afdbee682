/* SPDX-License-Identifier: MIT */
/*
 * What the frontend is asked (fe_request) and what it answers (fe_result): the LLVM module,
 * its kernels with their arguments and attributes, channels and loop hints. Data only; the
 * frontend's entry points are in frontend.h.
 */
#ifndef OCLHLS_FE_PROGRAM_H
#define OCLHLS_FE_PROGRAM_H

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#include "printf_format.h"

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
    /* images and samplers (builtins/images.cl): size is their argument words' bytes (32, 4);
       image_type "image2d_t", "image1d_array_t" ..., NULL for other arguments */
    enum fe_arg_kind { FE_ARG_VALUE, FE_ARG_IMAGE, FE_ARG_SAMPLER } kind;
    const char *image_type;
};

/*
 * The __local scratch arrays of the work-group functions (builtins/work_group.cl) start with
 * this name; HLS sizes them for the kernel's largest work-group.
 */
#define FE_WG_SCRATCH_PREFIX "__oclhls_wg_scratch"
/* The most work-groups a kernel may keep in flight (copies of its __local memory). */
#define FE_MAX_WG_IN_FLIGHT 8
/* The most copies num_compute_units may ask for (each is a whole pipeline). */
#define FE_MAX_COMPUTE_UNITS 16

struct fe_kernel {
    char *name;
    LLVMValueRef function; /* the kernel in the module */
    unsigned line;         /* source line of the kernel's definition (0 if unknown) */
    const char *file;      /* its file as the debug info names it (borrowed from the module);
                              NULL if unknown */
    unsigned nargs;
    struct fe_arg *args;
    uint32_t reqd_work_group_size[3]; /* 0,0,0 when absent */
    uint32_t work_group_size_hint[3]; /* 0,0,0 when absent */
    char vec_type_hint[12];           /* vec_type_hint's type ("float4", "uint"), "" absent */
    uint32_t max_work_group_size;     /* 0 when absent */
    int max_global_work_dim;          /* __attribute__((max_global_work_dim(N))), -1 absent */
    unsigned work_groups_in_flight;   /* __attribute__((work_groups_in_flight(N))), 0 absent */
    unsigned simd_work_items;         /* Intel's num_simd_work_items(N), 0 absent (simd_lanes.c) */
    unsigned compute_units;           /* Intel's num_compute_units: copies, 0 absent */
    unsigned compute_unit_dims[3];    /* its (X, Y, Z) form, or (N, 1, 1); 0 0 0 absent */
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
    /* a linked program (objects.c): the unit the hint is from, the debug-info directory
       of its loops (fe_loop_start_unit); NULL in a build of one source */
    const char *unit;
};

/* How one printf argument is kept in its record (common/printf_format.h, docs/printf.md). */
struct fe_printf_arg {
    enum oclhls_printf_type type;
    unsigned lanes;    /* 1 for a scalar */
    char *string;      /* OCLHLS_PRINTF_STRING: the literal */
    unsigned nchoices; /* OCLHLS_PRINTF_STRING chosen at run time: its literals (string NULL) */
    char **choices;
};

/* One printf call site; its id (the first word of its records) is its index. */
struct fe_printf {
    char *format;
    unsigned line;
    unsigned nargs;
    struct fe_printf_arg *args;
    unsigned words; /* argument words of a record */
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
    struct fe_printf *printfs; /* the program's printf call sites; NULL when none */
    unsigned nprintfs;
    char *log; /* clang diagnostics verbatim + frontend messages; never NULL */
};

struct fe_request {
    const char *source;
    size_t source_len;
    const char *source_name; /* shown in diagnostics: "vector_add.cl" */
    const char *source_dir;  /* NULL, or the absolute directory of the source file: searched
                                first for `#include "..."` (-iquote), as the includer's is */
    const char *options;     /* user build options; -D -I -cl-* -w -Werror pass to clang */
    int verbose;             /* log the clang command line and pass timings */
    int embedded_profile;    /* the board's device claims the embedded profile
                                (board.h oclhls_board_full_profile): __EMBEDDED_PROFILE__ */
    const char *dep_file;    /* NULL, or where to write the files the source includes as a
                                make rule for dep_target (depfile.c) */
    const char *dep_target;
    /* clCompileProgram's embedded headers: `#include "name"` (or <name>) reads text */
    const struct fe_header *headers;
    unsigned num_headers;
    /* clLinkProgram: when num_objects is not 0, these compiled objects (fe_compile_unit's
       bitcode) are linked as separate translation units instead of compiling source */
    const struct fe_object *objects;
    unsigned num_objects;
    /* fe_compile_unit: the unit's tag, clang's -fdebug-compilation-dir (NULL: ".") */
    const char *unit_tag;
};

struct fe_header {
    const char *name;
    const char *text;
};

struct fe_object {
    const void *bitcode;
    size_t size;
    const char *name; /* in link errors: "input 2 (program.cl)" */
    int link_options; /* the link's -cl-* math options apply to it (objects, and libraries
                         made with -enable-link-options) */
};

#endif
