/* SPDX-License-Identifier: MIT */
/*
 * What the files of the LLVM → hardware IR lowering share: its state (struct lower) and what
 * each file offers the files above it, bottom first. A file calls only those listed before
 * it; lower.c, the top (lower.h), calls them and is called by none.
 */
#ifndef OCLHLS_LOWER_SHARED_H
#define OCLHLS_LOWER_SHARED_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "cfg_order.h"
#include "constant_data.h"
#include "hir.h"
#include "target.h"
#include "valmap.h"

struct lower_edge {
    int from, to; /* block indices in RPO */
    int pred;     /* value: control flows along this edge */
};

/* A loop being lowered: its header block and phis whose back-edge values come at its end. */
struct lower_open_loop {
    int loop;   /* hir loop index */
    int header; /* block index */
    LLVMValueRef *phis;
    int *phi_ids;
    int nphis;
};

struct lower_vector;

struct lower {
    struct hls_ctx *ctx;
    struct hir_kernel *k;
    const struct fe_kernel *fk;
    LLVMModuleRef module;
    LLVMTargetDataRef td;
    struct valmap values;              /* LLVM value → hir value id */
    struct valmap block_index;         /* LLVM block → RPO index */
    struct valmap base_arg;            /* hir pointer value id (as key+1) → kernel arg index */
    struct valmap vectors;             /* LLVM vector value → index into vector_lanes */
    struct lower_vector *vector_lanes; /* lanes of each vector value */
    int nvector_lanes;
    struct cfg_item *items; /* lowering order (cfg_order.c) */
    int nitems;
    LLVMBasicBlockRef *blocks; /* the blocks of items, in order */
    int nblocks;
    struct lower_open_loop open[64]; /* loops being lowered, outermost first */
    int nopen;
    int *block_pred; /* predicate value of each block, HIR_NONE until reached */
    struct lower_edge *edges;
    int nedges, cap_edges;
    int cur_block;
    unsigned last_line;               /* of the last instruction that had one */
    unsigned last_file;               /* its file (hir_file_name) */
    const struct fe_loop_hint *hints; /* #pragma ii / ivdep, by loop line */
    unsigned hints_n;
    int last_stream; /* the last stream operation (lower_stream.c), HIR_NONE before one */
    int last_stream_loops, last_stream_barriers; /* loops and barriers before it */
    int constant_base; /* the address of the program's __constant data (hidden argument) */
    int printf_base[2]; /* printf's counter and records addresses (hidden arguments) */
    int global_fences;  /* mem_fences on global memory lowered so far (hir_op.fence_seq) */
};

/* lower_diag.c: an error at a line of the file of the operations being lowered (hir_kernel
   cur_file: the instruction's, or the kernel's for its arguments); returns -1. */
int lower_error(struct lower *l, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* lower_diag.c: file's index in the kernel's files (hir_file_index). */
unsigned lower_file_index(struct lower *l, const char *file);

/* lower.c: 0 when the argument words up to byte end (of the CSR window) fit it; else the
   error, naming what the arguments need and what the device has. */
int lower_argument_room(struct lower *l, unsigned end, unsigned line);

/* lower_printf.c: printf's two hidden arguments when the kernel prints (after the others, at
   *offset); the calls that stand for them and for the buffer's capacity. */
int lower_printf_arguments(struct lower *l, unsigned *offset);
int lower_printf_call(struct lower *l, LLVMValueRef call, const char *name, unsigned line);

/* lower_provenance.c: the kernel argument or block-RAM memory a pointer value derives from,
   HIR_NONE when unknown. */
int lower_base_arg(struct lower *l, int ptr_value);
int lower_set_base_arg(struct lower *l, int ptr_value, int arg);

/* lower_private.c: private arrays and __local memory in block RAM. */
int lower_alloca(struct lower *l, LLVMValueRef inst, unsigned line);
/* __local: a kernel's local variable (an address-space-3 global) or pointer argument; returns
   the base pointer value (HIR_NONE after an error). */
int lower_local_variable(struct lower *l, LLVMValueRef global, unsigned line);
int lower_local_argument(struct lower *l, int arg, unsigned line);
/* The work-group slot value (barriers and __local memory). */
int lower_work_group_slot(struct lower *l);
/* The address of an access of `bytes` to private array memory: the work-item's copy. */
int lower_private_address(struct lower *l, int addr, unsigned bytes, unsigned line);

/* lower_values.c: hir values of LLVM values, the widths of their types, getelementptr. */
/* hir value of an LLVM operand (constants materialised); HIR_NONE after reporting an error. */
int lower_operand(struct lower *l, LLVMValueRef v, unsigned line);
/* inst's value is id (HIR_NONE: out of memory, reported); gives id inst's line if it has none. */
int lower_define(struct lower *l, LLVMValueRef inst, int id, unsigned line);
/* Bit width of an LLVM type in the datapath, 0 (after an error) if it is not supported. */
unsigned lower_type_width(struct lower *l, LLVMTypeRef t, unsigned line);
/* 0 when t (or a vector's elements) is float, binary32; half and double are reported. */
int lower_check_float_type(struct lower *l, LLVMTypeRef t, unsigned line);
int lower_gep(struct lower *l, LLVMValueRef gep, unsigned line);
/* The address gep computes from the pointer value base instead of its own base operand (an
   arm of a choice of pointers, lower_memory.c); HIR_NONE after an error. */
int lower_gep_at(struct lower *l, LLVMValueRef gep, int base, unsigned line);

/* ifconvert.c: predicates of blocks and edges, phis as selects. */
int ifc_block_pred(struct lower *l, int block);
int ifc_reached_by_all(struct lower *l, int block);
int ifc_add_out_edges(struct lower *l, int block, LLVMValueRef term);
int ifc_lower_phi(struct lower *l, LLVMValueRef phi, unsigned line);
/* Control flows from block `from` to block `to` (HIR_NONE: no such edge). */
int ifc_edge_pred(struct lower *l, int from, int to);
/*
 * The select chain of a phi in `block` over its incoming edges; entry_only (loop headers):
 * only the edges from blocks lowered before it, not the back edge. HIR_NONE after an error.
 */
int ifc_phi_select(struct lower *l, LLVMValueRef phi, int block, int entry_only, unsigned line);
/* Block index of an LLVM block, -1 when unreachable. */
int lower_block_of(struct lower *l, LLVMBasicBlockRef bb);

/* divide_by_constant.c: x / d, x % d for a constant d as a multiplication; HIR_NONE when
   the divider is needed (variable or zero divisor, or more than 32 bits). */
int lower_divide_by_constant(struct lower *l, enum hir_opcode op, unsigned w, int x, int d);

/* lower_integer.c: integer arithmetic, comparisons, selects and casts. */
int lower_integer_instruction(struct lower *l, LLVMValueRef inst, LLVMOpcode opc, unsigned line);

/* lower_float.c: float instructions and intrinsics (llvm.fma, llvm.sqrt, ...). */
int lower_float_instruction(struct lower *l, LLVMValueRef inst, LLVMOpcode opc, unsigned line);
int lower_float_intrinsic(struct lower *l, LLVMValueRef call, const char *name, unsigned line);

/* lower_byval.c: structs passed by value, in the argument words. lower_byval_argument lays
   out argument arg when it is one (1; 0 when not, -1 after an error); lower_byval_load lowers a
   load from one (1; 0 when the load is not from one, -1 after an error). */
int lower_byval_argument(struct lower *l, int arg, unsigned *offset);
int lower_byval_load(struct lower *l, LLVMValueRef inst, unsigned width, unsigned line);

/* lower_image.c: image (8 words) and sampler (1 word) arguments laid out (1; 0 when arg is
   neither, -1 after an error); the library's calls that read their words (1; 0 when the call
   is not one, -1 after an error). */
int lower_image_argument(struct lower *l, int arg, unsigned *offset);
int lower_image_call(struct lower *l, LLVMValueRef call, const char *name, unsigned line);

/* lower_memory.c: scalar loads and stores, block copies, lanes of vector accesses. */
int lower_load(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_store(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_block_copy(struct lower *l, LLVMValueRef call, unsigned line); /* memcpy, memmove */
int lower_block_fill(struct lower *l, LLVMValueRef call, unsigned line); /* memset */
/* Checks the address space and alignment of an access of `bytes` at ptr; returns its address
   value (a block-RAM word address for private and __local memory) and sets *as. */
int lower_access_address(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned bytes,
                         unsigned *as, unsigned line);
/* Lane j of a vector load or store at ptr (lower_vector.c): a scalar access of `width` bits. */
int lower_lane_load(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned j,
                    unsigned width, unsigned line);
int lower_lane_store(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned j,
                     unsigned width, int data, unsigned line);
/* A vector access of SIMD lanes (tagged by frontend/simd_lanes.c) as one wide access, when the
   board's memory line holds it: 1 done (lanes[] its lanes' values), 0 not such an access, -1 */
int lower_wide_load(struct lower *l, LLVMValueRef inst, unsigned n, unsigned w, int *lanes,
                    unsigned line);
int lower_wide_store(struct lower *l, LLVMValueRef inst, unsigned n, unsigned w,
                     const int *lanes, unsigned line);

/* lower_atomic.c: atomicrmw, cmpxchg (and its extractvalues), atomic loads and stores. */
int lower_atomic_rmw(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_atomic_cmpxchg(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_atomic_load(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_atomic_store(struct lower *l, LLVMValueRef inst, unsigned line);

/* lower_vector.c: vector loads and stores as lanes, and the element instructions. */
int lower_vector_load(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_vector_store(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_extract_element(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_insert_element(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_shuffle_vector(struct lower *l, LLVMValueRef inst, unsigned line);
int lower_vector_bitcast(struct lower *l, LLVMValueRef inst, unsigned line);
/* `freeze` of a vector: its lanes (a lane is never poison in hardware). */
int lower_vector_freeze(struct lower *l, LLVMValueRef inst, unsigned line);
/* A vector argument by value: its CSR bytes at *offset (advanced), a HIR_ARG per lane. */
int lower_vector_argument(struct lower *l, int arg, LLVMValueRef param, unsigned *offset);
void lower_vectors_free(struct lower *l);

/* lower_loop.c: a loop's start (loop phis, the active flag) and end (back-edge values). */
int lower_loop_begin(struct lower *l, const struct cfg_item *it);
int lower_loop_end(struct lower *l);

/* lower_stream.c: the __oclhls_* pipe and channel calls of the frontend. */
int lower_stream_call(struct lower *l, LLVMValueRef call, const char *name, unsigned line);

/* lower_barrier.c: barrier() and work_group_barrier(). */
int lower_barrier(struct lower *l, LLVMValueRef call, unsigned line);

/* lower_call.c: work-item functions and integer intrinsics. */
int lower_call(struct lower *l, LLVMValueRef call, unsigned line);

#endif
