/* SPDX-License-Identifier: MIT */
/*
 * A device is one board: its description (board-support/common/board.h), the transport that
 * reaches it, the allocator of its global memory and the worker that runs its commands.
 * Every transport call goes through the helpers below, under device->lock.
 */
#ifndef OCLHLS_RT_DEVICE_H
#define OCLHLS_RT_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "core/objects.h"

/* Error text buffer for transport calls; build logs of the sim model can be long. */
#define OCLHLS_TRANSPORT_ERR_MAX 16384

/*
 * Finds the board (NULL or "" = "sim"), opens its transport and sets up the allocator. A board
 * whose transport cannot be opened gives a device that reports CL_DEVICE_AVAILABLE false.
 * Returns NULL (with a message in err) only when the board is unknown or memory runs out.
 */
cl_device_id oclhls_device_create(cl_platform_id platform, const char *board, char *err,
                                  size_t errlen);

/* Global memory as the device sees it: the board's, capped at the 32-bit address space. */
uint64_t oclhls_device_global_mem(cl_device_id dev);

/* Largest buffer the allocator can hold (CL_DEVICE_MAX_MEM_ALLOC_SIZE). */
uint64_t oclhls_device_max_alloc(cl_device_id dev);

/* The board's nominal kernel clock in MHz (> 0): the profiling timer's unit. */
double oclhls_device_clock_mhz(cl_device_id dev);

/* The fastest clock a program may run at (the board's max_clock_mhz, at least the nominal). */
double oclhls_device_max_clock_mhz(cl_device_id dev);

/* Host <-> global memory, under the device lock. 0 or -1 with a message in err. */
int oclhls_device_mem_write(cl_device_id dev, uint64_t addr, const void *src, size_t len, char *err,
                            size_t errlen);
int oclhls_device_mem_read(cl_device_id dev, uint64_t addr, void *dst, size_t len, char *err,
                           size_t errlen);

/*
 * Makes the executable exec_id (program file bin) the one loaded on the board: unless it is
 * loaded already, waits for every kernel in flight to end, then programs the board. Call with
 * device->lock held. 0 or -1 with a message in err.
 */
int oclhls_device_load_locked(cl_device_id dev, uint64_t exec_id, const void *bin, size_t size,
                              char *err, size_t errlen);

#endif
