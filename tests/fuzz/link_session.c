/* SPDX-License-Identifier: MIT */
#include "link_session.h"

#include <stdio.h>
#include <stdlib.h>

#define MEM_BYTES 300 /* two frames: 256 bytes, then 44 */

void link_session_init(struct usb_link *link, const struct usb_link_port *port)
{
    const struct usb_link_timing timing = {
        .clk_per_sclk = 8, .mem_bytes_per_line = 8, .mem_latency = 2, .csr_latency = 2};

    usb_link_init(link, port, &timing);
}

/* 1 for a success; a failure must say why. */
static int done(int rc, const char *err, const char *op)
{
    if (rc == 0)
        return 1;
    if (!err[0]) {
        fprintf(stderr, "link session: %s failed without a message\n", op);
        abort();
    }
    return 0;
}

int link_session_run(struct usb_link *link)
{
    static uint8_t mem[MEM_BYTES], back[MEM_BYTES];
    uint8_t answer[LINK_POLL_BYTES];
    uint32_t value = 0;
    char err[512] = "";
    int ok = 0;

    for (size_t i = 0; i < MEM_BYTES; i++)
        mem[i] = (uint8_t)(i * 7 + 1);
    ok += done(usb_link_start(link, 9, err, sizeof(err)), err, "start");
    err[0] = '\0';
    ok += done(usb_link_poll(link, answer, err, sizeof(err)), err, "POLL");
    err[0] = '\0';
    ok += done(usb_link_csr_write(link, 0x400, 1, err, sizeof(err)), err, "CSR_WRITE");
    err[0] = '\0';
    ok += done(usb_link_csr_read(link, 0x404, &value, err, sizeof(err)), err, "CSR_READ");
    err[0] = '\0';
    ok += done(usb_link_mem_write(link, 0x102, mem, MEM_BYTES, err, sizeof(err)), err,
               "MEM_WRITE");
    err[0] = '\0';
    ok += done(usb_link_mem_read(link, 0x100, back, MEM_BYTES, err, sizeof(err)), err,
               "MEM_READ");
    err[0] = '\0';
    ok += done(usb_link_poll(link, answer, err, sizeof(err)), err, "POLL");
    return ok;
}
