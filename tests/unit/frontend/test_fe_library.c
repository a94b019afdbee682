/* SPDX-License-Identifier: MIT */
/*
 * The builtin library is bitcode linked into each module (frontend/library_link.c):
 * - OpenCL 1.2 and 3.0 kernels find the named-address-space overloads;
 * - the rounding-mode conversions are functions (they used to be macros);
 * - only what a kernel calls is linked: no library function is left in the module;
 * - code inlined from the library has the line of the kernel's call;
 * - user macros do not reach the library's source;
 * - the later builtins link (native_/half_sqrt, vector mul24/mad24/upsample, shuffle,
 *   prefetch, atomic_work_item_fence), and a shuffle by a constant mask is lane moves, by a
 *   run-time mask a tree of selects on the index's bits.
 */
#include "fe_test.h"

#include <llvm-c/DebugInfo.h>

static const char named_src[] =
    "kernel void k(global int *p, global float *f, local int *t)\n"
    "{\n"
    "    int e;\n"
    "    int4 v = vload4(0, p);\n"
    "    float m = frexp(f[0], &e);\n"
    "    atomic_add(&t[0], v.x);\n"
    "    p[1] = e + convert_int_rte(m * 8.0f) + convert_char4_sat_rtn(vload4(0, f)).y;\n"
    "}\n";

static const char generic_src[] =
    "kernel void k(global int *p, global float *f)\n"
    "{\n"
    "    int e;\n"
    "    float m = frexp(f[0], &e);\n"
    "    p[0] = e + convert_uint_sat_rtp(m) + work_group_reduce_add(p[get_local_id(0)]);\n"
    "    atomic_fetch_add_explicit((volatile global atomic_int *)p, 1,\n"
    "                              memory_order_relaxed, memory_scope_device);\n"
    "}\n";

/* Builtins that only the library defines: they link, and leave no call HLS refuses. */
static const char misc_src[] =
    "kernel void k(global float4 *f, global int4 *v, global uint2 *u, global long2 *l)\n"
    "{\n"
    "    prefetch(f, 4);\n"
    "    prefetch((global const ulong16 *)l, 1);\n"
    "    f[0] = half_sqrt(f[1]) + native_sqrt(f[2].x) + half_sqrt(f[2].y);\n"
    "    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);\n"
    "    v[0] = mad24(v[1], v[2], v[3]) + mul24(v[1], v[3]);\n"
    "    u[0] = mul24(u[1], u[2]) + mad24(u[3], u[4], u[5]);\n"
    "    l[0] = upsample(v[4].lo, as_uint2(v[4].hi)) + convert_long2(upsample(u[6], u[7]));\n"
    "    v[5] = shuffle2(v[6], v[7], as_uint4(v[8]));\n"
    "}\n";

/* shuffle by constant masks: lane moves, nothing to choose at run time. */
static const char moves_src[] =
    "kernel void k(global int4 *v, global char16 *c, global float8 *f)\n"
    "{\n"
    "    v[0] = shuffle2(v[1], v[2], (uint4)(7, 0, 13, 2));\n"
    "    c[0] = shuffle(c[1], (uchar16)(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));\n"
    "    f[0] = shuffle(f[1].lo, (uint8)(1, 1, 2, 3, 0, 0, 7, 4));\n"
    "}\n";

/* By a run-time mask: per result lane a tree of 15 selects on 4 bit tests of its index. */
static const char picks_src[] =
    "kernel void k(global int16 *v, global uint2 *m, global int2 *o)\n"
    "{\n"
    "    o[0] = shuffle(v[0], m[0]);\n"
    "}\n";

/* Every function left is a kernel or a declaration (work-item functions, intrinsics). */
static int only_kernels_defined(LLVMModuleRef mod)
{
    int n = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn) && LLVMGetFunctionCallConv(fn) != LLVMSPIRKERNELCallConv) {
            size_t len;
            printf("      defined non-kernel: %s\n", LLVMGetValueName2(fn, &len));
            n++;
        }
    return n == 0;
}

/* The atomic read-modify-write inlined from atomic_fetch_add_explicit: its line. */
static unsigned atomic_line(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            if (LLVMGetInstructionOpcode(in) == LLVMAtomicRMW)
                return fe_inst_line(in, NULL);
    return 0;
}

int main(void)
{
    struct fe_result res;
    int rc;

    rc = fe_test_compile(named_src, "named.cl", "-cl-std=CL1.2", &res);
    CHECK(rc == 0, "an OpenCL 1.2 kernel links the named-address-space overloads");
    CHECK(rc || only_kernels_defined(res.module), "no library function is left over");
    fe_result_free(&res);

    rc = fe_test_compile(named_src, "named.cl", NULL, &res);
    CHECK(rc == 0, "the same kernel as OpenCL 3.0");
    fe_result_free(&res);

    rc = fe_test_compile(generic_src, "generic.cl", NULL, &res);
    CHECK(rc == 0, "work-group functions, 2.0 atomics, rounding-mode conversions");
    if (rc == 0) {
        struct fe_kernel *k = fe_test_kernel(&res, "k");
        unsigned line = k ? atomic_line(LLVMGetNamedFunction(res.module, "k")) : 0;
        CHECK(line == 6, "the inlined atomic has the line of the kernel's call (%u, want 6)",
              line);
        CHECK(only_kernels_defined(res.module), "no library function is left over");
    }
    fe_result_free(&res);

    rc = fe_test_compile(misc_src, "misc.cl", NULL, &res);
    CHECK(rc == 0, "native_/half_sqrt, vector mul24/mad24/upsample, shuffle2, prefetch, "
                   "atomic_work_item_fence");
    CHECK(rc || only_kernels_defined(res.module), "no library function is left over");
    fe_result_free(&res);

    rc = fe_test_compile(moves_src, "moves.cl", NULL, &res);
    CHECK(rc == 0, "shuffles by constant masks");
    if (rc == 0) {
        LLVMValueRef fn = LLVMGetNamedFunction(res.module, "k");
        unsigned sel = fe_test_count(fn, LLVMSelect, NULL), cmp = fe_test_count(fn, LLVMICmp, NULL);
        CHECK(sel == 0 && cmp == 0, "they are lane moves: %u selects, %u compares (want 0)", sel,
              cmp);
    }
    fe_result_free(&res);

    rc = fe_test_compile(picks_src, "picks.cl", NULL, &res);
    CHECK(rc == 0, "a shuffle by a run-time mask");
    if (rc == 0) {
        LLVMValueRef fn = LLVMGetNamedFunction(res.module, "k");
        unsigned sel = fe_test_count(fn, LLVMSelect, NULL), cmp = fe_test_count(fn, LLVMICmp, NULL);
        CHECK(sel == 30 && cmp == 8, "two select trees: %u selects (want 30), %u compares (want 8)",
              sel, cmp);
    }
    fe_result_free(&res);

    /* With the library parsed as source, these would have rewritten its definitions. */
    rc = fe_test_compile(named_src, "macros.cl", "-DOCLHLS_OVL=static -Dx=y -Das_uint=oops",
                         &res);
    CHECK(rc == 0, "user macros do not reach the library");
    fe_result_free(&res);
    return fe_test_finish("test_fe_library");
}
