/* SPDX-License-Identifier: MIT */
/*
 * The uart transport: a board whose USB chip is a UART (the ULX3S's FT231X, board
 * "transport": "uart"). Global memory and the CSRs are reached with the host link's frames
 * (docs/host-link-protocol.md), carried over the UART by the framing of "UART framing":
 * the same protocol code as the usb transport (transport/usb/link_ops.c), on another byte
 * channel (uart_channel.c).
 *
 * Programming: the "bitstream" section over JTAG through the same FT231X in bit-bang mode
 * (ecp5_jtag.c), then back to the UART. OCLHLS_UART_COSIM=<slave.so[:args] | unplugged |
 * silent> replaces the FT231X by the UART model (uart_cosim_port.h). A co-simulated FPGA
 * cannot run a bitstream: there the program's Verilog section is the configuration image. OCLHLS_UART_BAUD: the line's rate on a board
 * (default 3000000, the FT231X's highest and ocl_uart_link's setting on the ULX3S).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "debug.h"
#include "oclbin.h"
#include "strbuf.h"
#include "transport/transport.h"
#include "transport/uart/ft231x_port.h"
#include "transport/uart/uart_channel.h"
#include "transport/uart/uart_cosim_port.h"
#include "transport/uart/uart_transport.h"
#include "transport/usb/link_board.h"
#include "transport/usb/link_ops.h"

#define DEFAULT_BAUD 3000000u
#define CONFIG_SETTLE_US 10u
/* POLLs waiting for the shell's memory to be ready after configuration (the SDRAM's
   power-up: 200 us plus its refreshes, docs/boards.md) */
#define MEM_READY_POLLS 200
#define POLL_MEM_READY 0x2u /* poll word bit 1 on the ULX3S: the SDRAM is initialised */

struct uart_board {
    struct link_board lb; /* first: the handle is a link_board's (link_board.h) */
    int cosim;
};

/* The UART channel has no clock to set up: the first POLL alone. */
static int uart_start(struct link_board *lb, char *err, size_t errlen)
{
    return usb_link_start(&lb->link, 0, err, errlen);
}

/* With OCLHLS_DEBUG: the link's counters and what the UART model injected and carried. */
static void debug_link_stats(const struct link_board *lb)
{
    const struct usb_link_stats *st = &lb->link.stats;
    struct uart_model_stats ms = {0};

    if (((const struct uart_board *)lb)->cosim && uart_cosim_last_model())
        uart_model_get_stats(uart_cosim_last_model(), &ms);
    oclhls_debug("uart link: %llu frames, %llu attempts (lost %llu, bad answer %llu, CRC_ERR "
                 "%llu, BUSY %llu, OK_DUP %llu); co-simulation faults injected: %llu (to the "
                 "FPGA %llu corrupted, %llu dropped; back %llu corrupted, %llu dropped); "
                 "wire bytes %llu out, %llu in",
                 (unsigned long long)st->frames, (unsigned long long)st->attempts,
                 (unsigned long long)st->lost, (unsigned long long)st->bad_answer,
                 (unsigned long long)st->crc_err, (unsigned long long)st->busy,
                 (unsigned long long)st->dup,
                 (unsigned long long)(ms.corrupt_out + ms.drop_out + ms.corrupt_in + ms.drop_in),
                 (unsigned long long)ms.corrupt_out, (unsigned long long)ms.drop_out,
                 (unsigned long long)ms.corrupt_in, (unsigned long long)ms.drop_in,
                 (unsigned long long)ms.bytes_out, (unsigned long long)ms.bytes_in);
}

static const struct link_board_hooks uart_hooks = {
    .start = uart_start,
    .debug_stats = debug_link_stats,
};

static int uart_open(const struct oclhls_board *board, void **handle, char *err, size_t errlen)
{
    struct uart_board *ub = calloc(1, sizeof(*ub));
    const char *cosim = getenv("OCLHLS_UART_COSIM");
    const char *baud_env = getenv("OCLHLS_UART_BAUD");
    uint32_t baud = baud_env ? (uint32_t)strtoul(baud_env, NULL, 10) : DEFAULT_BAUD;
    struct usb_link_timing timing = {0};
    struct usb_link_channel chan;
    struct uart_port port = {0};
    uint64_t clk_hz = 0;
    int rc;

    if (!ub)
        return oclhls_fail(err, errlen, "out of host memory");
    ub->cosim = cosim && *cosim;
    rc = ub->cosim ? uart_cosim_port_open(cosim, &port, &clk_hz, err, errlen)
                   : uart_ft231x_port_open(&port, NULL, baud ? baud : DEFAULT_BAUD, err, errlen);
    if (rc) {
        free(ub);
        return -1;
    }
    if (uart_channel_new(&port, &chan) != 0) {
        port.close(port.ctx);
        free(ub);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    /* The answer waits W idle bytes (protocol, "How many idle bytes"): with D at the
       protocol's least, 4, whatever the kernel clock; a UART byte lasts longer than the
       link's SPI byte, so this only errs toward more idle bytes. */
    timing.clk_per_sclk = 4;
    link_board_init(&ub->lb, board, &uart_hooks, &timing);
    usb_link_init_channel(&ub->lb.link, &chan, &timing);
    ub->lb.link.name = "uart link";
    oclhls_debug("uart link: %s at %u baud", ub->cosim ? "co-simulation" : "FT231X",
                 port.baud);
    *handle = ub;
    return 0;
}

/* After configuration: POLL until the shell's memory is ready (poll word bit 1). */
static int wait_memory_ready(struct usb_link *link, char *err, size_t errlen)
{
    uint8_t a[LINK_POLL_BYTES];

    for (int i = 0; i < MEM_READY_POLLS; i++) {
        if (usb_link_poll(link, a, err, errlen) != 0)
            return -1;
        if (a[7] & POLL_MEM_READY)
            return 0;
        if (link->chan.delay_us)
            link->chan.delay_us(link->chan.ctx, 50);
    }
    return oclhls_fail(err, errlen,
                       "the board's memory did not become ready after %d POLLs (poll word "
                       "%02x%02x%02x%02x)",
                       MEM_READY_POLLS, a[4], a[5], a[6], a[7]);
}

static int uart_program(void *handle, const void *data, size_t size, char *err, size_t errlen)
{
    struct link_board *lb = handle;
    const struct uart_port *port = uart_channel_port(&lb->link.chan);
    struct oclbin *bin = NULL;
    const void *image;
    size_t len;
    int rc = -1;

    if (oclbin_parse(data, size, &bin, err, errlen) != 0)
        return -1;
    if (port && port->configure) { /* co-simulation: the FPGA is Verilated from the program */
        image = oclbin_section(bin, "verilog", &len);
        if (!image) {
            oclhls_fail(err, errlen, "this program has no Verilog section to co-simulate");
            goto out;
        }
        lb->started = 0;
        if (port->configure(port->ctx, image, len, err, errlen) != 0)
            goto out;
        /* the PLLs lock and the resets release before the link listens */
        if (lb->link.chan.delay_us)
            lb->link.chan.delay_us(lb->link.chan.ctx, CONFIG_SETTLE_US);
    } else if (port && port->load_bitstream) { /* a board: the bitstream over JTAG */
        image = oclbin_section(bin, "bitstream", &len);
        if (!image) {
            oclhls_fail(err, errlen,
                        "this program has no bitstream; build it with oclhls build --board %s "
                        "(without --no-bitstream)",
                        lb->board.name);
            goto out;
        }
        lb->started = 0;
        if (port->load_bitstream(port->ctx, image, len, err, errlen) != 0)
            goto out;
        if (lb->link.chan.delay_us)
            lb->link.chan.delay_us(lb->link.chan.ctx, CONFIG_SETTLE_US);
    } else {
        oclhls_fail(err, errlen, "this port cannot configure board '%s'", lb->board.name);
        goto out;
    }
    if (link_board_ensure_started(lb, err, errlen) == 0 &&
        wait_memory_ready(&lb->link, err, errlen) == 0)
        rc = 0;
out:
    oclbin_free(bin);
    return rc;
}

const struct oclhls_transport_ops oclhls_transport_uart = {
    .name = "uart",
    .open = uart_open,
    .close = link_board_close,
    .program = uart_program,
    .mem_write = link_board_mem_write,
    .mem_read = link_board_mem_read,
    .csr_write = link_board_csr_write,
    .csr_read = link_board_csr_read,
    .wait_idle = link_board_wait_idle,
};
