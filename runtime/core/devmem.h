/* SPDX-License-Identifier: MIT */
/*
 * The device-memory allocator: first fit over the board's global memory, 64-byte aligned
 * (one line of the sim board's 512-bit bus), starting at 4096 so that 0 is never the address
 * of a buffer (a NULL pointer argument stays recognisable in the kernel).
 */
#ifndef OCLHLS_RT_DEVMEM_H
#define OCLHLS_RT_DEVMEM_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define OCLHLS_DEVMEM_BASE 4096u
#define OCLHLS_DEVMEM_ALIGN 64u

struct oclhls_devmem_block;

struct oclhls_devmem {
    pthread_mutex_t lock;
    uint64_t base, end;               /* managed range [base, end) */
    struct oclhls_devmem_block *free; /* sorted by address, coalesced */
};

/* Manages [OCLHLS_DEVMEM_BASE, size). 0 or -1 (out of host memory). */
int oclhls_devmem_init(struct oclhls_devmem *dm, uint64_t size);

/* The largest allocation the range can ever hold. */
uint64_t oclhls_devmem_capacity(const struct oclhls_devmem *dm);

/* Allocates size bytes; 0 and *addr on success, -1 when no free block is large enough. */
int oclhls_devmem_alloc(struct oclhls_devmem *dm, uint64_t size, uint64_t *addr);

/* Frees the allocation of size bytes at addr (size as given to alloc). */
void oclhls_devmem_free(struct oclhls_devmem *dm, uint64_t addr, uint64_t size);

#endif
