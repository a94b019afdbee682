/* SPDX-License-Identifier: MIT */
/*
 * The hardware IR: one kernel as a flat list of SSA operations, every value with a bit width.
 * Branches are gone by the time a kernel is in this form (if-converted: side effects carry
 * a predicate); loops remain as contiguous ranges of operations (struct hir_loop) whose
 * loop-carried values are HIR_LOOP_PHI operations at the start of the range. Operation i
 * defines value i; operands name earlier operations, except a loop phi's `next`, which is
 * defined later in its loop (the value for the next iteration).
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
    HIR_FSHR,     /* funnel shifts: op0, op1, amount op2 */
    HIR_LOAD,     /* op0 = byte address (32 bits); pred; width = loaded bits; atomics: below */
    HIR_STORE,    /* op0 = byte address, op1 = data; pred; width = 0 */
    HIR_LOOP_PHI, /* op0 = value on loop entry; `next` = value for the next iteration */
    HIR_TOKEN,    /* op0's value as it arrives at a segment's first stage; aux: enum hir_token */
    /* get_global_id(aux) rebuilt from op0 = the work-group slot and op1 = the local id
       (rebuild_ids.c) */
    HIR_GROUP_GID,
    /* IEEE-754 binary32 units (rtl-lib/ocl_fp_*, hls/target/float_units.c); floats are 32-bit values */
    HIR_FADD,
    HIR_FSUB,
    HIR_FMUL,
    HIR_FDIV,
    HIR_FSQRT, /* op0 */
    HIR_FMA,   /* op0 * op1 + op2, one rounding */
    HIR_FMIN,  /* C99 fmin/fmax: a NaN operand gives the other */
    HIR_FMAX,
    HIR_FCMP,   /* width 1; aux: enum hir_fcmp */
    HIR_FPTOSI, /* truncating toward zero, saturating (NaN: 0) */
    HIR_FPTOUI,
    HIR_SITOFP, /* to nearest even */
    HIR_UITOFP,
    /* Pipes and channels (lower_stream.c): aux = enum hir_stream_op, `stream` the endpoint */
    HIR_STREAM, /* op0: the previous stream op of the segment (order), op1: command argument,
                   op2..: packet chunks; value: status (64-bit reservation id for reserves) */
    HIR_CHUNK,  /* op0: a reading HIR_STREAM; imm: chunk k (bytes 8k..8k+7 of the packet);
                   or a wide HIR_LOAD (SIMD lanes): imm: lane k (bits width*k up) */
    HIR_CONCAT, /* the operands side by side, op0 in the low bits (a wide store's lanes) */
    HIR_OPCODE_COUNT
};

enum hir_token {
    HIR_TOKEN_ARRIVING,    /* a value the token brings (segments.c) */
    HIR_TOKEN_FIRST,       /* modulo loops: the iteration starts an invocation (no operand) */
    HIR_TOKEN_ENTRY_VALUE, /* modulo loops: op0 as it entered the loop (a phi's entry value) */
};

/*
 * The read-modify-write of an atomic operation (a HIR_LOAD with `atomic` = 1 + this): the old
 * word is the load's value, op1 and op2 the operands. The numbers are rtl-lib/ocl_atomic_alu.v's.
 */
enum hir_atomic_op {
    HIR_ATOMIC_ADD,     /* old + op1 */
    HIR_ATOMIC_SUB,     /* old - op1 */
    HIR_ATOMIC_XCHG,    /* op1 */
    HIR_ATOMIC_CMPXCHG, /* old == op1 ? op2 : old */
    HIR_ATOMIC_SMIN,
    HIR_ATOMIC_SMAX,
    HIR_ATOMIC_UMIN,
    HIR_ATOMIC_UMAX,
    HIR_ATOMIC_AND,
    HIR_ATOMIC_OR,
    HIR_ATOMIC_XOR,
    HIR_ATOMIC_LOAD, /* old: nothing is written */
};

/* What a HIR_STREAM op does at its endpoint. */
enum hir_stream_op {
    HIR_CHAN_READ,     /* blocking: stalls until a packet is there */
    HIR_CHAN_READ_NB,  /* status 1: a packet was read, 0: none */
    HIR_CHAN_WRITE,    /* blocking: stalls until there is room */
    HIR_CHAN_WRITE_NB, /* status 1: written, 0: full */
    HIR_PIPE_WRITE,    /* rtl-lib/ocl_pipe_port.v command numbers follow from here */
    HIR_PIPE_READ,
    HIR_PIPE_RESERVE,
    HIR_PIPE_WRITE_AT,
    HIR_PIPE_READ_AT,
    HIR_PIPE_COMMIT,
    HIR_PIPE_NUM,
    HIR_PIPE_MAX,
};

/*
 * A stream endpoint of a kernel: its end of a channel (a FIFO in the system) or of a pipe
 * argument (a ring in global memory behind an ocl_pipe_port).
 */
struct hir_stream {
    int channel;    /* program channel id, HIR_NONE for a pipe */
    int arg;        /* pipe argument index, HIR_NONE for a channel */
    int write;      /* the kernel writes it */
    unsigned bytes; /* packet bytes */
    unsigned line;  /* first use */
    unsigned file;  /* of that line (hir_file_name) */
};

/* Float comparisons (LLVM's fcmp predicates): o... false when either is NaN, u... true. */
enum hir_fcmp {
    HIR_FCMP_OEQ,
    HIR_FCMP_OGT,
    HIR_FCMP_OGE,
    HIR_FCMP_OLT,
    HIR_FCMP_OLE,
    HIR_FCMP_ONE,
    HIR_FCMP_ORD,
    HIR_FCMP_UNO,
    HIR_FCMP_UEQ,
    HIR_FCMP_UGT,
    HIR_FCMP_UGE,
    HIR_FCMP_ULT,
    HIR_FCMP_ULE,
    HIR_FCMP_UNE,
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
    HIR_WI_SLOT,     /* per work-item: its copy of the private arrays (ocl_slot_pool) */
    HIR_WI_WG_SLOT,  /* per work-item: its work-group's copy of __local memory (ocl_wg_slots) */
    HIR_WI_COMPUTE_ID, /* per copy of the kernel (num_compute_units): its COMPUTE_ID parameter */
};

/*
 * A memory in block RAM: a private array (one copy per slot: work-item in flight) or a
 * __local array or pointer argument (one copy per work-group slot).
 */
struct hir_parray {
    unsigned bytes;      /* one copy (a __local argument: the most the host may ask for) */
    unsigned elem_bytes; /* every access is one element: 1, 2, 4 or 8 bytes */
    unsigned line;
    unsigned file;       /* of that line (hir_file_name) */
    int nloads, nstores; /* live access sites: read ports, arbitrated write port */
    int nreplicas;       /* copies of the memory the read ports read (memory_order.c) */
    int local;           /* __local: shared by a work-group */
    int arg;             /* __local pointer argument index, HIR_NONE otherwise */
    unsigned banks;      /* by the low bits of the word index (schedule_kernel.c), 1 or more */
};

/* A barrier: the work-items of a group gather at operation position pos (segments.c). */
struct hir_barrier {
    int pos;
    unsigned line;
    unsigned file;    /* of that line (hir_file_name) */
    int global_fence; /* global stores before it are in memory after it */
    int gate_of;      /* a loop's exit, where its parked work-items wait (park.c); or HIR_NONE */
};

/* What the passes need to know of a kernel argument's source declaration (arg_flags). */
#define HIR_ARG_RESTRICT 1u /* a restrict pointer: no other argument reaches its memory */
#define HIR_ARG_BUFFER 2u   /* a __global or __constant pointer: a buffer, 128-byte aligned */
/* Every access through it has bytes of its own (printf's records, each reserved by an atomic
   counter and only written): no access through it waits for another (memory_alias.c). */
#define HIR_ARG_OWN_BYTES 4u

/* Pointer provenance of private array p (base_arg): below every kernel argument index. */
#define HIR_PRIVATE_BASE(p) (-1000 - (p))
#define HIR_PRIVATE_OF(base) (-1000 - (base))

#define HIR_MAX_OPERANDS 16 /* a SIMD store's 16 lanes (HIR_CONCAT); a stream write: 10 */
#define HIR_NONE (-1)

/*
 * A kernel's CSR window (rtl-lib/ocl_kernel_csr.v, docs/architecture.md): kernel k of a
 * program at HIR_KCSR_WINDOW * (k + 1) on the system's 16-bit register bus, its argument
 * words from HIR_KCSR_ARGS to the window's end.
 */
#define HIR_KCSR_WINDOW 0x800u
#define HIR_KCSR_ARGS 0x80u
#define HIR_MAX_KERNELS (0x10000u / HIR_KCSR_WINDOW - 1)

/*
 * A set of LSUs (memory ports) of a kernel: the accesses an access must wait for. A kernel
 * has at most HIR_MAX_LSUS of them, the ports one memory arbiter takes (memory_order.c).
 */
#define HIR_MAX_LSUS 1024
struct hir_lsu_set {
    uint64_t w[HIR_MAX_LSUS / 64];
};

struct hir_op {
    enum hir_opcode opcode;
    unsigned width; /* result bits; 1 for comparisons, 0 for stores */
    int nops;
    int ops[HIR_MAX_OPERANDS]; /* operand value ids */
    int pred;                  /* loads/stores: predicate value id, HIR_NONE = always */
    uint64_t imm;
    unsigned aux;  /* HIR_WI: dimension 0..2 */
    unsigned line; /* source line, 0 if unknown */
    unsigned file; /* of that line (hir_file_name) */

    /* memory operations */
    unsigned addr_space;  /* 0 private (block RAM), 1 global, 2 constant */
    int parray;           /* private accesses: the array (aux: the load's or store's port) */
    int base_arg;         /* argument the address derives from, HIR_NONE if unknown */
    int lsu;              /* LSU index, set by hls_assign_lsus */
    int ordered;          /* waits until the stores in order_after are in memory */
    int uncached;         /* loads: other work-items' stores may be read (global barriers) */
    int fence_seq;        /* global mem_fences before it in its work-item's program: it waits
                             for the stores before the last one (memory_order.c) */
    int write_through;    /* stores: a later iteration waits for them, so never hold a line */
    int simd_wide;        /* loads/stores: one access for all SIMD lanes (lower_wide_*) */
    struct hir_lsu_set order_after; /* store LSUs that must be drained first */
    struct hir_lsu_set war_after;   /* stores: load LSUs whose data must be back first */
    int atomic;           /* loads: 1 + enum hir_atomic_op for an atomic read-modify-write */
    int discard;          /* global atomics: nothing reads the old value (liveness.c), so the
                             unit answers itself and the pipeline does not wait for it */
    int store_site;       /* block-RAM atomics: the write site (aux: the read port) */
    int replica;          /* block-RAM loads: the copy of the memory its read port reads */
    int unit;             /* float operations: the one whose unit computes it (share_units.c);
                             global atomics: the first LSU of the sites that share one unit
                             (memory_order.c), HIR_NONE for a site with a unit of its own */
    int stream;           /* HIR_STREAM: index into hir_kernel.streams */

    int next;      /* HIR_LOOP_PHI: the value the back edge carries */
    int init_copy; /* HIR_LOOP_PHI of a modulo loop: the entry value, carried to its stage */
    int loop;      /* innermost loop whose range holds the operation, HIR_NONE at top level */

    /* set by the passes */
    int seg;         /* pipeline segment (segments.c) */
    int rebuilt_at;  /* 1 + the first position of its segment for a value computed there
                        from arriving ones instead of arriving itself (rebuild_ids.c), else 0 */
    int live;        /* reached from a side effect */
    int invariant;   /* same for every work-item of a launch: no pipeline regs */
    int stage;       /* issue stage (memory, division) or defining stage */
    int ready_stage; /* stage where the result is first available */
    int ready_delay; /* delay units into ready_stage */
    int last_use;    /* last stage where the value is read */
    unsigned sig_bits; /* low bits that may be nonzero, the rest are 0 (sig_bits.c) */
};

/* What sets a modulo loop's II: a value, memory, or two operations on one pipe or channel. */
enum hir_dep_kind { HIR_DEP_NONE, HIR_DEP_REGISTER, HIR_DEP_MEMORY, HIR_DEP_STREAM };

/*
 * Early exit from a barrier loop (park.c): every side effect of the loop is guarded by
 * `x cmp (phi >> qshift)`, x from before the loop and phi halved or more each round
 * (phi.next = phi >> nshift), so a work-item whose guard is false stays idle for the rest of
 * the loop. It parks: it leaves the loop (before entering it, or at the loop's barrier) and
 * waits at the gate barrier after the loop; the loop's barrier counts it as arrived.
 */
struct hir_park {
    int gate;    /* the barrier at the loop's exit; HIR_NONE: the loop does not park */
    int barrier; /* the loop's own barrier */
    int guard;  /* the comparison */
    int x, phi;
    enum hir_opcode cmp; /* HIR_SLT, HIR_SLE, HIR_ULT or HIR_ULE, x on the left */
    unsigned qshift, nshift;
};

/* A loop: operations [begin, end) of the kernel, its phis first. */
struct hir_loop {
    int parent; /* enclosing loop, HIR_NONE at top level */
    int begin, end;
    int cont;         /* value: the iteration takes the back edge */
    int innermost;    /* no loop inside */
    unsigned line;    /* the loop statement */
    unsigned file;    /* of that line (hir_file_name) */
    unsigned hint_ii; /* #pragma ii N, 0 when absent */
    int ivdep;        /* #pragma ivdep: no dependencies between iterations through memory */
    struct hir_park park;

    /* set by the scheduler */
    int modulo;     /* iterations issued every `ii` cycles (else work-items interleaved) */
    int ii;         /* cycles between iterations */
    int depth;      /* stages from entry to the back edge */
    int capacity;   /* interleaved loops: tokens allowed inside */
    int first;      /* modulo loops: 1-bit value, the iteration starts an invocation */
    int cont_stage; /* modulo loops: stage where the condition is known */
    enum hir_dep_kind dep_kind; /* what set ii, when above 1 */
    unsigned dep_from, dep_to;  /* source lines of that dependency */
};

/*
 * A segment: a pipeline with its own stall, between two loop boundaries (segments.c).
 * Tokens enter from the dispatcher, a loop's entry (merged with its back edge) or a loop's
 * exit, and leave into a loop's entry, its back edge or exit, or the end of the kernel.
 */
enum hir_seg_from { HIR_FROM_DISPATCH, HIR_FROM_LOOP_ENTRY, HIR_FROM_LOOP_EXIT, HIR_FROM_BARRIER };
enum hir_seg_to { HIR_TO_END, HIR_TO_LOOP_ENTRY, HIR_TO_LOOP_END, HIR_TO_BARRIER };

struct hir_segment {
    int begin, end; /* operations of the range (copies are appended later) */
    enum hir_seg_from from;
    int from_loop; /* or barrier index */
    enum hir_seg_to to;
    int to_loop;  /* or barrier index */
    int *in, nin; /* values (original ids) arriving with a token; in_copy[i] defines in[i] */
    int *in_copy;
    int *out, nout; /* values (original ids) leaving with a token; out_local[i] names out[i] */
    int *out_local;
    /* HIR_TO_LOOP_END: out is read at the last stage and holds two token layouts, ordered
       exit-only, both, back-edge-only (then the loop's condition when neither carries it):
       the exit token is out[0, nexit), the back-edge token out[back_from, back_from + nback) */
    int nexit, back_from, nback;
    int depth; /* stages */
};

/* A dependency between iterations through memory (memory_order.c). */
struct hir_mem_dep {
    int from, to; /* `to` of a later iteration must follow `from` of an earlier one */
    int loop;     /* the innermost loop holding both */
};

struct hir_kernel {
    char *name;
    unsigned line;
    unsigned file; /* of that line (hir_file_name) */
    /* The files of a linked program's lines other than its own source: a record's `file`
       i > 0 names files[i - 1]; 0 is the program's source (hls_ctx.source_name). */
    char **files;
    unsigned nfiles;
    struct hir_op *ops;
    int nops, cap;
    int nargs;
    unsigned *arg_width;      /* bits of each by-value argument as seen by the datapath */
    unsigned *arg_csr_offset; /* byte offset of each argument in the kernel's CSR window */
    unsigned *arg_flags;      /* per argument: HIR_ARG_RESTRICT, HIR_ARG_BUFFER (lowering) */
    unsigned arg_words;       /* 32-bit CSR words holding arguments */
    int constant_arg;         /* the hidden argument (after the kernel's own) holding the
                                 address of the program's __constant data; HIR_NONE: none */
    int printf_arg;           /* the first of printf's two hidden arguments (its counter's
                                 address, then its records'); HIR_NONE: no printf */
    int nlsus;
    int depth;              /* number of pipeline stages */
    unsigned load_latency;  /* stages between a load's issue and its data */
    int stage_budget;       /* delay units one stage may chain (schedule_kernel.c) */
    int unit_input_delay;   /* of them, what an LSU's or divider's input logic takes */
    int bram_load_delay;    /* of them, what a block-RAM load's data takes in its stage */
    unsigned cur_line;      /* source line given to new operations (lowering) */
    unsigned cur_file;      /* and its file */
    int cur_loop;           /* loop given to new operations (lowering) */
    int single_work_item;   /* a task: loops are modulo-scheduled */
    int dispatch_ii;        /* NDRange: cycles between work-items entering (share_units.c) */
    unsigned float_lcs_ii1; /* logic cells of its float units without sharing (report) */
    struct hir_loop *loops;
    int nloops;
    struct hir_segment *segs;
    int nsegs;
    struct hir_mem_dep *mem_deps;
    int nmem_deps;
    struct hir_parray *parrays;
    int nparrays;
    int nslots; /* copies of the private arrays: work-items in flight at most */
    int slot;   /* the HIR_WI_SLOT value, HIR_NONE without private arrays */
    struct hir_barrier *barriers;
    int nbarriers;
    int wg_slot;                /* the HIR_WI_WG_SLOT value, HIR_NONE without barriers or __local */
    int nwg_slots;              /* work-groups in flight: copies of __local memory */
    unsigned max_wg;            /* the largest work-group the hardware holds (barrier units) */
    unsigned reqd_wg[3];        /* reqd_work_group_size (0 0 0: none): the local size is fixed;
                                   x in tokens (of simd work-items each) */
    unsigned simd;              /* num_simd_work_items: work-items per token (0, 1: one) */
    unsigned compute_units;     /* num_compute_units: copies of the kernel (0: one) */
    unsigned cu_dims[3];        /* their (X, Y, Z) shape, get_compute_id(d) < cu_dims[d]; 0 0 0
                                   with one */
    unsigned attr_max_wg;       /* max_work_group_size attribute, 0 when absent */
    unsigned attr_wg_in_flight; /* work_groups_in_flight attribute, 0 when absent */
    struct hir_stream *streams; /* pipe and channel endpoints */
    int nstreams;
    int autorun; /* starts at reset and restarts by itself (Intel channels) */
    int line_kernel;         /* runs on ocl_line_engine (line_kernel.c) */
    const char *line_refusal; /* NDRange on a hardware board: why not (a static string, or
                                 line_refusal_text when read from the IR's text) */
    char *line_refusal_text;  /* owned */
    unsigned line_refusal_line;
    unsigned line_elem_bits; /* line kernels: the element width of every global access */
    int line_loads, line_stores; /* line kernels: their load and store streams */
    int profile;                 /* oclhls build --profile: hardware counters (emit_profile.c) */
};

struct hir_kernel *hir_kernel_new(const char *name);
void hir_kernel_free(struct hir_kernel *k);

/* Appends an operation; returns its value id, or HIR_NONE when out of memory. */
int hir_emit(struct hir_kernel *k, enum hir_opcode opcode, unsigned width, int nops,
             const int *ops);
int hir_const(struct hir_kernel *k, unsigned width, uint64_t value);
/* A new loop starting at the next operation, in the file of cur_file; returns its index or
   HIR_NONE. */
int hir_loop_new(struct hir_kernel *k, int parent, unsigned line);

/* The index of file (as debug info names it) in k's files; 0 for the program's source
   (main_name), an unknown file (NULL), or when out of memory, where errors then name the
   program's source as they did before files were told apart. */
unsigned hir_file_index(struct hir_kernel *k, const char *file, const char *main_name);
/* The name of file index i for hls_error_in: NULL for the program's source. */
const char *hir_file_name(const struct hir_kernel *k, unsigned i);
/* Position of a value for liveness: work-item ids come from the dispatcher, at position 0. */
int hir_def_pos(const struct hir_kernel *k, int v);
/* Does loop l hold position p? */
int hir_loop_holds(const struct hir_kernel *k, int l, int p);

/* LSU sets: add lsu (0 <= lsu < HIR_MAX_LSUS); lsu is in s; s has none. */
void hir_lsu_set_add(struct hir_lsu_set *s, int lsu);
int hir_lsu_set_has(const struct hir_lsu_set *s, int lsu);
int hir_lsu_set_empty(const struct hir_lsu_set *s);

/* Helpers that fold constants so predicates of straight-line code stay constant true. */
int hir_and1(struct hir_kernel *k, int a, int b);
int hir_or1(struct hir_kernel *k, int a, int b);
int hir_not1(struct hir_kernel *k, int a);
int hir_is_const(const struct hir_kernel *k, int v, uint64_t value);

const char *hir_opcode_name(enum hir_opcode op);
const char *hir_atomic_name(enum hir_atomic_op op);
int hir_has_side_effect(const struct hir_op *op); /* stores and atomics */
int hir_writes_memory(const struct hir_op *op);   /* stores and atomics other than loads */
/* An atomic on printf's counter (k->printf_arg): its sites share ocl_printf_counter. */
int hir_is_printf_counter(const struct hir_kernel *k, const struct hir_op *op);
/* Two global atomic sites of one shared unit (memory_order.c groups them in op->unit)? */
int hir_same_atomic_unit(const struct hir_op *a, const struct hir_op *b);
int hir_is_multicycle(enum hir_opcode op);        /* division, remainder, load, float units */
int hir_is_float_unit(enum hir_opcode op);
int hir_is_pipe_op(const struct hir_op *op); /* a HIR_STREAM on a pipe argument */

/* Text dump for -v and debugging. Returns a malloc'ed string. */
char *hir_dump(const struct hir_kernel *k);

#endif
