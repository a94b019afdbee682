/* SPDX-License-Identifier: MIT */
/*
 * Builds the Verilated model of a sim-board design into <cache>/sim-models/<key>/model.so
 * (sim_model_build.h). Steps, on a cache miss, in a private temporary directory:
 *
 *   1. check the design against the allowlist of build/design_check.c (security);
 *   2. verilator --cc on it;
 *   3. one parallel job set: the harness (sim_model.cpp), the Verilator runtime and its
 *      precompiled header when they are not cached yet (build/verilator_rt.c), and the
 *      generated files (after the precompiled header);
 *   4. link model.so, exporting only the oclhls_sim_* ABI (version script);
 *   5. publish the directory with one atomic rename (lib/cache.c).
 *
 * The key covers everything that changes the result: the design text, its memory width,
 * the versions of Verilator and of the compiler, the harness sources and the recipe.
 *
 * The same steps build other models from a spec (oclhls_model_build: another top,
 * harness and exported ABI, and trusted library files such as the vendor's cell models);
 * the sim board's model is the spec sim_spec.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "sim_model_build.h"
#include "clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "argv.h"
#include "board.h"
#include "cache.h"
#include "code_groups.h"
#include "debug.h"
#include "design_check.h"
#include "fsutil.h"
#include "hashkey.h"
#include "jobs.h"
#include "lib_units.h"
#include "progress.h"
#include "sim_lint.h"
#include "strbuf.h"
#include "subprocess.h"
#include "tools.h"
#include "unit_build.h"
#include "verilator_mk.h"
#include "verilator_rt.h"

#define MODEL_NAME "model.so"
#define DESIGN_CHECK "design-check/1" /* bump when build/design_check.c tightens */

/*
 * A design whose per-cycle code is at most this big compiles it at the HOT level (-O2: a
 * quarter fewer instructions per simulated cycle than FAST's -Og for vector_add); larger
 * designs keep FAST, where the longer compile would cost more than most of their
 * simulations gain (build/verilator_rt.c has the figures). Part of the model's key.
 */
#define HOT_DESIGN_BYTES (1024 * 1024)

static const char *const sim_headers[] = {"oclhls_sim_abi.h", NULL};

/* Where the library units' C++ interface is, for every harness that owns units (lib_units):
   the units, their DPI glue and the harness include it; its text is in their keys. */
#define UNITS_DIR "board-support/sim"
#define UNITS_ABI "oclhls_unit_abi.h"

/* The sim board's model: top sim_shell, harness sim_model.cpp, the oclhls_sim_* ABI. */
static const struct oclhls_model_spec sim_spec = {
    .key_name = "sim-model",
    .cache_subdir = "sim-models",
    .top = "sim_shell",
    .prefix = "Vsim_shell",
    .harness_dir = "board-support/sim",
    .harness = "sim_model.cpp",
    .harness_headers = sim_headers,
    .exports = "oclhls_sim_*",
    .lib_units = 1,
};

struct model_build {
    const struct oclhls_model_spec *spec;
    const char *verilog;
    size_t len;
    uint32_t width; /* sim models: the memory width (-GMEM_DW); 0 for other models */
    int jobs;
    struct oclhls_tools tools;
    char *harness_dir; /* <datadir>/<spec->harness_dir> */
    char *shared_dir;  /* <datadir>/<spec->shared_dir>, or NULL */
    char *harness;     /* the harness source */
    char *abi;         /* the harness headers, concatenated (the key) */
    char *units_dir;   /* <datadir>/UNITS_DIR, for a spec with lib_units */
    char *unit_abi;    /* the text of UNITS_ABI (in the units' keys), or "" */
    char key[OCLHLS_HASHKEY_HEX_LEN + 1];
    char *final_dir; /* <cache>/sim-models/<key> */
    char *tmp;       /* <cache>/sim-models/.build-XXXXXX */
    struct oclhls_vrt rt;
    struct oclhls_strbuf log;
    char *vlog;                        /* what verilator said, kept as the success log */
    struct oclhls_lib_units units;     /* modules run as library units (lib_units.h) */
    struct oclhls_unit_build *ubuilds; /* one per unit parameter set */
    int nubuilds;
    struct oclhls_strbuf design_units; /* the design with the units' stubs */
    int lint;                          /* lint the design in the verilator run too */
    int linted;                        /* it did: lint_out holds the warnings (or nothing) */
    struct oclhls_strbuf lint_out;
};

static char *read_harness_file(struct model_build *b, const char *dir, const char *name)
{
    char *path = oclhls_asprintf("%s/%s", dir, name), *text = NULL;
    size_t size;

    if (!path || oclhls_read_file(path, &text, &size)) {
        oclhls_strbuf_printf(&b->log,
                             "cannot read the sim harness '%s' (is OCLHLS_DATADIR right?)\n",
                             path ? path : name);
        text = NULL;
    }
    free(path);
    return text;
}

/* Appends the headers' texts (the key's "abi"). 0 or -1. */
static int read_headers(struct model_build *b, const char *dir, const char *const *names,
                        struct oclhls_strbuf *headers)
{
    for (const char *const *h = names; h && *h; h++) {
        char *text = read_harness_file(b, dir, *h);
        if (!text)
            return -1;
        oclhls_strbuf_puts(headers, text);
        free(text);
    }
    return 0;
}

static int load_harness(struct model_build *b)
{
    struct oclhls_strbuf headers = {0};

    b->harness_dir = oclhls_asprintf("%s/%s", oclhls_datadir(), b->spec->harness_dir);
    if (!b->harness_dir)
        return -1;
    if (b->spec->shared_dir &&
        !(b->shared_dir = oclhls_asprintf("%s/%s", oclhls_datadir(), b->spec->shared_dir)))
        return -1;
    b->harness = read_harness_file(b, b->harness_dir, b->spec->harness);
    if (read_headers(b, b->harness_dir, b->spec->harness_headers, &headers) ||
        (b->shared_dir && read_headers(b, b->shared_dir, b->spec->shared_headers, &headers))) {
        oclhls_strbuf_release(&headers);
        return -1;
    }
    if (b->spec->lib_units) {
        b->units_dir = oclhls_asprintf("%s/%s", oclhls_datadir(), UNITS_DIR);
        b->unit_abi = b->units_dir ? read_harness_file(b, b->units_dir, UNITS_ABI) : NULL;
        if (!b->unit_abi) {
            oclhls_strbuf_release(&headers);
            return -1;
        }
        oclhls_strbuf_puts(&headers, b->unit_abi);
    } else
        b->unit_abi = oclhls_asprintf("%s", "");
    b->abi = headers.len ? oclhls_strbuf_take(&headers) : oclhls_asprintf("%s", "");
    oclhls_strbuf_release(&headers);
    return b->harness && b->abi && b->unit_abi ? 0 : -1;
}

static int hash_files(struct model_build *b, struct oclhls_hashkey *k, const char *const *files)
{
    for (const char *const *f = files; f && *f; f++) {
        char *text = NULL;
        size_t size;

        if (oclhls_read_file(*f, &text, &size)) {
            oclhls_strbuf_printf(&b->log, "cannot read the model source '%s'\n", *f);
            return -1;
        }
        oclhls_hashkey_add_str(k, *f);
        oclhls_hashkey_add(k, text, size);
        free(text);
    }
    return 0;
}

/* Adds the spec's extra Verilator arguments and the contents of its extra files. */
static int hash_extras(struct model_build *b, struct oclhls_hashkey *k)
{
    for (const char *const *f = b->spec->extra_vflags; f && *f; f++)
        oclhls_hashkey_add_str(k, *f);
    if (hash_files(b, k, b->spec->extra_files) || hash_files(b, k, b->spec->library_files))
        return -1;
    return 0;
}

/* The sim models' keys are unchanged by the spec (no extras): caches stay warm. */
static int compute_key(struct model_build *b)
{
    struct oclhls_hashkey k;
    char width[16];

    snprintf(width, sizeof(width), "%u", (unsigned)b->width);
    oclhls_hashkey_init(&k, b->spec->key_name);
    oclhls_hashkey_add(&k, b->verilog, b->len);
    oclhls_hashkey_add_str(&k, width);
    oclhls_hashkey_add_str(&k, b->tools.verilator_version);
    oclhls_hashkey_add_str(&k, b->tools.cxx_version);
    oclhls_hashkey_add_str(&k, b->harness);
    oclhls_hashkey_add_str(&k, b->abi);
    oclhls_hashkey_add_str(&k, DESIGN_CHECK);
    oclhls_vrt_hash_recipe(&k);
    oclhls_tools_hash_verilate(&k);
    oclhls_hashkey_add(&k, &(size_t){HOT_DESIGN_BYTES}, sizeof(size_t));
    oclhls_unit_builds_hash(&b->units, &k);
    oclhls_hashkey_add(&k, b->design_units.buf ? b->design_units.buf : "", b->design_units.len);
    if (hash_extras(b, &k))
        return -1;
    oclhls_hashkey_hex(&k, b->key);
    return 0;
}

/*
 * Runs one command; 0 when it exited with status 0. Logs the command and its output when
 * it failed, or when it printed something and the caller does not take the output.
 */
static int run_logged(struct model_build *b, struct oclhls_argv *a, char **output)
{
    char *out = NULL;
    int status;

    if (a->failed)
        return -1;
    status = oclhls_run(a->v, &out);
    if (status != 0 || (out && !output)) {
        oclhls_argv_to_log(&b->log, a->v);
        if (out)
            oclhls_strbuf_puts(&b->log, out);
        if (status)
            oclhls_strbuf_printf(&b->log, "(exit status %d)\n", status);
    }
    if (output)
        *output = out;
    else
        free(out);
    return status == 0 ? 0 : -1;
}

/*
 * The security check (build/design_check.h) on the text as given, and on Verilator's
 * preprocessor output, so that no macro can assemble a forbidden construct.
 */
static int check_design(struct model_build *b)
{
    struct oclhls_argv a = {0};
    char *pre = NULL;
    int ret;

    if (oclhls_design_check(b->verilog, b->len, "design", &b->log))
        return -1;
    oclhls_tools_verilator_argv(b->tools.verilator, &a);
    oclhls_argv_addv(&a, (const char *const[]){"-E", "-P", NULL});
    oclhls_argv_addf(&a, "%s/design.v", b->tmp);
    ret = run_logged(b, &a, &pre);
    if (ret == 0 && pre)
        ret = oclhls_design_check(pre, strlen(pre), "design (preprocessed)", &b->log);
    free(pre);
    oclhls_argv_release(&a);
    return ret;
}

/* The warnings of the verilator run and of the library units' own lint runs. */
static int collect_lint(struct model_build *b)
{
    if (b->vlog && (strstr(b->vlog, "%Warning") || strstr(b->vlog, "%Error")))
        oclhls_strbuf_puts(&b->lint_out, b->vlog);
    if (oclhls_unit_builds_lint(&b->units, b->ubuilds, &b->lint_out, &b->log))
        return -1;
    b->linted = 1;
    return b->lint_out.failed ? -1 : 0;
}

static int verilate(struct model_build *b)
{
    struct oclhls_argv a = {0};
    char *mdir = oclhls_asprintf("%s/obj", b->tmp);
    int ret;

    oclhls_tools_verilate_cmd(&b->tools, b->spec->top, b->spec->prefix, mdir ? mdir : "", &a);
    free(mdir);
    if (b->width)
        oclhls_argv_addf(&a, "-GMEM_DW=%u", (unsigned)b->width);
    oclhls_argv_addf(&a, "%s/%s", b->tmp, b->units.n ? "design_units.v" : "design.v");
    if (b->spec->extra_vflags)
        oclhls_argv_addv(&a, b->spec->extra_vflags);
    if (b->spec->extra_files)
        oclhls_argv_addv(&a, b->spec->extra_files);
    for (const char *const *f = b->spec->library_files; f && *f; f++) {
        oclhls_argv_add(&a, "-v"); /* a library: its modules only fill what the design lacks */
        oclhls_argv_add(&a, *f);
    }
    if (b->lint) /* the checks of oclhls_sim_lint; they change nothing in the model */
        oclhls_argv_addv(&a, (const char *const[]){"-Wall", "-Wno-DECLFILENAME", NULL});
    ret = run_logged(b, &a, &b->vlog);
    oclhls_argv_release(&a);
    if (ret == 0 && b->lint)
        ret = collect_lint(b);
    return ret;
}

/* Writes text into <tmp>/<name>; 0, or -1 saying which file in the log. */
static int write_tmp_file(struct model_build *b, const char *name, const char *text, size_t len)
{
    char *path = oclhls_asprintf("%s/%s", b->tmp, name);
    int ret = path && text ? oclhls_write_file(path, text, len) : -1;

    if (ret)
        oclhls_strbuf_printf(&b->log, "cannot write %s into %s\n", name, b->tmp);
    free(path);
    return ret;
}

static int write_inputs(struct model_build *b)
{
    char *exports = oclhls_asprintf("{\n  global: %s;\n  local: *;\n};\n", b->spec->exports);
    int ret = write_tmp_file(b, "design.v", b->verilog, b->len);

    if (ret == 0)
        ret = write_tmp_file(b, "exports.map", exports, exports ? strlen(exports) : 0);
    free(exports);
    return ret;
}

/* What Verilator generated and needs, from <obj>/<prefix>_classes.mk. */
struct design_files {
    struct oclhls_argv code[OCLHLS_VRT_NCODES]; /* generated files (no .cpp) by kind */
    struct oclhls_argv runtime;                 /* runtime sources, e.g. "verilated" */
};

static void release_files(struct design_files *f)
{
    for (int i = 0; i < OCLHLS_VRT_NCODES; i++)
        oclhls_argv_release(&f->code[i]);
    oclhls_argv_release(&f->runtime);
}

/* The size of generated files (names without .cpp, in <obj>). */
static size_t code_bytes(const char *obj, const struct oclhls_argv *files)
{
    size_t total = 0;

    for (int i = 0; i < files->n; i++) {
        long long bytes = oclhls_code_file_bytes(obj, files->v[i]);

        if (bytes > 0)
            total += (size_t)bytes;
    }
    return total;
}

static int read_classes(struct model_build *b, struct design_files *f)
{
    char *path = oclhls_asprintf("%s/obj/%s_classes.mk", b->tmp, b->spec->prefix), *mk = NULL;
    char *obj = oclhls_asprintf("%s/obj", b->tmp);
    size_t size;
    int ret = -1;

    if (!path || !obj || oclhls_read_file(path, &mk, &size)) {
        oclhls_strbuf_printf(&b->log, "verilator wrote no %s\n", path ? path : "classes.mk");
        goto out_free_path;
    }
    oclhls_mk_code(mk, &f->code[OCLHLS_VRT_FAST], &f->code[OCLHLS_VRT_SLOW]);
    oclhls_mk_list(mk, "VM_GLOBAL_FAST", &f->runtime);
    oclhls_mk_list(mk, "VM_GLOBAL_SLOW", &f->runtime);
    if (f->code[OCLHLS_VRT_FAST].n && f->runtime.n && !f->code[0].failed && !f->code[1].failed &&
        !f->runtime.failed) {
        ret = 0;
        if (code_bytes(obj, &f->code[OCLHLS_VRT_FAST]) <= HOT_DESIGN_BYTES) {
            f->code[OCLHLS_VRT_HOT] = f->code[OCLHLS_VRT_FAST];
            memset(&f->code[OCLHLS_VRT_FAST], 0, sizeof(f->code[0]));
        }
        for (int code = 0; code < OCLHLS_VRT_NCODES && ret == 0; code++)
            ret = oclhls_code_group_small(obj, code, &f->code[code], &b->log);
    } else
        oclhls_strbuf_printf(&b->log, "cannot make sense of %s\n", path);
    free(mk);
out_free_path:
    free(obj);
    free(path);
    return ret;
}

/* The compile command of one generated file (name without .cpp) into <obj>/<name>.o. */
static void design_cmd(struct model_build *b, struct oclhls_argv *a, enum oclhls_vrt_code code,
                       const char *name)
{
    oclhls_vrt_design_cmd(&b->rt, &b->tools, code, a);
    oclhls_argv_addf(a, "-I%s/obj", b->tmp);
    oclhls_argv_add(a, "-c");
    oclhls_argv_addf(a, "%s/obj/%s.cpp", b->tmp, name);
    oclhls_argv_add(a, "-o");
    oclhls_argv_addf(a, "%s/obj/%s.o", b->tmp, name);
}

/* The harness (the simulation loop and memory model), built for this width. */
static void harness_cmd(struct model_build *b, struct oclhls_argv *a)
{
    oclhls_vrt_design_cmd(&b->rt, &b->tools, OCLHLS_VRT_HOT, a);
    if (b->width)
        oclhls_argv_addf(a, "-DOCLHLS_SIM_MEM_DW=%u", (unsigned)b->width);
    oclhls_argv_addf(a, "-I%s/obj", b->tmp);
    oclhls_argv_addf(a, "-I%s", b->harness_dir);
    if (b->shared_dir)
        oclhls_argv_addf(a, "-I%s", b->shared_dir);
    if (b->units_dir)
        oclhls_argv_addf(a, "-I%s", b->units_dir);
    oclhls_argv_add(a, "-c");
    oclhls_argv_addf(a, "%s/%s", b->harness_dir, b->spec->harness);
    oclhls_argv_add(a, "-o");
    oclhls_argv_addf(a, "%s/obj/oclhls_sim_model.o", b->tmp);
}

/*
 * One job set: the runtime when it is not cached (verilated.cpp first: the longest job,
 * then the precompiled headers), the harness and the generated files, each after its
 * precompiled header.
 */
static int compile_all(struct model_build *b, const struct design_files *f)
{
    struct oclhls_jobset js = {0};
    struct oclhls_argv a = {0};
    int ret;

    oclhls_vrt_add_jobs(&b->rt, &b->tools, &js);
    harness_cmd(b, &a);
    oclhls_jobset_add(&js, &a, b->rt.pch_job[OCLHLS_VRT_HOT]);
    if (b->units.n) {
        oclhls_unit_builds_add_jobs(b->ubuilds, b->nubuilds, &b->rt, &b->tools,
                                    b->units_dir, &js);
        design_cmd(b, &a, OCLHLS_VRT_HOT, "oclhls_units");
        oclhls_argv_addf(&a, "-I%s", b->units_dir);
        oclhls_jobset_add(&js, &a, b->rt.pch_job[OCLHLS_VRT_HOT]);
    }
    for (int code = 0; code < OCLHLS_VRT_NCODES; code++) {
        for (int i = 0; i < f->code[code].n; i++) {
            design_cmd(b, &a, code, f->code[code].v[i]);
            oclhls_jobset_add(&js, &a, b->rt.pch_job[code]);
        }
    }
    ret = oclhls_jobset_run(&js, b->jobs, &b->log);
    if (ret == 0)
        ret = oclhls_vrt_commit(&b->rt, &b->log);
    if (ret == 0)
        ret = oclhls_unit_builds_commit(b->ubuilds, b->nubuilds, &b->log);
    oclhls_jobset_release(&js);
    return ret;
}

static int link_model(struct model_build *b, const struct design_files *f)
{
    struct oclhls_argv a = {0};
    int ret;

    oclhls_argv_add(&a, b->tools.cxx);
    oclhls_argv_addv(&a, (const char *const[]){"-shared", "-fPIC", "-Wl,-Bsymbolic",
                                               "-Wl,--gc-sections", "-Wl,--no-undefined", NULL});
    oclhls_argv_addf(&a, "-Wl,--version-script=%s/exports.map", b->tmp);
    oclhls_argv_add(&a, "-o");
    oclhls_argv_addf(&a, "%s/out/" MODEL_NAME, b->tmp);
    oclhls_argv_addf(&a, "%s/obj/oclhls_sim_model.o", b->tmp);
    for (int code = 0; code < OCLHLS_VRT_NCODES; code++)
        for (int i = 0; i < f->code[code].n; i++)
            oclhls_argv_addf(&a, "%s/obj/%s.o", b->tmp, f->code[code].v[i]);
    if (b->units.n)
        oclhls_argv_addf(&a, "%s/obj/oclhls_units.o", b->tmp);
    for (int u = 0; u < b->nubuilds; u++)
        for (int i = 0; i < b->ubuilds[u].objs.n; i++)
            oclhls_argv_add(&a, b->ubuilds[u].objs.v[i]);
    for (int i = 0; i < b->rt.objs.n; i++)
        oclhls_argv_add(&a, b->rt.objs.v[i]);
    oclhls_argv_addv(&a, (const char *const[]){"-pthread", "-latomic", NULL});
    ret = run_logged(b, &a, NULL);
    oclhls_argv_release(&a);
    return ret;
}

/* Keeps what verilator said next to the model, for whoever wonders later. */
static int make_out_dir(struct model_build *b)
{
    char *out = oclhls_asprintf("%s/out", b->tmp);
    char *log = oclhls_asprintf("%s/out/verilator.log", b->tmp);
    int ret = -1;

    if (out && log && oclhls_mkdir_p(out, 0755) == 0 &&
        oclhls_write_file(log, b->vlog ? b->vlog : "", b->vlog ? strlen(b->vlog) : 0) == 0)
        ret = 0;
    else
        oclhls_strbuf_printf(&b->log, "cannot create %s\n", out ? out : "the output folder");
    free(out);
    free(log);
    return ret;
}

/*
 * The library units (lib_units.h): verilates those not cached, and writes the design with
 * their stubs (design_units.v) beside the design as given.
 */
static int prepare_units(struct model_build *b)
{
    if (!b->units.n)
        return 0;
    if (oclhls_unit_builds_prepare(&b->units, &b->tools, b->jobs, b->ubuilds, &b->log))
        return -1;
    return write_tmp_file(b, "design_units.v", b->design_units.buf, b->design_units.len);
}

/* The C++ behind the stubs' DPI calls, into <obj>/oclhls_units.cpp. */
static int write_units_dpi(struct model_build *b)
{
    struct oclhls_strbuf text = {0};
    int ret;

    if (!b->units.n)
        return 0;
    oclhls_lib_units_dpi(&b->units, b->spec->prefix, &text);
    ret = write_tmp_file(b, "obj/oclhls_units.cpp", text.failed ? NULL : text.buf, text.len);
    oclhls_strbuf_release(&text);
    return ret;
}

static int build_in_tmp(struct model_build *b)
{
    struct design_files f = {0};
    double t0 = oclhls_now_s(), t1, t2, t3;
    int ret = -1, cold;

    oclhls_progress_begin("Verilator model: verilating");
    if (write_inputs(b) || check_design(b) || prepare_units(b) || verilate(b) ||
        read_classes(b, &f) || write_units_dpi(b))
        goto out_release;
    if (oclhls_vrt_prepare(&b->rt, &b->tools, f.runtime.v, &b->log))
        goto out_release;
    cold = b->rt.tmp != NULL;
    t1 = oclhls_now_s();
    oclhls_progress_begin("Verilator model: compiling the C++");
    if (compile_all(b, &f))
        goto out_release;
    t2 = oclhls_now_s();
    oclhls_progress_begin("Verilator model: linking");
    if (make_out_dir(b) || link_model(b, &f))
        goto out_release;
    t3 = oclhls_now_s();
    oclhls_debug("%s %.12s: verilator %.2fs, compile %.2fs (%d files, %s runtime, "
                 "%d library units, %d jobs), link %.2fs",
                 b->spec->key_name, b->key, t1 - t0, t2 - t1,
                 f.code[0].n + f.code[1].n + f.code[2].n + 1, cold ? "building the" : "cached",
                 b->nubuilds, b->jobs, t3 - t2);
    ret = 0;
out_release:
    oclhls_progress_end();
    release_files(&f);
    return ret;
}

static int build_model(struct model_build *b, const char *models)
{
    char *out;
    int ret = -1;

    b->tmp = oclhls_cache_mkdtemp(models, &b->log);
    if (!b->tmp)
        return -1;
    if (build_in_tmp(b))
        goto out_remove_tmp;
    out = oclhls_asprintf("%s/out", b->tmp);
    if (out)
        ret = oclhls_cache_publish(out, b->final_dir, MODEL_NAME, &b->log);
    free(out);
out_remove_tmp:
    if (!getenv("OCLHLS_KEEP_BUILD"))
        oclhls_rm_rf(b->tmp);
    return ret;
}

/*
 * Which modules run as library units, their keys and the design with their stubs (all
 * part of the model's key).
 */
static int find_units(struct model_build *b)
{
    if (!b->spec->lib_units || getenv("OCLHLS_SIM_INLINE_UNITS"))
        return 0;
    if (oclhls_lib_units_find(b->verilog, b->len, b->width, &b->units, &b->log))
        return -1;
    b->nubuilds = oclhls_unit_builds_count(&b->units);
    if (!b->nubuilds)
        return 0;
    b->ubuilds = calloc((size_t)b->nubuilds, sizeof(*b->ubuilds));
    if (!b->ubuilds)
        return -1;
    oclhls_unit_builds_keys(&b->units, &b->tools, b->unit_abi);
    return oclhls_lib_units_rewrite(&b->units, b->verilog, b->len, &b->design_units);
}

/* Looks the model up in the cache and builds it on a miss; 0 or -1. */
static int find_or_build(struct model_build *b)
{
    char *models;
    int ret = -1, lock;

    if (oclhls_tools_probe(&b->tools, &b->log) || load_harness(b) || find_units(b) ||
        compute_key(b))
        return -1;
    models = oclhls_cache_subdir(b->spec->cache_subdir, &b->log);
    if (!models)
        return -1;
    b->final_dir = oclhls_asprintf("%s/%s", models, b->key);
    if (!b->final_dir)
        goto out_free_models;
    if (oclhls_cache_claim(b->final_dir, MODEL_NAME, &lock)) {
        oclhls_debug("%s %.12s: cache hit", b->spec->key_name, b->key);
        ret = 0;
        goto out_free_models;
    }
    ret = build_model(b, models);
    oclhls_cache_unlock(b->final_dir, lock);
out_free_models:
    free(models);
    return ret;
}

static void release_build(struct model_build *b)
{
    oclhls_tools_release(&b->tools);
    oclhls_vrt_release(&b->rt);
    oclhls_strbuf_release(&b->log);
    free(b->harness_dir);
    free(b->shared_dir);
    free(b->harness);
    free(b->abi);
    free(b->units_dir);
    free(b->unit_abi);
    free(b->final_dir);
    free(b->tmp);
    free(b->vlog);
    oclhls_unit_builds_release(b->ubuilds, b->nubuilds);
    free(b->ubuilds);
    oclhls_lib_units_release(&b->units);
    oclhls_strbuf_release(&b->design_units);
    oclhls_strbuf_release(&b->lint_out);
}

static int check_args(const char *verilog, size_t len, uint32_t width, char **so_path,
                      struct oclhls_strbuf *log)
{
    if (!so_path)
        return -1;
    if (!verilog || !len) {
        oclhls_strbuf_puts(log, "sim model: the design is empty\n");
        return -1;
    }
    if (width == 0)
        return 0; /* not a sim-board model */
    if (width < 8 || width > 8192 || (width & (width - 1))) {
        oclhls_strbuf_printf(log,
                             "sim model: memory width %u is not a power of two in "
                             "[8, 8192]\n",
                             (unsigned)width);
        return -1;
    }
    return 0;
}

/* *lint_log: what linting said (NULL when clean); by the build's verilator run if it ran. */
static int lint_result(struct model_build *b, char **lint_log)
{
    if (!b->linted) { /* a cached model */
        if (oclhls_sim_lint(b->verilog, b->len, NULL, 0, lint_log) && !*lint_log)
            oclhls_strbuf_puts(&b->log, "lint: out of memory\n");
        return *lint_log || b->log.len == 0 ? 0 : -1;
    }
    *lint_log = b->lint_out.len ? oclhls_strbuf_take(&b->lint_out) : NULL;
    return 0;
}

static int model_build(const struct oclhls_model_spec *spec, const char *verilog, size_t len,
                       uint32_t mem_width_bits, char **so_path, char **lint_log, char **log)
{
    struct model_build b = {.spec = spec, .verilog = verilog, .len = len, .width = mem_width_bits,
                            .lint = lint_log != NULL};
    int ret = -1;

    if (log)
        *log = NULL;
    if (so_path)
        *so_path = NULL;
    if (lint_log)
        *lint_log = NULL;
    b.jobs = oclhls_jobs_default();
    if (check_args(verilog, len, mem_width_bits, so_path, &b.log) || find_or_build(&b))
        goto out_release;
    *so_path = oclhls_asprintf("%s/" MODEL_NAME, b.final_dir);
    if (!*so_path || (lint_log && lint_result(&b, lint_log)))
        goto out_release;
    ret = 0;
out_release:
    if (log && ret == 0 && b.vlog && *b.vlog) {
        *log = b.vlog;
        b.vlog = NULL;
    } else if (log && ret != 0) {
        if (!b.log.len)
            oclhls_strbuf_puts(&b.log, "sim model build failed (out of memory?)\n");
        *log = oclhls_strbuf_take(&b.log);
    }
    release_build(&b);
    return ret;
}

static int sim_build(const char *verilog, size_t len, uint32_t mem_width_bits, char **so_path,
                     char **lint_log, char **log)
{
    if (mem_width_bits == 0) { /* 0 means "no sim width" inside; not a valid width here */
        if (log)
            *log = oclhls_asprintf("%s", "sim model: memory width 0 is not a power of two in "
                                         "[8, 8192]\n");
        if (so_path)
            *so_path = NULL;
        return -1;
    }
    return model_build(&sim_spec, verilog, len, mem_width_bits, so_path, lint_log, log);
}

int oclhls_sim_model_build(const char *verilog, size_t len, uint32_t mem_width_bits, char **so_path,
                           char **log)
{
    return sim_build(verilog, len, mem_width_bits, so_path, NULL, log);
}

int oclhls_sim_model_build_lint(const char *verilog, size_t len, uint32_t mem_width_bits,
                                char **so_path, char **lint_log, char **log)
{
    return sim_build(verilog, len, mem_width_bits, so_path, lint_log, log);
}

int oclhls_model_build(const struct oclhls_model_spec *spec, const char *verilog, size_t len,
                       char **so_path, char **log)
{
    return model_build(spec, verilog, len, 0, so_path, NULL, log);
}
