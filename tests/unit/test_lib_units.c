/* SPDX-License-Identifier: MIT */
/*
 * Library units of sim models (board-support/sim/flow/lib_units.h), end to end:
 *  - which modules of a design run as units, their parameter sets, port widths and source
 *    files; none when the design's rtl-lib is not this installation's; a module with an
 *    instance whose parameters are not literals (or MEM_DW) stays inline, and the load and
 *    store units with fewer than 8 instances;
 *  - cycle accuracy: a model of data/lib_units_system.v runs every unit module (the
 *    parameterised ones with two parameter sets each) beside an inline copy of itself,
 *    both fed the same random operands and enables (the load and store units also random
 *    handshakes, resets and quiet spells), and counts the cycles whose outputs differ:
 *    none may, over 20,000 cycles;
 *  - the model build really used the units (its debug line counts them).
 *
 * usage: test_lib_units <lib_units_system.v>; OCLHLS_CACHE_DIR should point into the build tree.
 */
#include "test_design.h"

#include <dlfcn.h>
#include <glob.h>
#include <stdint.h>
#include <unistd.h>

#include "hashkey.h"
#include "lib_units.h"
#include "oclhls_sim_abi.h"
#include "sim_model_build.h"
#include "strbuf.h"

#define K 0x0400u
#define CYCLES 20000u

/* The rtl-lib as hls/emit/payload.c writes it (marker, file, newline), plus ref_ copies of the
 * units. */
static int append_library(struct oclhls_strbuf *o, int refs)
{
    char pattern[4096];
    glob_t g;
    size_t skip = strlen(oclhls_datadir()) + 1;

    snprintf(pattern, sizeof(pattern), "%s/rtl-lib/*.v", oclhls_datadir());
    if (glob(pattern, 0, NULL, &g))
        return -1;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *text = test_read_file(g.gl_pathv[i], NULL), *name;

        if (!text)
            continue;
        name = strrchr(g.gl_pathv[i], '/') + 1;
        if (!refs) {
            oclhls_strbuf_printf(o, "// ---- %s\n%s\n", g.gl_pathv[i] + skip, text);
        } else if (strncmp(name, "ocl_fp_", 7) == 0 || strcmp(name, "ocl_div.v") == 0 ||
                   strncmp(name, "ocl_lsu_", 8) == 0) {
            /* "module ocl_x" -> "module ref_ocl_x": an inline copy of the unit */
            char *m = strstr(text, "module ocl_");
            if (m) {
                oclhls_strbuf_append(o, text, (size_t)(m - text));
                oclhls_strbuf_puts(o, "module ref_");
                oclhls_strbuf_puts(o, m + 7);
                oclhls_strbuf_puts(o, "\n");
            }
        }
        free(text);
    }
    globfree(&g);
    return o->failed ? -1 : 0;
}

static char *make_design(const char *system_v, const char *swap, const char *with, size_t *len)
{
    struct oclhls_strbuf o = {0};
    char *shell = NULL, *system;
    size_t n = 0;

    if (append_library(&o, 0) || append_library(&o, 1) || test_append_shell(&shell, &n))
        goto out_fail;
    oclhls_strbuf_append(&o, shell, n);
    system = test_read_file(system_v, NULL);
    if (!system)
        goto out_fail;
    oclhls_strbuf_puts(&o, system);
    free(system);
    free(shell);
    if (swap) { /* one edit of the text, for the negative cases */
        char *at = strstr(o.buf, swap), *text;
        if (!at)
            goto out_fail_free;
        text = oclhls_asprintf("%.*s%s%s", (int)(at - o.buf), o.buf, with, at + strlen(swap));
        oclhls_strbuf_release(&o);
        *len = text ? strlen(text) : 0;
        return text;
    }
    *len = o.len;
    return oclhls_strbuf_take(&o);
out_fail:
    free(shell);
out_fail_free:
    oclhls_strbuf_release(&o);
    return NULL;
}

static const struct oclhls_unit_module *find_mod(const struct oclhls_lib_units *u, const char *name)
{
    for (int i = 0; i < u->n; i++)
        if (strcmp(u->mods[i].name, name) == 0)
            return &u->mods[i];
    return NULL;
}

/* A set's key covers the widths its ports pass at: the widest set of the design makes them,
   so the same set in a design without ocl_div's 64-bit set is another unit build. */
static void check_key_covers_widths(const struct oclhls_unit_module *m)
{
    static struct oclhls_unit_module narrow;
    struct oclhls_hashkey k;
    char wide_key[OCLHLS_HASHKEY_HEX_LEN + 1], narrow_key[OCLHLS_HASHKEY_HEX_LEN + 1];

    if (!m)
        return;
    narrow = *m;
    for (int i = 0; i < narrow.nports; i++)
        if (narrow.ports[i].bits == 64)
            narrow.ports[i].bits = 32;
    oclhls_hashkey_init(&k, "test");
    oclhls_lib_units_key(m, 0, &k);
    oclhls_hashkey_hex(&k, wide_key);
    oclhls_hashkey_init(&k, "test");
    oclhls_lib_units_key(&narrow, 0, &k);
    oclhls_hashkey_hex(&k, narrow_key);
    CHECK(strcmp(wide_key, narrow_key) != 0,
          "ocl_div W=32: its key differs where its ports pass at 32 bits, not 64");
}

static void check_discovery(const char *system_v)
{
    struct oclhls_lib_units u;
    struct oclhls_strbuf log = {0};
    const struct oclhls_unit_module *m;
    size_t len;
    char *design = make_design(system_v, NULL, NULL, &len);

    CHECK(design && oclhls_lib_units_find(design, len, 512, &u, &log) == 0, "units found");
    CHECK(u.n == 12, "12 unit modules (%d)", u.n);
    m = find_mod(&u, "ocl_div");
    CHECK(m && m->nsets == 2 && m->nparams == 2, "ocl_div: 2 parameter sets of W, SIGNED");
    CHECK(m && m->sets[0][0] == 32 && m->sets[0][1] == 1 && m->sets[1][0] == 64 &&
              m->sets[1][1] == 0,
          "ocl_div: W=32 SIGNED=1, W=64 SIGNED=0");
    check_key_covers_widths(m);
    m = find_mod(&u, "ocl_fp_from_int");
    CHECK(m && m->nsets == 2 && m->nparams == 3 && m->sets[1][2] == 1,
          "ocl_fp_from_int: 2 sets, ROUND=1 in the second");
    m = find_mod(&u, "ocl_fp_cmp");
    CHECK(m && m->nsets == 1 && m->nports == 6 && m->ports[2].output == 0 && m->ports[3].output,
          "ocl_fp_cmp: ports en, a, b in and lt, eq, uno out (clk left out)");
    m = find_mod(&u, "ocl_fp_add");
    CHECK(m && m->text && strstr(m->text, "module ocl_fp_add") &&
              strstr(m->text, "module ocl_lzc") && !strstr(m->text, "module ocl_lsu_store"),
          "ocl_fp_add is built from its file and ocl_lzc's (which it instantiates) only");
    m = find_mod(&u, "ocl_lsu_load");
    CHECK(m && m->nsets == 2 && m->ninstances == 8 && m->nparams == 8 && m->quiet,
          "ocl_lsu_load: 8 instances, 2 sets of 8 parameters (SLACK the last), a quiet condition");
    CHECK(m && m->sets[0][1] == 512 && m->sets[1][5] == OCLHLS_UNIT_PARAM_DERIVED,
          "ocl_lsu_load: MEM_DW(MEM_DW) is the model's 512; MQ_DEPTH left to its default");
    CHECK(m && m->nports == 17 && strcmp(m->ports[0].name, "rst") == 0 && m->ports[0].bits == 1 &&
              strcmp(m->ports[16].name, "mem_rsp_data") == 0 && m->ports[16].bits == 512 &&
              oclhls_unit_port_words(&m->ports[16]) == 16 && m->ports[4].bits == 32 &&
              oclhls_unit_port_words(&m->ports[4]) == 2,
          "ocl_lsu_load: 17 ports with their widths (rst 1, req_addr 32, mem_rsp_data 512)");
    oclhls_lib_units_release(&u);
    CHECK(oclhls_lib_units_find(design, len, 0, &u, &log) == 0 && u.n == 10 &&
              !find_mod(&u, "ocl_lsu_store"),
          "without a memory width, instances with .MEM_DW(MEM_DW) keep the LSUs inline");
    oclhls_lib_units_release(&u);
    free(design);

    /* fewer than 8 instances: the load and store units stay inline */
    design =
        make_design(system_v, "ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) u_st0",
                    "ref_ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) u_st0", &len);
    CHECK(design && oclhls_lib_units_find(design, len, 512, &u, &log) == 0 && u.n == 11 &&
              !find_mod(&u, "ocl_lsu_store") && find_mod(&u, "ocl_lsu_load"),
          "7 store units: inline; 8 load units: units");
    oclhls_lib_units_release(&u);
    free(design);

    /* a parameter that is not a literal keeps that module inline, the others not */
    design = make_design(system_v, "ocl_div #(.W(64), .SIGNED(0)) u_d64",
                         "ocl_div #(.W(64), .SIGNED(1 - 1)) u_d64", &len);
    CHECK(design && oclhls_lib_units_find(design, len, 512, &u, &log) == 0 && u.n == 11 &&
              !find_mod(&u, "ocl_div"),
          "an instance with a parameter expression: ocl_div inline, 11 units");
    oclhls_lib_units_release(&u);
    free(design);

    /* the design's rtl-lib is not this installation's: no units at all */
    design = make_design(system_v, "module ocl_fifo", "module  ocl_fifo", &len);
    CHECK(design && oclhls_lib_units_find(design, len, 512, &u, &log) == 0 && u.n == 0,
          "a library file that differs from this installation's: no units");
    oclhls_lib_units_release(&u);
    free(design);
    oclhls_strbuf_release(&log);
}

/* Builds the model with OCLHLS_DEBUG on and stderr in a file; the debug lines in *debug. */
static char *build_model(const char *design, size_t len, char **debug)
{
    char path[] = "/tmp/oclhls-lib-units-XXXXXX", *so = NULL, *log = NULL;
    int fd = mkstemp(path), saved = dup(2);

    setenv("OCLHLS_DEBUG", "1", 1);
    fflush(stderr);
    if (fd >= 0)
        dup2(fd, 2);
    if (oclhls_sim_model_build(design, len, 512, &so, &log))
        printf("build log:\n%s\n", log ? log : "(none)");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    unsetenv("OCLHLS_DEBUG");
    *debug = fd >= 0 ? test_read_file(path, NULL) : NULL;
    if (fd >= 0) {
        close(fd);
        unlink(path);
    }
    free(log);
    return so;
}

static void check_model(const char *system_v)
{
    size_t len;
    char *design = make_design(system_v, NULL, NULL, &len), *debug = NULL, *so;
    struct oclhls_sim *(*create)(const struct oclhls_sim_config *);
    void (*destroy)(struct oclhls_sim *);
    int (*csr_write)(struct oclhls_sim *, uint32_t, uint32_t);
    int (*csr_read)(struct oclhls_sim *, uint32_t, uint32_t *);
    int (*run)(struct oclhls_sim *, uint64_t, uint64_t *);
    uint32_t diffs = 1, sum = 0, enabled = 0;
    uint64_t ran = 0;
    uint8_t mem[64];
    struct oclhls_sim_config cfg = {.mem = mem, .mem_bytes = sizeof(mem), .mem_latency = 4};
    struct oclhls_sim *sim;
    void *h;

    so = design ? build_model(design, len, &debug) : NULL;
    CHECK(so != NULL, "model built");
    if (debug && strstr(debug, "cache hit"))
        printf("(the model was cached; its build's unit count is not in this run's output)\n");
    else
        CHECK(debug && strstr(debug, " 17 library units"),
              "the build ran 17 library units (12 modules, 17 parameter sets): %s",
              debug ? debug : "(no output)");
    h = so ? dlopen(so, RTLD_NOW | RTLD_LOCAL) : NULL;
    CHECK(h != NULL, "model loads");
    if (!h)
        goto out_free;
    *(void **)&create = dlsym(h, "oclhls_sim_create");
    *(void **)&destroy = dlsym(h, "oclhls_sim_destroy");
    *(void **)&csr_write = dlsym(h, "oclhls_sim_csr_write");
    *(void **)&csr_read = dlsym(h, "oclhls_sim_csr_read");
    *(void **)&run = dlsym(h, "oclhls_sim_run");
    sim = create(&cfg);
    CHECK(sim != NULL, "model created (every stub found its unit)");
    if (sim) {
        int rc;

        csr_write(sim, K + 0x000, CYCLES);
        rc = run(sim, 10 * CYCLES, &ran);
        CHECK(rc == 0 && ran >= CYCLES - 2 && ran <= CYCLES, "ran to completion (%llu cycles)",
              (unsigned long long)ran);
        csr_read(sim, K + 0x004, &diffs);
        csr_read(sim, K + 0x008, &sum);
        csr_read(sim, K + 0x00C, &enabled);
        CHECK(diffs == 0, "library units and inline copies agree every cycle (%u cycles differ)",
              diffs);
        CHECK(enabled > CYCLES / 2 && enabled < CYCLES, "enabled %u of %u cycles", enabled, CYCLES);
        CHECK(sum != 0, "outputs change (checksum 0x%08x)", sum);
        destroy(sim);
    }
    dlclose(h);
out_free:
    free(so);
    free(debug);
    free(design);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s lib_units_system.v\n", argv[0]);
        return 2;
    }
    check_discovery(argv[1]);
    check_model(argv[1]);
    return test_result();
}
