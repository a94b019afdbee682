/* SPDX-License-Identifier: MIT */
/*
 * The sim model end to end: build the shell + test_system.v design into a model .so
 * (cold or warm cache), build it again (cache hit), dlopen it and drive it through the
 * C ABI: shell registers, the cycle counter, both test kernels (strobed word copy, line
 * copy with 8 reads in flight), run/busy and timeouts, out-of-range accesses, latency 1,
 * a $fatal in the design. Then a 64-bit-wide model loaded next to the first one
 * (RTLD_LOCAL isolation), two processes building the same new model at once, designs
 * that would run host code (refused), and a design with a syntax error.
 *
 * usage: test_sim_model <test_system.v>; OCLHLS_CACHE_DIR should point into the build tree.
 */
#include "test_design.h"

#include <dlfcn.h>
#include <stdint.h>
#include <sys/wait.h>

#include "oclhls_sim_abi.h"
#include "sim_model_build.h"

#define MEM_BYTES (4u << 20)
#define LATENCY 20
#define K0 0x0400u /* word copy */
#define K1 0x0800u /* line copy */

struct sim_api {
    void *handle;
    uint32_t (*abi_version)(void);
    uint32_t (*mem_width_bits)(void);
    struct oclhls_sim *(*create)(const struct oclhls_sim_config *);
    void (*destroy)(struct oclhls_sim *);
    int (*csr_write)(struct oclhls_sim *, uint32_t, uint32_t);
    int (*csr_read)(struct oclhls_sim *, uint32_t, uint32_t *);
    int (*run)(struct oclhls_sim *, uint64_t, uint64_t *);
    uint64_t (*cycles)(const struct oclhls_sim *);
    uint64_t (*mem_faults)(const struct oclhls_sim *);
};

static const char *system_v;

/* ---- building ------------------------------------------------------------------------ */

static char *build(const char *salt, uint32_t width, double *seconds)
{
    size_t len;
    char *design = test_design(system_v, salt, &len), *so = NULL, *log = NULL;
    double t0 = test_now();
    int ret;

    if (!design)
        return NULL;
    ret = oclhls_sim_model_build(design, len, width, &so, &log);
    if (seconds)
        *seconds = test_now() - t0;
    if (ret)
        printf("build log:\n%s\n", log ? log : "(none)");
    free(log);
    free(design);
    return ret ? NULL : so;
}

static int load_api(const char *so, struct sim_api *api)
{
    memset(api, 0, sizeof(*api));
    api->handle = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!api->handle) {
        printf("dlopen: %s\n", dlerror());
        return -1;
    }
    *(void **)&api->abi_version = dlsym(api->handle, "oclhls_sim_abi_version");
    *(void **)&api->mem_width_bits = dlsym(api->handle, "oclhls_sim_mem_width_bits");
    *(void **)&api->create = dlsym(api->handle, "oclhls_sim_create");
    *(void **)&api->destroy = dlsym(api->handle, "oclhls_sim_destroy");
    *(void **)&api->csr_write = dlsym(api->handle, "oclhls_sim_csr_write");
    *(void **)&api->csr_read = dlsym(api->handle, "oclhls_sim_csr_read");
    *(void **)&api->run = dlsym(api->handle, "oclhls_sim_run");
    *(void **)&api->cycles = dlsym(api->handle, "oclhls_sim_cycles");
    *(void **)&api->mem_faults = dlsym(api->handle, "oclhls_sim_mem_faults");
    return api->abi_version && api->mem_width_bits && api->create && api->destroy &&
                   api->csr_write && api->csr_read && api->run && api->cycles && api->mem_faults
               ? 0
               : -1;
}

/* ---- driving the model --------------------------------------------------------------- */

static uint32_t rd(const struct sim_api *api, struct oclhls_sim *sim, uint32_t addr)
{
    uint32_t v = 0xDEADDEAD;

    if (api->csr_read(sim, addr, &v))
        printf("csr read 0x%x failed\n", addr);
    return v;
}

static void wr(const struct sim_api *api, struct oclhls_sim *sim, uint32_t addr, uint32_t v)
{
    if (api->csr_write(sim, addr, v))
        printf("csr write 0x%x failed\n", addr);
}

static void start(const struct sim_api *api, struct oclhls_sim *sim, uint32_t base, uint32_t src,
                  uint32_t dst, uint32_t count)
{
    wr(api, sim, base + 0x80, src);
    wr(api, sim, base + 0x84, dst);
    wr(api, sim, base + 0x88, count);
    wr(api, sim, base + 0x00, 1);
}

static void fill(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)((i * 131u + seed * 7u + (i >> 8)) ^ seed);
}

static struct oclhls_sim *create(const struct sim_api *api, uint8_t *mem, uint32_t latency)
{
    struct oclhls_sim_config cfg = {.mem = mem, .mem_bytes = MEM_BYTES, .mem_latency = latency};

    return api->create(&cfg);
}

/* ---- the checks ---------------------------------------------------------------------- */

static void check_shell(const struct sim_api *api, struct oclhls_sim *sim)
{
    uint32_t lo1, lo2, hi;
    uint64_t c1, c2;

    CHECK(rd(api, sim, 0x0) == 0x4F434C48, "shell 0x0: magic 0x4F434C48 ('OCLH')");
    CHECK(rd(api, sim, 0x4) == 1, "shell 0x4: version 1");
    CHECK(rd(api, sim, 0x10) == 0, "shell 0x10: busy 0 after reset");
    CHECK(rd(api, sim, 0x14) == 0 && rd(api, sim, 0x3FC) == 0, "unused shell registers read 0");
    wr(api, sim, 0x10000, 0xFFFFFFFF);
    CHECK(rd(api, sim, 0x10000) == 0 && rd(api, sim, 0xFFFFFFFC) == 0,
          "addresses >= 0x10000 read 0 (writes ignored)");
    CHECK(rd(api, sim, K0 + 0x300) == 0, "unused kernel register reads 0");
    lo1 = rd(api, sim, 0x8);
    c1 = api->cycles(sim);
    hi = rd(api, sim, 0xC);
    lo2 = rd(api, sim, 0x8);
    c2 = api->cycles(sim);
    CHECK(hi == 0 && lo1 > 0 && lo1 < c1, "cycle counter: lo %u hi %u (model at %llu cycles)", lo1,
          hi, (unsigned long long)c1);
    CHECK(lo2 - lo1 == c2 - c1, "cycle counter advances one per clock (%u cycles for 2 reads)",
          lo2 - lo1);
}

static void check_word_copy(const struct sim_api *api, struct oclhls_sim *sim, uint8_t *mem)
{
    const uint32_t src = 0x1004, dst = 0x8000 + 60, n = 100;
    uint64_t ran = 0, faults = api->mem_faults(sim);
    uint32_t cyc;
    int ret;

    fill(mem + src, 4 * n, 1);
    memset(mem + dst - 64, 0xA5, 4 * n + 128);
    start(api, sim, K0, src, dst, n);
    CHECK(rd(api, sim, 0x10) == 1 && rd(api, sim, K0 + 0x4) == 1,
          "kernel 0 started: shell busy 1, STATUS busy");
    ret = api->run(sim, 1000000, &ran);
    CHECK(ret == 0 && ran > 0, "run until idle: %llu cycles", (unsigned long long)ran);
    CHECK(memcmp(mem + dst, mem + src, 4 * n) == 0, "word copy: %u words at 0x%x -> 0x%x", n, src,
          dst);
    CHECK(mem[dst - 1] == 0xA5 && mem[dst + 4 * n] == 0xA5,
          "bytes around the destination untouched (byte strobes)");
    CHECK(rd(api, sim, K0 + 0x4) == 2 && rd(api, sim, 0x10) == 0, "STATUS done, shell idle");
    cyc = rd(api, sim, K0 + 0x50);
    CHECK(cyc >= n * LATENCY && cyc <= n * (LATENCY + 4),
          "read latency modelled: %u cycles for %u dependent reads at latency %d", cyc, n, LATENCY);
    CHECK(api->mem_faults(sim) == faults, "no memory faults");
}

static void check_line_copy(const struct sim_api *api, struct oclhls_sim *sim, uint8_t *mem,
                            uint32_t line, uint32_t n)
{
    const uint32_t src = 0x10000, dst = 0x200000;
    uint64_t ran = 0;
    int ret;

    fill(mem + src, (size_t)n * line, 2);
    memset(mem + dst, 0, (size_t)n * line);
    start(api, sim, K1, src, dst, n);
    ret = api->run(sim, 10000000, &ran);
    CHECK(ret == 0, "line copy of %u x %u bytes: %llu cycles", n, line, (unsigned long long)ran);
    CHECK(memcmp(mem + dst, mem + src, (size_t)n * line) == 0,
          "line copy correct (8 reads in flight, responses in order)");
}

static void check_timeout(const struct sim_api *api, struct oclhls_sim *sim, uint8_t *mem,
                          uint32_t line)
{
    uint64_t ran = 0, before;
    int ret;

    start(api, sim, K1, 0x10000, 0x200000, 2000);
    before = api->cycles(sim);
    ret = api->run(sim, 100, &ran);
    CHECK(ret == 1 && ran == 100 && api->cycles(sim) - before == 100,
          "run with max_cycles 100 times out after exactly 100 cycles");
    CHECK(rd(api, sim, 0x10) == 1, "still busy after the timeout");
    CHECK(api->run(sim, 10000000, &ran) == 0 && ran > 0, "and finishes when run again");
    CHECK(memcmp(mem + 0x200000, mem + 0x10000, (size_t)2000 * line) == 0,
          "copy correct across the interruption");
    CHECK(api->run(sim, 10, &ran) == 0 && ran == 0, "run on an idle model returns at once");
}

static void check_faults(const struct sim_api *api, struct oclhls_sim *sim, uint8_t *mem)
{
    uint64_t faults = api->mem_faults(sim);

    memset(mem + 0x3000, 0x77, 8);
    start(api, sim, K0, MEM_BYTES + 0x100, 0x3000, 2);
    CHECK(api->run(sim, 100000, NULL) == 0, "copy from beyond the memory completes");
    CHECK(api->mem_faults(sim) - faults == 2, "2 out-of-range reads counted (%llu)",
          (unsigned long long)(api->mem_faults(sim) - faults));
    CHECK(mem[0x3000] == 0 && mem[0x3007] == 0, "out-of-range reads return 0");
    start(api, sim, K0, 0x3000, 0xFFFFFF00u, 3);
    CHECK(api->run(sim, 100000, NULL) == 0 && api->mem_faults(sim) - faults == 5,
          "3 out-of-range writes counted, no crash");
}

static void check_latency_one(const struct sim_api *api, uint8_t *mem, uint32_t line)
{
    struct oclhls_sim *sim = create(api, mem, 1);
    uint32_t cyc;

    CHECK(sim != NULL, "second model instance, latency 1");
    if (!sim)
        return;
    check_line_copy(api, sim, mem, line, 64);
    start(api, sim, K0, 0x1000, 0x9000, 10);
    api->run(sim, 100000, NULL);
    cyc = rd(api, sim, K0 + 0x50);
    CHECK(cyc >= 10 * 3 && cyc <= 10 * 5, "latency 1: %u cycles for 10 dependent reads", cyc);
    api->destroy(sim);
}

static void check_fatal(const struct sim_api *api, uint8_t *mem)
{
    struct oclhls_sim *sim = create(api, mem, LATENCY);
    uint32_t v;

    CHECK(api->csr_write(sim, 0x7FC, 1) == -1, "$fatal in the design: csr_write fails, the "
                                               "host process lives");
    CHECK(api->csr_read(sim, 0, &v) == -1 && api->run(sim, 10, NULL) == -1,
          "the broken model refuses further calls");
    api->destroy(sim);
}

static void bench(const struct sim_api *api, struct oclhls_sim *sim, uint32_t line)
{
    uint32_t n = (1u << 20) / line;
    uint64_t ran, total = 0;
    double t0 = test_now(), dt;

    for (int i = 0; i < 10; i++) {
        start(api, sim, K1, 0x10000, 0x200000, n);
        api->run(sim, 100000000, &ran);
        total += ran;
    }
    dt = test_now() - t0;
    printf("perf: %llu cycles in %.3f s = %.2f M cycles/s (line copy, %u-bit bus, "
           "latency %d)\n",
           (unsigned long long)total, dt, (double)total / dt / 1e6, line * 8, LATENCY);
    CHECK(total / dt > 1e5, "simulation speed sane (> 0.1 M cycles/s)");
}

static void exercise(const struct sim_api *api, uint32_t width, int do_bench)
{
    uint8_t *mem = calloc(1, MEM_BYTES);
    struct oclhls_sim_config bad = {.mem = mem, .mem_bytes = MEM_BYTES, .mem_latency = 0};
    struct oclhls_sim *sim;

    printf("-- %u-bit model --\n", width);
    CHECK(api->abi_version() == OCLHLS_SIM_ABI_VERSION, "ABI version %u", api->abi_version());
    CHECK(api->mem_width_bits() == width, "built for %u-bit memory", api->mem_width_bits());
    CHECK(api->create(&bad) == NULL && api->create(NULL) == NULL,
          "create refuses latency 0 and a NULL config");
    sim = create(api, mem, LATENCY);
    CHECK(sim != NULL, "create with 4 MiB, latency %d", LATENCY);
    if (!sim)
        goto out_free_mem;
    check_shell(api, sim);
    check_word_copy(api, sim, mem);
    check_line_copy(api, sim, mem, width / 8, 4096);
    check_timeout(api, sim, mem, width / 8);
    check_faults(api, sim, mem);
    if (do_bench)
        bench(api, sim, width / 8);
    check_latency_one(api, mem, width / 8);
    api->destroy(sim);
    check_fatal(api, mem);
out_free_mem:
    free(mem);
}

/* ---- the scenarios ------------------------------------------------------------------- */

static char *first_model(void)
{
    struct stat st1, st2;
    double t1, t2;
    char *so = build("unit-test", 512, &t1), *so2;

    CHECK(so != NULL, "build the 512-bit model: %.2f s", t1);
    if (!so)
        return NULL;
    stat(so, &st1);
    so2 = build("unit-test", 512, &t2);
    CHECK(so2 && !strcmp(so, so2), "second build returns the same model: %.3f s", t2);
    CHECK(so2 && stat(so2, &st2) == 0 && st1.st_ino == st2.st_ino && st1.st_mtime == st2.st_mtime,
          "cache hit (model.so not rebuilt)");
    free(so2);
    return so;
}

static void check_isolation(const struct sim_api *api)
{
    CHECK(!dlsym(api->handle, "vl_fatal") && !dlsym(api->handle, "_ZN9Verilated9debugEi") &&
              !dlsym(api->handle, "_ZN16VerilatedContextC1Ev"),
          "the model exports only the oclhls_sim_* ABI");
}

static void concurrent_builds(void)
{
    char salt[64], *so;
    int status = -1;
    pid_t pid;

    snprintf(salt, sizeof(salt), "concurrent %d %.0f", (int)getpid(), test_now() * 1e6);
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        so = build(salt, 1024, NULL);
        _exit(so ? 0 : 1);
    }
    so = build(salt, 1024, NULL);
    waitpid(pid, &status, 0);
    CHECK(so && WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "two processes build the same new 1024-bit model at once: both succeed");
    if (so) {
        struct sim_api api;
        uint8_t *mem = calloc(1, MEM_BYTES);
        struct oclhls_sim *sim = NULL;

        if (load_api(so, &api) == 0)
            sim = create(&api, mem, LATENCY);
        CHECK(sim && api.mem_width_bits() == 1024 && rd(&api, sim, 0) == 0x4F434C48,
              "the 1024-bit model works (128-bit strobes: VlWide on both ports)");
        if (sim) {
            check_word_copy(&api, sim, mem);
            check_line_copy(&api, sim, mem, 128, 1000);
            api.destroy(sim);
        }
        free(mem);
        /* the salted model is unique to this run: remove it */
        *strrchr(so, '/') = '\0';
        test_rm_rf(so);
    }
    free(so);
}

/* Verilog that would run code on the host when simulated: refused before any build. */
static void hostile_designs(void)
{
    static const char *const cases[][2] = {
        {"$system", "initial $system(\"touch /tmp/oclhls-pwned\");"},
        {"$c", "initial $c(\"abort();\");"},
        {"DPI", "import \"DPI-C\" function int system(input string cmd);"},
        {"systemc", "`systemc_header\n#include <stdlib.h>\n`verilog"},
        {"include", "`include \"/etc/passwd\""},
        {"$fopen", "integer f; initial f = $fopen(\"/tmp/x\", \"w\");"},
        {"$readmemh", "reg [7:0] m [0:3]; initial $readmemh(\"/etc/shadow\", m);"},
        {"token pasting", "`define P(a, b) a``b\ninitial `P($sys, tem)(\"id\");"},
    };
    char design[512], *so = NULL, *log = NULL;
    int refused = 0;

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(design, sizeof(design),
                 "module sim_shell(input wire clk);\n// \"$system in a comment is fine\n"
                 "%s\nendmodule\n",
                 cases[i][1]);
        if (oclhls_sim_model_build(design, strlen(design), 512, &so, &log) == -1 && log &&
            strstr(log, "not allowed"))
            refused++;
        else
            printf("not refused: %s\n%s\n", cases[i][0], log ? log : "");
        free(log);
        free(so);
        log = so = NULL;
    }
    CHECK(refused == (int)(sizeof(cases) / sizeof(cases[0])),
          "%d designs using $system, $c, DPI, `systemc_*, `include, $fopen, $readmemh or "
          "token pasting refused",
          refused);
}

static void broken_design(void)
{
    static const char bad[] = "module sim_shell(input wire clk);\n  wire x = ;\nendmodule\n";
    char *so = NULL, *log = NULL;
    int ret = oclhls_sim_model_build(bad, sizeof(bad) - 1, 512, &so, &log);

    CHECK(ret == -1 && !so && log && strstr(log, "%Error"),
          "a design with a syntax error fails, verilator's message in the log");
    free(log);
    log = NULL;
    ret = oclhls_sim_model_build(bad, sizeof(bad) - 1, 12, &so, &log);
    CHECK(ret == -1 && log && strstr(log, "power of two"), "width 12 refused: %s", log ? log : "");
    free(log);
}

int main(int argc, char **argv)
{
    struct sim_api a512, a64;
    char cache[4096] = "", *so512, *so64;
    double t;

    if (argc < 2) {
        fprintf(stderr, "usage: %s <test_system.v>\n", argv[0]);
        return 2;
    }
    system_v = argv[1];
    oclhls_cache_dir(cache, sizeof(cache));
    printf("cache: %s\n", cache);
    so512 = first_model();
    if (so512 && load_api(so512, &a512) == 0) {
        check_isolation(&a512);
        exercise(&a512, 512, 1);
    }
    so64 = build("unit-test", 64, &t);
    CHECK(so64 != NULL, "build the 64-bit model: %.2f s", t);
    if (so64 && load_api(so64, &a64) == 0) {
        CHECK(a64.handle != a512.handle, "both models loaded in one process");
        exercise(&a64, 64, 0);
        CHECK(a512.mem_width_bits() == 512, "the 512-bit model is still itself");
    }
    concurrent_builds();
    hostile_designs();
    broken_design();
    free(so512);
    free(so64);
    return test_result();
}
