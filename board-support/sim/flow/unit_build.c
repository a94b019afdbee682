/* SPDX-License-Identifier: MIT */
/* Cached builds of library units; see unit_build.h. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "unit_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "code_groups.h"
#include "debug.h"
#include "fsutil.h"
#include "hashkey.h"
#include "jobs.h"
#include "strbuf.h"
#include "tools.h"
#include "verilator_mk.h"
#include "verilator_rt.h"

#define MARKER "unit.list" /* written last: the objects of the entry, one per line */
#define WRAPPER "oclhls_unit_wrapper"
#define LINT_LOG "lint.log" /* what verilator -Wall said about the unit (often nothing) */

int oclhls_unit_builds_count(const struct oclhls_lib_units *u)
{
    int n = 0;

    for (int i = 0; i < u->n; i++)
        n += u->mods[i].nsets;
    return n;
}

static void unit_key(const struct oclhls_unit_module *m, int set, const struct oclhls_tools *t,
                     const char *unit_abi, char *hex)
{
    struct oclhls_hashkey k;

    oclhls_hashkey_init(&k, "sim-unit");
    oclhls_lib_units_key(m, set, &k);
    oclhls_hashkey_add_str(&k, t->verilator_version);
    oclhls_hashkey_add_str(&k, t->cxx_version);
    oclhls_hashkey_add_str(&k, unit_abi);
    oclhls_vrt_hash_recipe(&k);
    oclhls_tools_hash_verilate(&k);
    oclhls_hashkey_hex(&k, hex);
}

/* The Verilated unit's class: Voclu_<first digits of the key>, unique in a model. */
static char *unit_prefix(const char *key)
{
    return oclhls_asprintf("Voclu_%.*s", OCLHLS_UNIT_KEY_DIGITS, key);
}

static void verilate_cmd(const struct oclhls_unit_module *m, int set, const struct oclhls_tools *t,
                         const char *tmp, const char *prefix, struct oclhls_argv *a)
{
    char *mdir = oclhls_asprintf("%s/obj", tmp);

    oclhls_tools_verilate_cmd(t, m->name, prefix, mdir ? mdir : "", a);
    free(mdir);
    /* lint as `oclhls build --lint` would inside a design (LINT_LOG keeps the result) */
    oclhls_argv_addv(a, (const char *const[]){"-Wall", "-Wno-DECLFILENAME", NULL});
    for (int i = 0; i < m->nparams; i++)
        if (m->sets[set][i] != OCLHLS_UNIT_PARAM_DERIVED) /* else its default expression */
            oclhls_argv_addf(a, "-G%s=%lld", m->params[i].name, m->sets[set][i]);
    oclhls_argv_addf(a, "%s/lib.v", tmp);
}

/* A private build directory with the unit's sources and the wrapper's. */
static int start_unit(struct oclhls_unit_build *b, const struct oclhls_unit_module *m,
                      const char *key, const char *parent, struct oclhls_strbuf *log)
{
    struct oclhls_strbuf wrapper = {0};
    char *prefix = unit_prefix(key), *lib, *src, *obj;
    int ret = -1;

    b->tmp = oclhls_cache_mkdtemp(parent, log);
    if (!b->tmp || !prefix)
        goto out_free;
    lib = oclhls_asprintf("%s/lib.v", b->tmp);
    obj = oclhls_asprintf("%s/out", b->tmp);
    if (obj && oclhls_mkdir_p(obj, 0755))
        oclhls_strbuf_printf(log, "cannot create %s\n", obj);
    free(obj);
    obj = oclhls_asprintf("%s/obj", b->tmp);
    src = oclhls_asprintf("%s/obj/" WRAPPER ".cpp", b->tmp);
    oclhls_lib_units_wrapper(m, prefix, key, &wrapper);
    if (lib && obj && src && !wrapper.failed && oclhls_mkdir_p(obj, 0755) == 0 &&
        oclhls_write_file(lib, m->text, strlen(m->text)) == 0 &&
        oclhls_write_file(src, wrapper.buf, wrapper.len) == 0)
        ret = 0;
    else
        oclhls_strbuf_printf(log, "cannot write the unit %s into %s\n", m->name, b->tmp);
    free(lib);
    free(obj);
    free(src);
out_free:
    oclhls_strbuf_release(&wrapper);
    free(prefix);
    return ret;
}

/*
 * After verilator: the generated files to compile, from <obj>/<prefix>_classes.mk. A
 * unit's per-cycle code and its wrapper are compiled at the HOT level (once per cache,
 * run every cycle by every model that uses it) or at FAST for a unit used only by large
 * designs (m->fast), its once-only code at SLOW.
 */
static int read_unit_classes(struct oclhls_unit_build *b, const struct oclhls_unit_module *m,
                             const char *key, struct oclhls_strbuf *log)
{
    enum oclhls_vrt_code level = m->fast ? OCLHLS_VRT_FAST : OCLHLS_VRT_HOT;
    char *prefix = unit_prefix(key);
    char *path = prefix ? oclhls_asprintf("%s/obj/%s_classes.mk", b->tmp, prefix) : NULL;
    char *obj = oclhls_asprintf("%s/obj", b->tmp), *mk = NULL;
    size_t size;
    int ret = -1;

    if (!path || !obj || oclhls_read_file(path, &mk, &size)) {
        oclhls_strbuf_printf(log, "verilator wrote no %s\n", path ? path : "classes.mk");
        goto out_free;
    }
    oclhls_argv_add(&b->code[level], WRAPPER);
    oclhls_mk_code(mk, &b->code[level], &b->code[OCLHLS_VRT_SLOW]);
    if (b->code[level].failed || b->code[OCLHLS_VRT_SLOW].failed)
        goto out_free;
    ret = 0;
    for (int l = 0; l < OCLHLS_VRT_NCODES && ret == 0; l++) /* a unit's files are small */
        ret = oclhls_code_group_small(obj, l, &b->code[l], log);
out_free:
    free(mk);
    free(obj);
    free(path);
    free(prefix);
    return ret;
}

/* The objects of an entry, as its marker lists them. */
static int read_objects(struct oclhls_unit_build *b, struct oclhls_strbuf *log)
{
    char *path = oclhls_asprintf("%s/" MARKER, b->dir), *list = NULL, *line, *save = NULL;
    size_t size;

    if (!path || oclhls_read_file(path, &list, &size)) {
        oclhls_strbuf_printf(log, "cannot read %s\n", path ? path : MARKER);
        free(path);
        return -1;
    }
    for (line = strtok_r(list, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        oclhls_argv_addf(&b->objs, "%s/%s", b->dir, line);
    free(list);
    free(path);
    return b->objs.failed || !b->objs.n ? -1 : 0;
}

void oclhls_unit_builds_keys(struct oclhls_lib_units *u, const struct oclhls_tools *t,
                             const char *unit_abi)
{
    for (int i = 0; i < u->n; i++)
        for (int s = 0; s < u->mods[i].nsets; s++)
            unit_key(&u->mods[i], s, t, unit_abi, u->mods[i].keys[s]);
}

/* A unit build in the order their locks are taken (by key: cache.h). */
struct pending {
    const char *key;
    const struct oclhls_unit_module *m;
    int set, n;
};

static int by_key(const void *a, const void *b)
{
    return strcmp(((const struct pending *)a)->key, ((const struct pending *)b)->key);
}

/* Unit build n (module m, parameter set s): found in the cache, or started in b->tmp with
 * its verilate job in js. 0, or -1 (log). */
static int prepare_one(const struct pending *p, const struct oclhls_tools *t, const char *parent,
                       struct oclhls_unit_build *b, struct oclhls_jobset *js,
                       struct oclhls_strbuf *log)
{
    struct oclhls_argv a = {0};
    char *prefix, *lint;

    b->dir = oclhls_asprintf("%s/%s", parent, p->key);
    if (!b->dir)
        return -1;
    if (oclhls_cache_claim(b->dir, MARKER, &b->lock)) /* the lock held while b->tmp is set */
        return read_objects(b, log);
    if (oclhls_debug_enabled()) { /* which parameter sets a design costs the cache */
        struct oclhls_strbuf params = {0};
        for (int i = 0; i < p->m->nparams; i++)
            if (p->m->sets[p->set][i] != OCLHLS_UNIT_PARAM_DERIVED)
                oclhls_strbuf_printf(&params, " %s=%lld", p->m->params[i].name,
                                     p->m->sets[p->set][i]);
        oclhls_debug("sim unit %.12s: building %s%s", p->key, p->m->name,
                     params.buf ? params.buf : "");
        oclhls_strbuf_release(&params);
    }
    if (start_unit(b, p->m, p->key, parent, log)) {
        if (!b->tmp)
            oclhls_cache_unlock(b->dir, b->lock);
        return -1;
    }
    prefix = unit_prefix(p->key);
    lint = oclhls_asprintf("%s/out/" LINT_LOG, b->tmp);
    if (prefix && lint)
        verilate_cmd(p->m, p->set, t, b->tmp, prefix, &a);
    oclhls_jobset_add_output(js, &a, -1, lint ? lint : "");
    free(prefix);
    free(lint);
    return 0;
}

int oclhls_unit_builds_prepare(struct oclhls_lib_units *u, const struct oclhls_tools *t, int jobs,
                               struct oclhls_unit_build *builds, struct oclhls_strbuf *log)
{
    struct oclhls_jobset js = {0};
    int count = oclhls_unit_builds_count(u), n = 0, ret = -1;
    struct pending *order = calloc((size_t)(count ? count : 1), sizeof(*order));
    char *parent = order ? oclhls_cache_subdir("sim-units", log) : NULL;

    if (!parent)
        goto out_release;
    for (int i = 0; i < u->n; i++)
        for (int s = 0; s < u->mods[i].nsets; s++, n++) {
            order[n] = (struct pending){u->mods[i].keys[s], &u->mods[i], s, n};
            builds[n].lock = -1;
        }
    qsort(order, (size_t)count, sizeof(*order), by_key);
    for (int k = 0; k < count; k++)
        if (prepare_one(&order[k], t, parent, &builds[order[k].n], &js, log))
            goto out_release;
    if (js.failed || oclhls_jobset_run(&js, jobs, log))
        goto out_release;
    for (int k = 0; k < count; k++)
        if (builds[order[k].n].tmp &&
            read_unit_classes(&builds[order[k].n], order[k].m, order[k].key, log))
            goto out_release;
    ret = 0;
out_release:
    oclhls_jobset_release(&js);
    free(parent);
    free(order);
    return ret;
}

void oclhls_unit_builds_add_jobs(struct oclhls_unit_build *builds, int n,
                                 const struct oclhls_vrt *rt, const struct oclhls_tools *t,
                                 const char *units_dir, struct oclhls_jobset *js)
{
    for (int i = 0; i < n; i++) {
        struct oclhls_unit_build *b = &builds[i];

        for (int kind = 0; b->tmp && kind < OCLHLS_VRT_NCODES; kind++) {
            for (int f = 0; f < b->code[kind].n; f++) {
                struct oclhls_argv a = {0};

                oclhls_vrt_design_cmd(rt, t, kind, &a);
                oclhls_argv_addf(&a, "-I%s/obj", b->tmp);
                oclhls_argv_addf(&a, "-I%s", units_dir);
                oclhls_argv_add(&a, "-c");
                oclhls_argv_addf(&a, "%s/obj/%s.cpp", b->tmp, b->code[kind].v[f]);
                oclhls_argv_add(&a, "-o");
                oclhls_argv_addf(&a, "%s/out/%s.o", b->tmp, b->code[kind].v[f]);
                oclhls_jobset_add(js, &a, rt->pch_job[kind]);
            }
        }
    }
}

/* Writes the marker (the list of objects) and publishes the entry. */
static int commit_one(struct oclhls_unit_build *b, struct oclhls_strbuf *log)
{
    struct oclhls_strbuf list = {0};
    char *out = oclhls_asprintf("%s/out", b->tmp), *marker = NULL;
    int ret = -1;

    for (int kind = 0; kind < OCLHLS_VRT_NCODES; kind++)
        for (int f = 0; f < b->code[kind].n; f++)
            oclhls_strbuf_printf(&list, "%s.o\n", b->code[kind].v[f]);
    marker = oclhls_asprintf("%s/out/" MARKER, b->tmp);
    if (!out || !marker || list.failed || oclhls_write_file(marker, list.buf, list.len)) {
        oclhls_strbuf_printf(log, "cannot write %s\n", marker ? marker : MARKER);
        goto out_free;
    }
    if (oclhls_cache_publish(out, b->dir, MARKER, log))
        goto out_free;
    oclhls_cache_unlock(b->dir, b->lock);
    oclhls_rm_rf(b->tmp);
    free(b->tmp);
    b->tmp = NULL;
    ret = read_objects(b, log);
out_free:
    oclhls_strbuf_release(&list);
    free(marker);
    free(out);
    return ret;
}

int oclhls_unit_builds_commit(struct oclhls_unit_build *builds, int n, struct oclhls_strbuf *log)
{
    for (int i = 0; i < n; i++)
        if (builds[i].tmp && commit_one(&builds[i], log))
            return -1;
    return 0;
}

int oclhls_unit_builds_lint(const struct oclhls_lib_units *u,
                            const struct oclhls_unit_build *builds, struct oclhls_strbuf *out,
                            struct oclhls_strbuf *log)
{
    int n = 0;

    for (int i = 0; i < u->n; i++) {
        const struct oclhls_unit_module *m = &u->mods[i];

        for (int s = 0; s < m->nsets; s++, n++) {
            const struct oclhls_unit_build *b = &builds[n];
            char *path = b->tmp ? oclhls_asprintf("%s/out/" LINT_LOG, b->tmp)
                                : oclhls_asprintf("%s/" LINT_LOG, b->dir);
            char *text = NULL;
            size_t size = 0;

            if (!path || oclhls_read_file(path, &text, &size)) {
                oclhls_strbuf_printf(log, "cannot read %s\n", path ? path : LINT_LOG);
                free(path);
                return -1;
            }
            if (size) {
                oclhls_strbuf_printf(out, "library unit %s", m->name);
                for (int p = 0; p < m->nparams; p++)
                    if (m->sets[s][p] != OCLHLS_UNIT_PARAM_DERIVED)
                        oclhls_strbuf_printf(out, " %s=%lld", m->params[p].name, m->sets[s][p]);
                oclhls_strbuf_printf(out, ":\n%s", text);
            }
            free(text);
            free(path);
        }
    }
    return 0;
}

void oclhls_unit_builds_hash(const struct oclhls_lib_units *u, struct oclhls_hashkey *k)
{
    for (int i = 0; i < u->n; i++)
        for (int s = 0; s < u->mods[i].nsets; s++)
            oclhls_hashkey_add_str(k, u->mods[i].keys[s]);
}

void oclhls_unit_builds_release(struct oclhls_unit_build *builds, int n)
{
    for (int i = 0; builds && i < n; i++) {
        if (builds[i].tmp) {
            oclhls_rm_rf(builds[i].tmp);
            oclhls_cache_unlock(builds[i].dir, builds[i].lock);
        }
        free(builds[i].tmp);
        free(builds[i].dir);
        for (int kind = 0; kind < OCLHLS_VRT_NCODES; kind++)
            oclhls_argv_release(&builds[i].code[kind]);
        oclhls_argv_release(&builds[i].objs);
    }
}
