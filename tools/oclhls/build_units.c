// SPDX-License-Identifier: MIT
/*
 * oclhls build a.cl b.cl ...: each file compiled on its own, as its own translation unit
 * (oclhls_compile_object: its static names and macros stay its own), then the objects linked
 * into one program file (oclhls_compile with objects), as clCompileProgram and clLinkProgram do.
 */
#include <stdlib.h>
#include <string.h>

#include "build_units.h"
#include "fsutil.h"
#include "strbuf.h"

/* The absolute directory of a source file, for its quoted includes; NULL if unknown. */
static char *directory_of(const char *input)
{
    char *path = realpath(input, NULL);
    char *slash = path ? strrchr(path, '/') : NULL;

    if (slash)
        *(slash == path ? slash + 1 : slash) = '\0';
    return path;
}

/* Compiles input into *obj; its diagnostics into log. 0 or -1. */
static int compile_unit(const char *input, const struct oclhls_compile_request *base,
                        struct oclhls_compile_result *obj, struct oclhls_strbuf *log)
{
    char *src = NULL, *dir;
    size_t len = 0;
    int ret;

    if (oclhls_read_file(input, &src, &len)) {
        oclhls_strbuf_printf(log, "oclhls: cannot read '%s'\n", input);
        return -1;
    }
    dir = directory_of(input);
    struct oclhls_object_request r = {.source = src,
                                      .source_len = len,
                                      .source_name = input,
                                      .board = base->board,
                                      .options = base->options,
                                      .verbose = base->verbose,
                                      .source_dir = dir};
    ret = oclhls_compile_object(&r, obj);
    oclhls_strbuf_puts(log, obj->log ? obj->log : "");
    free(dir);
    free(src);
    return ret;
}

int oclhls_build_units(const char *const *inputs, unsigned n,
                       const struct oclhls_compile_request *base, struct oclhls_compile_result *res)
{
    struct oclhls_compile_result *objs = calloc(n, sizeof(*objs));
    const void **files = calloc(n, sizeof(*files));
    size_t *sizes = calloc(n, sizeof(*sizes));
    struct oclhls_strbuf log = {0};
    int failed = !objs || !files || !sizes;

    memset(res, 0, sizeof(*res));
    if (failed)
        oclhls_strbuf_puts(&log, "oclhls: out of memory\n");
    /* every unit, so that one run reports the errors of all */
    for (unsigned i = 0; !failed && i < n; i++) {
        failed |= compile_unit(inputs[i], base, &objs[i], &log) != 0;
        files[i] = objs[i].oclbin;
        sizes[i] = objs[i].oclbin_size;
    }
    for (unsigned i = 0; objs && i < n && !failed; i++)
        failed |= !files[i];
    if (!failed) {
        struct oclhls_compile_request req = *base;

        req.source = NULL;
        req.source_len = 0;
        req.source_name = inputs[0];
        req.objects = files;
        req.object_sizes = sizes;
        req.num_objects = n;
        failed = oclhls_compile(&req, res) != 0;
        oclhls_strbuf_puts(&log, res->log ? res->log : "");
        free(res->log);
        res->log = NULL;
    }
    for (unsigned i = 0; objs && i < n; i++)
        oclhls_compile_result_free(&objs[i]);
    free(objs);
    free(files);
    free(sizes);
    res->log = oclhls_strbuf_take(&log);
    if (!res->log)
        res->log = strdup("");
    if (!res->report)
        res->report = strdup("");
    return failed ? -1 : 0;
}
