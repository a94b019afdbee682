/* SPDX-License-Identifier: MIT */
/*
 * vector_add: one kernel with the right name, argument names, types, address spaces,
 * qualifiers and sizes, its source line; after the pipeline a straight-line kernel is one
 * block, the work-item call stays, and instructions carry their source lines.
 */
#include "fe_test.h"

static const char src[] =
    "/* c = a + b */\n"
    "__kernel void vector_add(__global const float *a,\n"
    "                         __global const float *restrict b,\n"
    "                         __global float *c, uint n)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    c[i] = a[i] + b[i];\n"
    "}\n"
    "\n"
    "kernel void args(global float4 *v, float4 s, char ch, short3 sh, local int *tmp,\n"
    "                 constant int *k, volatile global int *vol)\n"
    "{\n"
    "    v[0] = s * ch + k[0] + tmp[0] + vol[0] + sh.x;\n"
    "}\n"
    "typedef struct { int a; float b; char c; } S;\n"
    "kernel void byval(global float *p, S s, float3 f3, long l)\n"
    "{\n"
    "    p[0] = s.a + s.b + s.c + f3.z + l;\n"
    "}\n";

static void check_arg(struct fe_kernel *k, unsigned i, const char *name, const char *type,
                      const char *quals, enum fe_addr_space as, uint32_t size, int is_pointer)
{
    struct fe_arg *a = &k->args[i];

    CHECK(!strcmp(a->name, name), "%s arg %u name '%s' (want '%s')", k->name, i, a->name, name);
    CHECK(!strcmp(a->type_name, type), "%s arg %u type '%s' (want '%s')", k->name, i, a->type_name,
          type);
    CHECK(!strcmp(a->type_qualifiers, quals), "%s arg %u qualifiers '%s' (want '%s')", k->name, i,
          a->type_qualifiers, quals);
    CHECK(a->addr_space == as, "%s arg %u address space %d (want %d)", k->name, i, a->addr_space,
          as);
    CHECK(a->size == size, "%s arg %u size %u (want %u)", k->name, i, a->size, size);
    CHECK(a->is_pointer == is_pointer, "%s arg %u is_pointer %d", k->name, i, a->is_pointer);
    CHECK(a->access == FE_ACCESS_NONE, "%s arg %u access none", k->name, i);
}

/* The store to c[i] has line 7 of vector_add.cl. */
static void check_lines(LLVMValueRef fn)
{
    LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn);
    const char *file = NULL;
    unsigned line = 0;

    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
        if (LLVMGetInstructionOpcode(in) == LLVMStore)
            line = fe_inst_line(in, &file);
    CHECK(line == 7 && file && !strcmp(file, "vector_add.cl"),
          "store at %s:%u (want vector_add.cl:7)", file ? file : "?", line);
}

static void check_vector_add(struct fe_result *res)
{
    struct fe_kernel *k = fe_test_kernel(res, "vector_add");

    CHECK(k != NULL, "kernel vector_add found");
    if (!k)
        return;
    CHECK(k->line == 2, "vector_add defined at line %u (want 2)", k->line);
    CHECK(k->nargs == 4, "vector_add has %u args (want 4)", k->nargs);
    if (k->nargs != 4)
        return;
    check_arg(k, 0, "a", "float*", "const", FE_AS_GLOBAL, 4, 1);
    check_arg(k, 1, "b", "float*", "restrict const", FE_AS_GLOBAL, 4, 1);
    check_arg(k, 2, "c", "float*", "", FE_AS_GLOBAL, 4, 1);
    check_arg(k, 3, "n", "uint", "", FE_AS_PRIVATE, 4, 0);
    CHECK(k->reqd_work_group_size[0] == 0 && k->max_work_group_size == 0, "no size attributes");
    fe_test_print_function(k->function);
    CHECK(LLVMCountBasicBlocks(k->function) == 1, "straight-line kernel is %u block(s) (want 1)",
          LLVMCountBasicBlocks(k->function));
    CHECK(fe_test_count(k->function, LLVMBr, NULL) == 0, "no branches");
    CHECK(fe_test_count(k->function, LLVMAlloca, NULL) == 0, "no allocas left");
    CHECK(fe_test_count(k->function, LLVMCall, "_Z13get_global_idj") == 1,
          "one call to get_global_id kept");
    CHECK(fe_test_count(k->function, LLVMLoad, NULL) == 2, "two loads");
    check_lines(k->function);
}

static void check_args_kernel(struct fe_result *res)
{
    struct fe_kernel *k = fe_test_kernel(res, "args");

    CHECK(k != NULL && k->nargs == 7, "kernel args found with 7 args");
    if (!k || k->nargs != 7)
        return;
    CHECK(k->line == 10, "args defined at line %u (want 10)", k->line);
    check_arg(k, 0, "v", "float4*", "", FE_AS_GLOBAL, 4, 1);
    check_arg(k, 1, "s", "float4", "", FE_AS_PRIVATE, 16, 0);
    check_arg(k, 2, "ch", "char", "", FE_AS_PRIVATE, 1, 0);
    check_arg(k, 3, "sh", "short3", "", FE_AS_PRIVATE, 8, 0);
    check_arg(k, 4, "tmp", "int*", "", FE_AS_LOCAL, 4, 1);
    check_arg(k, 5, "k", "int*", "const", FE_AS_CONSTANT, 4, 1);
    check_arg(k, 6, "vol", "int*", "volatile", FE_AS_GLOBAL, 4, 1);
}

/* A struct by value is a byval pointer in LLVM, but clSetKernelArg passes the struct. */
static void check_byval_kernel(struct fe_result *res)
{
    struct fe_kernel *k = fe_test_kernel(res, "byval");

    CHECK(k != NULL && k->nargs == 4, "kernel byval found with 4 args");
    if (!k || k->nargs != 4)
        return;
    check_arg(k, 1, "s", "S", "", FE_AS_PRIVATE, 12, 0);
    check_arg(k, 2, "f3", "float3", "", FE_AS_PRIVATE, 16, 0);
    check_arg(k, 3, "l", "long", "", FE_AS_PRIVATE, 8, 0);
}

int main(void)
{
    struct fe_result res;
    int rc = fe_test_compile(src, "vector_add.cl", NULL, &res);

    CHECK(rc == 0, "vector_add.cl compiles");
    CHECK(res.module && res.context, "module and context returned");
    CHECK(res.nkernels == 3, "%u kernels (want 3)", res.nkernels);
    CHECK(!fe_test_contains(res.log, "error"), "no errors in the log");
    if (rc == 0) {
        check_vector_add(&res);
        check_args_kernel(&res);
        check_byval_kernel(&res);
        CHECK(!LLVMGetNamedGlobal(res.module, "llvm.global.annotations"),
              "no annotations left in the module");
    }
    fe_result_free(&res);
    CHECK(res.log == NULL && res.module == NULL && res.kernels == NULL, "result released");
    printf("clang version: %s\n", fe_clang_version());
    CHECK(fe_test_contains(fe_clang_version(), "clang version"), "fe_clang_version");
    CHECK(fe_clang_version() == fe_clang_version(), "fe_clang_version is computed once");
    return fe_test_finish("test_fe_vector_add");
}
