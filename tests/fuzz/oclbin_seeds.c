/* SPDX-License-Identifier: MIT */
/*
 * oclbin_seeds OUTDIR FILE...: seeds for the oclbin fuzz target, made with the project's own
 * container code (common/oclbin.h), at test time (no generated file is kept in the tree).
 *
 *   NAME.oclbin (a program file the compiler wrote): OUTDIR/NAME.meta.json, its meta
 *     section as written, and OUTDIR/NAME.slim.oclbin, a container of its meta section
 *     without the report and its source: the Verilog is most of a program file, and
 *     megabyte inputs would slow the fuzzer down for nothing the reader looks at.
 *   NAME.json (metadata): OUTDIR/NAME.oclbin, a container with it as its meta section,
 *     whose crc32 the fuzzer could not have found by mutating.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "json.h"
#include "oclbin.h"

static int fail(const char *file, const char *why)
{
    fprintf(stderr, "oclbin_seeds: %s: %s\n", file, why);
    return -1;
}

/* OUTDIR/<file's base name without its extension><suffix> */
static char *out_path(const char *dir, const char *file, const char *suffix)
{
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    const char *dot = strrchr(base, '.');
    int len = dot ? (int)(dot - base) : (int)strlen(base);
    size_t size = strlen(dir) + (size_t)len + strlen(suffix) + 2;
    char *path = malloc(size);

    if (path)
        snprintf(path, size, "%s/%.*s%s", dir, len, base, suffix);
    return path;
}

/* Writes a container of the given sections (name, data, size; NULL data: left out). */
static int write_container(const char *path, const char *const names[], const void *const data[],
                           const size_t sizes[], int n)
{
    struct oclbin *bin = oclbin_new();
    void *out = NULL;
    size_t size;
    int ret = -1;

    if (!bin)
        return -1;
    for (int i = 0; i < n; i++)
        if (data[i] && oclbin_add_section(bin, names[i], data[i], sizes[i]))
            goto out_free;
    if (oclbin_write(bin, &out, &size) == 0)
        ret = oclhls_write_file(path, out, size);
out_free:
    free(out);
    oclbin_free(bin);
    return ret;
}

/* The meta JSON without its "report" member, unformatted (NULL if it is no JSON object). */
static char *compact_meta(const char *json, size_t len)
{
    cJSON *root = oclhls_json_parse(json, len, NULL);
    char *text = NULL;

    if (cJSON_IsObject(root)) {
        cJSON_DeleteItemFromObjectCaseSensitive(root, "report");
        text = cJSON_PrintUnformatted(root);
    }
    cJSON_Delete(root);
    return text;
}

static int from_program(const char *dir, const char *file, const char *data, size_t size)
{
    static const char *const names[] = {"meta", "source", "constants"};
    const void *sec[3];
    size_t lens[3] = {0, 0, 0}, meta_len;
    struct oclbin *bin = NULL;
    char err[256], *meta = NULL, *full = out_path(dir, file, ".meta.json"),
                   *slim = out_path(dir, file, ".slim.oclbin");
    int ret = -1;

    if (!full || !slim)
        goto out_free;
    if (oclbin_parse(data, size, &bin, err, sizeof(err))) {
        fail(file, err);
        goto out_free;
    }
    for (int i = 0; i < 3; i++)
        sec[i] = oclbin_section(bin, names[i], &lens[i]);
    meta_len = lens[0];
    if (!sec[0] || !(meta = compact_meta(sec[0], meta_len))) {
        fail(file, "no meta section holding a JSON object");
        goto out_free;
    }
    sec[0] = meta;
    lens[0] = strlen(meta);
    if (oclhls_write_file(full, oclbin_section(bin, "meta", NULL), meta_len) ||
        write_container(slim, names, sec, lens, 3)) {
        fail(file, "cannot write its seeds");
        goto out_free;
    }
    ret = 0;
out_free:
    cJSON_free(meta);
    oclbin_free(bin);
    free(full);
    free(slim);
    return ret;
}

static int from_meta(const char *dir, const char *file, const char *data, size_t size)
{
    static const char *const names[] = {"meta"};
    const void *sec[] = {data};
    char *path = out_path(dir, file, ".oclbin");
    int ret = path ? write_container(path, names, sec, &size, 1) : -1;

    free(path);
    return ret ? fail(file, "cannot write its seed") : 0;
}

int main(int argc, char **argv)
{
    int failed = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s OUTDIR FILE.oclbin|FILE.json...\n", argv[0]);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        const char *dot = strrchr(argv[i], '.');
        char *data;
        size_t size;

        if (oclhls_read_file(argv[i], &data, &size)) {
            failed |= fail(argv[i], "cannot read");
            continue;
        }
        if (dot && strcmp(dot, ".oclbin") == 0)
            failed |= from_program(argv[1], argv[i], data, size);
        else
            failed |= from_meta(argv[1], argv[i], data, size);
        free(data);
    }
    return failed ? 1 : 0;
}
