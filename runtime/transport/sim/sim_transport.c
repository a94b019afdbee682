/* SPDX-License-Identifier: MIT */
/*
 * The sim transport: the board is a Verilated model (.so) built from the "verilog" section of
 * a program file (board-support/sim/sim_model_build.h) and loaded with dlopen. The global
 * memory is a host array owned here, so it outlives any one model and survives switching
 * programs; models already loaded are kept (by path), so switching back is cheap.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "board.h"
#include "json.h"
#include "oclbin.h"
#include "oclhls_sim_abi.h"
#include "sim_model_build.h"
#include "strbuf.h"
#include "transport/transport.h"

/* Cycles per oclhls_sim_run call while waiting: short enough to check the wall clock often. */
#define SIM_SLICE_MIN 1024u
#define SIM_SLICE_MAX (1u << 20)

struct sim_model {
    struct sim_model *next;
    uint64_t key;       /* FNV-1a of the Verilog it was built from ... */
    size_t verilog_len; /* ... its length ... */
    uint32_t width;     /* ... and the memory width: finds it again without a cache lookup */
    char *path;
    void *dl;
    struct oclhls_sim *sim;
    uint32_t (*abi_version)(void);
    uint32_t (*mem_width_bits)(void);
    struct oclhls_sim *(*create)(const struct oclhls_sim_config *cfg);
    void (*destroy)(struct oclhls_sim *sim);
    int (*csr_write)(struct oclhls_sim *sim, uint32_t addr, uint32_t value);
    int (*csr_read)(struct oclhls_sim *sim, uint32_t addr, uint32_t *value);
    int (*run)(struct oclhls_sim *sim, uint64_t max_cycles, uint64_t *cycles_run);
    uint64_t (*mem_faults)(const struct oclhls_sim *sim);
};

struct sim_board {
    struct oclhls_board board;
    uint8_t *mem;
    uint64_t mem_bytes;
    struct sim_model *models; /* every model loaded so far */
    struct sim_model *cur;    /* the one on the "board" */
    uint64_t faults_seen;     /* of cur, when it was last checked */
};

static int sim_open(const struct oclhls_board *board, void **handle, char *err, size_t errlen)
{
    struct sim_board *sb = calloc(1, sizeof(*sb));

    if (!sb)
        return oclhls_fail(err, errlen, "out of host memory");
    sb->board = *board;
    sb->mem_bytes = board->global_mem_bytes;
    /* calloc of a large block maps zero pages: memory is only touched where it is used */
    sb->mem = calloc(1, sb->mem_bytes ? sb->mem_bytes : 1);
    if (!sb->mem) {
        free(sb);
        return oclhls_fail(err, errlen, "cannot allocate %llu bytes of global memory",
                           (unsigned long long)board->global_mem_bytes);
    }
    *handle = sb;
    return 0;
}

static void model_free(struct sim_model *m)
{
    if (m->sim)
        m->destroy(m->sim);
    if (m->dl)
        dlclose(m->dl);
    free(m->path);
    free(m);
}

static void sim_close(void *handle)
{
    struct sim_board *sb = handle;
    struct sim_model *m, *next;

    for (m = sb->models; m; m = next) {
        next = m->next;
        model_free(m);
    }
    free(sb->mem);
    free(sb);
}

/* Stores dlsym(name) into the function pointer at fnp (POSIX: void * converts to it). */
static void sym(void *dl, const char *name, void *fnp, int *missing)
{
    void *p = dlsym(dl, name);

    if (!p)
        *missing = 1;
    memcpy(fnp, &p, sizeof(p));
}

/* dlopen + ABI checks + create; NULL with a message in err. */
static struct sim_model *model_load(struct sim_board *sb, const char *path, uint32_t width,
                                    uint32_t latency, char *err, size_t errlen)
{
    struct sim_model *m = calloc(1, sizeof(*m));
    struct oclhls_sim_config cfg;
    int missing = 0;

    if (!m) {
        oclhls_fail(err, errlen, "out of host memory");
        return NULL;
    }
    m->path = strdup(path);
    m->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!m->path || !m->dl) {
        oclhls_fail(err, errlen, "cannot load the sim model %s: %s", path, dlerror());
        goto out_free;
    }
    sym(m->dl, "oclhls_sim_abi_version", &m->abi_version, &missing);
    sym(m->dl, "oclhls_sim_mem_width_bits", &m->mem_width_bits, &missing);
    sym(m->dl, "oclhls_sim_create", &m->create, &missing);
    sym(m->dl, "oclhls_sim_destroy", &m->destroy, &missing);
    sym(m->dl, "oclhls_sim_csr_write", &m->csr_write, &missing);
    sym(m->dl, "oclhls_sim_csr_read", &m->csr_read, &missing);
    sym(m->dl, "oclhls_sim_run", &m->run, &missing);
    sym(m->dl, "oclhls_sim_mem_faults", &m->mem_faults, &missing);
    if (missing) {
        oclhls_fail(err, errlen, "the sim model %s lacks the oclhls_sim_* C ABI", path);
        goto out_free;
    }
    if (m->abi_version() != OCLHLS_SIM_ABI_VERSION) {
        oclhls_fail(err, errlen, "the sim model %s has ABI version %u, this runtime needs %u", path,
                    m->abi_version(), OCLHLS_SIM_ABI_VERSION);
        goto out_free;
    }
    if (m->mem_width_bits() != width) {
        oclhls_fail(err, errlen,
                    "the sim model %s was built for a %u-bit memory, the program for %u", path,
                    m->mem_width_bits(), width);
        goto out_free;
    }
    cfg.mem = sb->mem;
    cfg.mem_bytes = sb->mem_bytes;
    cfg.mem_latency = latency ? latency : 1;
    m->sim = m->create(&cfg);
    if (!m->sim) {
        oclhls_fail(err, errlen, "the sim model %s failed to start", path);
        goto out_free;
    }
    return m;

out_free:
    model_free(m);
    return NULL;
}

/* The memory width and latency the program was generated for ("meta" section). */
static void program_memory(const struct sim_board *sb, const struct oclbin *bin, uint32_t *width,
                           uint32_t *latency)
{
    const char *meta;
    size_t len;
    cJSON *root, *w, *l;

    *width = sb->board.mem_width_bits;
    *latency = sb->board.mem_latency_cycles;
    meta = oclbin_section(bin, "meta", &len);
    if (!meta)
        return;
    root = oclhls_json_parse(meta, len, NULL);
    if (!root)
        return;
    w = cJSON_GetObjectItemCaseSensitive(root, "mem_width_bits");
    l = cJSON_GetObjectItemCaseSensitive(root, "mem_latency_cycles");
    if (cJSON_IsNumber(w) && w->valuedouble > 0)
        *width = (uint32_t)w->valuedouble;
    if (cJSON_IsNumber(l) && l->valuedouble > 0)
        *latency = (uint32_t)l->valuedouble;
    cJSON_Delete(root);
}

/* FNV-1a 64: identifies a design already loaded, so switching back to it costs no lookup in
 * the model cache (which runs the tools to learn their versions). */
static uint64_t design_key(const char *verilog, size_t len)
{
    uint64_t h = 1469598103934665603ull;

    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)verilog[i];
        h *= 1099511628211ull;
    }
    return h;
}

static int sim_program(void *handle, const void *data, size_t size, char *err, size_t errlen)
{
    struct sim_board *sb = handle;
    struct oclbin *bin = NULL;
    const char *verilog;
    char *so_path = NULL, *log = NULL;
    uint32_t width, latency;
    struct sim_model *m;
    uint64_t key;
    size_t len;
    int ret = -1;

    if (oclbin_parse(data, size, &bin, err, errlen) != 0)
        return -1;
    verilog = oclbin_section(bin, "verilog", &len);
    if (!verilog) {
        oclhls_fail(err, errlen,
                    "the program file has no \"verilog\" section: not built for a sim board");
        goto out_free_bin;
    }
    program_memory(sb, bin, &width, &latency);
    key = design_key(verilog, len);
    for (m = sb->models; m; m = m->next)
        if (m->key == key && m->verilog_len == len && m->width == width)
            goto out_switch;
    if (oclhls_sim_model_build(verilog, len, width, &so_path, &log) != 0) {
        oclhls_fail(err, errlen, "building the sim model failed:\n%s", log ? log : "(no log)");
        goto out_free_bin;
    }
    for (m = sb->models; m; m = m->next)
        if (strcmp(m->path, so_path) == 0)
            break;
    if (!m) {
        m = model_load(sb, so_path, width, latency, err, errlen);
        if (!m)
            goto out_free_bin;
        m->key = key;
        m->verilog_len = len;
        m->width = width;
        m->next = sb->models;
        sb->models = m;
    }
out_switch:
    sb->cur = m;
    sb->faults_seen = m->mem_faults(m->sim);
    ret = 0;

out_free_bin:
    free(so_path);
    free(log);
    oclbin_free(bin);
    return ret;
}

static int check_range(const struct sim_board *sb, uint64_t addr, size_t len, char *err,
                       size_t errlen)
{
    if (addr > sb->mem_bytes || len > sb->mem_bytes - addr)
        return oclhls_fail(err, errlen,
                           "access [0x%llx, +%zu) outside the %llu bytes of global memory",
                           (unsigned long long)addr, len, (unsigned long long)sb->mem_bytes);
    return 0;
}

static int sim_mem_write(void *handle, uint64_t addr, const void *src, size_t len, char *err,
                         size_t errlen)
{
    struct sim_board *sb = handle;

    if (check_range(sb, addr, len, err, errlen))
        return -1;
    memcpy(sb->mem + addr, src, len);
    return 0;
}

static int sim_mem_read(void *handle, uint64_t addr, void *dst, size_t len, char *err,
                        size_t errlen)
{
    struct sim_board *sb = handle;

    if (check_range(sb, addr, len, err, errlen))
        return -1;
    memcpy(dst, sb->mem + addr, len);
    return 0;
}

static int sim_csr_write(void *handle, uint32_t addr, uint32_t value, char *err, size_t errlen)
{
    struct sim_board *sb = handle;

    if (!sb->cur)
        return oclhls_fail(err, errlen, "no program loaded on the sim board");
    if (sb->cur->csr_write(sb->cur->sim, addr, value) != 0)
        return oclhls_fail(err, errlen, "CSR write 0x%x = 0x%x failed", addr, value);
    return 0;
}

static int sim_csr_read(void *handle, uint32_t addr, uint32_t *value, char *err, size_t errlen)
{
    struct sim_board *sb = handle;

    if (!sb->cur)
        return oclhls_fail(err, errlen, "no program loaded on the sim board");
    if (sb->cur->csr_read(sb->cur->sim, addr, value) != 0)
        return oclhls_fail(err, errlen, "CSR read 0x%x failed", addr);
    return 0;
}

static uint64_t now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static int sim_wait_idle(void *handle, uint64_t timeout_ms, char *err, size_t errlen)
{
    struct sim_board *sb = handle;
    uint64_t deadline = now_ms() + timeout_ms, slice = SIM_SLICE_MIN, ran, faults;
    struct sim_model *m = sb->cur;

    if (!m)
        return oclhls_fail(err, errlen, "no program loaded on the sim board");
    for (;;) {
        int rc = m->run(m->sim, slice, &ran);
        if (rc == 0)
            break;
        if (rc < 0) /* the design stopped ($fatal, $finish) or Verilator failed */
            return oclhls_fail(err, errlen,
                               "the simulation model stopped (run with OCLHLS_DEBUG=1 "
                               "to see its messages)");
        if (now_ms() >= deadline) {
            oclhls_fail(err, errlen, "the kernel did not finish within %llu ms",
                        (unsigned long long)timeout_ms);
            return 1;
        }
        if (slice < SIM_SLICE_MAX)
            slice *= 2;
    }
    faults = m->mem_faults(m->sim);
    if (faults != sb->faults_seen) {
        oclhls_fail(err, errlen, "%llu global-memory accesses outside the %llu bytes of memory",
                    (unsigned long long)(faults - sb->faults_seen),
                    (unsigned long long)sb->mem_bytes);
        sb->faults_seen = faults;
        return -1;
    }
    return 0;
}

const struct oclhls_transport_ops oclhls_transport_sim = {
    .name = "sim",
    .open = sim_open,
    .close = sim_close,
    .program = sim_program,
    .mem_write = sim_mem_write,
    .mem_read = sim_mem_read,
    .csr_write = sim_csr_write,
    .csr_read = sim_csr_read,
    .wait_idle = sim_wait_idle,
};
