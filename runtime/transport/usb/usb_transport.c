/* SPDX-License-Identifier: MIT */
/*
 * The usb transport: an iCE40 board behind an FT2232H (iCEBreaker). Programs the FPGA's
 * configuration RAM with the "bitstream" section of the program file, then reaches global
 * memory and the CSRs over the SPI host link (docs/host-link-protocol.md).
 *
 * OCLHLS_USB_COSIM=<slave.so[:args] | unplugged | silent> replaces the USB chip by the MPSSE
 * model (cosim_port.h); everything above the port is the same code. A co-simulated FPGA
 * cannot run a bitstream, so there a program without one is configured from its Verilog
 * section (the slave Verilates it), through the same CRAM programming sequence.
 * OCLHLS_USB_SCLK_RATIO=<n>: f_clk / f_SCLK (default 8, at least 4). f_clk is the loaded
 * program's clock (its meta clock_mhz: the PLL setting the build chose), before any program
 * the board's clock_mhz; a co-simulation says its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "board.h"
#include "debug.h"
#include "json.h"
#include "oclbin.h"
#include "strbuf.h"
#include "transport/transport.h"
#include "transport/usb/cosim_port.h"
#include "transport/usb/ftdi_port.h"
#include "transport/usb/ice40_prog.h"
#include "transport/usb/link_board.h"
#include "transport/usb/link_ops.h"
#include "transport/usb/usb_transport.h"

#define SCLK_MAX_HZ 6000000u /* FT2232H and flash are fine; the link wants f_clk / 8 */

struct usb_board {
    struct link_board lb; /* first: the handle is a link_board's (link_board.h) */
    uint16_t divisor;
    uint32_t sclk_ratio; /* f_clk / f_SCLK wanted */
};

/* SCLK from the FPGA's clock: f_clk / ratio, at most 6 MHz; returns the MPSSE divisor. */
static uint16_t choose_divisor(double clk_hz, uint32_t ratio, struct usb_link_timing *t)
{
    uint16_t div = mpsse_divisor_for((uint32_t)(clk_hz / ratio));

    if (mpsse_sclk_hz(div) > SCLK_MAX_HZ)
        div = mpsse_divisor_for(SCLK_MAX_HZ);
    t->clk_per_sclk = (uint32_t)(clk_hz / mpsse_sclk_hz(div));
    if (t->clk_per_sclk < 4)
        t->clk_per_sclk = 4; /* as usb_link_init */
    return div;
}

/* The kernel clock the program's PLL is set to (its meta section), or 0 if it does not say. */
static double program_clock_hz(const struct oclbin *bin)
{
    size_t len;
    const char *meta = oclbin_section(bin, "meta", &len);
    cJSON *root = meta ? oclhls_json_parse(meta, len, NULL) : NULL;
    const cJSON *mhz = cJSON_GetObjectItemCaseSensitive(root, "clock_mhz");
    double hz = cJSON_IsNumber(mhz) && mhz->valuedouble > 0 ? mhz->valuedouble * 1e6 : 0;

    cJSON_Delete(root);
    return hz;
}

/* SCLK and the link's timing for an FPGA clocked at clk_hz (source: where that came from). */
static void set_fpga_clock(struct usb_board *ub, double clk_hz, const char *source)
{
    ub->divisor = choose_divisor(clk_hz, ub->sclk_ratio, &ub->lb.link.timing);
    oclhls_debug("usb link: FPGA clock %.3f MHz (%s), SCLK %.3f MHz (f_clk / %u)", clk_hz / 1e6,
                 source, mpsse_sclk_hz(ub->divisor) / 1e6, ub->lb.link.timing.clk_per_sclk);
}

/* Sets up the MPSSE at the chosen SCLK and POLLs once (the first frame after opening). */
static int usb_start(struct link_board *lb, char *err, size_t errlen)
{
    return usb_link_start(&lb->link, ((struct usb_board *)lb)->divisor, err, errlen);
}

/* With OCLHLS_DEBUG: the link's counters and the faults the MPSSE model injected. */
static void debug_link_stats(const struct link_board *lb)
{
    const struct usb_link_stats *st = &lb->link.stats;
    struct mpsse_model_stats ms = {0};

    if (usb_cosim_port_is(&lb->link.port) && usb_cosim_last_model())
        mpsse_model_get_stats(usb_cosim_last_model(), &ms);
    oclhls_debug("usb link: %llu frames, %llu attempts (lost %llu, bad answer %llu, CRC_ERR "
                 "%llu, BUSY %llu, OK_DUP %llu); co-simulation faults injected: %llu",
                 (unsigned long long)st->frames, (unsigned long long)st->attempts,
                 (unsigned long long)st->lost, (unsigned long long)st->bad_answer,
                 (unsigned long long)st->crc_err, (unsigned long long)st->busy,
                 (unsigned long long)st->dup, (unsigned long long)ms.faults_injected);
}

static const struct link_board_hooks usb_hooks = {
    .start = usb_start,
    .debug_stats = debug_link_stats,
};

static int usb_open(const struct oclhls_board *board, void **handle, char *err, size_t errlen)
{
    struct usb_board *ub = calloc(1, sizeof(*ub));
    const char *cosim = getenv("OCLHLS_USB_COSIM");
    const char *ratio_env = getenv("OCLHLS_USB_SCLK_RATIO");
    uint32_t ratio = ratio_env ? (uint32_t)strtoul(ratio_env, NULL, 10) : 8;
    struct usb_link_timing timing = {0};
    struct usb_link_port port = {0};
    double clk_hz = board->clock_mhz * 1e6;
    int rc;

    if (!ub)
        return oclhls_fail(err, errlen, "out of host memory");
    rc = cosim && *cosim ? usb_cosim_port_open(cosim, &port, err, errlen)
                         : usb_ftdi_port_open(&port, NULL, err, errlen);
    if (rc) {
        free(ub);
        return -1;
    }
    if (port.slave_clk_hz)
        clk_hz = (double)port.slave_clk_hz;
    ub->sclk_ratio = ratio < 4 ? 4 : ratio;
    link_board_init(&ub->lb, board, &usb_hooks, &timing);
    usb_link_init(&ub->lb.link, &port, &timing);
    set_fpga_clock(ub, clk_hz > 0 ? clk_hz : 12e6,
                   port.slave_clk_hz ? "the co-simulation's" : "the board's clock_mhz");
    *handle = ub;
    return 0;
}

static int usb_program(void *handle, const void *data, size_t size, char *err, size_t errlen)
{
    struct usb_board *ub = handle;
    struct oclbin *bin = NULL;
    const void *bits;
    size_t len;
    int rc = -1;

    if (oclbin_parse(data, size, &bin, err, errlen) != 0)
        return -1;
    bits = oclbin_section(bin, "bitstream", &len);
    if (!bits && usb_cosim_port_is(&ub->lb.link.port))
        bits = oclbin_section(bin, "verilog", &len); /* the co-simulated FPGA's image */
    if (!bits) {
        oclhls_fail(err, errlen,
                    "this program has no bitstream; build it with oclhls build --board %s "
                    "(without --no-bitstream) for board '%s'",
                    ub->lb.board.name, ub->lb.board.name);
        goto out;
    }
    ub->lb.started = 0;
    if (ice40_program_cram(&ub->lb.link.port, ub->divisor, bits, len, err, errlen) != 0)
        goto out;
    /* the design now runs at its own PLL clock, which the build chose at or below the
       board's target from the achieved timing (a real board does not say) */
    double program_hz = program_clock_hz(bin);
    if (!ub->lb.link.port.slave_clk_hz && program_hz > 0)
        set_fpga_clock(ub, program_hz, "the program's");
    rc = link_board_ensure_started(&ub->lb, err, errlen);
out:
    oclbin_free(bin);
    return rc;
}

const struct oclhls_transport_ops oclhls_transport_usb = {
    .name = "usb",
    .open = usb_open,
    .close = link_board_close,
    .program = usb_program,
    .mem_write = link_board_mem_write,
    .mem_read = link_board_mem_read,
    .csr_write = link_board_csr_write,
    .csr_read = link_board_csr_read,
    .wait_idle = link_board_wait_idle,
};
