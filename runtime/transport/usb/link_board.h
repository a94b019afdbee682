/* SPDX-License-Identifier: MIT */
/*
 * A board behind the framed host link (link_ops.h): what the usb and uart transports share
 * once their link is open. It holds the board's description, the link and whether the link
 * has started, and answers the transport ops on global memory, the CSRs and wait_idle, so
 * that both transports' tables name these functions. What differs stays with a transport,
 * behind its hooks: how its channel starts (the usb transport's SCLK divisor) and the
 * counters it prints (those of its co-simulated USB chip).
 *
 * A transport's state begins with a struct link_board, so its handle is a link_board's too.
 */
#ifndef OCLHLS_LINK_BOARD_H
#define OCLHLS_LINK_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "transport/usb/link_ops.h"

struct link_board;

struct link_board_hooks {
    /* Starts the channel and sends the first POLL (usb_link_start). 0 or -1. */
    int (*start)(struct link_board *lb, char *err, size_t errlen);
    /* With OCLHLS_DEBUG: what the link went through so far (retries, injected faults). */
    void (*debug_stats)(const struct link_board *lb);
};

struct link_board {
    struct oclhls_board board;
    struct usb_link link;
    const struct link_board_hooks *hooks;
    int started; /* the first POLL answered; 0 again while the FPGA is configured */
};

/* Takes the board and the hooks, and fills the memory and CSR latencies of the link's
 * timing from the board's description (the transport sets the channel's part). */
void link_board_init(struct link_board *lb, const struct oclhls_board *board,
                     const struct link_board_hooks *hooks, struct usb_link_timing *timing);

/* Starts the link once (the hooks' start), before the first operation. 0 or -1. */
int link_board_ensure_started(struct link_board *lb, char *err, size_t errlen);

/* The transport ops (transport.h) on a handle that begins with a struct link_board. */
void link_board_close(void *handle);
int link_board_mem_write(void *handle, uint64_t addr, const void *src, size_t len, char *err,
                         size_t errlen);
int link_board_mem_read(void *handle, uint64_t addr, void *dst, size_t len, char *err,
                        size_t errlen);
int link_board_csr_write(void *handle, uint32_t addr, uint32_t value, char *err, size_t errlen);
int link_board_csr_read(void *handle, uint32_t addr, uint32_t *value, char *err, size_t errlen);
int link_board_wait_idle(void *handle, uint64_t timeout_ms, char *err, size_t errlen);

/* Counters of the link behind a handle of the usb or uart transport (retries, faults seen). */
const struct usb_link_stats *link_board_stats(void *handle);

#endif
