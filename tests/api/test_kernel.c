/* SPDX-License-Identifier: MIT */
/* Kernel objects: queries from the metadata, argument checks, work-size checks of
 * clEnqueueNDRangeKernel, clones. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api_test.h"

static const char *reqd_source = "__attribute__((reqd_work_group_size(4, 1, 1)))\n"
                                 "__kernel void fixed(__global int *x)\n"
                                 "{\n"
                                 "    x[get_global_id(0)] = (int)get_local_id(0);\n"
                                 "}\n"
                                 "__attribute__((reqd_work_group_size(2, 2, 1)))\n"
                                 "__attribute__((vec_type_hint(uint2)))\n"
                                 "__kernel void fixed2d(__global int *x)\n"
                                 "{\n"
                                 "    x[get_global_id(1) * 4 + get_global_id(0)] =\n"
                                 "        (int)(get_local_id(0) + 10 * get_local_id(1) +\n"
                                 "              100 * get_local_size(1) + 1000 * get_group_id(0));\n"
                                 "}\n";

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static void queries(cl_program prog, cl_kernel k)
{
    char s[128];
    cl_uint n = 0;
    cl_program kp = NULL;
    cl_context kc = NULL;
    cl_kernel_arg_address_qualifier aq = 0;
    cl_kernel_arg_access_qualifier acc = 0;
    cl_kernel_arg_type_qualifier tq = 0;
    size_t wg = 0, three[3] = {9, 9, 9}, sz = 0;
    cl_ulong local = 9;
    cl_kernel ks[2];

    printf("-- queries\n");
    EXPECT(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof(s), s, NULL), CL_SUCCESS);
    CHECK(strcmp(s, "vector_add") == 0, "CL_KERNEL_FUNCTION_NAME");
    EXPECT(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof(n), &n, NULL), CL_SUCCESS);
    CHECK(n == 4, "CL_KERNEL_NUM_ARGS 4");
    clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof(kp), &kp, NULL);
    clGetKernelInfo(k, CL_KERNEL_CONTEXT, sizeof(kc), &kc, NULL);
    CHECK(kp == prog && kc == ctx, "CL_KERNEL_PROGRAM and CL_KERNEL_CONTEXT");
    EXPECT(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof(s), s, NULL), CL_SUCCESS);
    EXPECT(clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof(n), &n, NULL), CL_SUCCESS);
    CHECK(n == 1, "reference count 1");
    EXPECT(clGetKernelInfo(k, 0x7777, sizeof(s), s, NULL), CL_INVALID_VALUE);

    EXPECT(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof(s), s, NULL), CL_SUCCESS);
    CHECK(strcmp(s, "a") == 0, "argument 0 is named a");
    EXPECT(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof(s), s, NULL), CL_SUCCESS);
    CHECK(strcmp(s, "int*") == 0, "argument 0 has type int* (\"%s\")", s);
    EXPECT(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq, NULL),
           CL_SUCCESS);
    CHECK(aq == CL_KERNEL_ARG_ADDRESS_GLOBAL, "argument 0 is __global");
    EXPECT(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL),
           CL_SUCCESS);
    CHECK(tq & CL_KERNEL_ARG_TYPE_CONST, "argument 0 is const");
    EXPECT(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq, NULL),
           CL_SUCCESS);
    CHECK(aq == CL_KERNEL_ARG_ADDRESS_PRIVATE, "argument 3 is private (by value)");
    EXPECT(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL),
           CL_SUCCESS);
    CHECK(acc == CL_KERNEL_ARG_ACCESS_NONE, "argument 3 has no access qualifier");
    EXPECT(clGetKernelArgInfo(k, 4, CL_KERNEL_ARG_NAME, sizeof(s), s, NULL), CL_INVALID_ARG_INDEX);
    EXPECT(clGetKernelArgInfo(k, 0, 0x7777, sizeof(s), s, NULL), CL_INVALID_VALUE);

    EXPECT(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(wg), &wg, NULL),
           CL_SUCCESS);
    CHECK(wg >= 1, "CL_KERNEL_WORK_GROUP_SIZE %zu", wg);
    EXPECT(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof(three),
                                    three, NULL),
           CL_SUCCESS);
    CHECK(three[0] == 0 && three[1] == 0 && three[2] == 0, "no compile work-group size");
    EXPECT(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(local), &local, NULL),
           CL_SUCCESS);
    CHECK(local == 0, "no local memory");
    EXPECT(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                    sizeof(sz), &sz, NULL),
           CL_SUCCESS);
    EXPECT(
        clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof(local), &local, NULL),
        CL_SUCCESS);
    EXPECT(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof(three), three, NULL),
           CL_INVALID_VALUE);
    EXPECT(clGetKernelWorkGroupInfo(k, (cl_device_id)ctx, CL_KERNEL_WORK_GROUP_SIZE, sizeof(wg),
                                    &wg, NULL),
           CL_INVALID_DEVICE);

    EXPECT(clCreateKernelsInProgram(prog, 0, NULL, &n), CL_SUCCESS);
    CHECK(n == 1, "clCreateKernelsInProgram counts 1 kernel");
    EXPECT(clCreateKernelsInProgram(prog, 0, ks, &n), CL_INVALID_VALUE);
    EXPECT(clCreateKernelsInProgram(prog, 2, ks, &n), CL_SUCCESS);
    clReleaseKernel(ks[0]);
    EXPECT(clRetainKernel((cl_kernel)prog), CL_INVALID_KERNEL);
    EXPECT(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof(sz), &sz,
                                   NULL),
           CL_INVALID_OPERATION);
}

static void arguments(cl_kernel k, cl_mem buf)
{
    int n = 16;
    int64_t wide = 0;
    cl_mem none = NULL;
    size_t g = 16;

    printf("-- arguments\n");
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
    EXPECT(clSetKernelArg(k, 4, sizeof(int), &n), CL_INVALID_ARG_INDEX);
    EXPECT(clSetKernelArg(k, 0, sizeof(int), &buf), CL_INVALID_ARG_SIZE);
    EXPECT(clSetKernelArg(k, 3, sizeof(wide), &wide), CL_INVALID_ARG_SIZE);
    EXPECT(clSetKernelArg(k, 3, sizeof(int), NULL), CL_INVALID_ARG_VALUE);
    EXPECT(clSetKernelArg(k, 0, sizeof(cl_mem), &ctx), CL_INVALID_MEM_OBJECT);
    EXPECT(clSetKernelArg(k, 0, sizeof(cl_mem), &none), CL_SUCCESS);
    EXPECT(clSetKernelArg(k, 0, sizeof(cl_mem), NULL), CL_SUCCESS);
    EXPECT(clSetKernelArg(k, 0, sizeof(cl_mem), &buf), CL_SUCCESS);
    EXPECT(clSetKernelArg(k, 1, sizeof(cl_mem), &buf), CL_SUCCESS);
    EXPECT(clSetKernelArg(k, 2, sizeof(cl_mem), &buf), CL_SUCCESS);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
    EXPECT(clSetKernelArg(k, 3, sizeof(int), &n), CL_SUCCESS);
    EXPECT(clSetKernelArg((cl_kernel)ctx, 0, sizeof(cl_mem), &buf), CL_INVALID_KERNEL);
}

static void work_sizes(cl_kernel k)
{
    size_t max_wg = 0, max_items[3] = {0};
    size_t g[3] = {64, 4, 2}, l[3] = {8, 2, 1}, off[3] = {0, 0, 0};
    cl_event ev;

    printf("-- work sizes\n");
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(max_wg), &max_wg, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(max_items), max_items, NULL);
    EXPECT(clEnqueueNDRangeKernel(q, k, 0, NULL, g, NULL, 0, NULL, NULL),
           CL_INVALID_WORK_DIMENSION);
    EXPECT(clEnqueueNDRangeKernel(q, k, 4, NULL, g, NULL, 0, NULL, NULL),
           CL_INVALID_WORK_DIMENSION);
    /* uniform work-groups only: the local size must divide the global size */
    l[0] = 6;
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, g, l, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    l[0] = max_items[0] + 1;
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, g, l, 0, NULL, NULL), CL_INVALID_WORK_ITEM_SIZE);
    l[0] = max_items[0];
    l[1] = max_wg / max_items[0] + 1;
    if (l[1] <= max_items[1]) {
        g[0] = l[0];
        g[1] = l[1];
        EXPECT(clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, NULL),
               CL_INVALID_WORK_GROUP_SIZE);
        g[0] = 64;
        g[1] = 4;
    }
    l[0] = 0;
    l[1] = 1;
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, g, l, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    if (sizeof(size_t) > 4) {
        g[0] = (size_t)UINT32_MAX + 1;
        EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, g, NULL, 0, NULL, NULL),
               CL_INVALID_GLOBAL_WORK_SIZE);
        g[0] = 64;
        off[0] = UINT32_MAX - 10;
        EXPECT(clEnqueueNDRangeKernel(q, k, 1, off, g, NULL, 0, NULL, NULL),
               CL_INVALID_GLOBAL_OFFSET);
        off[0] = 0;
        /* every size fits 32 bits, but the dispatcher counts at most 2^32 work-items */
        size_t big[3] = {65536, 65536, 2};
        EXPECT(clEnqueueNDRangeKernel(q, k, 3, NULL, big, NULL, 0, NULL, NULL),
               CL_OUT_OF_RESOURCES);
    }
    /* "If global_work_size is NULL, or the value in any passed dimension is 0 then the kernel
     * command will trivially succeed" */
    g[0] = 0;
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, g, NULL, 0, NULL, &ev), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &ev), CL_SUCCESS);
    clReleaseEvent(ev);
    EXPECT(clEnqueueNDRangeKernel(q, (cl_kernel)q, 1, NULL, g, NULL, 0, NULL, NULL),
           CL_INVALID_KERNEL);
}

static void clone(cl_kernel k)
{
    cl_kernel c;
    cl_uint refs = 0;
    cl_int err;
    size_t g = 16;

    printf("-- clones\n");
    c = clCloneKernel(k, &err);
    EXPECT(err, CL_SUCCESS);
    clGetKernelInfo(c, CL_KERNEL_REFERENCE_COUNT, sizeof(refs), &refs, NULL);
    CHECK(refs == 1, "a clone starts with one reference");
    /* the clone has the arguments set: it can be enqueued */
    EXPECT(clEnqueueNDRangeKernel(q, c, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseKernel(c);
    clCloneKernel((cl_kernel)ctx, &err);
    EXPECT(err, CL_INVALID_KERNEL);
}

static void required_size(void)
{
    cl_program p = api_build(ctx, reqd_source, NULL);
    size_t three[3] = {0}, g = 8, l = 8, g6 = 6, wg = 0, g2d[2] = {4, 2};
    int out[8] = {0}, bad2d = 0;
    cl_kernel k;
    cl_mem m;
    cl_int err;

    printf("-- reqd_work_group_size\n");
    CHECK(p != NULL, "the kernel with reqd_work_group_size builds");
    if (!p)
        return;
    k = clCreateKernel(p, "fixed", &err);
    MUST(err);
    m = clCreateBuffer(ctx, 0, sizeof(out), NULL, &err);
    MUST(err);
    MUST(clSetKernelArg(k, 0, sizeof(m), &m));
    EXPECT(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof(three), three,
                                    NULL),
           CL_SUCCESS);
    CHECK(three[0] == 4 && three[1] == 1 && three[2] == 1, "CL_KERNEL_COMPILE_WORK_GROUP_SIZE");
    char attrs[128] = "";
    EXPECT(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof(attrs), attrs, NULL), CL_SUCCESS);
    CHECK(strcmp(attrs, "reqd_work_group_size(4,1,1)") == 0, "CL_KERNEL_ATTRIBUTES \"%s\"",
          attrs);
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(wg), &wg, NULL);
    CHECK(wg == 4, "CL_KERNEL_WORK_GROUP_SIZE is the required size (%zu)", wg);
    /* "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and does not match the
     * required work-group size for kernel in the program source." */
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL),
           CL_INVALID_WORK_GROUP_SIZE);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g6, NULL, 0, NULL, NULL),
           CL_INVALID_WORK_GROUP_SIZE);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[0] == 0 && out[3] == 3 && out[4] == 0 && out[7] == 3,
          "NULL local size runs work-groups of the required size (%d %d %d %d)", out[0], out[3],
          out[4], out[7]);
    clReleaseKernel(k);

    /* The hardware of a kernel with a required size is built for that size only. */
    k = clCreateKernel(p, "fixed2d", &err);
    MUST(err);
    MUST(clSetKernelArg(k, 0, sizeof(m), &m));
    EXPECT(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof(attrs), attrs, NULL), CL_SUCCESS);
    CHECK(strcmp(attrs, "reqd_work_group_size(2,2,1) vec_type_hint(uint2)") == 0,
          "CL_KERNEL_ATTRIBUTES \"%s\"", attrs);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL),
           CL_INVALID_WORK_GROUP_SIZE);
    EXPECT(clEnqueueNDRangeKernel(q, k, 2, NULL, g2d, NULL, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL), CL_SUCCESS);
    for (int i = 0; i < 8; i++)
        bad2d += out[i] != (i % 2) + 10 * (i / 4) + 200 + 1000 * ((i % 4) / 2);
    CHECK(bad2d == 0, "2-D required size: local ids, local size and group ids (%d wrong)", bad2d);
    clReleaseMemObject(m);
    clReleaseKernel(k);
    clReleaseProgram(p);
}

int main(void)
{
    cl_program prog;
    cl_kernel k;
    cl_mem buf;
    cl_int err;

    api_begin("api.kernel");
    ctx = api_context();
    q = api_queue(ctx, false);
    dev = api_device();
    prog = api_build(ctx, api_vector_add_source, NULL);
    CHECK(prog != NULL, "vector_add builds");
    if (!prog)
        return api_end();
    k = clCreateKernel(prog, "vector_add", &err);
    MUST(err);
    buf = clCreateBuffer(ctx, 0, 1024, NULL, &err);
    MUST(err);
    queries(prog, k);
    arguments(k, buf);
    work_sizes(k);
    clone(k);
    required_size();
    clReleaseMemObject(buf);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return api_end();
}
