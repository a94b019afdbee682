/* SPDX-License-Identifier: MIT */
/*
 * The hardware IR: one kernel as a flat list of SSA operations, every value with a bit width.
 * Control flow is gone by the time a kernel is in this form (if-converted: side effects carry
 * a predicate). Operation i defines value i; operands name earlier operations.
 */
#ifndef OCLHLS_HIR_H
#define OCLHLS_HIR_H

#include <stddef.h>
#include <stdint.h>

enum hir_opcode {
    HIR_CONST, /* imm = value */
    HIR_ARG,   /* imm = kernel argument index */
    HIR_WI,    /* work-item function: imm = enum hir_wi, dim in aux */
    HIR_ADD,
    HIR_SUB,
    HIR_MUL,
    HIR_UDIV,
    HIR_SDIV,
    HIR_UREM,
    HIR_SREM,
    HIR_SHL,
    HIR_LSHR,
    HIR_ASHR,
    HIR_AND,
    HIR_OR,
    HIR_XOR,
    HIR_EQ,
    HIR_NE,
    HIR_ULT,
    HIR_ULE,
    HIR_UGT,
    HIR_UGE,
    HIR_SLT,
    HIR_SLE,
    HIR_SGT,
    HIR_SGE,
    HIR_SELECT, /* op0 ? op1 : op2 */
    HIR_ZEXT,
    HIR_SEXT,
    HIR_TRUNC,
    HIR_UMIN,
    HIR_UMAX,
    HIR_SMIN,
    HIR_SMAX,
    HIR_ABS,
    HIR_CTPOP,
    HIR_CTLZ,
    HIR_CTTZ,
    HIR_BSWAP,
    HIR_BITREV,
    HIR_FSHL,
    HIR_FSHR,  /* funnel shifts: op0, op1, amount op2 */
    HIR_LOAD,  /* op0 = byte address (32 bits); pred; width = loaded bits */
    HIR_STORE, /* op0 = byte address, op1 = data; pred; width = 0 */
    HIR_OPCODE_COUNT
};

enum hir_wi {
    HIR_WI_GLOBAL_ID,
    HIR_WI_LOCAL_ID,
    HIR_WI_GROUP_ID, /* per work-item: from the dispatcher */
    HIR_WI_GLOBAL_SIZE,
    HIR_WI_LOCAL_SIZE,
    HIR_WI_NUM_GROUPS,
    HIR_WI_GLOBAL_OFFSET,
    HIR_WI_WORK_DIM, /* per launch: from the kernel's CSRs */
};

#define HIR_MAX_OPERANDS 3
#define HIR_NONE (-1)

struct hir_op {
    enum hir_opcode opcode;
    unsigned width; /* result bits; 1 for comparisons, 0 for stores */
    int nops;
    int ops[HIR_MAX_OPERANDS]; /* operand value ids */
    int pred;                  /* loads/stores: predicate value id, HIR_NONE = always */
    uint64_t imm;
    unsigned aux;  /* HIR_WI: dimension 0..2 */
    unsigned line; /* source line, 0 if unknown */

    /* memory operations */
    unsigned addr_space;  /* 1 global, 2 constant */
    int base_arg;         /* argument the address derives from, HIR_NONE if unknown */
    int lsu;              /* LSU index, set by hls_assign_lsus */
    int ordered;          /* waits until the stores in order_after are in memory */
    uint64_t order_after; /* bit i: store LSU i must be drained first */
    uint64_t war_after;   /* stores: bit i: load LSU i's data must be back first */

    /* set by the passes */
    int live;        /* reached from a side effect */
    int invariant;   /* same for every work-item of a launch: no pipeline regs */
    int stage;       /* issue stage (memory, division) or defining stage */
    int ready_stage; /* stage where the result is first available */
    int ready_delay; /* delay units into ready_stage */
    int last_use;    /* last stage where the value is read */
};

struct hir_kernel {
    char *name;
    unsigned line;
    struct hir_op *ops;
    int nops, cap;
    int nargs;
    unsigned *arg_width;      /* bits of each by-value argument as seen by the datapath */
    unsigned *arg_csr_offset; /* byte offset of each argument in the kernel's CSR window */
    unsigned arg_words;       /* 32-bit CSR words holding arguments */
    int nlsus;
    int depth;             /* number of pipeline stages */
    unsigned load_latency; /* stages between a load's issue and its data */
    unsigned cur_line;     /* source line given to new operations (lowering) */
};

struct hir_kernel *hir_kernel_new(const char *name);
void hir_kernel_free(struct hir_kernel *k);

/* Appends an operation; returns its value id, or HIR_NONE when out of memory. */
int hir_emit(struct hir_kernel *k, enum hir_opcode opcode, unsigned width, int nops,
             const int *ops);
int hir_const(struct hir_kernel *k, unsigned width, uint64_t value);

/* Helpers that fold constants so predicates of straight-line code stay constant true. */
int hir_and1(struct hir_kernel *k, int a, int b);
int hir_or1(struct hir_kernel *k, int a, int b);
int hir_not1(struct hir_kernel *k, int a);
int hir_is_const(const struct hir_kernel *k, int v, uint64_t value);

const char *hir_opcode_name(enum hir_opcode op);
int hir_has_side_effect(enum hir_opcode op);
int hir_is_multicycle(enum hir_opcode op); /* division, remainder, load */

/* Text dump for -v and debugging. Returns a malloc'ed string. */
char *hir_dump(const struct hir_kernel *k);

#endif
