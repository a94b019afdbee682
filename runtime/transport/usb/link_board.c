/* SPDX-License-Identifier: MIT */
/* A board behind the framed host link: the transport ops the usb and uart transports share. */
#include "transport/usb/link_board.h"

#include <stdlib.h>

#include "strbuf.h"

void link_board_init(struct link_board *lb, const struct oclhls_board *board,
                     const struct link_board_hooks *hooks, struct usb_link_timing *timing)
{
    lb->board = *board;
    lb->hooks = hooks;
    timing->mem_bytes_per_line = board->mem_width_bits / 8;
    timing->mem_latency = board->mem_latency_cycles ? board->mem_latency_cycles : 2;
    timing->csr_latency = 2;
}

int link_board_ensure_started(struct link_board *lb, char *err, size_t errlen)
{
    if (lb->started)
        return 0;
    if (lb->hooks->start(lb, err, errlen) != 0)
        return -1;
    lb->started = 1;
    return 0;
}

/* The link's frames carry 32-bit addresses. */
static int check_range(const struct link_board *lb, uint64_t addr, size_t len, char *err,
                       size_t errlen)
{
    uint64_t size = lb->board.global_mem_bytes;

    if (addr > size || len > size - addr || addr + len > 0x100000000ull)
        return oclhls_fail(err, errlen,
                           "access [0x%llx, +%zu) outside the %llu bytes of global memory",
                           (unsigned long long)addr, len, (unsigned long long)size);
    return 0;
}

void link_board_close(void *handle)
{
    struct link_board *lb = handle;

    usb_link_close(&lb->link);
    free(lb); /* the transport's state, which begins with it */
}

int link_board_mem_write(void *handle, uint64_t addr, const void *src, size_t len, char *err,
                         size_t errlen)
{
    struct link_board *lb = handle;

    if (check_range(lb, addr, len, err, errlen) || link_board_ensure_started(lb, err, errlen))
        return -1;
    return usb_link_mem_write(&lb->link, (uint32_t)addr, src, len, err, errlen);
}

int link_board_mem_read(void *handle, uint64_t addr, void *dst, size_t len, char *err,
                        size_t errlen)
{
    struct link_board *lb = handle;

    if (check_range(lb, addr, len, err, errlen) || link_board_ensure_started(lb, err, errlen) ||
        usb_link_mem_read(&lb->link, (uint32_t)addr, dst, len, err, errlen))
        return -1;
    lb->hooks->debug_stats(lb); /* a read ends what the host sees of the board */
    return 0;
}

int link_board_csr_write(void *handle, uint32_t addr, uint32_t value, char *err, size_t errlen)
{
    struct link_board *lb = handle;

    if (link_board_ensure_started(lb, err, errlen))
        return -1;
    return usb_link_csr_write(&lb->link, addr, value, err, errlen);
}

int link_board_csr_read(void *handle, uint32_t addr, uint32_t *value, char *err, size_t errlen)
{
    struct link_board *lb = handle;

    if (link_board_ensure_started(lb, err, errlen))
        return -1;
    return usb_link_csr_read(&lb->link, addr, value, err, errlen);
}

int link_board_wait_idle(void *handle, uint64_t timeout_ms, char *err, size_t errlen)
{
    struct link_board *lb = handle;
    int rc;

    if (link_board_ensure_started(lb, err, errlen))
        return -1;
    rc = usb_link_wait_idle(&lb->link, timeout_ms, err, errlen);
    if (rc == 0)
        lb->hooks->debug_stats(lb);
    return rc;
}

const struct usb_link_stats *link_board_stats(void *handle)
{
    return &((struct link_board *)handle)->link.stats;
}
