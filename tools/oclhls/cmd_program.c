// SPDX-License-Identifier: MIT
/*
 * oclhls program FILE [--flash] [--device SERIAL]: loads the program file's bitstream into
 * an iCE40 board on USB, into the FPGA's configuration RAM (lost at power-off) or, with
 * --flash, into the board's SPI flash, from which the FPGA then boots. The board is the
 * FT2232H with that serial, or the first one on USB, or the co-simulated one when
 * OCLHLS_USB_COSIM is set (as for the runtime's usb transport). Progress goes to stderr.
 * An ECP5 (ULX3S) program goes into the FPGA's configuration SRAM over JTAG through the
 * board's FT231X in bit-bang mode (ecp5_jtag.c); with OCLHLS_UART_COSIM set, into the model
 * of the ECP5's TAP and configuration logic (jtag_model.c). With --flash it goes into the
 * board's SPI flash through the ECP5's JTAG pass-through (ecp5_flash.c; the model's flash
 * under OCLHLS_UART_COSIM), and the FPGA then configures itself from the flash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "clock.h"
#include "oclbin.h"
#include "oclhls_usb_cmds.h"
#include "transport/uart/ecp5_flash.h"
#include "transport/uart/ecp5_jtag.h"
#include "transport/uart/ft231x_port.h"
#include "transport/uart/jtag_model.h"
#include "transport/uart/spi_flash_model.h"
#include "transport/usb/cosim_port.h"
#include "transport/usb/ftdi_port.h"
#include "transport/usb/ice40_flash.h"
#include "transport/usb/ice40_prog.h"
#include "transport/usb/mpsse.h"

#define SCLK_MAX_HZ 6000000u /* as the usb transport; iceprog's default is 6 MHz too */
#define BOOT_TIMEOUT_MS 2000u

struct program_args {
    const char *file, *device;
    int flash;
};

static int parse_args(int argc, char **argv, struct program_args *a)
{
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--flash")) {
            a->flash = 1;
        } else if (!strcmp(argv[i], "--device")) {
            if (++i >= argc) {
                fprintf(stderr, "oclhls program: --device needs a serial (see oclhls devices)\n");
                return -1;
            }
            a->device = argv[i];
        } else if (argv[i][0] == '-' || a->file) {
            fprintf(stderr, "oclhls program: unexpected argument '%s' (see oclhls --help)\n",
                    argv[i]);
            return -1;
        } else {
            a->file = argv[i];
        }
    }
    if (!a->file) {
        fprintf(stderr, "oclhls program: no program file (oclhls program KERNEL.oclbin)\n");
        return -1;
    }
    return 0;
}

static void *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
        *size = (size_t)n;
    } else {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

/* The "board" string of the meta section's JSON, or "" (enough for a message). */
static void meta_board(const struct oclbin *bin, char *out, size_t outlen)
{
    size_t len = 0;
    const char *meta = oclbin_section(bin, "meta", &len);
    const char *key = "\"board\"", *p = NULL, *end;

    out[0] = 0;
    for (size_t i = 0; meta && i + strlen(key) <= len; i++)
        if (!memcmp(meta + i, key, strlen(key))) {
            p = meta + i + strlen(key);
            break;
        }
    if (!p || !(p = memchr(p, '"', (size_t)(meta + len - p))))
        return;
    p++;
    end = memchr(p, '"', (size_t)(meta + len - p));
    if (end && (size_t)(end - p) < outlen) {
        memcpy(out, p, (size_t)(end - p));
        out[end - p] = 0;
    }
}

static void explain_no_bitstream(const char *file, const struct oclbin *bin)
{
    char board[64];
    struct oclhls_board b;
    char err[128];

    meta_board(bin, board, sizeof(board));
    if (board[0] && oclhls_board_find(board, &b, err, sizeof(err)) == 0 &&
        !strcmp(b.family, "ice40"))
        fprintf(stderr,
                "oclhls program: %s has no bitstream: it was built for board '%s' without one "
                "(--no-bitstream?); rebuild it with oclhls build KERNEL.cl --board %s\n",
                file, board, board);
    else
        fprintf(stderr,
                "oclhls program: %s has no bitstream: it was built for board '%s', which is "
                "not an FPGA on USB; build for an iCE40 board with oclhls build KERNEL.cl "
                "--board ice40 (see oclhls boards)\n",
                file, board[0] ? board : "unknown");
}

/* icepack's output: an optional comment block, then the preamble 7E AA 99 7E (TN1248). */
static int has_ice40_preamble(const uint8_t *bits, size_t len)
{
    static const uint8_t preamble[4] = {0x7E, 0xAA, 0x99, 0x7E};

    for (size_t i = 0; i + 4 <= len && i < 4096; i++)
        if (!memcmp(bits + i, preamble, 4))
            return 1;
    return 0;
}

/*
 * The board: the co-simulated one when OCLHLS_USB_COSIM is set, else the FT2232H with the
 * serial `device` (oclhls devices), or the first one.
 */
static int open_board(const char *device, struct usb_link_port *port, char *err, size_t errlen)
{
    const char *cosim = getenv("OCLHLS_USB_COSIM");

    if (cosim && *cosim) {
        if (device && strcmp(device, OCLHLS_COSIM_SERIAL)) {
            snprintf(err, errlen,
                     "no board with serial '%s' (OCLHLS_USB_COSIM is set: the "
                     "co-simulated board is '" OCLHLS_COSIM_SERIAL "')",
                     device);
            return -1;
        }
        return usb_cosim_port_open(cosim, port, err, errlen);
    }
    return usb_ftdi_port_open(port, device, err, errlen);
}

static uint16_t choose_divisor(const struct usb_link_port *port)
{
    /* a co-simulated slave samples SCLK with its clock: f_clk / 8, like the transport */
    uint32_t hz = SCLK_MAX_HZ;

    if (port->slave_clk_hz && port->slave_clk_hz / 8 < hz)
        hz = (uint32_t)(port->slave_clk_hz / 8);
    return mpsse_divisor_for(hz);
}

struct progress_state {
    const char *stage;
    int tty;
    double t0;
};

static void show_progress(void *ctx, const char *stage, size_t done, size_t total)
{
    struct progress_state *p = ctx;
    unsigned pct = total ? (unsigned)(100.0 * (double)done / (double)total) : 100;

    if (p->stage != stage) {
        p->stage = stage;
        p->t0 = oclhls_now_s();
        if (!p->tty)
            fprintf(stderr, "flash: %s...\n", stage);
    }
    if (p->tty)
        fprintf(stderr, "\rflash: %-7s %3u%%", stage, pct);
    if (done == total) {
        if (p->tty)
            fputc('\n', stderr);
        fprintf(stderr, "flash: %s done (%zu %s, %.2f s)\n", stage, total,
                strcmp(stage, "erase") ? "bytes" : "64 KiB blocks", oclhls_now_s() - p->t0);
    }
}

static int program_flash(const struct usb_link_port *port, uint16_t divisor, const uint8_t *bits,
                         size_t len, char *err, size_t errlen)
{
    struct spi_flash_id id;
    struct progress_state ps = {NULL, isatty(2), 0};

    if (ice40_flash_open(port, divisor, &id, err, errlen))
        return -1;
    fprintf(stderr, "flash: JEDEC ID %02x %02x %02x", id.manufacturer, id.memory_type, id.capacity);
    if (id.size_bytes)
        fprintf(stderr, " (%u KiB%s)", id.size_bytes / 1024,
                id.manufacturer == 0xEF ? ", Winbond" : "");
    fputc('\n', stderr);
    if (ice40_flash_write(port, &id, bits, len, show_progress, &ps, err, errlen))
        return -1;
    fprintf(stderr, "flash: rebooting the FPGA from the flash (CRESET_B pulse)\n");
    if (ice40_flash_boot(port, BOOT_TIMEOUT_MS, err, errlen))
        return -1;
    fprintf(stderr, "flash: CDONE high: the FPGA booted from the flash\n");
    return 0;
}

/* The flash of an ECP5 board through JTAG: open, write with progress, configure from it. */
static int program_ecp5_flash(const struct usb_link_port *port, const uint8_t *bits, size_t len,
                              char *err, size_t errlen)
{
    struct spi_flash_id id;
    struct progress_state ps = {NULL, isatty(2), 0};

    if (ecp5_flash_open(port, &id, err, errlen))
        return -1;
    fprintf(stderr, "flash (through the ECP5's JTAG): JEDEC ID %02x %02x %02x", id.manufacturer,
            id.memory_type, id.capacity);
    if (id.size_bytes)
        fprintf(stderr, " (%u KiB)", id.size_bytes / 1024);
    fputc('\n', stderr);
    if (ecp5_flash_write(port, &id, bits, len, show_progress, &ps, err, errlen))
        return -1;
    fprintf(stderr, "flash: configuring the FPGA from the flash (LSC_REFRESH)\n");
    return ecp5_flash_boot(port, err, errlen);
}

/* An ECP5 (ULX3S) program: the SRAM (or with --flash the SPI flash) over JTAG through the
   FT231X, or the JTAG model. */
static int program_ecp5(const struct program_args *a, const uint8_t *bits, size_t len)
{
    const char *cosim = getenv("OCLHLS_UART_COSIM");
    struct jtag_model *model = NULL;
    struct usb_link_port port = {0};
    char err[512] = "";
    double t0 = oclhls_now_s();
    int rc = 1;

    if (cosim && *cosim) {
        model = jtag_model_new(ECP5_IDCODE_LFE5U_85F);
        if (!model) {
            fprintf(stderr, "oclhls program: out of memory\n");
            return 1;
        }
        jtag_model_port(model, &port);
    } else if (uart_ft231x_jtag_open(&port, a->device, err, sizeof(err))) {
        fprintf(stderr, "oclhls program: %s\n", err);
        return 1;
    }
    fprintf(stderr, "programming %s into the %s over JTAG%s (%zu bytes)\n", a->file,
            a->flash ? "ULX3S's SPI flash" : "ECP5's configuration SRAM",
            model ? " (the co-simulation's JTAG model)" : "", len);
    if (a->flash ? program_ecp5_flash(&port, bits, len, err, sizeof(err)) == 0
                 : ecp5_jtag_program_sram(&port, bits, len, err, sizeof(err)) == 0) {
        if (model) {
            struct jtag_model_stats st;
            size_t got;
            jtag_model_get_stats(model, &st);
            jtag_model_bitstream(model, &got);
            if (a->flash) {
                struct spi_flash_model_stats fs;
                spi_flash_model_get_stats(jtag_model_flash(model), &fs);
                fprintf(stderr,
                        "JTAG model: %llu TCK cycles, %u violations; its flash: %u block "
                        "erases, %u page programs, %u violations\n",
                        (unsigned long long)st.tck_cycles, st.violations, fs.erases, fs.programs,
                        fs.violations);
            } else {
                fprintf(stderr, "JTAG model: %zu bytes received, %llu TCK cycles, %u violations\n",
                        got, (unsigned long long)st.tck_cycles, st.violations);
            }
        }
        fprintf(stderr, "DONE: the FPGA runs the design (%s)\ndone in %.2f s\n",
                a->flash ? "from the flash, also after power-off"
                         : "until power-off; --flash "
                           "keeps it",
                oclhls_now_s() - t0);
        rc = 0;
    } else {
        fprintf(stderr, "oclhls program: %s\n", err);
    }
    port.close(port.ctx);
    return rc;
}

int oclhls_cmd_program(int argc, char **argv)
{
    struct program_args a = {0};
    struct usb_link_port port = {0};
    struct oclbin *bin = NULL;
    const uint8_t *bits;
    char err[512] = "";
    void *data = NULL;
    size_t size = 0, len = 0;
    double t0 = oclhls_now_s();
    int rc = 1;

    if (parse_args(argc, argv, &a))
        return 2;
    data = read_file(a.file, &size);
    if (!data) {
        fprintf(stderr, "oclhls program: cannot read %s\n", a.file);
        return 1;
    }
    if (oclbin_parse(data, size, &bin, err, sizeof(err))) {
        fprintf(stderr, "oclhls program: %s is not a program file: %s\n", a.file, err);
        goto out;
    }
    bits = oclbin_section(bin, "bitstream", &len);
    if (!bits || !len) {
        explain_no_bitstream(a.file, bin);
        goto out;
    }
    if (oclbin_section(bin, "ecp5", NULL)) {
        rc = program_ecp5(&a, bits, len);
        goto out;
    }
    if (!has_ice40_preamble(bits, len))
        fprintf(stderr,
                "oclhls program: warning: the bitstream (%zu bytes) lacks the iCE40 "
                "preamble 7E AA 99 7E\n",
                len);
    if (open_board(a.device, &port, err, sizeof(err))) {
        fprintf(stderr, "oclhls program: %s\n", err);
        goto out;
    }
    if (a.flash) {
        fprintf(stderr, "programming %s into the flash (%zu bytes)\n", a.file, len);
        if (program_flash(&port, choose_divisor(&port), bits, len, err, sizeof(err)) == 0)
            rc = 0;
    } else {
        fprintf(stderr, "programming %s into the FPGA's configuration RAM (%zu bytes)\n", a.file,
                len);
        if (ice40_program_cram(&port, choose_divisor(&port), bits, len, err, sizeof(err)) == 0) {
            fprintf(stderr, "CDONE high: the FPGA runs the design (until power-off; --flash "
                            "keeps it)\n");
            rc = 0;
        }
    }
    port.close(port.ctx);
    if (rc)
        fprintf(stderr, "oclhls program: %s\n", err);
    else
        fprintf(stderr, "done in %.2f s\n", oclhls_now_s() - t0);
out:
    oclbin_free(bin);
    free(data);
    return rc;
}
