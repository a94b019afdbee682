/* SPDX-License-Identifier: MIT */
/*
 * The kernel launcher. At enqueue, the kernel's arguments are frozen into the CSR words they
 * become (a later clSetKernelArg does not change an enqueued launch); at run time the board
 * is programmed with the kernel's executable if another one is loaded, the CSRs are written,
 * CTRL is set and the worker waits for the board to go idle (at most $OCLHLS_TIMEOUT_MS).
 */
#ifndef OCLHLS_RT_LAUNCH_H
#define OCLHLS_RT_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

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
};

/* Freezes kernel's arguments and the NDRange (already checked). NULL when out of memory. */
struct oclhls_launch *oclhls_launch_new(cl_kernel kernel, cl_uint work_dim, const size_t *offset,
                                        const size_t *global, const size_t *local);
void oclhls_launch_free(struct oclhls_launch *l);

/*
 * Runs the launch on dev (worker thread). Returns CL_COMPLETE with the kernel's cycle count
 * in *cycles, or a negative status with a message in err (CL_OUT_OF_RESOURCES on timeout).
 */
cl_int oclhls_launch_run(struct oclhls_launch *l, cl_device_id dev, uint64_t *cycles, char *err,
                         size_t errlen);

/* CL_KERNEL_WORK_GROUP_SIZE: the board's limit, the kernel's max_work_group_size and
 * reqd_work_group_size, whichever is smallest. */
size_t oclhls_kernel_max_work_group_size(cl_kernel kernel, cl_device_id dev);

#endif
