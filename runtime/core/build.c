/* SPDX-License-Identifier: MIT */
#include "core/build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/device.h"
#include "core/meta.h"
#include "core/notify.h"
#include "core/platform.h"
#include "core/util.h"
#include "finish_program.h"
#include "oclbin.h"
#include "oclhls_compiler.h"
#include "sim_model_build.h"
#include "strbuf.h"

/* Options of 5.8.6 that take no argument, and ours: -report (the build report in the log),
   -profile (hardware counters the runtime reads after each kernel, docs/profiling.md). */
static const char *const compile_flags[] = {
    "-report",
    "-profile",
    "-w",
    "-Werror",
    "-g",
    "-cl-single-precision-constant",
    "-cl-denorms-are-zero",
    "-cl-fp32-correctly-rounded-divide-sqrt",
    "-cl-opt-disable",
    "-cl-strict-aliasing",
    "-cl-mad-enable",
    "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations",
    "-cl-finite-math-only",
    "-cl-fast-relaxed-math",
    "-cl-uniform-work-group-size",
    "-cl-no-subgroup-ifp",
    "-cl-kernel-arg-info",
};

/* Options of 5.8.7, and ours as for builds: -report, -profile (they act at link, where the
   hardware is made). */
static const char *const link_flags[] = {
    "-report",               "-profile",
    "-create-library",       "-enable-link-options",          "-cl-denorms-are-zero",
    "-cl-no-signed-zeroes", /* sic, as the spec spells it */
    "-cl-no-signed-zeros",   "-cl-unsafe-math-optimizations", "-cl-finite-math-only",
    "-cl-fast-relaxed-math", "-cl-no-subgroup-ifp",
};

static const char *const cl_std_values[] = {"CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0"};

static bool in_list(const char *tok, size_t n, const char *const *list, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (strlen(list[i]) == n && strncmp(tok, list[i], n) == 0)
            return true;
    return false;
}

/* Next whitespace-separated token (a double-quoted part may hold spaces); NULL at the end. */
static const char *next_token(const char **s, size_t *n)
{
    const char *p = *s, *start;
    bool quoted = false;

    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    if (!*p)
        return NULL;
    start = p;
    while (*p && (quoted || (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r'))) {
        if (*p == '"')
            quoted = !quoted;
        p++;
    }
    *n = (size_t)(p - start);
    *s = p;
    return start;
}

bool oclhls_options_valid(const char *options, enum oclhls_options_kind kind)
{
    const char *s = options ? options : "", *tok;
    size_t n;

    while ((tok = next_token(&s, &n)) != NULL) {
        if (kind == OCLHLS_OPTIONS_LINK) {
            if (!in_list(tok, n, link_flags, sizeof(link_flags) / sizeof(link_flags[0])))
                return false;
            continue;
        }
        if (in_list(tok, n, compile_flags, sizeof(compile_flags) / sizeof(compile_flags[0])))
            continue;
        if ((n == 2 && (strncmp(tok, "-D", 2) == 0 || strncmp(tok, "-I", 2) == 0))) {
            /* the name or directory is the next token */
            if (!next_token(&s, &n))
                return false;
            continue;
        }
        if (n > 2 && (strncmp(tok, "-D", 2) == 0 || strncmp(tok, "-I", 2) == 0))
            continue;
        if (n > 8 && strncmp(tok, "-cl-std=", 8) == 0 &&
            in_list(tok + 8, n - 8, cl_std_values,
                    sizeof(cl_std_values) / sizeof(cl_std_values[0])))
            continue;
        return false;
    }
    return true;
}

bool oclhls_options_has(const char *options, const char *option)
{
    const char *s = options ? options : "", *tok;
    size_t n;

    while ((tok = next_token(&s, &n)) != NULL)
        if (strlen(option) == n && strncmp(tok, option, n) == 0)
            return true;
    return false;
}

/*
 * The memory the design was generated for is the board's: its LSUs hold as many reads in
 * flight as the board's latency needs and its lines are the board's width, so a program that
 * says otherwise would lose reads or misplace bytes. Its clock is a frequency the profile can
 * divide by. -1 with the reason in err when the metadata contradicts the board.
 */
static int board_contradiction(const struct oclhls_program_meta *m,
                               const struct oclhls_board *board, char *err, size_t errlen)
{
    if (m->mem_width_bits != board->mem_width_bits)
        return oclhls_fail(err, errlen,
                           "mem_width_bits %u: board '%s' has a %u-bit global-memory bus",
                           m->mem_width_bits, board->name, board->mem_width_bits);
    if (m->mem_latency_cycles != board->mem_latency_cycles)
        return oclhls_fail(err, errlen,
                           "mem_latency_cycles %u: the LSUs of board '%s' are built for a "
                           "read latency of %u cycles",
                           m->mem_latency_cycles, board->name, board->mem_latency_cycles);
    if (!(m->clock_mhz > 0 && m->clock_mhz <= 10000))
        return oclhls_fail(err, errlen, "clock_mhz %g is not a clock frequency in MHz",
                           m->clock_mhz);
    return 0;
}

int oclhls_binary_check(cl_device_id dev, const void *data, size_t size,
                        struct oclhls_program_meta **meta, char *err, size_t errlen)
{
    struct oclhls_program_meta *m = NULL;
    struct oclbin *bin = NULL;
    const char *json;
    size_t len;
    int ret = -1;

    *meta = NULL;
    if (oclbin_parse(data, size, &bin, err, errlen) != 0)
        return -1;
    json = oclbin_section(bin, "meta", &len);
    if (!json) {
        oclhls_fail(err, errlen, "the program file has no \"meta\" section");
        goto out_free_bin;
    }
    if (oclhls_meta_parse(json, len, &m, err, errlen) != 0)
        goto out_free_bin;
    if (strcmp(m->board, dev->board.name) != 0) {
        oclhls_fail(err, errlen, "the program was built for board '%s'; this device is board '%s'",
                    m->board, dev->board.name);
        oclhls_meta_free(m);
        goto out_free_bin;
    }
    if (board_contradiction(m, &dev->board, err, errlen)) {
        oclhls_meta_free(m);
        goto out_free_bin;
    }
    *meta = m;
    ret = 0;

out_free_bin:
    oclbin_free(bin);
    return ret;
}

void oclhls_program_drop_constants(cl_program prog)
{
    if (prog->constants_size)
        oclhls_devmem_free(&prog->constants_device->mem, prog->constants_addr,
                           prog->constants_size);
    prog->constants_size = 0;
}

/* The binary's "constants" section into global memory, once per binary. 0, -1 when it does not
   fit or cannot be written. */
static int place_constants(cl_program prog, const void *data, size_t size)
{
    struct oclbin *bin = NULL;
    char err[OCLHLS_ERR_MAX];
    const void *c;
    size_t len;
    int ret = 0;

    oclhls_program_drop_constants(prog);
    if (oclbin_parse(data, size, &bin, err, sizeof(err)) != 0)
        return -1;
    c = oclbin_section(bin, "constants", &len);
    if (c && len) {
        cl_device_id dev = prog->devices[0];
        uint64_t addr;
        ret = -1;
        if (oclhls_devmem_alloc(&dev->mem, len, &addr) == 0) {
            if (oclhls_device_mem_write(dev, addr, c, len, err, sizeof(err)) == 0) {
                prog->constants_device = dev;
                prog->constants_addr = addr;
                prog->constants_size = len;
                ret = 0;
            } else {
                oclhls_debug("%s: the program's constant data: %s", dev->name, err);
                oclhls_devmem_free(&dev->mem, addr, len);
            }
        } else {
            oclhls_debug("%s: no free block of %zu bytes for the program's constant data",
                         dev->name, len);
        }
    }
    oclbin_free(bin);
    return ret;
}

int oclhls_program_take_binary(cl_program prog, const void *data, size_t size,
                               struct oclhls_program_meta *meta)
{
    void *copy = malloc(size);
    struct oclbin *bin = NULL;
    char err[64];
    const char *src;
    size_t len;

    if (!copy || place_constants(prog, data, size)) {
        free(copy);
        return -1;
    }
    memcpy(copy, data, size);
    free(prog->binary);
    oclhls_meta_free(prog->meta);
    prog->binary = copy;
    prog->binary_size = size;
    prog->meta = meta;
    prog->exec_id = atomic_fetch_add(&prog->context->platform->next_exec_id, 1);
    prog->binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    /* a binary may carry its source: CL_PROGRAM_SOURCE returns it then */
    if (prog->origin != OCLHLS_PROGRAM_SOURCE &&
        oclbin_parse(data, size, &bin, err, sizeof(err)) == 0) {
        src = oclbin_section(bin, "source", &len);
        if (src && !prog->source) {
            prog->source = oclhls_strndup(src, len);
            prog->source_len = prog->source ? len : 0;
        }
        oclbin_free(bin);
    }
    return 0;
}

void oclhls_program_log(cl_program prog, const char *text)
{
    size_t a = prog->log ? strlen(prog->log) : 0, b = strlen(text);
    char *log = realloc(prog->log, a + b + 2);

    if (!log)
        return;
    if (a && log[a - 1] != '\n')
        log[a++] = '\n';
    memcpy(log + a, text, b + 1);
    prog->log = log;
}

int oclhls_program_load(cl_program prog)
{
    char *err = malloc(OCLHLS_TRANSPORT_ERR_MAX);
    int ret = 0;

    if (!err)
        return -1;
    for (cl_uint i = 0; i < prog->num_devices && ret == 0; i++) {
        cl_device_id dev = prog->devices[i];

        err[0] = '\0';
        pthread_mutex_lock(&dev->lock);
        ret = oclhls_device_load_locked(dev, prog->exec_id, prog->binary, prog->binary_size, err,
                                        OCLHLS_TRANSPORT_ERR_MAX);
        pthread_mutex_unlock(&dev->lock);
        if (ret) {
            char head[160];

            snprintf(head, sizeof(head), "error: cannot load the program on %s:", dev->name);
            oclhls_program_log(prog, head);
            oclhls_program_log(prog, err);
        }
    }
    free(err);
    return ret;
}

/*
 * A board with a build flow (iCE40, ECP5) runs a bitstream: the program file gets one as
 * with `oclhls build --board <board>` (finish_program.h: yosys, nextpnr, the packer; minutes
 * on a cache miss, its progress on stderr). In co-simulation (OCLHLS_USB_COSIM for a usb
 * board, OCLHLS_UART_COSIM for a uart one) the flow is skipped: the co-simulated FPGA is
 * configured from the Verilog section instead.
 */
static int add_bitstream(cl_program prog, struct oclhls_compile_result *res)
{
    const struct oclhls_board *board = &prog->devices[0]->board;
    const char *cosim =
        getenv(strcmp(board->transport, "uart") ? "OCLHLS_USB_COSIM" : "OCLHLS_UART_COSIM");
    struct oclhls_finish_result fin;
    char *log = NULL;
    int ret;

    if (!oclhls_board_has_flow(board) || (cosim && *cosim))
        return 0;
    ret = oclhls_finish_program(board, &res->oclbin, &res->oclbin_size, &fin, &log);
    if (ret != 0)
        oclhls_program_log(prog, log ? log : "error: the bitstream build failed");
    free(log);
    return ret;
}

int oclhls_program_compile_request(cl_program prog, const struct oclhls_compile_request *r)
{
    struct oclhls_compile_request req = *r;
    struct oclhls_compile_result res = {0};
    struct oclhls_program_meta *meta = NULL;
    const char *options = req.options, *name = req.source_name;
    char err[512];
    uint64_t t0 = oclhls_now_ns();
    int hit = 0, ret;

    req.board = prog->devices[0]->board.name;
    req.verbose = oclhls_platform_debug();
    ret = oclhls_compile_cached(&req, &res, &hit);
    oclhls_debug("compiled %s for board %s in %.1f ms%s: %s", name, req.board,
                 (double)(oclhls_now_ns() - t0) / 1e6, hit ? " (cache hit)" : "",
                 ret ? "failed" : "ok");
    /* a successful build's log holds its warnings only, as clang's and other implementations'
       do; the report when asked for (-report, or OCLHLS_DEBUG) */
    if (res.log && res.log[0])
        oclhls_program_log(prog, res.log);
    if (res.report && res.report[0] &&
        (oclhls_options_has(options, "-report") || oclhls_platform_debug()))
        oclhls_program_log(prog, res.report);
    if (ret != 0 || !res.oclbin || add_bitstream(prog, &res) != 0) {
        ret = -1;
        goto out_free;
    }
    /* the compiler's output is checked like any binary handed to us */
    if (oclhls_binary_check(prog->devices[0], res.oclbin, res.oclbin_size, &meta, err,
                            sizeof(err)) != 0) {
        oclhls_program_log(prog, "error: the compiler produced an unusable program file:");
        oclhls_program_log(prog, err);
        ret = -1;
        goto out_free;
    }
    if (oclhls_program_take_binary(prog, res.oclbin, res.oclbin_size, meta) != 0) {
        oclhls_meta_free(meta);
        oclhls_program_log(prog, "error: out of host memory");
        ret = -1;
    }

out_free:
    oclhls_compile_result_free(&res);
    return ret;
}

int oclhls_program_unsupported_options(cl_program prog, const char *options)
{
    if (oclhls_options_has(options, "-cl-fp32-correctly-rounded-divide-sqrt")) {
        oclhls_program_log(prog, "error: -cl-fp32-correctly-rounded-divide-sqrt needs "
                         "CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, which this device does not have");
        return -1;
    }
    return 0;
}

void oclhls_program_notify_failure(cl_program prog, const char *what)
{
    const char *log = prog->log ? prog->log : "", *e = strstr(log, "error");
    const char *line = e ? e : log;

    while (line > log && line[-1] != '\n') /* from the start of its line (file:line:) */
        line--;
    oclhls_context_notify(prog->context,
                          "%s: %.*s (the whole log: CL_PROGRAM_BUILD_LOG)", what,
                          (int)strcspn(line, "\n"), line);
}
