// SPDX-License-Identifier: MIT
/*
 * The program cache behind online compilation: <cache>/programs/<key>.oclbin (+ .log), where
 * key = SHA-256 of the tool versions (and the compiler's build), the builtin library, the
 * board (and its board.json), the options, the source and the Verilog library the design is
 * built from. Entries are written to a temporary file and renamed, so concurrent builds of
 * one program in several processes are safe.
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

#include "frontend.h"
#include "oclhls_compiler.h"
#include "payload.h"
#include "sim_model_build.h"

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

static void write_atomically(const char *path, const void *data, size_t size)
{
    char tmp[4200];
    snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return;
    FILE *f = fdopen(fd, "wb");
    int ok = f && fwrite(data, 1, size, f) == size;
    if (f)
        ok = !fclose(f) && ok;
    else
        close(fd);
    if (!ok || rename(tmp, path))
        unlink(tmp);
}

int oclhls_compile_cached(const struct oclhls_compile_request *req,
                          struct oclhls_compile_result *res, int *cache_hit)
{
    char dir[4096], key[2 * SHA256_DIGEST_SIZE + 1], bin_path[4200], log_path[4200];
    struct oclhls_board board;
    char err[256];

    *cache_hit = 0;
    if (oclhls_board_find(req->board, &board, err, sizeof(err)) ||
        oclhls_cache_dir(dir, sizeof(dir)) || cache_key(req, &board, key))
        return oclhls_compile(req, res); /* no cache: compile, and report any error */
    snprintf(bin_path, sizeof(bin_path), "%s/programs", dir);
    if (mkdir(bin_path, 0755) && errno != EEXIST)
        return oclhls_compile(req, res);
    snprintf(bin_path, sizeof(bin_path), "%s/programs/%s.oclbin", dir, key);
    snprintf(log_path, sizeof(log_path), "%s/programs/%s.log", dir, key);

    memset(res, 0, sizeof(*res));
    size_t log_size;
    if (!read_file(bin_path, &res->oclbin, &res->oclbin_size)) {
        if (read_file(log_path, (void **)&res->log, &log_size))
            res->log = strdup("");
        *cache_hit = 1;
        return res->log ? 0 : -1;
    }
    int rc = oclhls_compile(req, res);
    if (!rc) {
        write_atomically(log_path, res->log, strlen(res->log));
        write_atomically(bin_path, res->oclbin, res->oclbin_size);
    }
    return rc;
}
