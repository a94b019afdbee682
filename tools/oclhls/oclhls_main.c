// SPDX-License-Identifier: MIT
/* The oclhls command: a thin layer over the compiler library (oclhls_compiler.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "build_units.h"
#include "clock.h"
#include "cmd_cache.h"
#include "cmd_ir.h"
#include "cmd_report.h"
#include "fsutil.h"
#include "finish_program.h"
#include "ice40_flow.h"
#include "oclbin.h"
#include "oclhls_compiler.h"
#include "oclhls_usb_cmds.h"
#include "passes.h"
#include "progress.h"
#include "sim_lint.h"
#include "sim_model_build.h"
#include "strbuf.h"

static const char usage[] =
    "Usage:\n"
    "  oclhls build KERNEL.cl [options]   compile OpenCL C into one program file\n"
    "  oclhls build A.cl B.cl ... [options]\n"
    "                                     several files: each compiled as its own\n"
    "                                     translation unit, then linked into one program\n"
    "  oclhls report FILE.oclbin [-o OUT] [--json] [--profile RUN.json]\n"
    "                                     the program's report: one self-contained HTML page\n"
    "                                     (summary, memory-system diagram, loops and units per\n"
    "                                     kernel, area, annotated source; default OUT: FILE's\n"
    "                                     name with .html) or, with --json, its content as JSON;\n"
    "                                     --profile: with the counters a run wrote\n"
    "                                     (OCLHLS_PROFILE), bandwidth per LSU and main stall\n"
    "  oclhls boards                      list the boards a program can be built for\n"
    "  oclhls devices                     list the boards on USB (FT2232H; and the\n"
    "                                     co-simulated board when OCLHLS_USB_COSIM is set)\n"
    "  oclhls program FILE.oclbin [--flash] [--device SERIAL]\n"
    "                                     load the program's bitstream into the FPGA on USB\n"
    "                                     (configuration RAM; --flash: into the board's SPI\n"
    "                                     flash, then reboot the FPGA from it)\n"
    "  oclhls cache [show]                the cache directory, its size limit and contents\n"
    "  oclhls cache clean [--older-than DAYS]\n"
    "                                     remove cached models, programs and bitstreams\n"
    "                                     (all, or those unused for DAYS days)\n"
    "  oclhls passes                      list the compiler's passes, in order\n"
    "  oclhls opt IN.hir [--pass NAME]... [--board NAME] [-o OUT.hir]\n"
    "                                     run passes on a kernel's IR text (from\n"
    "                                     oclhls build --print-after)\n"
    "  oclhls --help | --version\n"
    "\n"
    "Build options:\n"
    "  --board NAME     target board (default: sim, a Verilator model of the hardware);\n"
    "                   for an iCE40 board (e.g. ice40) the build runs yosys, nextpnr-ice40\n"
    "                   and icepack and puts the bitstream into the program file\n"
    "  --no-bitstream   iCE40 boards: skip yosys/nextpnr/icepack and write the program\n"
    "                   without a bitstream (for co-simulation and quick checks)\n"
    "  --gate-level     iCE40 boards: run synthesis only and write the program with the\n"
    "                   synthesised netlist of iCE40 cells as its Verilog, no bitstream\n"
    "                   (gate-level co-simulation of what would go into the FPGA)\n"
    "  -o FILE          output program file (default: KERNEL.oclbin in the current directory,\n"
    "                   KERNEL the first file);\n"
    "                   a failed build removes an older FILE\n"
    "  --report DIR     also write the program's report page into DIR (created if\n"
    "                   missing) as DIR/KERNEL.html (oclhls report)\n"
    "  --profile        add hardware counters to every kernel (busy cycles, cycles stalled\n"
    "                   on memory, channels/pipes and barriers; per LSU requests, memory\n"
    "                   lines and stall cycles); run with OCLHLS_PROFILE=FILE to have the\n"
    "                   runtime write them after each kernel (docs/profiling.md)\n"
    "  --depfile FILE   also write the source and the headers it includes as a make rule\n"
    "                   for the program file (for make, ninja and CMake's DEPFILE)\n"
    "  -D NAME[=VALUE]  define a preprocessor macro (also -DNAME[=VALUE])\n"
    "  -I DIR           add an include directory (also -IDIR)\n"
    "  -cl-...          OpenCL build options, passed to the frontend (e.g. -cl-fast-relaxed-math)\n"
    "  -w, -Werror      silence warnings / make them errors\n"
    "  --lint           also lint the generated design (verilator --lint-only -Wall;\n"
    "                   on an iCE40 board the generated system without the shell)\n"
    "  --model          also build the Verilator model now (sim board), so the first\n"
    "                   clCreateProgramWithBinary does not wait for it\n"
    "  -v               verbose: the clang command, the hardware IR, per-pass timing\n"
    "  -q               no progress line during long steps (Verilator model, yosys,\n"
    "                   nextpnr), which otherwise show their elapsed time on stderr\n"
    "  --print-after=PASS\n"
    "                   the IR as text after that pass (oclhls passes; lower; all)\n"
    "\n"
    "Program options:\n"
    "  --flash          write the SPI flash (erase, program, verify) and boot from it, so\n"
    "                   the board keeps the design across power cycles\n"
    "  --device SERIAL  the board with this serial (oclhls devices); default: the first\n"
    "\n"
    "Exit status: 0 success, 1 the command failed (diagnostics on stderr), 2 usage error.\n"
    "Environment: OCLHLS_DATADIR (rtl-lib and board-support), OCLHLS_CACHE_DIR (model,\n"
    "program and bitstream cache), OCLHLS_CACHE_MAX (its size limit: bytes, or with a K, M\n"
    "or G suffix; default 2G, 0 no limit), OCLHLS_ICE40_TOOLS (system: Debian's yosys,\n"
    "nextpnr-ice40, icepack; yowasp: PyPI's yowasp-*, from the build's venv or PATH;\n"
    "default: the board's), OCLHLS_YOSYS, OCLHLS_NEXTPNR_ICE40, OCLHLS_ICEPACK (one\n"
    "iCE40 tool's command), OCLHLS_USB_COSIM (devices, program: a co-simulated board\n"
    "instead of USB), OCLHLS_JOBS (parallel compiles of a sim model; default all cores),\n"
    "OCLHLS_PROFILE (the file a run of a --profile program writes its counters to),\n"
    "OCLHLS_SIM_INLINE_UNITS=1 (compile float units, dividers and load/store units into\n"
    "every sim model instead of as cached library units), OCLHLS_DEBUG (timings of each\n"
    "model build).\n";

#define MAX_INPUTS 64

struct build_args {
    const char *input;                /* the first source file: the program's name */
    const char *inputs[MAX_INPUTS];   /* several: each its own translation unit, linked */
    unsigned ninputs;
    const char *output;
    const char *depfile; /* --depfile: the source and its headers as a make rule */
    const char *report;  /* --report: a directory for the report page */
    const char *board;
    struct oclhls_strbuf options;
    int lint, model, verbose;
    int quiet; /* -q: no progress lines during long steps */
    const char *print_after; /* --print-after: a pass name, "lower" or "all" */
    int no_bitstream; /* iCE40: write the program without running the flow */
    int gate_level;   /* iCE40: the program's Verilog is the synthesised netlist */
};

/* Appends one option word, quoted so the frontend's splitter gives it back unchanged. */
static void add_option(struct oclhls_strbuf *o, const char *flag, const char *value)
{
    oclhls_strbuf_printf(o, "%s\"%s", o->len ? " " : "", flag);
    for (const char *p = value; p && *p; p++)
        oclhls_strbuf_printf(o, (*p == '"' || *p == '\\') ? "\\%c" : "%c", *p);
    oclhls_strbuf_printf(o, "\"");
}

static int parse_build_args(int argc, char **argv, struct build_args *a)
{
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "--board") || !strcmp(s, "-o") || !strcmp(s, "-D") || !strcmp(s, "-I") ||
            !strcmp(s, "--depfile") || !strcmp(s, "--report")) {
            if (!next) {
                fprintf(stderr, "oclhls: option '%s' needs a value\n", s);
                return -1;
            }
            i++;
            if (!strcmp(s, "--board"))
                a->board = next;
            else if (!strcmp(s, "-o"))
                a->output = next;
            else if (!strcmp(s, "--depfile"))
                a->depfile = next;
            else if (!strcmp(s, "--report"))
                a->report = next;
            else
                add_option(&a->options, s, next);
        } else if (!strncmp(s, "-D", 2) || !strncmp(s, "-I", 2)) {
            char flag[3] = {s[0], s[1], 0};
            add_option(&a->options, flag, s + 2);
        } else if (!strncmp(s, "-cl-", 4) || !strcmp(s, "-w") || !strcmp(s, "-Werror")) {
            add_option(&a->options, s, "");
        } else if (!strcmp(s, "--profile")) {
            add_option(&a->options, "-profile", "");
        } else if (!strcmp(s, "--lint")) {
            a->lint = 1;
        } else if (!strcmp(s, "--model")) {
            a->model = 1;
        } else if (!strcmp(s, "--no-bitstream")) {
            a->no_bitstream = 1;
        } else if (!strcmp(s, "--gate-level")) {
            a->gate_level = 1;
        } else if (!strcmp(s, "-v")) {
            a->verbose = 1;
        } else if (!strcmp(s, "-q")) {
            a->quiet = 1;
        } else if (!strncmp(s, "--print-after=", 14)) {
            a->print_after = s + 14;
            if (strcmp(a->print_after, "all") && strcmp(a->print_after, "lower") &&
                !hls_pass_find(a->print_after)) {
                fprintf(stderr, "oclhls: --print-after: no pass '%s' (oclhls passes lists "
                                "them; also lower and all)\n",
                        a->print_after);
                return -1;
            }
        } else if (s[0] == '-' && s[1]) {
            fprintf(stderr, "oclhls: unknown option '%s' (see oclhls --help)\n", s);
            return -1;
        } else if (a->ninputs == MAX_INPUTS) {
            fprintf(stderr, "oclhls: more than %d input files\n", MAX_INPUTS);
            return -1;
        } else {
            a->inputs[a->ninputs++] = s;
            a->input = a->inputs[0];
        }
    }
    if (!a->input) {
        fprintf(stderr, "oclhls: no input file (see oclhls --help)\n");
        return -1;
    }
    if (a->ninputs > 1 && (a->depfile || a->print_after)) {
        fprintf(stderr, "oclhls: %s takes one input file\n",
                a->depfile ? "--depfile" : "--print-after");
        return -1;
    }
    return 0;
}

static char *read_source(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    struct oclhls_strbuf sb = {0};
    char buf[8192];
    size_t n;
    if (!f)
        return NULL;
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
        oclhls_strbuf_append(&sb, buf, n);
    fclose(f);
    *len = sb.len;
    if (!sb.len && !sb.failed)
        return calloc(1, 1); /* an empty file is a source too (the build will say so) */
    return oclhls_strbuf_take(&sb);
}

/* The absolute directory of the source file, searched for its quoted includes; NULL if unknown. */
static char *source_directory(const char *input)
{
    char *path = realpath(input, NULL);
    char *slash = path ? strrchr(path, '/') : NULL;

    if (slash)
        *(slash == path ? slash + 1 : slash) = '\0'; /* "/k.cl" is in "/" */
    return path;
}

static char *default_output(const char *input)
{
    const char *base = strrchr(input, '/') ? strrchr(input, '/') + 1 : input;
    size_t n = strlen(base);
    if (n > 3 && !strcmp(base + n - 3, ".cl"))
        n -= 3;
    char *out = malloc(n + 8);
    if (out)
        sprintf(out, "%.*s.oclbin", (int)n, base);
    return out;
}

/* Lints and/or builds the sim model from the program file's Verilog. */
/* --model on the sim board: the model, linted by its own Verilator run with --lint. */
static int build_model(const struct build_args *a, const char *v, size_t vlen, uint32_t width)
{
    char *so = NULL, *lint = NULL, *log = NULL;
    double t0 = oclhls_now_s();
    int rc = -1;

    if (a->lint ? oclhls_sim_model_build_lint(v, vlen, width, &so, &lint, &log)
                : oclhls_sim_model_build(v, vlen, width, &so, &log)) {
        fprintf(stderr, "oclhls: building the Verilator model failed:\n%s\n", log ? log : "");
        goto out;
    }
    if (lint) {
        fprintf(stderr, "oclhls: the generated design does not lint clean:\n%s\n", lint);
        goto out;
    }
    if (a->lint)
        fprintf(stderr, "lint: clean\n");
    fprintf(stderr, "model: %s (%.1f s)\n", so, oclhls_now_s() - t0);
    rc = 0;
out:
    free(so);
    free(lint);
    free(log);
    return rc;
}

static int check_design(const struct build_args *a, const struct oclhls_compile_result *res)
{
    struct oclbin *bin = NULL;
    char err[256], *log = NULL;
    size_t vlen;
    int rc = -1;
    if (oclbin_parse(res->oclbin, res->oclbin_size, &bin, err, sizeof(err))) {
        fprintf(stderr, "oclhls: internal error: %s\n", err);
        return -1;
    }
    const char *v = oclbin_section(bin, "verilog", &vlen);
    struct oclhls_board board;
    if (oclhls_board_find(a->board, &board, err, sizeof(err))) {
        fprintf(stderr, "oclhls: %s\n", err);
        goto out;
    }
    int sim = !strcmp(board.family, "sim");
    double t0 = oclhls_now_s();
    if (a->model && sim) {
        rc = build_model(a, v, vlen, board.mem_width_bits);
        goto out;
    }
    /* A hardware board's shell needs the FPGA's primitives: lint what was generated. */
    if (a->lint && oclhls_sim_lint(v, vlen, sim ? NULL : "oclhls_system",
                                   sim ? 0 : board.mem_width_bits, &log)) {
        fprintf(stderr, "oclhls: the generated design does not lint clean:\n%s\n", log);
        goto out;
    }
    if (a->lint)
        fprintf(stderr, "lint: clean (%.1f s)\n", oclhls_now_s() - t0);
    rc = 0;
out:
    free(log);
    oclbin_free(bin);
    return rc;
}

/* The build's board and its program file parsed into *bin; the Verilog section, or NULL. */
static const char *board_and_verilog(const struct build_args *a,
                                     const struct oclhls_compile_result *res,
                                     struct oclhls_board *board, struct oclbin **bin, size_t *vlen)
{
    char err[256];

    if (oclhls_board_find(a->board, board, err, sizeof(err)) ||
        oclbin_parse(res->oclbin, res->oclbin_size, bin, err, sizeof(err))) {
        fprintf(stderr, "oclhls: internal error: %s\n", err);
        return NULL;
    }
    const char *v = oclbin_section(*bin, "verilog", vlen);
    if (!v)
        fprintf(stderr, "oclhls: internal error: the program file has no Verilog\n");
    return v;
}

/* The board's flow (iCE40 or ECP5): the program file's Verilog to a bitstream, added to
   res->oclbin (finish_program.h, shared with the runtime's online build). */
static int build_bitstream(const struct build_args *a, struct oclhls_compile_result *res)
{
    struct oclhls_finish_result fin;
    struct oclhls_board board;
    char err[256], *log = NULL;
    int rc = -1;

    if (oclhls_board_find(a->board, &board, err, sizeof(err))) {
        fprintf(stderr, "oclhls: %s\n", err);
        return -1;
    }
    double t0 = oclhls_now_s();
    if (oclhls_finish_program(&board, &res->oclbin, &res->oclbin_size, &fin, &log)) {
        fprintf(stderr, "oclhls: %s", log ? log : "the bitstream build failed\n");
        goto out;
    }
    fprintf(stderr, "bitstream: %zu bytes, clock %.3f MHz (%.1f s)\n", fin.bitstream_size,
            fin.clock_mhz, oclhls_now_s() - t0);
    rc = 0;
out:
    free(log);
    return rc;
}

/* --gate-level: the program's Verilog section replaced by the synthesised netlist. */
static int use_netlist(const struct build_args *a, struct oclhls_compile_result *res)
{
    struct oclhls_board board;
    struct oclbin *bin = NULL;
    char *log = NULL, *netlist = NULL;
    const char *v;
    size_t vlen, nlen = 0, out_size;
    void *out = NULL;
    int rc = -1;

    if (!(v = board_and_verilog(a, res, &board, &bin, &vlen)))
        goto out;
    if (oclhls_ice40_netlist(&board, v, vlen, &netlist, &nlen, &log)) {
        fprintf(stderr, "oclhls: %s", log ? log : "synthesis failed\n");
        goto out;
    }
    if (oclbin_add_section(bin, "verilog", netlist, nlen) || oclbin_write(bin, &out, &out_size)) {
        fprintf(stderr, "oclhls: out of memory writing the netlist into the program\n");
        goto out;
    }
    free(res->oclbin);
    res->oclbin = out;
    res->oclbin_size = out_size;
    fprintf(stderr,
            "gate level: the program's Verilog is the synthesised netlist (%zu bytes); "
            "no bitstream\n",
            nlen);
    rc = 0;
out:
    oclbin_free(bin);
    free(netlist);
    free(log);
    return rc;
}

static int is_family(const char *name, const char *family)
{
    struct oclhls_board board;
    char err[256];

    return !oclhls_board_find(name, &board, err, sizeof(err)) && !strcmp(board.family, family);
}

static int is_ice40(const char *name)
{
    return is_family(name, "ice40");
}

/* A board whose family has a bitstream flow (iCE40, ECP5). */
static int has_flow(const char *name)
{
    struct oclhls_board board;
    char err[256];

    return !oclhls_board_find(name, &board, err, sizeof(err)) && oclhls_board_has_flow(&board);
}

static int write_output(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
        fprintf(stderr, "oclhls: cannot write '%s'\n", path);
        if (f)
            fclose(f);
        return -1;
    }
    return 0;
}

/* --report DIR: the page of the program just written, as DIR/<kernel file's base>.html. */
static int write_report(const struct build_args *a, const struct oclhls_compile_result *res,
                        const char *out_path)
{
    const char *base = strrchr(a->input, '/') ? strrchr(a->input, '/') + 1 : a->input;
    size_t n = strlen(base);
    char *path;
    int rc = -1;

    if (n > 3 && !strcmp(base + n - 3, ".cl"))
        n -= 3;
    if (!(path = oclhls_asprintf("%s/%.*s.html", a->report, (int)n, base)))
        return -1;
    if (oclhls_mkdir_p(a->report, 0777)) {
        fprintf(stderr, "oclhls: cannot create the report directory '%s'\n", a->report);
        goto out;
    }
    if (oclhls_report_write(res->oclbin, res->oclbin_size, out_path, path, 0))
        goto out;
    fprintf(stderr, "report: %s\n", path);
    rc = 0;
out:
    free(path);
    return rc;
}

static int cmd_build(int argc, char **argv)
{
    struct build_args a = {0};
    struct oclhls_compile_result res = {0};
    char *src = NULL, *out_path = NULL, *source_dir = NULL;
    size_t len = 0;
    int rc = 2, written = 0;

    if (parse_build_args(argc, argv, &a))
        goto out;
    oclhls_progress_enable(!a.quiet);
    if (a.gate_level && !is_ice40(a.board)) {
        fprintf(stderr,
                "oclhls: --gate-level needs an iCE40 board (e.g. --board ice40), not "
                "'%s'\n",
                a.board ? a.board : "sim");
        goto out;
    }
    rc = 1;
    if (a.ninputs == 1 && !(src = read_source(a.input, &len))) {
        fprintf(stderr, "oclhls: cannot read '%s'\n", a.input);
        goto out;
    }
    out_path = a.output ? strdup(a.output) : default_output(a.input);
    source_dir = source_directory(a.input);
    struct oclhls_compile_request req = {.source = src,
                                         .source_len = len,
                                         .source_name = a.input,
                                         .board = a.board,
                                         .options = a.options.buf,
                                         .verbose = a.verbose,
                                         .print_after = a.print_after,
                                         .dep_file = a.depfile,
                                         .dep_target = out_path,
                                         .source_dir = source_dir};
    double t0 = oclhls_now_s();
    int failed = a.ninputs > 1 ? oclhls_build_units(a.inputs, a.ninputs, &req, &res)
                               : oclhls_compile(&req, &res);
    fputs(res.log, stderr);
    fputs(res.report, stderr);
    if (failed) {
        fprintf(stderr, "oclhls: build failed\n");
        goto out;
    }
    fprintf(stderr, "compile: %.2f s\n", oclhls_now_s() - t0);
    if ((a.lint || a.model) && check_design(&a, &res))
        goto out;
    if (a.gate_level && use_netlist(&a, &res))
        goto out;
    if (has_flow(a.board) && !a.no_bitstream && !a.gate_level && build_bitstream(&a, &res))
        goto out;
    if (has_flow(a.board) && a.no_bitstream)
        fprintf(stderr,
                "bitstream: skipped (--no-bitstream): for co-simulation only, a "
                "board needs `oclhls build --board %s`\n",
                a.board);
    if (write_output(out_path, res.oclbin, res.oclbin_size))
        goto out;
    fprintf(stderr, "wrote %s (%zu bytes)\n", out_path, res.oclbin_size);
    written = 1; /* a report that cannot be written fails the command, not the program */
    if (a.report && write_report(&a, &res, out_path))
        goto out;
    rc = 0;
out:
    /* a failed build leaves no program file behind: an older one would pass for its result */
    if (rc == 1 && !written && out_path && strcmp(out_path, a.input) != 0 &&
        remove(out_path) == 0)
        fprintf(stderr, "oclhls: removed the older '%s'\n", out_path);
    oclhls_compile_result_free(&res);
    oclhls_strbuf_release(&a.options);
    free(src);
    free(out_path);
    free(source_dir);
    return rc;
}

static int cmd_boards(void)
{
    struct oclhls_board boards[32];
    int n = oclhls_board_list(boards, 32);
    if (n <= 0) {
        fprintf(stderr, "oclhls: no boards found under %s/board-support\n", oclhls_datadir());
        return 1;
    }
    printf("%-12s %-7s %s\n", "BOARD", "FLOW", "DESCRIPTION");
    for (int i = 0; i < n && i < 32; i++)
        printf("%-12s %-7s %s%s\n", boards[i].name, boards[i].family, boards[i].description,
               !strcmp(boards[i].name, "sim") ? " (default)" : "");
    return 0;
}

static int is_help(const char *arg)
{
    return !strcmp(arg, "--help") || !strcmp(arg, "-h") || !strcmp(arg, "help");
}

/* --help anywhere after a command (but cache's own, which has its own text) is the usage. */
static int asks_for_help(int argc, char **argv)
{
    for (int i = 2; i < argc && strcmp(argv[1], "cache") != 0; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || is_help(argv[1]) || asks_for_help(argc, argv)) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("%s\n", oclhls_version_string());
        return 0;
    }
    if (!strcmp(argv[1], "build"))
        return cmd_build(argc - 2, argv + 2);
    if (!strcmp(argv[1], "boards"))
        return cmd_boards();
    if (!strcmp(argv[1], "devices"))
        return oclhls_cmd_devices(argc - 2, argv + 2);
    if (!strcmp(argv[1], "program"))
        return oclhls_cmd_program(argc - 2, argv + 2);
    if (!strcmp(argv[1], "cache"))
        return oclhls_cmd_cache(argc - 2, argv + 2);
    if (!strcmp(argv[1], "report"))
        return oclhls_cmd_report(argc - 2, argv + 2);
    if (!strcmp(argv[1], "passes"))
        return oclhls_cmd_passes();
    if (!strcmp(argv[1], "opt"))
        return oclhls_cmd_opt(argc - 2, argv + 2);
    fprintf(stderr, "oclhls: unknown command '%s' (see oclhls --help)\n", argv[1]);
    return 2;
}
