// SPDX-License-Identifier: MIT
/*
 * Compiled objects and libraries (clCompileProgram, clLinkProgram -create-library): program
 * files holding a unit's LLVM bitcode ("object") and what it is ("objmeta", JSON:
 * docs/program-file.md). The hardware is generated when they are linked into an executable
 * (oclhls_compile with objects); these functions make, check and open them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "board.h"
#include "json.h"
#include "object_file.h"
#include "oclbin.h"
#include "oclhls_compiler.h"

#define OBJMETA_FORMAT 1

/* The container of a unit's or library's bitcode. 0, or -1 (out of memory, in log). */
static int write_object(const struct oclhls_board *board, const char *type, const char *source_name,
                        const char *options, int link_options, const void *bc, size_t bc_size,
                        const char *source, size_t source_len, struct oclhls_compile_result *res,
                        struct oclhls_strbuf *log)
{
    cJSON *m = cJSON_CreateObject();
    struct oclbin *bin = oclbin_new();
    char *json = NULL;
    int ret = -1;

    if (m && cJSON_AddNumberToObject(m, "format", OBJMETA_FORMAT) &&
        cJSON_AddStringToObject(m, "type", type) &&
        cJSON_AddStringToObject(m, "tool", oclhls_version_string()) &&
        cJSON_AddStringToObject(m, "clang", fe_clang_version()) &&
        cJSON_AddStringToObject(m, "board", board->name) &&
        cJSON_AddStringToObject(m, "source_name", source_name) &&
        cJSON_AddStringToObject(m, "build_options", options ? options : "") &&
        cJSON_AddBoolToObject(m, "link_options", link_options))
        json = cJSON_PrintUnformatted(m);
    if (json && bin && !oclbin_add_section(bin, "objmeta", json, strlen(json)) &&
        !oclbin_add_section(bin, "object", bc, bc_size) &&
        (!source || !oclbin_add_section(bin, "source", source, source_len)) &&
        !oclbin_write(bin, &res->oclbin, &res->oclbin_size))
        ret = 0;
    else
        oclhls_strbuf_puts(log, "error: out of memory writing the compiled object\n");
    cJSON_free(json);
    cJSON_Delete(m);
    oclbin_free(bin);
    return ret;
}

/* Sets res->log (never NULL) and res->report (""). */
static int finish(struct oclhls_compile_result *res, struct oclhls_strbuf *log, char *fe_log,
                  int ret)
{
    char *text;

    if (fe_log) {
        oclhls_strbuf_puts(log, fe_log);
        free(fe_log);
    }
    text = oclhls_strbuf_take(log);
    res->log = text ? text : strdup("");
    res->report = strdup("");
    if (ret || !res->log || !res->report) {
        free(res->oclbin);
        res->oclbin = NULL;
        res->oclbin_size = 0;
        ret = -1;
    }
    return ret;
}

int oclhls_compile_object(const struct oclhls_object_request *req,
                          struct oclhls_compile_result *res)
{
    const char *path = req->source_name ? req->source_name : "program.cl";
    /* named as clang's diagnostics name it: by its base name */
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    struct oclhls_strbuf log = {0};
    struct oclhls_board board;
    struct fe_header *headers = NULL;
    char err[256], *fe_log = NULL;
    void *bc = NULL;
    size_t bc_size = 0;
    int ret = -1;

    memset(res, 0, sizeof(*res));
    if (oclhls_board_find(req->board, &board, err, sizeof(err))) {
        oclhls_strbuf_printf(&log, "error: %s\n", err);
        return finish(res, &log, NULL, -1);
    }
    headers = calloc(req->num_headers + 1, sizeof(*headers));
    if (!headers) {
        oclhls_strbuf_puts(&log, "error: out of memory\n");
        return finish(res, &log, NULL, -1);
    }
    for (unsigned i = 0; i < req->num_headers; i++)
        headers[i] = (struct fe_header){req->headers[i].name, req->headers[i].text};
    struct fe_request fr = {.source = req->source,
                            .source_len = req->source_len,
                            .source_name = name,
                            .source_dir = req->source_dir,
                            .options = req->options,
                            .verbose = req->verbose,
                            .embedded_profile = !oclhls_board_full_profile(&board),
                            .headers = headers,
                            .num_headers = req->num_headers};
    if (fe_compile_unit(&fr, &bc, &bc_size, &fe_log) == 0)
        ret = write_object(&board, "compiled_object", name, req->options, 1, bc, bc_size,
                           req->source, req->source_len, res, &log);
    free(bc);
    free(headers);
    return finish(res, &log, fe_log, ret);
}

int oclhls_link_library(const char *board_name, const void *const *objects, const size_t *sizes,
                        unsigned num_objects, int enable_link_options,
                        struct oclhls_compile_result *res)
{
    struct oclhls_strbuf log = {0};
    struct oclhls_board board;
    struct hls_objects o = {0};
    char err[256], *fe_log = NULL;
    void *bc = NULL;
    size_t bc_size = 0;
    int ret = -1;

    memset(res, 0, sizeof(*res));
    if (oclhls_board_find(board_name, &board, err, sizeof(err))) {
        oclhls_strbuf_printf(&log, "error: %s\n", err);
        return finish(res, &log, NULL, -1);
    }
    if (hls_objects_open(objects, sizes, num_objects, &board, &o, &log) == 0) {
        struct fe_request fr = {.objects = o.objs, .num_objects = o.n};

        if (fe_link_objects(&fr, &bc, &bc_size, &fe_log) == 0)
            ret = write_object(&board, "library", "library", "-create-library", enable_link_options,
                               bc, bc_size, NULL, 0, res, &log);
    }
    free(bc);
    hls_objects_close(&o);
    return finish(res, &log, fe_log, ret);
}

/* The "objmeta" of bin checked against board; its type and flag. 0, or -1 and why. */
static int read_objmeta(const struct oclbin *bin, const char *board, enum oclhls_object_kind *kind,
                        int *link_options, char *err, size_t errlen)
{
    size_t len;
    const char *text = oclbin_section(bin, "objmeta", &len);
    cJSON *m = text ? oclhls_json_parse(text, len, NULL) : NULL;
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(m, "type");
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(m, "board");
    const cJSON *clang = cJSON_GetObjectItemCaseSensitive(m, "clang");
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(m, "format");
    int ret = -1;

    if (!text)
        snprintf(err, errlen, "the compiled object has no \"objmeta\" section");
    else if (!m)
        snprintf(err, errlen, "the \"objmeta\" section is not JSON");
    else if (!cJSON_IsNumber(fmt) || fmt->valuedouble != OBJMETA_FORMAT)
        snprintf(err, errlen, "\"objmeta\" format is not %d", OBJMETA_FORMAT);
    else if (!cJSON_IsString(type) ||
             (strcmp(type->valuestring, "compiled_object") && strcmp(type->valuestring, "library")))
        snprintf(err, errlen, "\"objmeta\" type is neither \"compiled_object\" nor \"library\"");
    else if (!cJSON_IsString(b) || strcmp(b->valuestring, board))
        snprintf(err, errlen, "the object was compiled for board '%s'; this is board '%s'",
                 cJSON_IsString(b) ? b->valuestring : "?", board);
    else if (!cJSON_IsString(clang) || strcmp(clang->valuestring, fe_clang_version()))
        snprintf(err, errlen,
                 "the object's bitcode is from clang %s; this compiler reads "
                 "clang %s's",
                 cJSON_IsString(clang) ? clang->valuestring : "?", fe_clang_version());
    else {
        *kind =
            strcmp(type->valuestring, "library") ? OCLHLS_OBJECT_COMPILED : OCLHLS_OBJECT_LIBRARY;
        *link_options = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "link_options"));
        ret = 0;
    }
    cJSON_Delete(m);
    return ret;
}

int oclhls_object_check(const char *board_name, const void *data, size_t size,
                        enum oclhls_object_kind *kind, char *err, size_t errlen)
{
    struct oclhls_board board;
    struct oclbin *bin = NULL;
    const void *bc;
    size_t bc_size;
    int link_options, ret = -1;

    *kind = OCLHLS_OBJECT_NONE;
    if (oclhls_board_find(board_name, &board, err, errlen) ||
        oclbin_parse(data, size, &bin, err, errlen))
        return -1;
    bc = oclbin_section(bin, "object", &bc_size);
    if (!bc)
        ret = 0; /* an executable: its own checks */
    else if (read_objmeta(bin, board.name, kind, &link_options, err, errlen) == 0)
        ret = fe_bitcode_check(bc, bc_size, err, errlen);
    if (ret)
        *kind = OCLHLS_OBJECT_NONE;
    oclbin_free(bin);
    return ret;
}

int hls_objects_open(const void *const *files, const size_t *sizes, unsigned n,
                     const struct oclhls_board *board, struct hls_objects *o,
                     struct oclhls_strbuf *log)
{
    char err[256];

    memset(o, 0, sizeof(*o));
    o->bins = calloc(n, sizeof(*o->bins));
    o->objs = calloc(n, sizeof(*o->objs));
    o->names = calloc(n, sizeof(*o->names));
    if (!o->bins || !o->objs || !o->names) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        return -1;
    }
    for (; o->n < n; o->n++) {
        unsigned i = o->n;
        enum oclhls_object_kind kind;
        int link_options = 0;
        size_t len;

        if (oclbin_parse(files[i], sizes[i], &o->bins[i], err, sizeof(err)) ||
            !(o->objs[i].bitcode = oclbin_section(o->bins[i], "object", &o->objs[i].size)) ||
            read_objmeta(o->bins[i], board->name, &kind, &link_options, err, sizeof(err))) {
            if (o->bins[i] && !o->objs[i].bitcode)
                snprintf(err, sizeof(err), "not a compiled object or library");
            oclhls_strbuf_printf(log, "error: link input %u: %s\n", i + 1, err);
            o->n++; /* its container is freed with the rest */
            return -1;
        }
        /* named by its source file in link errors */
        const char *text = oclbin_section(o->bins[i], "objmeta", &len);
        cJSON *m = oclhls_json_parse(text, len, NULL);
        const cJSON *sn = cJSON_GetObjectItemCaseSensitive(m, "source_name");
        o->names[i] =
            oclhls_asprintf("input %u (%s)", i + 1, cJSON_IsString(sn) ? sn->valuestring : "?");
        cJSON_Delete(m);
        if (!o->names[i]) {
            oclhls_strbuf_puts(log, "error: out of memory\n");
            o->n++;
            return -1;
        }
        o->objs[i].name = o->names[i];
        o->objs[i].link_options = kind == OCLHLS_OBJECT_COMPILED || link_options;
    }
    return 0;
}

void hls_objects_close(struct hls_objects *o)
{
    for (unsigned i = 0; i < o->n; i++) {
        oclbin_free(o->bins ? o->bins[i] : NULL);
        free(o->names ? o->names[i] : NULL);
    }
    free(o->bins);
    free(o->objs);
    free(o->names);
    memset(o, 0, sizeof(*o));
}
