/* SPDX-License-Identifier: MIT */
/* The cached Verilator runtime and precompiled header; see verilator_rt.h. */
#include "verilator_rt.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "debug.h"
#include "fsutil.h"
#include "hashkey.h"
#include "jobs.h"
#include "strbuf.h"
#include "tools.h"

/* Bump when the recipe below changes in a way the flag list does not show. */
#define RECIPE "oclhls-verilator-rt/2"

#define MARKER HOOKS_NAME /* any file of a published entry */
#define HOOKS_NAME "oclhls_hooks.h"

/*
 * Flags shared by the runtime, the precompiled header and the design files (they must
 * match for the precompiled header to be used). Mirrors verilated.mk: no coverage,
 * SystemC or tracing. VL_USER_*: sim_model.cpp provides vl_fatal & co. so that a design
 * never prints or exits the host program. Everything hidden: a model .so exports only
 * the oclhls_sim_* ABI, so several models live in one process.
 */
/* clang-format off */
static const char *const base_flags[] = {
    "-std=gnu++17", "-fPIC", "-fvisibility=hidden", "-fvisibility-inlines-hidden",
    "-faligned-new", "-ffunction-sections", "-fdata-sections",
    "-Wno-bool-operation", "-Wno-sign-compare", "-Wno-uninitialized",
    "-Wno-unused-but-set-variable", "-Wno-unused-parameter", "-Wno-unused-variable",
    "-Wno-shadow",
    "-DVM_COVERAGE=0", "-DVM_SC=0", "-DVM_TRACE=0", "-DVM_TRACE_FST=0", "-DVM_TRACE_VCD=0",
    "-DVL_USER_FATAL", "-DVL_USER_FINISH", "-DVL_USER_STOP", "-DVL_USER_WARN",
    NULL};
/* clang-format on */

/*
 * The runtime's own console output (VL_PRINTF: $display, $fatal messages, warnings) goes
 * to a hook in sim_model.cpp, silent unless OCLHLS_DEBUG is set.
 */
static const char *const runtime_flags[] = {"-DVL_PRINTF=oclhls_vl_printf", NULL};

static const char hooks_text[] =
    "/* oclhls: hooks of the Verilator runtime, defined in board-support/sim/sim_model.cpp */\n"
    "int oclhls_vl_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));\n";

/*
 * Optimisation: the runtime sources are off the simulation's hot path (eval is generated
 * code plus inline header functions), so -Og, which halves the time of verilated.cpp, the
 * longest job of a cold build. Design code: -O0 for the code that runs once; for the code
 * that runs every cycle -O2 where it is small (HOT), else -Og: on the megabytes of a large
 * design's per-cycle code GCC takes half the time of -O1 for about 8 % more instructions
 * per simulated cycle (vector_add: -O2 158 M, -O1 198 M, -Og 215 M instructions for
 * 65,536 cycles). GCC uses a precompiled header only at the level it was built with (a
 * mismatch can even crash GCC 12), hence one header per level.
 *
 * Clang's precompiled header names the header it was made from and refuses to load when
 * that file is gone, so it is made from verilated.h itself (which stays where it is)
 * rather than from a header in the build directory that publishing renames, and used with
 * -include-pch. Clang does not know some of GCC's warning names above; it need not say so.
 */
#define RUNTIME_OPT "-Og"
static const char *const code_opt[OCLHLS_VRT_NCODES] = {"-Og", "-O0", "-O2"};

/*
 * clang's code generator at -Og, on Verilator's per-cycle code of large designs (functions of
 * thousands of statements in a few basic blocks): the machine instruction scheduler before
 * register allocation takes about a third of the compile time there, and FastISel selects
 * instructions faster than SelectionDAG. Without the scheduler and with FastISel, three
 * 1-1.4 MB files of int_builtins' model compile in 0.54x the CPU time; the co-simulated ULX3S
 * running float_kernels (its model's per-cycle code at -Og) simulates as fast as before
 * (docs/performance.md). An out-of-order CPU reorders the instructions anyway. g++ stays as
 * it is (on x86 it schedules before register allocation only when asked); clang's -O0
 * already selects fast and does not schedule; -O2 (small designs, whose simulation speed
 * counts) keeps both.
 */
static const char *const clang_og_codegen[] = {"-mllvm", "-fast-isel", "-mllvm",
                                               "-enable-misched=false", NULL};
static const char *const pch_name[OCLHLS_VRT_NCODES] = {"oclhls_pch_fast.h", "oclhls_pch_slow.h",
                                                        "oclhls_pch_hot.h"};

void oclhls_vrt_hash_recipe(struct oclhls_hashkey *k)
{
    oclhls_hashkey_add_str(k, RECIPE);
    oclhls_hashkey_add_strv(k, (char *const *)base_flags);
    oclhls_hashkey_add_strv(k, (char *const *)runtime_flags);
    oclhls_hashkey_add_str(k, hooks_text);
    oclhls_hashkey_add_str(k, RUNTIME_OPT);
    for (int i = 0; i < OCLHLS_VRT_NCODES; i++)
        oclhls_hashkey_add_str(k, code_opt[i]);
    oclhls_hashkey_add_strv(k, (char *const *)clang_og_codegen);
}

static void add_common(struct oclhls_argv *a, const struct oclhls_tools *t, const char *vroot,
                       const char *opt)
{
    oclhls_argv_add(a, t->cxx);
    oclhls_argv_addv(a, base_flags);
    if (t->cxx_is_clang)
        oclhls_argv_add(a, "-Wno-unknown-warning-option");
    oclhls_argv_add(a, opt);
    if (t->cxx_is_clang && strcmp(opt, "-Og") == 0)
        oclhls_argv_addv(a, clang_og_codegen);
    oclhls_argv_addf(a, "-I%s/include", vroot);
    oclhls_argv_addf(a, "-I%s/include/vltstd", vroot);
}

void oclhls_vrt_design_cmd(const struct oclhls_vrt *rt, const struct oclhls_tools *t,
                           enum oclhls_vrt_code code, struct oclhls_argv *a)
{
    const char *dir = rt->tmp ? rt->tmp : rt->dir;

    add_common(a, t, rt->vroot, code_opt[code]);
    oclhls_argv_add(a, "-Winvalid-pch");
    if (t->cxx_is_clang) {
        oclhls_argv_add(a, "-include-pch");
        oclhls_argv_addf(a, "%s/%s.pch", dir, pch_name[code]);
    } else {
        oclhls_argv_add(a, "-include");
        oclhls_argv_addf(a, "%s/%s", dir, pch_name[code]);
    }
}

static void entry_key(const struct oclhls_tools *t, const char *vroot, char *const *sources,
                      char hex[OCLHLS_HASHKEY_HEX_LEN + 1])
{
    struct oclhls_hashkey k;

    oclhls_hashkey_init(&k, "verilator-rt");
    oclhls_vrt_hash_recipe(&k);
    oclhls_hashkey_add_str(&k, t->verilator_version);
    oclhls_hashkey_add_str(&k, t->cxx_version);
    oclhls_hashkey_add_str(&k, vroot);
    oclhls_hashkey_add_strv(&k, sources);
    oclhls_hashkey_hex(&k, hex);
}

static const char pch_text[] = "/* oclhls: precompiled Verilator runtime header */\n"
                               "#include \"verilated.h\"\n";

static void add_source_job(struct oclhls_vrt *rt, const struct oclhls_tools *t, const char *source,
                           struct oclhls_jobset *js)
{
    struct oclhls_argv a = {0};

    add_common(&a, t, rt->vroot, RUNTIME_OPT);
    oclhls_argv_addv(&a, runtime_flags);
    oclhls_argv_add(&a, "-include");
    oclhls_argv_addf(&a, "%s/" HOOKS_NAME, rt->tmp);
    oclhls_argv_add(&a, "-c");
    oclhls_argv_addf(&a, "%s/include/%s.cpp", rt->vroot, source);
    oclhls_argv_add(&a, "-o");
    oclhls_argv_addf(&a, "%s/%s.o", rt->tmp, source);
    oclhls_jobset_add(js, &a, -1);
}

static int add_pch_job(struct oclhls_vrt *rt, const struct oclhls_tools *t,
                       enum oclhls_vrt_code code, struct oclhls_jobset *js)
{
    struct oclhls_argv a = {0};

    add_common(&a, t, rt->vroot, code_opt[code]);
    oclhls_argv_addv(&a, (const char *const[]){"-x", "c++-header", NULL});
    if (t->cxx_is_clang)
        oclhls_argv_addf(&a, "%s/include/verilated.h", rt->vroot);
    else
        oclhls_argv_addf(&a, "%s/%s", rt->tmp, pch_name[code]);
    oclhls_argv_add(&a, "-o");
    oclhls_argv_addf(&a, "%s/%s.%s", rt->tmp, pch_name[code], t->cxx_is_clang ? "pch" : "gch");
    return oclhls_jobset_add(js, &a, -1);
}

/*
 * Jobs start in this order: verilated.cpp (the longest), the header for fast code (most
 * design jobs wait for it), the one for slow code, the other runtime sources.
 */
int oclhls_vrt_add_jobs(struct oclhls_vrt *rt, const struct oclhls_tools *t,
                        struct oclhls_jobset *js)
{
    char *const *sources = rt->entry_sources.v;

    if (!rt->tmp)
        return 0;
    add_source_job(rt, t, sources[0], js);
    for (int code = 0; code < OCLHLS_VRT_NCODES; code++)
        rt->pch_job[code] = add_pch_job(rt, t, code, js);
    for (int i = 1; sources[i]; i++)
        add_source_job(rt, t, sources[i], js);
    return js->failed ? -1 : 0;
}

static int write_header(const char *dir, const char *name, const char *text)
{
    char *path = oclhls_asprintf("%s/%s", dir, name);
    int ret = path ? oclhls_write_file(path, text, strlen(text)) : -1;

    free(path);
    return ret;
}

/* A private build directory holding the headers. */
static int start_build(struct oclhls_vrt *rt, const char *parent, struct oclhls_strbuf *log)
{
    rt->tmp = oclhls_cache_mkdtemp(parent, log);
    if (!rt->tmp)
        return -1;
    oclhls_debug("building the Verilator runtime in %s", rt->tmp);
    for (int code = 0; code < OCLHLS_VRT_NCODES; code++) {
        if (write_header(rt->tmp, pch_name[code], pch_text)) {
            oclhls_strbuf_printf(log, "cannot write into %s\n", rt->tmp);
            return -1;
        }
    }
    if (write_header(rt->tmp, HOOKS_NAME, hooks_text)) {
        oclhls_strbuf_printf(log, "cannot write into %s\n", rt->tmp);
        return -1;
    }
    return 0;
}

/*
 * The runtime sources an entry holds: Verilator's usual ones whenever a model asks for no
 * other, so one entry serves models with library units (verilated_dpi) and without (it
 * used to be keyed by the model's own list: a first model without units after one with them
 * built the runtime and its three precompiled headers again, about 15 s).
 */
static const char *const usual_sources[] = {"verilated", "verilated_threads", "verilated_dpi",
                                            NULL};

static bool is_usual(const char *source)
{
    for (int i = 0; usual_sources[i]; i++)
        if (strcmp(source, usual_sources[i]) == 0)
            return true;
    return false;
}

static int choose_entry_sources(struct oclhls_vrt *rt, char *const *sources)
{
    bool usual = true;

    for (int i = 0; sources[i]; i++)
        usual = usual && is_usual(sources[i]);
    if (usual)
        oclhls_argv_addv(&rt->entry_sources, usual_sources);
    else
        oclhls_argv_addv(&rt->entry_sources, (const char *const *)sources);
    return rt->entry_sources.failed ? -1 : 0;
}

int oclhls_vrt_prepare(struct oclhls_vrt *rt, const struct oclhls_tools *t, char *const *sources,
                       struct oclhls_strbuf *log)
{
    char hex[OCLHLS_HASHKEY_HEX_LEN + 1];
    char *parent = NULL;
    int ret = -1;

    memset(rt, 0, sizeof(*rt));
    for (int code = 0; code < OCLHLS_VRT_NCODES; code++)
        rt->pch_job[code] = -1;
    rt->vroot = oclhls_tools_verilator_root(t, log);
    if (rt->vroot)
        parent = oclhls_cache_subdir("verilator-rt", log);
    if (!parent)
        return -1;
    if (choose_entry_sources(rt, sources))
        goto out_free_parent;
    entry_key(t, rt->vroot, rt->entry_sources.v, hex);
    rt->dir = oclhls_asprintf("%s/%s", parent, hex);
    for (int i = 0; rt->dir && sources[i]; i++)
        oclhls_argv_addf(&rt->objs, "%s/%s.o", rt->dir, sources[i]);
    if (!rt->dir || rt->objs.failed)
        goto out_free_parent;
    ret = 0;
    if (!oclhls_cache_claim(rt->dir, MARKER, &rt->lock)) { /* held while rt->tmp is set */
        ret = start_build(rt, parent, log);
        if (!rt->tmp)
            oclhls_cache_unlock(rt->dir, rt->lock);
    }
out_free_parent:
    free(parent);
    return ret;
}

int oclhls_vrt_commit(struct oclhls_vrt *rt, struct oclhls_strbuf *log)
{
    int ret;

    if (!rt->tmp)
        return 0;
    ret = oclhls_cache_publish(rt->tmp, rt->dir, MARKER, log);
    if (ret == 0) {
        oclhls_cache_unlock(rt->dir, rt->lock);
        free(rt->tmp);
        rt->tmp = NULL;
    }
    return ret;
}

void oclhls_vrt_release(struct oclhls_vrt *rt)
{
    if (rt->tmp) {
        oclhls_rm_rf(rt->tmp);
        oclhls_cache_unlock(rt->dir, rt->lock);
    }
    free(rt->tmp);
    free(rt->dir);
    free(rt->vroot);
    oclhls_argv_release(&rt->objs);
    oclhls_argv_release(&rt->entry_sources);
    memset(rt, 0, sizeof(*rt));
}
