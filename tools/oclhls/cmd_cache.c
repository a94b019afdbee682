// SPDX-License-Identifier: MIT
/*
 * oclhls cache: what the on-disk cache holds (per kind of entry: sim models, the Verilator
 * runtime, programs, iCE40 builds, ...) against its size limit, and removing entries by
 * hand. Entries go through oclhls_cache_remove, as eviction does, so a process using one
 * meanwhile is not left with half a directory.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cache.h"
#include "cmd_cache.h"
#include "sim_model_build.h"

static const char usage[] =
    "Usage:\n"
    "  oclhls cache [show]                  the cache directory, its size limit, and per kind\n"
    "                                       of entry how many there are and their size\n"
    "  oclhls cache clean                   remove every entry (and stale build directories)\n"
    "  oclhls cache clean --older-than DAYS remove the entries not used for DAYS days\n"
    "  oclhls cache --help\n"
    "\n"
    "The cache is $OCLHLS_CACHE_DIR, else $XDG_CACHE_HOME/oclhls, else ~/.cache/oclhls.\n"
    "When a new entry takes it over its limit, the least recently used entries are removed\n"
    "(not those used in the last ten minutes): OCLHLS_CACHE_MAX sets the limit in bytes, or\n"
    "with a K, M or G suffix (default 2G; 0: no limit).\n";

/* 1536 -> "1.5 KiB": sizes of a few bytes to many GiB in one column. */
static const char *human(unsigned long long n, char *buf, size_t len)
{
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
    double v = (double)n;
    int u = -1;

    if (n < 1024) {
        snprintf(buf, len, "%llu B", n);
        return buf;
    }
    while (v >= 1024 && u < 3) {
        v /= 1024;
        u++;
    }
    snprintf(buf, len, "%.1f %s", v, units[u]);
    return buf;
}

static void print_limit(unsigned long long limit, int malformed)
{
    const char *env = getenv("OCLHLS_CACHE_MAX");
    char buf[32];

    human(limit, buf, sizeof(buf));
    if (limit == 0)
        printf("limit: none (OCLHLS_CACHE_MAX=%s)\n", env);
    else if (env && *env && !malformed)
        printf("limit: %s (OCLHLS_CACHE_MAX=%s)\n", buf, env);
    else
        printf("limit: %s (the default; OCLHLS_CACHE_MAX sets it)\n", buf);
}

/* The cache root (created when missing) and its limit; with show, both on stdout. */
static int open_cache(char *root, size_t len, unsigned long long *limit, int show)
{
    char err[256];
    int malformed;

    if (oclhls_cache_dir(root, len)) {
        fprintf(stderr, "oclhls cache: cannot use the cache directory '%s': %s\n", root,
                strerror(errno));
        return -1;
    }
    malformed = oclhls_cache_limit(limit, err, sizeof(err)) != 0;
    if (malformed)
        fprintf(stderr, "oclhls cache: warning: %s\n", err);
    if (show) {
        printf("cache: %s\n", root);
        print_limit(*limit, malformed);
    }
    return 0;
}

static int cmd_show(void)
{
    struct oclhls_cache_list l;
    char root[4096], buf[32];
    unsigned long long limit, total = 0, kind_size, busy_size = 0;
    size_t count = 0, kind_count, busy = 0;

    if (open_cache(root, sizeof(root), &limit, 1))
        return 1;
    if (oclhls_cache_scan(root, &l)) {
        fprintf(stderr, "oclhls cache: cannot read '%s': %s\n", root, strerror(errno));
        return 1;
    }
    printf("%-20s %8s %12s\n", "KIND", "ENTRIES", "SIZE");
    for (size_t k = 0; k < l.nkinds; k++) {
        kind_count = 0;
        kind_size = 0;
        for (size_t i = 0; i < l.n; i++) {
            if (l.v[i].kind != k)
                continue;
            if (l.v[i].transient) {
                busy++;
                busy_size += l.v[i].size;
                continue;
            }
            kind_count++;
            kind_size += l.v[i].size;
        }
        printf("%-20s %8zu %12s\n", l.kinds[k], kind_count, human(kind_size, buf, sizeof(buf)));
        count += kind_count;
        total += kind_size;
    }
    printf("%-20s %8zu %12s\n", "total", count, human(total, buf, sizeof(buf)));
    if (busy)
        printf("not counted: %s in %zu .build-*/.trash-* directories (builds in progress, "
               "removals, or left by killed processes)\n",
               human(busy_size, buf, sizeof(buf)), busy);
    oclhls_cache_list_release(&l);
    return 0;
}

/* Entries unused for at least min_age seconds (all with 0), and stale transient directories. */
static int clean(double min_age, int all)
{
    struct oclhls_cache_list l;
    char root[4096], buf[32];
    unsigned long long limit, size = 0;
    size_t count = 0, failed = 0;
    time_t now = time(NULL);

    if (open_cache(root, sizeof(root), &limit, 0))
        return 1;
    if (oclhls_cache_scan(root, &l)) {
        fprintf(stderr, "oclhls cache: cannot read '%s': %s\n", root, strerror(errno));
        return 1;
    }
    for (size_t i = 0; i < l.n; i++) {
        struct oclhls_cache_entry *e = &l.v[i];

        if (e->transient ? !oclhls_cache_is_stale(e, now)
                         : !all && difftime(now, e->used.tv_sec) < min_age)
            continue;
        if (oclhls_cache_remove(e->path) && errno != ENOENT) {
            fprintf(stderr, "oclhls cache: cannot remove '%s': %s\n", e->path, strerror(errno));
            failed++;
            continue;
        }
        count += !e->transient;
        size += e->transient ? 0 : e->size;
    }
    printf("removed %zu entries (%s) from %s\n", count, human(size, buf, sizeof(buf)), root);
    oclhls_cache_list_release(&l);
    return failed ? 1 : 0;
}

/* A number of days, fractions allowed (0.5: twelve hours); -1 when it is not one. */
static double parse_days(const char *s)
{
    char *end;
    double d;

    errno = 0;
    d = strtod(s, &end);
    if (!*s || *end || errno || !isfinite(d) || d < 0)
        return -1;
    return d;
}

static int cmd_clean(int argc, char **argv)
{
    double days;

    if (argc == 0)
        return clean(0, 1);
    if (strcmp(argv[0], "--older-than") != 0) {
        fprintf(stderr, "oclhls cache clean: unexpected argument '%s' (see oclhls cache --help)\n",
                argv[0]);
        return 2;
    }
    if (argc != 2) {
        fprintf(stderr, "oclhls cache clean: --older-than takes one number of days\n");
        return 2;
    }
    days = parse_days(argv[1]);
    if (days < 0) {
        fprintf(stderr, "oclhls cache clean: --older-than: '%s' is not a number of days\n",
                argv[1]);
        return 2;
    }
    return clean(days * 86400, 0);
}

int oclhls_cmd_cache(int argc, char **argv)
{
    if (argc == 0)
        return cmd_show();
    if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h") || !strcmp(argv[0], "help")) {
        fputs(usage, stdout);
        return 0;
    }
    if (!strcmp(argv[0], "show") && argc == 1)
        return cmd_show();
    if (!strcmp(argv[0], "clean"))
        return cmd_clean(argc - 1, argv + 1);
    fprintf(stderr, "oclhls cache: unexpected argument '%s' (see oclhls cache --help)\n",
            argv[argc > 1 && !strcmp(argv[0], "show") ? 1 : 0]);
    return 2;
}
