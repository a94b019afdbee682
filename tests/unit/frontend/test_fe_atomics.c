/* SPDX-License-Identifier: MIT */
/*
 * The OpenCL atomic functions (frontend/builtins/atomics.cl, included in every compile): each
 * call becomes one atomicrmw or cmpxchg in the kernel, on the pointer's address space, at the
 * kernel's line of the call (not a line of the library); the library's functions are inlined,
 * dropped, and not kernels. OpenCL 3.0 (the default), 2.0 and 1.2.
 */
#include "fe_test.h"

#include <llvm-c/Core.h>

static const char src[] =
    "kernel void count(global uint *hist, global const uint *in)\n"                         /* 1 */
    "{\n"                                                                                   /* 2 */
    "    atomic_inc(&hist[in[get_global_id(0)] & 15]);\n"                                   /* 3 */
    "}\n"                                                                                   /* 4 */
    "kernel void claim(global int *out, local int *owner)\n"                                /* 5 */
    "{\n"                                                                                   /* 6 */
    "    int l = (int)get_local_id(0);\n"                                                   /* 7 */
    "    if (l == 0)\n"                                                                     /* 8 */
    "        *owner = -1;\n"                                                                /* 9 */
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"                                                   /* 10 */
    "    out[get_global_id(0)] = atomic_cmpxchg(owner, -1, l);\n"                           /* 11 */
    "}\n"                                                                                   /* 12 */
    "kernel void c11(volatile global atomic_int *sum, volatile global atomic_int *flag,\n"  /* 13 */
    "                global int *out)\n"                                                    /* 14 */
    "{\n"                                                                                   /* 15 */
    "    int g = (int)get_global_id(0);\n"                                                  /* 16 */
    "    atomic_fetch_add_explicit(sum, g, memory_order_relaxed,\n"                         /* 17 */
    "                              memory_scope_work_group);\n"                             /* 18 */
    "    int expected = 0;\n"                                                               /* 19 */
    "    int won = atomic_compare_exchange_strong(flag, &expected, g + 1);\n"               /* 20 */
    "    out[g] = won ? -1 : expected;\n"                                                   /* 21 */
    "}\n"                                                                                   /* 22 */
    "kernel void minmax(global int *s, global uint *u, global float *f, global int *out)\n" /* 23 */
    "{\n"                                                                                   /* 24 */
    "    out[0] = atomic_min(s, out[1]);\n"                                                 /* 25 */
    "    out[2] = atomic_max(u, (uint)out[3]);\n"                                           /* 26 */
    "    out[4] = as_int(atomic_xchg(f, 1.5f));\n"                                          /* 27 */
    "}\n";                                                                                  /* 28 */

/* The same calls in OpenCL 1.2 and 2.0 (no C11 atomics in 1.2; only generic pointers in 2.0). */
static const char src12[] = "kernel void k(global int *p, local uint *l)\n" /* 1 */
                            "{\n"                                           /* 2 */
                            "    p[1] = atomic_add(p, 2);\n"                /* 3 */
                            "    p[2] = atom_cmpxchg(l, 3u, 4u);\n"         /* 4 */
                            "}\n";                                          /* 5 */

static const char src20[] =
    "kernel void k(volatile global atomic_uint *a, global uint *out)\n"                     /* 1 */
    "{\n"                                                                                   /* 2 */
    "    out[0] = atomic_fetch_or(a, 8u);\n"                                                /* 3 */
    "    uint e = 1;\n"                                                                     /* 4 */
    "    out[1] = atomic_compare_exchange_weak_explicit(a, &e, 2u, memory_order_seq_cst,\n" /* 5 */
    "                                                   memory_order_relaxed);\n"           /* 6 */
    "}\n";                                                                                  /* 7 */

/* The n-th (0-based) instruction of fn with opcode op, NULL when there are fewer. */
static LLVMValueRef nth(LLVMValueRef fn, LLVMOpcode op, unsigned n)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            if (LLVMGetInstructionOpcode(in) == op && n-- == 0)
                return in;
    return NULL;
}

/* Calls left to any function whose (mangled) name mentions "atom". */
static unsigned atomic_calls(LLVMValueRef fn)
{
    unsigned n = 0;

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            size_t len;
            const char *name;

            if (LLVMGetInstructionOpcode(in) != LLVMCall)
                continue;
            name = LLVMGetValueName2(LLVMGetCalledValue(in), &len);
            n += name && strstr(name, "atom") != NULL;
        }
    return n;
}

static unsigned pointer_space(LLVMValueRef inst)
{
    return LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(inst, 0)));
}

/* inst is at file:want_line, as the kernel's call (the library's lines are inside it). */
static void check_line(const char *what, LLVMValueRef inst, const char *want_file,
                       unsigned want_line)
{
    const char *file = NULL;
    unsigned line = inst ? fe_inst_line(inst, &file) : 0;

    CHECK(line == want_line && file && !strcmp(file, want_file), "%s at %s:%u (want %s:%u)", what,
          file ? file : "?", line, want_file, want_line);
}

/* Exactly one atomicrmw <op> on addrspace(as), seq_cst, at line. */
static void check_rmw(LLVMValueRef fn, const char *what, LLVMAtomicRMWBinOp op, unsigned as,
                      const char *file, unsigned line)
{
    LLVMValueRef in = nth(fn, LLVMAtomicRMW, 0);

    CHECK(in && !nth(fn, LLVMAtomicRMW, 1), "%s: one atomicrmw", what);
    if (!in)
        return;
    CHECK(LLVMGetAtomicRMWBinOp(in) == op, "%s: atomicrmw operation %d (want %d)", what,
          (int)LLVMGetAtomicRMWBinOp(in), (int)op);
    CHECK(pointer_space(in) == as, "%s: on addrspace(%u) (want %u)", what, pointer_space(in), as);
    CHECK(LLVMGetOrdering(in) == LLVMAtomicOrderingSequentiallyConsistent, "%s: seq_cst", what);
    check_line(what, in, file, line);
}

/* Exactly one cmpxchg on addrspace(as), at line. */
static void check_cmpxchg(LLVMValueRef fn, const char *what, unsigned as, const char *file,
                          unsigned line)
{
    LLVMValueRef in = nth(fn, LLVMAtomicCmpXchg, 0);

    CHECK(in && !nth(fn, LLVMAtomicCmpXchg, 1), "%s: one cmpxchg", what);
    if (!in)
        return;
    CHECK(pointer_space(in) == as, "%s: on addrspace(%u) (want %u)", what, pointer_space(in), as);
    CHECK(LLVMGetCmpXchgSuccessOrdering(in) == LLVMAtomicOrderingSequentiallyConsistent,
          "%s: seq_cst", what);
    check_line(what, in, file, line);
}

static LLVMValueRef kernel_fn(struct fe_result *res, const char *name)
{
    struct fe_kernel *k = fe_test_kernel(res, name);

    CHECK(k != NULL, "kernel %s found", name);
    if (!k)
        return NULL;
    CHECK(atomic_calls(k->function) == 0, "%s calls no atomic function (all inlined)", name);
    return k->function;
}

/* Only the kernels have bodies: the library's functions were inlined and dropped. */
static void check_only_kernels(struct fe_result *res, unsigned nkernels)
{
    unsigned defined = 0;

    CHECK(res->nkernels == nkernels, "%u kernels (want %u): no library function is a kernel",
          res->nkernels, nkernels);
    for (LLVMValueRef fn = LLVMGetFirstFunction(res->module); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;

        if (LLVMIsDeclaration(fn))
            continue;
        defined++;
        if (!fe_test_kernel(res, LLVMGetValueName2(fn, &len)))
            printf("      defined non-kernel: %s\n", LLVMGetValueName2(fn, &len));
    }
    CHECK(defined == nkernels, "%u functions with bodies (want %u, the kernels)", defined,
          nkernels);
}

static void check_cl30(void)
{
    struct fe_result res;
    LLVMValueRef fn;
    LLVMValueRef in;

    CHECK(fe_test_compile(src, "atomics_test.cl", NULL, &res) == 0, "OpenCL 3.0 compiles");
    CHECK(!fe_test_contains(res.log, "warning"), "no warnings");
    if (!res.module) {
        fe_result_free(&res);
        return;
    }
    check_only_kernels(&res, 4);
    if ((fn = kernel_fn(&res, "count"))) {
        check_rmw(fn, "atomic_inc", LLVMAtomicRMWBinOpAdd, 1, "atomics_test.cl", 3);
        in = nth(fn, LLVMAtomicRMW, 0);
        CHECK(in && LLVMIsAConstantInt(LLVMGetOperand(in, 1)) &&
                  LLVMConstIntGetZExtValue(LLVMGetOperand(in, 1)) == 1,
              "atomic_inc adds 1");
    }
    if ((fn = kernel_fn(&res, "claim")))
        check_cmpxchg(fn, "atomic_cmpxchg", 3, "atomics_test.cl", 11);
    if ((fn = kernel_fn(&res, "c11"))) {
        /* the order and scope are not passed on: seq_cst */
        check_rmw(fn, "atomic_fetch_add_explicit", LLVMAtomicRMWBinOpAdd, 1, "atomics_test.cl", 17);
        check_cmpxchg(fn, "atomic_compare_exchange_strong", 1, "atomics_test.cl", 20);
    }
    if ((fn = kernel_fn(&res, "minmax"))) {
        LLVMValueRef a = nth(fn, LLVMAtomicRMW, 0), b = nth(fn, LLVMAtomicRMW, 1),
                     c = nth(fn, LLVMAtomicRMW, 2);

        CHECK(a && LLVMGetAtomicRMWBinOp(a) == LLVMAtomicRMWBinOpMin,
              "atomic_min on int is signed (min)");
        CHECK(b && LLVMGetAtomicRMWBinOp(b) == LLVMAtomicRMWBinOpUMax,
              "atomic_max on uint is unsigned (umax)");
        CHECK(c && LLVMGetAtomicRMWBinOp(c) == LLVMAtomicRMWBinOpXchg &&
                  LLVMGetTypeKind(LLVMTypeOf(c)) == LLVMIntegerTypeKind,
              "atomic_xchg on float exchanges the 32-bit word");
        if (a && b && c) {
            check_line("atomic_min", a, "atomics_test.cl", 25);
            check_line("atomic_max", b, "atomics_test.cl", 26);
            check_line("atomic_xchg", c, "atomics_test.cl", 27);
        }
    }
    fe_result_free(&res);
}

static void check_other_versions(void)
{
    struct fe_result res;
    LLVMValueRef fn;

    CHECK(fe_test_compile(src12, "atomics12.cl", "-cl-std=CL1.2", &res) == 0,
          "OpenCL 1.2 compiles");
    if (res.module) {
        check_only_kernels(&res, 1);
        if ((fn = kernel_fn(&res, "k"))) {
            check_rmw(fn, "atomic_add (1.2)", LLVMAtomicRMWBinOpAdd, 1, "atomics12.cl", 3);
            check_cmpxchg(fn, "atom_cmpxchg (1.2)", 3, "atomics12.cl", 4);
        }
    }
    fe_result_free(&res);

    /* OpenCL 2.0 declares the C11 functions on generic pointers only. */
    CHECK(fe_test_compile(src20, "atomics20.cl", "-cl-std=CL2.0", &res) == 0,
          "OpenCL 2.0 compiles");
    if (res.module) {
        check_only_kernels(&res, 1);
        if ((fn = kernel_fn(&res, "k"))) {
            LLVMValueRef in = nth(fn, LLVMAtomicRMW, 0);

            CHECK(in && !nth(fn, LLVMAtomicRMW, 1) &&
                      LLVMGetAtomicRMWBinOp(in) == LLVMAtomicRMWBinOpOr,
                  "atomic_fetch_or (2.0): one atomicrmw or");
            if (in)
                check_line("atomic_fetch_or (2.0)", in, "atomics20.cl", 3);
            in = nth(fn, LLVMAtomicCmpXchg, 0);
            CHECK(in && !nth(fn, LLVMAtomicCmpXchg, 1),
                  "atomic_compare_exchange_weak_explicit (2.0): one cmpxchg");
            if (in)
                check_line("atomic_compare_exchange_weak_explicit (2.0)", in, "atomics20.cl", 5);
        }
    }
    fe_result_free(&res);
}

int main(void)
{
    check_cl30();
    check_other_versions();
    return fe_test_finish("test_fe_atomics");
}
