/* SPDX-License-Identifier: MIT */
/*
 * Commands and the per-device worker that runs them.
 *
 * An enqueue call builds a command (with its own event), then submits it: the command goes on
 * its device's pending list at once (so clFlush has nothing left to do) and its event becomes
 * CL_SUBMITTED. The device's worker thread takes, in submission order, the first pending
 * command that is ready -- every event of its wait list complete, and every command its queue
 * orders it after complete -- and runs it. A kernel launch is only started: it stays in flight
 * (core/launch.h) while the worker runs other commands, and ends when polling the board sees
 * its kernel done. Transfers run one at a time, also while kernels run.
 *
 * The order a queue imposes is set at submission (the command's "after" list):
 * - in-order queue: after the previous command of the queue;
 * - out-of-order queue: after the queue's last barrier only, so a command waiting on a user
 *   event holds back nothing but the commands that wait for it. A marker or barrier with an
 *   empty wait list is after every earlier command of the queue; a barrier (with or without
 *   a wait list) becomes the one every later command is after.
 * So a command waiting on a user event holds back only the commands ordered after it.
 *
 * A command whose wait list holds an event that ended in error is not run; it ends with
 * CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST ("A negative integer value causes all enqueued
 * commands that wait on this user event to be terminated"). The order a queue imposes is not a
 * data dependency: a command after a failed one (by queue order, marker or barrier) still runs.
 */
#ifndef OCLHLS_RT_COMMAND_H
#define OCLHLS_RT_COMMAND_H

#include <stdbool.h>

#include "core/objects.h"

struct oclhls_launch;

struct oclhls_command {
    struct oclhls_command *next;
    cl_command_type type;
    cl_command_queue queue; /* held */
    cl_event event;         /* held */
    cl_uint num_after;
    cl_event *after; /* held: the commands its queue's order puts before it */
    cl_uint num_wait;
    cl_event *wait; /* held */
    cl_mem mem[2];  /* held: the buffers the command uses */
    union {
        struct {
            size_t offset, size;
            void *ptr;
        } rw; /* READ_BUFFER, WRITE_BUFFER */
        struct {
            size_t src_offset, dst_offset, size;
        } copy; /* COPY_BUFFER */
        struct {
            size_t origin[2][3], region[3], row[2], slice[2];
            void *ptr; /* host side of READ/WRITE_BUFFER_RECT; [0] is the buffer, [1] host */
        } rect;        /* READ/WRITE/COPY_BUFFER_RECT; for COPY [0] src, [1] dst */
        struct {
            unsigned char pattern[128];
            size_t pattern_size, offset, size;
        } fill; /* FILL_BUFFER */
        struct {
            uint8_t texel[16]; /* the fill colour in the image's format */
            size_t origin[3], region[3]; /* in texels, rows (1D arrays: layers), slices */
        } fill_image;                    /* FILL_IMAGE */
        struct {
            struct oclhls_map *map;
        } map; /* MAP_BUFFER, UNMAP_MEM_OBJECT */
        struct {
            struct oclhls_launch *launch;
            cl_int status;   /* set when its run ends (core/launch.h) */
            uint64_t cycles; /* the kernel's cycle count, when status is CL_COMPLETE */
        } kernel;            /* NDRANGE_KERNEL, TASK */
    } u;
};

/*
 * A new command of type for queue, with its event; the wait list must have been checked.
 * NULL when out of host memory.
 */
struct oclhls_command *oclhls_command_new(cl_command_queue queue, cl_command_type type,
                                          cl_uint num_wait, const cl_event *wait);

/* Frees a command that was never submitted, or has run. */
void oclhls_command_free(struct oclhls_command *cmd);

/*
 * Submits cmd (ownership passes to the worker). When event is not NULL it receives the
 * command's event (retained for the application). When blocking, waits for the command and
 * returns CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if an event of its wait list failed,
 * or the command's own error status; CL_SUCCESS otherwise. CL_OUT_OF_HOST_MEMORY (cmd freed,
 * nothing submitted) when the queue's bookkeeping cannot grow.
 *
 * A command is a marker or barrier by its event's type: a clEnqueueNDRangeKernel with nothing
 * to run is a CL_COMMAND_MARKER command with a CL_COMMAND_NDRANGE_KERNEL event, and is ordered
 * as a kernel.
 */
cl_int oclhls_command_submit(struct oclhls_command *cmd, cl_event *event, bool blocking);

/*
 * Runs one command on the worker: CL_COMPLETE or a negative status (core/exec.c); CL_RUNNING
 * for a kernel launch now in flight, which ends through oclhls_command_kernel_end.
 */
cl_int oclhls_command_run(struct oclhls_command *cmd);

/* A kernel command whose run ended (oclhls_launch_poll): sets END, returns its status. */
cl_int oclhls_command_kernel_end(struct oclhls_command *cmd);

/* The worker runs while the device has command-queues (queue create / destroy). */
int oclhls_worker_add_queue(cl_device_id dev);
void oclhls_worker_remove_queue(cl_device_id dev);

/* Waits for every command enqueued on queue so far (clFinish); CL_OUT_OF_HOST_MEMORY. */
cl_int oclhls_queue_finish(cl_command_queue queue);

/* Drops the queue's holds on its commands' events (they hold the queue in turn). */
void oclhls_queue_forget(cl_command_queue queue);

#endif
