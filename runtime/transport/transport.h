/* SPDX-License-Identifier: MIT */
/*
 * A transport moves bytes between the runtime and one board: the program, global memory and
 * the control/status registers (CSRs). The runtime core only ever talks to a board through
 * this table, so a new link (usb, pcie) is one new folder under runtime/transport/.
 *
 * Every operation returns 0 on success or -1 on failure with a message in err (when given).
 * Operations on one handle are called by one thread at a time (the device's lock).
 */
#ifndef OCLHLS_TRANSPORT_H
#define OCLHLS_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

struct oclhls_board;

struct oclhls_transport_ops {
    const char *name; /* matches oclhls_board.transport */

    /* Opens the board; *handle is the transport's state. */
    int (*open)(const struct oclhls_board *board, void **handle, char *err, size_t errlen);
    void (*close)(void *handle);

    /* Loads a program file onto the board (bitstream, or the sim model). */
    int (*program)(void *handle, const void *oclbin, size_t size, char *err, size_t errlen);

    /* Global memory, byte addresses in the device's address space. */
    int (*mem_write)(void *handle, uint64_t addr, const void *src, size_t len, char *err,
                     size_t errlen);
    int (*mem_read)(void *handle, uint64_t addr, void *dst, size_t len, char *err,
                    size_t errlen);

    /* 32-bit control/status registers of the shell and the kernels (map: docs/architecture.md). */
    int (*csr_write)(void *handle, uint32_t addr, uint32_t value, char *err, size_t errlen);
    int (*csr_read)(void *handle, uint32_t addr, uint32_t *value, char *err, size_t errlen);

    /*
     * Waits until the board's system is idle (every started kernel finished), at most
     * timeout_ms of wall time. Returns 0 when idle, 1 on timeout, -1 on a link error.
     * While kernels run, the worker calls it with a short timeout (a few ms) as one slice of
     * progress, then reads each kernel's STATUS: on the sim board the model's clock moves
     * only inside this call (and a few cycles per CSR read), never in mem_read/mem_write.
     */
    int (*wait_idle)(void *handle, uint64_t timeout_ms, char *err, size_t errlen);
};

/* The transport named name ("sim"), or NULL. */
const struct oclhls_transport_ops *oclhls_transport_find(const char *name);

#endif
