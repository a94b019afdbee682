/* SPDX-License-Identifier: MIT */
#include "core/build.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/device.h"
#include "core/meta.h"
#include "core/notify.h"
#include "core/platform.h"
#include "core/util.h"
#include "ice40_flow.h"
#include "oclbin.h"
#include "oclhls_compiler.h"
#include "sim_model_build.h"
#include "strbuf.h"

/* Paths of embedded headers under the cache directory. */
#define PATH_BUF 4096

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

/* Options of 5.8.7. */
static const char *const link_flags[] = {
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

/* Appends text to the program's log (with the program lock held). */
static void log_append(cl_program prog, const char *text)
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

/* Loads prog's executable on every device of the program (program lock held). */
static int load_devices(cl_program prog)
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
            log_append(prog, head);
            log_append(prog, err);
        }
    }
    free(err);
    return ret;
}

/*
 * An iCE40 board runs a bitstream: the program file gets one from the iCE40 flow (yosys,
 * nextpnr-ice40, icepack; minutes on a cache miss, its progress on stderr), as with
 * `oclhls build --board <board>`. In co-simulation (OCLHLS_USB_COSIM set) the flow is
 * skipped: the co-simulated FPGA is configured from the Verilog section instead.
 */
static int add_bitstream(cl_program prog, struct oclhls_compile_result *res)
{
    const struct oclhls_board *board = &prog->devices[0]->board;
    const char *cosim = getenv("OCLHLS_USB_COSIM");
    struct oclhls_ice40_result ice = {0};
    char *log = NULL;
    int ret;

    if (strcmp(board->family, "ice40") != 0 || (cosim && *cosim))
        return 0;
    ret = oclhls_ice40_finish_program(board, &res->oclbin, &res->oclbin_size, &ice, &log);
    if (ret != 0)
        log_append(prog, log ? log : "error: the iCE40 build failed");
    oclhls_ice40_result_free(&ice);
    free(log);
    return ret;
}

/* Compiles source with options for the program's board; takes the result. Lock held. */
static int compile_source(cl_program prog, const char *source, size_t len, const char *name,
                          const char *options)
{
    struct oclhls_compile_request req = {
        .source = source,
        .source_len = len,
        .source_name = name,
        .board = prog->devices[0]->board.name,
        .options = options,
        .verbose = oclhls_platform_debug(),
    };
    struct oclhls_compile_result res = {0};
    struct oclhls_program_meta *meta = NULL;
    char err[512];
    uint64_t t0 = oclhls_now_ns();
    int hit = 0, ret;

    ret = oclhls_compile_cached(&req, &res, &hit);
    oclhls_debug("compiled %s for board %s in %.1f ms%s: %s", name, req.board,
                 (double)(oclhls_now_ns() - t0) / 1e6, hit ? " (cache hit)" : "",
                 ret ? "failed" : "ok");
    /* a successful build's log holds its warnings only, as clang's and other implementations'
       do; the report when asked for (-report, or OCLHLS_DEBUG) */
    if (res.log && res.log[0])
        log_append(prog, res.log);
    if (res.report && res.report[0] &&
        (oclhls_options_has(options, "-report") || oclhls_platform_debug()))
        log_append(prog, res.report);
    if (ret != 0 || !res.oclbin || add_bitstream(prog, &res) != 0) {
        ret = -1;
        goto out_free;
    }
    /* the compiler's output is checked like any binary handed to us */
    if (oclhls_binary_check(prog->devices[0], res.oclbin, res.oclbin_size, &meta, err,
                            sizeof(err)) != 0) {
        log_append(prog, "error: the compiler produced an unusable program file:");
        log_append(prog, err);
        ret = -1;
        goto out_free;
    }
    if (oclhls_program_take_binary(prog, res.oclbin, res.oclbin_size, meta) != 0) {
        oclhls_meta_free(meta);
        log_append(prog, "error: out of host memory");
        ret = -1;
    }

out_free:
    oclhls_compile_result_free(&res);
    return ret;
}

/* Options the compiler cannot honour on our devices: a build failure with a reason. */
static int unsupported_options(cl_program prog, const char *options)
{
    if (oclhls_options_has(options, "-cl-fp32-correctly-rounded-divide-sqrt")) {
        log_append(prog, "error: -cl-fp32-correctly-rounded-divide-sqrt needs "
                         "CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, which this device does not have");
        return -1;
    }
    return 0;
}

/* The context hears of a failed build with the log's first error (program lock held). */
static void notify_build_failure(cl_program prog)
{
    const char *log = prog->log ? prog->log : "", *e = strstr(log, "error");
    const char *line = e ? e : log;

    while (line > log && line[-1] != '\n') /* from the start of its line (file:line:) */
        line--;
    oclhls_context_notify(prog->context,
                          "clBuildProgram: CL_BUILD_PROGRAM_FAILURE: %.*s (the whole log: "
                          "CL_PROGRAM_BUILD_LOG)",
                          (int)strcspn(line, "\n"), line);
}

cl_int oclhls_program_build(cl_program prog)
{
    int ret = 0;

    pthread_mutex_lock(&prog->lock);
    free(prog->log);
    prog->log = NULL;
    if (prog->origin == OCLHLS_PROGRAM_SOURCE) {
        ret = unsupported_options(prog, prog->options);
        if (ret == 0)
            ret = compile_source(prog, prog->source, prog->source_len, OCLHLS_SOURCE_NAME,
                                 prog->options);
    } else if (!prog->binary) {
        log_append(prog, "error: the program has no executable binary");
        ret = -1;
    }
    if (ret == 0)
        ret = load_devices(prog);
    prog->status = ret ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    if (ret && prog->origin == OCLHLS_PROGRAM_SOURCE)
        prog->binary_type = CL_PROGRAM_BINARY_TYPE_NONE;
    if (!prog->log)
        prog->log = strdup("");
    if (ret)
        notify_build_failure(prog);
    pthread_mutex_unlock(&prog->lock);
    return ret ? CL_BUILD_PROGRAM_FAILURE : CL_SUCCESS;
}

void oclhls_units_free(struct oclhls_unit *units, unsigned n)
{
    for (unsigned i = 0; units && i < n; i++) {
        for (unsigned h = 0; h < units[i].num_headers; h++) {
            free(units[i].header_names[h]);
            free(units[i].headers[h]);
        }
        free(units[i].header_names);
        free(units[i].headers);
        free(units[i].name);
        free(units[i].source);
        free(units[i].options);
    }
    free(units);
}

static int unit_copy(struct oclhls_unit *dst, const struct oclhls_unit *src)
{
    memset(dst, 0, sizeof(*dst));
    dst->name = oclhls_strdup(src->name);
    dst->source = oclhls_strdup(src->source);
    dst->options = oclhls_strdup(src->options);
    dst->header_names = calloc(src->num_headers + 1, sizeof(char *));
    dst->headers = calloc(src->num_headers + 1, sizeof(char *));
    if (!dst->name || !dst->source || !dst->options || !dst->header_names || !dst->headers)
        return -1;
    for (unsigned h = 0; h < src->num_headers; h++) {
        dst->header_names[h] = oclhls_strdup(src->header_names[h]);
        dst->headers[h] = oclhls_strdup(src->headers[h]);
        dst->num_headers++;
        if (!dst->header_names[h] || !dst->headers[h])
            return -1;
    }
    return 0;
}

cl_int oclhls_program_compile(cl_program prog, cl_uint num_headers, const cl_program *headers,
                              const char **header_names)
{
    struct oclhls_unit *u = calloc(1, sizeof(*u));
    int ret = -1;

    pthread_mutex_lock(&prog->lock);
    free(prog->log);
    prog->log = NULL;
    if (!u)
        goto out;
    u->name = strdup(OCLHLS_SOURCE_NAME);
    u->source = oclhls_strdup(prog->source);
    u->options = strdup(prog->options ? prog->options : "");
    u->header_names = calloc(num_headers + 1, sizeof(char *));
    u->headers = calloc(num_headers + 1, sizeof(char *));
    if (!u->name || !u->source || !u->options || !u->header_names || !u->headers)
        goto out;
    for (cl_uint h = 0; h < num_headers; h++) {
        u->header_names[h] = strdup(header_names[h]);
        u->headers[h] = oclhls_strdup(headers[h]->source ? headers[h]->source : "");
        u->num_headers++;
        if (!u->header_names[h] || !u->headers[h])
            goto out;
    }
    oclhls_units_free(prog->units, prog->num_units);
    prog->units = u;
    prog->num_units = 1;
    u = NULL;
    ret = 0;
out:
    oclhls_units_free(u, u ? 1 : 0);
    /* the source is compiled when it is linked (the hardware is generated for the whole
     * program): a compiled object is the source, its options and its embedded headers */
    prog->log = strdup(ret ? "error: out of host memory" : "");
    prog->status = ret ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    prog->binary_type = ret ? CL_PROGRAM_BINARY_TYPE_NONE : CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    pthread_mutex_unlock(&prog->lock);
    return ret ? CL_OUT_OF_HOST_MEMORY : CL_SUCCESS;
}

/* FNV-1a, to name a directory of embedded headers by its content. */
static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

static int mkdirs(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            *p = '/';
            return -1;
        }
        *p = '/';
    }
    return mkdir(path, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int write_file(const char *path, const char *text)
{
    char tmp[PATH_BUF + 32];
    FILE *f;
    int ok;

    if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp%ld", path, (long)getpid()) >= sizeof(tmp))
        return -1;
    f = fopen(tmp, "w");
    if (!f)
        return -1;
    ok = fputs(text, f) >= 0;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        return -1;
    }
    return 0;
}

/* Writes the embedded headers of unit u under <cache>/headers/<hash>/; the dir in dir. */
static int write_headers(const struct oclhls_unit *u, char *dir, size_t dirlen)
{
    char cache[PATH_BUF], path[PATH_BUF];
    uint64_t h = 1469598103934665603ull;

    for (unsigned i = 0; i < u->num_headers; i++) {
        h = fnv1a(h, u->header_names[i], strlen(u->header_names[i]) + 1);
        h = fnv1a(h, u->headers[i], strlen(u->headers[i]) + 1);
    }
    if (oclhls_cache_dir(cache, sizeof(cache)) != 0)
        return -1;
    if ((size_t)snprintf(dir, dirlen, "%s/headers/%016llx", cache, (unsigned long long)h) >= dirlen)
        return -1;
    for (unsigned i = 0; i < u->num_headers; i++) {
        char *slash;

        if (strstr(u->header_names[i], "..") || u->header_names[i][0] == '/')
            return -1;
        if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, u->header_names[i]) >= sizeof(path))
            return -1;
        slash = strrchr(path, '/');
        *slash = '\0';
        if (mkdirs(path) != 0)
            return -1;
        *slash = '/';
        if (write_file(path, u->headers[i]) != 0)
            return -1;
    }
    return 0;
}

/* One source of all units, with #line markers so diagnostics name the right unit and line. */
static char *join_units(const struct oclhls_unit *units, unsigned n)
{
    size_t len = 1;
    char *src, *p;

    for (unsigned i = 0; i < n; i++)
        len += strlen(units[i].source) + strlen(units[i].name) + 32;
    src = p = malloc(len);
    if (!src)
        return NULL;
    *p = '\0';
    for (unsigned i = 0; i < n; i++)
        p += sprintf(p, "#line 1 \"%s\"\n%s\n", units[i].name, units[i].source);
    return src;
}

/* Compiles the units of prog into an executable (lock held). */
static int link_executable(cl_program prog)
{
    const struct oclhls_unit *u0 = &prog->units[0];
    char dir[PATH_BUF] = "", *options = NULL, *source = NULL;
    size_t olen;
    int ret = -1;

    for (unsigned i = 1; i < prog->num_units; i++) {
        if (strcmp(prog->units[i].options, u0->options) != 0 || prog->units[i].num_headers) {
            log_append(prog, "error: linking compiled objects built with different options or "
                             "with embedded headers beyond the first is not supported");
            return -1;
        }
    }
    if (u0->num_headers && write_headers(u0, dir, sizeof(dir)) != 0) {
        log_append(prog, "error: cannot write the embedded headers to the cache directory");
        return -1;
    }
    olen = strlen(u0->options) + strlen(dir) + strlen(prog->options ? prog->options : "") + 16;
    options = malloc(olen);
    source = prog->num_units == 1 ? strdup(u0->source) : join_units(prog->units, prog->num_units);
    if (!options || !source) {
        log_append(prog, "error: out of host memory");
        goto out_free;
    }
    snprintf(options, olen, "%s%s%s%s %s", u0->options, dir[0] ? " -I\"" : "", dir,
             dir[0] ? "\"" : "", prog->options ? prog->options : "");
    /* link options that are not compile options have no meaning past this point */
    for (const char *drop = "-enable-link-options"; drop; drop = NULL) {
        char *at = strstr(options, drop);

        if (at)
            memset(at, ' ', strlen(drop));
    }
    ret = unsupported_options(prog, options);
    if (ret == 0)
        ret = compile_source(prog, source, strlen(source), u0->name, options);
    if (ret == 0)
        ret = load_devices(prog);
out_free:
    free(options);
    free(source);
    return ret;
}

cl_int oclhls_program_link(cl_program out, cl_uint num_inputs, const cl_program *inputs)
{
    unsigned n = 0;
    int ret = -1;

    pthread_mutex_lock(&out->lock);
    for (cl_uint i = 0; i < num_inputs; i++)
        n += inputs[i]->num_units;
    out->units = calloc(n ? n : 1, sizeof(*out->units));
    if (!out->units) {
        log_append(out, "error: out of host memory");
        goto out_status;
    }
    for (cl_uint i = 0; i < num_inputs; i++) {
        pthread_mutex_lock(&inputs[i]->lock);
        for (unsigned k = 0; k < inputs[i]->num_units; k++) {
            if (unit_copy(&out->units[out->num_units++], &inputs[i]->units[k]) != 0) {
                pthread_mutex_unlock(&inputs[i]->lock);
                log_append(out, "error: out of host memory");
                goto out_status;
            }
        }
        pthread_mutex_unlock(&inputs[i]->lock);
    }
    /* a unit's name is the file name in its diagnostics: number them when there are several */
    for (unsigned i = 0; n > 1 && i < n; i++) {
        char name[32];

        snprintf(name, sizeof(name), "program%u.cl", i + 1);
        free(out->units[i].name);
        out->units[i].name = strdup(name);
        if (!out->units[i].name)
            goto out_status;
    }
    if (oclhls_options_has(out->options, "-create-library")) {
        out->binary_type = CL_PROGRAM_BINARY_TYPE_LIBRARY;
        ret = 0;
    } else {
        ret = link_executable(out);
    }
out_status:
    out->status = ret ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    if (ret && out->binary_type != CL_PROGRAM_BINARY_TYPE_LIBRARY)
        out->binary_type = CL_PROGRAM_BINARY_TYPE_NONE;
    if (!out->log)
        out->log = strdup("");
    pthread_mutex_unlock(&out->lock);
    return ret ? CL_LINK_PROGRAM_FAILURE : CL_SUCCESS;
}
