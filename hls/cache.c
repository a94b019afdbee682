// SPDX-License-Identifier: MIT
/*
 * The program cache behind online compilation: <cache>/programs/<key>/, an entry of the
 * shared cache (cache.h) holding program.oclbin, build.log and report.txt, where
 * key = SHA-256 of the tool versions (and the compiler's build), the builtin library, the
 * board (and its board.json), the options, the source (or a link's compiled objects) and the
 * Verilog library the design is built from. Entries are built in a temporary directory and
 * published by renaming it, so concurrent builds of one program in several processes are safe, and they count towards
 * the cache's size limit like models and bitstreams.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <errno.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "frontend.h"
#include "fsutil.h"
#include "oclhls_compiler.h"
#include "payload.h"
#include "strbuf.h"

#define PROGRAM_FILE "program.oclbin" /* the entry's marker: written last */
#define LOG_FILE "build.log"
#define REPORT_FILE "report.txt"

static void hash_field(struct sha256_ctx *h, const void *data, size_t len)
{
    uint64_t n = len; /* length-prefixed so fields cannot run into each other */
    sha256_update(h, sizeof(n), (const uint8_t *)&n);
    sha256_update(h, len, data);
}

static void hash_str(struct sha256_ctx *h, const char *s)
{
    hash_field(h, s ? s : "", s ? strlen(s) : 0);
}

/*
 * The compiler's own build: the file holding this code (the oclhls program, or the ICD
 * library for online builds), by identity and modification time. The version string stays
 * the same between builds of one release, and a rebuilt compiler must not be served the
 * programs of the old one.
 */
static void hash_compiler_build(struct sha256_ctx *h)
{
    Dl_info info;
    struct stat st;

    /* The main program's name may be bare (found on PATH): then /proc/self/exe is it. */
    if (!dladdr((void *)hash_compiler_build, &info) || !info.dli_fname ||
        stat(info.dli_fname, &st) != 0) {
        if (stat("/proc/self/exe", &st) != 0)
            return;
    }
    hash_field(h, &st.st_dev, sizeof(st.st_dev));
    hash_field(h, &st.st_ino, sizeof(st.st_ino));
    hash_field(h, &st.st_size, sizeof(st.st_size));
    hash_field(h, &st.st_mtim, sizeof(st.st_mtim));
}

static int cache_key(const struct oclhls_compile_request *req, const struct oclhls_board *board,
                     char *hex)
{
    struct sha256_ctx h;
    struct oclhls_strbuf lib = {0};
    char err[256];
    uint8_t digest[SHA256_DIGEST_SIZE];

    if (payload_library(board, &lib, err, sizeof(err))) {
        oclhls_strbuf_release(&lib);
        return -1;
    }
    sha256_init(&h);
    hash_str(&h, oclhls_version_string());
    hash_compiler_build(&h);
    hash_str(&h, fe_clang_version());
    hash_field(&h, fe_builtins_bc, fe_builtins_bc_size());
    hash_str(&h, board->name);
    hash_str(&h, board->json_digest); /* its latency, sizes, widths shape the design */
    hash_str(&h, req->options);
    hash_str(&h, req->source_name);
    hash_field(&h, req->source, req->source_len);
    /* a link: the compiled objects (their bitcode is the same for the same unit) */
    for (unsigned i = 0; i < req->num_objects; i++)
        hash_field(&h, req->objects[i], req->object_sizes[i]);
    hash_field(&h, lib.buf, lib.len);
    oclhls_strbuf_release(&lib);
    sha256_digest(&h, sizeof(digest), digest);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        sprintf(hex + 2 * i, "%02x", digest[i]);
    return 0;
}

static int read_file(const char *path, void **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    struct stat st;
    if (fstat(fileno(f), &st) || !(*data = malloc((size_t)st.st_size + 1))) {
        fclose(f);
        return -1;
    }
    *size = fread(*data, 1, (size_t)st.st_size, f);
    ((char *)*data)[*size] = '\0';
    int bad = *size != (size_t)st.st_size;
    fclose(f);
    if (bad) {
        free(*data);
        *data = NULL;
    }
    return bad ? -1 : 0;
}

/* Reads the entry's file name; -1 when it is missing or unreadable. */
static int read_in_entry(const char *entry, const char *name, void **data, size_t *size)
{
    char *path = oclhls_asprintf("%s/%s", entry, name);
    int ret = path ? read_file(path, data, size) : -1;

    free(path);
    return ret;
}

/* A hit: the entry's program, log and report; -1 when it is gone (evicted meanwhile): a
   miss. */
static int load_entry(const char *entry, struct oclhls_compile_result *res)
{
    size_t size;

    if (read_in_entry(entry, PROGRAM_FILE, &res->oclbin, &res->oclbin_size))
        return -1;
    if (read_in_entry(entry, LOG_FILE, (void **)&res->log, &size))
        res->log = strdup("");
    if (read_in_entry(entry, REPORT_FILE, (void **)&res->report, &size))
        res->report = strdup("");
    return 0;
}

/* Publishes the result as a new entry (which may evict old ones); failures only cost speed. */
static void store_entry(const char *programs, const char *entry,
                        const struct oclhls_compile_result *res)
{
    struct oclhls_strbuf log = {0};
    char *tmp = oclhls_cache_mkdtemp(programs, &log), *bin = NULL, *text = NULL, *report = NULL;

    if (!tmp)
        goto out_release;
    bin = oclhls_asprintf("%s/%s", tmp, PROGRAM_FILE);
    text = oclhls_asprintf("%s/%s", tmp, LOG_FILE);
    report = oclhls_asprintf("%s/%s", tmp, REPORT_FILE);
    if (!bin || !text || !report || oclhls_write_file(text, res->log, strlen(res->log)) ||
        oclhls_write_file(report, res->report, strlen(res->report)) ||
        oclhls_write_file(bin, res->oclbin, res->oclbin_size) ||
        oclhls_cache_publish(tmp, entry, PROGRAM_FILE, &log))
        oclhls_rm_rf(tmp);
out_release:
    free(bin);
    free(text);
    free(report);
    free(tmp);
    oclhls_strbuf_release(&log);
}

int oclhls_compile_cached(const struct oclhls_compile_request *req,
                          struct oclhls_compile_result *res, int *cache_hit)
{
    char key[2 * SHA256_DIGEST_SIZE + 1], err[256];
    struct oclhls_board board;
    char *programs = NULL, *entry = NULL;
    int rc;

    *cache_hit = 0;
    if (oclhls_board_find(req->board, &board, err, sizeof(err)) || cache_key(req, &board, key) ||
        !(programs = oclhls_cache_subdir("programs", NULL)) ||
        !(entry = oclhls_asprintf("%s/%s", programs, key))) {
        free(programs);
        return oclhls_compile(req, res); /* no cache: compile, and report any error */
    }
    memset(res, 0, sizeof(*res));
    if (oclhls_cache_has(entry, PROGRAM_FILE) && load_entry(entry, res) == 0) {
        *cache_hit = 1;
        rc = res->log && res->report ? 0 : -1;
        goto out_free;
    }
    oclhls_compile_result_free(res); /* what a half-read entry left */
    rc = oclhls_compile(req, res);
    if (!rc)
        store_entry(programs, entry, res);
out_free:
    free(entry);
    free(programs);
    return rc;
}
