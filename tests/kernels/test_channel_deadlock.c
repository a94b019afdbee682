/* SPDX-License-Identifier: MIT */
/*
 * A channel deadlock (channel_deadlock.cl): the consumer waits for 10 packets, the producer
 * sends 5. Run with OCLHLS_TIMEOUT_MS=1000: the producer completes, the consumer's event ends
 * with an error within the timeout (plus margin), and clFinish returns.
 */
#include <stdio.h>
#include <time.h>

#include "kt.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    struct kt t;
    cl_int err, st_send = 1, st_wait = 1;
    cl_event ev[2];
    int sent = 5, wanted = 10;

    kt_init(&t, "channel_deadlock", argc > 1 ? argv[1] : "channel_deadlock.oclbin");
    cl_kernel send = kt_kernel(&t, "send"), wait_for = kt_kernel(&t, "wait_for");
    cl_mem bsum = kt_buffer_arg(&t, wait_for, 0, sizeof(int), NULL);
    cl_command_queue q2 = clCreateCommandQueueWithProperties(t.context, t.device, NULL, &err);
    kt_arg(&t, send, 0, sizeof(sent), &sent);
    kt_arg(&t, wait_for, 1, sizeof(wanted), &wanted);
    double t0 = now_s();
    clEnqueueTask(q2, wait_for, 0, NULL, &ev[1]);
    clFlush(q2);
    clEnqueueTask(t.queue, send, 0, NULL, &ev[0]);
    clFinish(t.queue);
    clFinish(q2);
    double waited = now_s() - t0;
    clGetEventInfo(ev[0], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st_send), &st_send, NULL);
    clGetEventInfo(ev[1], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st_wait), &st_wait, NULL);
    printf("producer status %d, consumer status %d, after %.2f s\n", st_send, st_wait, waited);
    KT_EQ(&t, st_send, CL_COMPLETE, "producer status", 0);
    kt_expect(&t, st_wait < 0, "the deadlocked consumer ends with an error (status %d)", st_wait);
    kt_expect(&t, waited < 30.0, "reported after %.1f s", waited);
    clReleaseEvent(ev[0]);
    clReleaseEvent(ev[1]);
    clReleaseMemObject(bsum);
    clReleaseKernel(send);
    clReleaseKernel(wait_for);
    clReleaseCommandQueue(q2);
    return kt_finish(&t);
}
