// SPDX-License-Identifier: MIT
/*
 * The program cache behind online compilation (hls/cache.c): a second build of the same
 * source, options and board is a cache hit with the same program file; a change to any of
 * them, to the board's board.json or to the compiler's build (here this test program, which
 * links the compiler) is a miss; a failed build is not cached. Entries are directories of the
 * shared cache (programs/<key>/program.oclbin), under its size limit like any other.
 */
#include <dirent.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "fsutil.h"
#include "oclhls_compiler.h"
#include "strbuf.h"

static int failures;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

static int build(const char *src, const char *options, struct oclhls_compile_result *res)
{
    struct oclhls_compile_request req = {.source = src, .source_len = strlen(src),
                                         .source_name = "cache_test.cl", .board = "sim",
                                         .options = options};
    int hit = -1;
    int rc = oclhls_compile_cached(&req, res, &hit);
    return rc ? -1 : hit;
}

/* The published entries of <cache>/programs: directories holding program.oclbin. */
static int count_entries(const char *cache)
{
    char *dir = oclhls_asprintf("%s/programs", cache), *marker;
    DIR *d = dir ? opendir(dir) : NULL;
    struct dirent *de;
    int n = 0;

    while (d && (de = readdir(d))) {
        marker = de->d_name[0] != '.' ? oclhls_asprintf("%s/%s/program.oclbin", dir, de->d_name)
                                      : NULL;
        n += marker && access(marker, F_OK) == 0;
        free(marker);
    }
    if (d)
        closedir(d);
    free(dir);
    return n;
}

/* Marks every program entry as last used an hour ago (older than eviction's grace). */
static void age_entries(const char *cache)
{
    char *dir = oclhls_asprintf("%s/programs", cache), *path;
    DIR *d = dir ? opendir(dir) : NULL;
    struct dirent *de;
    struct timespec hour_ago[2] = {{time(NULL) - 3600, 0}, {time(NULL) - 3600, 0}};

    while (d && (de = readdir(d))) {
        path = de->d_name[0] != '.' ? oclhls_asprintf("%s/%s", dir, de->d_name) : NULL;
        if (path)
            utimensat(AT_FDCWD, path, hour_ago, 0);
        free(path);
    }
    if (d)
        closedir(d);
    free(dir);
}

int main(void)
{
    char dir[] = "/tmp/oclhls-cache-test-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    setenv("OCLHLS_CACHE_DIR", dir, 1);
    const char *src = "__kernel void k(__global int *p) { p[get_global_id(0)] *= 3; }\n";
    const char *other = "__kernel void k(__global int *p) { p[get_global_id(0)] *= 5; }\n";
    struct oclhls_compile_result a, b, c, d, e;

    expect(build(src, "-DX=1", &a) == 0, "first build is a miss");
    expect(build(src, "-DX=1", &b) == 1, "same source, options and board: a hit");
    expect(a.oclbin_size == b.oclbin_size && !memcmp(a.oclbin, b.oclbin, a.oclbin_size),
           "the hit returns the same program file");
    expect(build(src, "-DX=2", &c) == 0, "other options: a miss");
    expect(build(other, "-DX=1", &d) == 0, "other source: a miss");
    expect(build("__kernel void k( {", NULL, &e) == -1 && e.oclbin == NULL,
           "a syntax error fails");
    oclhls_compile_result_free(&e);
    expect(build("__kernel void k( {", NULL, &e) == -1 && strstr(e.log, "error"),
           "and is not cached: it fails again with its diagnostics");

    oclhls_compile_result_free(&a);
    oclhls_compile_result_free(&b);
    oclhls_compile_result_free(&c);
    oclhls_compile_result_free(&d);
    oclhls_compile_result_free(&e);
    expect(count_entries(dir) == 3, "three entries, each a directory with its program");

    /* Past the cache's size limit the least recently used programs go, never the new one
     * (nor one used in the last ten minutes: these were used an hour ago). */
    age_entries(dir);
    setenv("OCLHLS_CACHE_MAX", "1", 1);
    expect(build(src, "-DX=3", &e) == 0 && count_entries(dir) == 1,
           "a new program over OCLHLS_CACHE_MAX=1 evicts the others");
    oclhls_compile_result_free(&e);
    expect(build(src, "-DX=3", &e) == 1, "and is a hit itself");
    oclhls_compile_result_free(&e);
    unsetenv("OCLHLS_CACHE_MAX");

    /* The same board name with another board.json (its latency, sizes shape the design). */
    char *data = oclhls_asprintf("%s/data", dir);
    char *copy = oclhls_asprintf("mkdir -p %s && cp -r %s/rtl-lib %s/board-support %s && "
                                 "echo ' ' >> %s/board-support/sim/board.json",
                                 data, oclhls_datadir(), oclhls_datadir(), data, data);
    expect(copy && system(copy) == 0, "a copy of the data directory, board.json changed");
    setenv("OCLHLS_DATADIR", data, 1);
    expect(build(src, "-DX=1", &a) == 0, "changed board.json: a miss");
    oclhls_compile_result_free(&a);
    free(copy);
    free(data);

    /* A rebuilt compiler: this program's modification time moves on. */
    struct timespec times[2] = {{0, UTIME_OMIT}, {0, UTIME_NOW}};
    struct stat before, after;
    expect(stat("/proc/self/exe", &before) == 0 && sleep(1) == 0 &&
               utimensat(AT_FDCWD, "/proc/self/exe", times, 0) == 0 &&
               stat("/proc/self/exe", &after) == 0 && after.st_mtime != before.st_mtime,
           "the compiler's file touched");
    expect(build(src, "-DX=1", &a) == 0, "rebuilt compiler: a miss");
    oclhls_compile_result_free(&a);

    oclhls_rm_rf(dir);
    printf("%d passed, %d failed\n", 14 - failures, failures);
    return failures ? 1 : 0;
}
