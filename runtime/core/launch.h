/* SPDX-License-Identifier: MIT */
/*
 * The kernel launcher. At enqueue, the kernel's arguments are frozen into the CSR words they
 * become (a later clSetKernelArg does not change an enqueued launch). At run time the worker
 * starts the launch -- programs the board if another executable is loaded, writes the CSRs,
 * sets CTRL -- and goes on with other commands; the launch is then a run in flight
 * (dev->runs) until polling the board sees its STATUS leave busy, or $OCLHLS_TIMEOUT_MS passes.
 */
#ifndef OCLHLS_RT_LAUNCH_H
#define OCLHLS_RT_LAUNCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/meta_profile.h"
#include "core/objects.h"

struct oclhls_csr_word {
    uint32_t offset; /* within the kernel window */
    uint32_t value;
};

struct oclhls_launch {
    cl_kernel kernel;   /* held */
    cl_program program; /* held (the executable) */
    uint32_t work_dim;
    uint32_t offset[3], global[3], local[3], groups[3];
    unsigned num_words;
    struct oclhls_csr_word *words;
    unsigned num_mems;
    cl_mem *mems; /* held: buffer arguments */
    bool *writes; /* the kernel may write mems[i] (for CL_MEM_USE_HOST_PTR write-back) */
    uint64_t printf_addr, printf_bytes; /* the launch's printf buffer (launch_printf.c) */
};

/* The work-items of an NDRange (the product of its global sizes), or 0 when that is above
   OCLHLS_MAX_WORK_ITEMS, the most one launch can run. */
uint64_t oclhls_range_work_items(cl_uint work_dim, const size_t *global);

/* Freezes kernel's arguments and the NDRange (already checked). NULL when out of memory. */
struct oclhls_launch *oclhls_launch_new(cl_kernel kernel, cl_uint work_dim, const size_t *offset,
                                        const size_t *global, const size_t *local);
void oclhls_launch_free(struct oclhls_launch *l);

/*
 * A run in flight on the board. The worker alone touches dev->runs; device->kernel_running
 * (under device->lock) says whether the list is empty.
 */
struct oclhls_run {
    struct oclhls_run *next;
    /* the launch's command; NULL once it timed out and ended: the kernel may still be busy,
     * so the run stays (blocking its kernel and program switches) for one more timeout */
    struct oclhls_command *cmd;
    uint64_t exec_id;  /* the executable it runs in */
    uint32_t csr_base; /* its kernel's CSR window */
    uint64_t deadline_ns;
    /* a line kernel runs the rows of an NDRange one after another (the same x range each:
     * it reads no other id): the runs still to start, and the cycles of those that ended */
    uint32_t rows_left;
    uint64_t row_cycles;
    /* -profile with OCLHLS_PROFILE: the counters read after each row, summed (profile.c) */
    bool profiled;
    uint64_t profile[OCLHLS_PROFILE_MAX_WORDS];
};

/* What keeps a ready launch from starting now. */
enum oclhls_launch_block {
    OCLHLS_LAUNCH_FREE,         /* it can start */
    OCLHLS_LAUNCH_KERNEL_BUSY,  /* its kernel is still running an earlier launch */
    OCLHLS_LAUNCH_PROGRAM_BUSY, /* it needs another program loaded: every run must end first */
};

/* Worker thread: may l start on dev now? */
enum oclhls_launch_block oclhls_launch_blocked(const struct oclhls_launch *l, cl_device_id dev);

/*
 * launch_printf.c, worker thread with the device lock: a launch of a kernel that prints gets
 * a buffer of its own (the program's printf_buffer_bytes), its counter zeroed and its address
 * in the kernel's printf words; 0, or -1 with a message in err. When the launch has ended,
 * its records are formatted to stdout (completed) and the buffer freed.
 */
int oclhls_launch_printf_start(struct oclhls_launch *l, cl_device_id dev, uint32_t csr_base,
                               char *err, size_t errlen);
void oclhls_launch_printf_end(struct oclhls_launch *l, cl_device_id dev, bool completed);

/*
 * Worker thread: starts cmd's launch on dev. CL_RUNNING when it is in flight (it ends through
 * oclhls_launch_poll), or a negative status with a message in err (nothing in flight).
 */
cl_int oclhls_launch_start(struct oclhls_command *cmd, cl_device_id dev, char *err, size_t errlen);

/*
 * Worker thread, with runs in flight: advances the board one slice (sim: runs the model;
 * usb: polls over the link) and takes the runs that ended off dev->runs. Returns their
 * commands, linked through ->next, each with u.kernel.status (CL_COMPLETE or negative: the
 * kernel failed, timed out or the link broke) and u.kernel.cycles.
 */
struct oclhls_command *oclhls_launch_poll(cl_device_id dev);

/* Worker thread: whether a run in flight still has its command (timed out ones do not). */
bool oclhls_launch_has_commands(cl_device_id dev);

/* Worker thread, on exit: drops the runs left (timed out ones only). */
void oclhls_launch_forget_runs(cl_device_id dev);

/* CL_KERNEL_WORK_GROUP_SIZE: the board's limit, the kernel's max_work_group_size and
 * reqd_work_group_size, whichever is smallest. */
size_t oclhls_kernel_max_work_group_size(cl_kernel kernel, cl_device_id dev);

#endif
