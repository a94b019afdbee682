/* SPDX-License-Identifier: MIT */
/* A kernel that runs longer than $OCLHLS_TIMEOUT_MS (ctest sets 1 ms) ends with a negative
 * status; waiting on it reports that, and the queue goes on with other commands. */
#include <stdio.h>
#include <stdlib.h>

#include "api_test.h"

#define N (1 << 22)

int main(void)
{
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
    cl_kernel k;
    cl_mem m;
    cl_event ev;
    cl_int err, status = 0, n = N;
    size_t g = N;
    int probe[4] = {1, 2, 3, 4}, back[4] = {0};

    api_begin("api.timeout");
    ctx = api_context();
    q = api_queue(ctx, false);
    prog = api_build(ctx, api_vector_add_source, NULL);
    CHECK(prog != NULL, "vector_add builds");
    if (!prog)
        return api_end();
    k = clCreateKernel(prog, "vector_add", &err);
    MUST(err);
    m = clCreateBuffer(ctx, 0, (size_t)N * sizeof(int), NULL, &err);
    MUST(err);
    MUST(clSetKernelArg(k, 0, sizeof(m), &m));
    MUST(clSetKernelArg(k, 1, sizeof(m), &m));
    MUST(clSetKernelArg(k, 2, sizeof(m), &m));
    MUST(clSetKernelArg(k, 3, sizeof(n), &n));
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &ev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL);
    CHECK(status == CL_OUT_OF_RESOURCES, "the kernel's event ends with CL_OUT_OF_RESOURCES (%s)",
          api_err_name(status));
    /* clFinish has no error for failed commands; memory commands still work */
    EXPECT(clFinish(q), CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, sizeof(probe), probe, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(back), back, 0, NULL, NULL), CL_SUCCESS);
    CHECK(back[3] == 4, "a write and a read after the timeout");
    clReleaseEvent(ev);
    clReleaseMemObject(m);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return api_end();
}
