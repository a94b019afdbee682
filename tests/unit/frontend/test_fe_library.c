/* SPDX-License-Identifier: MIT */
/*
 * The builtin library is bitcode linked into each module (frontend/library_link.c):
 * - OpenCL 1.2 and 3.0 kernels find the named-address-space overloads;
 * - the rounding-mode conversions are functions (they used to be macros);
 * - only what a kernel calls is linked: no library function is left in the module;
 * - code inlined from the library has the line of the kernel's call;
 * - user macros do not reach the library's source.
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

    /* With the library parsed as source, these would have rewritten its definitions. */
    rc = fe_test_compile(named_src, "macros.cl", "-DOCLHLS_OVL=static -Dx=y -Das_uint=oops",
                         &res);
    CHECK(rc == 0, "user macros do not reach the library");
    fe_result_free(&res);
    return fe_test_finish("test_fe_library");
}
