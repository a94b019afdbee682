/* SPDX-License-Identifier: MIT */
/*
 * The cache's size limit (cache.h): after each new entry the cache is listed with each
 * entry's size and last use, and the least recently used entries are removed until the rest
 * fit. Entries are few (hundreds), so a full listing per publish costs milliseconds, far less
 * than the build that made the entry, and needs no index file that could go stale.
 */
#define _GNU_SOURCE /* mkdtemp, openat, fdopendir */
#include "cache_evict.h"

#include "cache_dir.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsutil.h"
#include "strbuf.h"

/* Deeper than any entry the project writes: bounds the open directories (one per level). */
#define MAX_DEPTH 16

/* Digits with an optional K, M or G (binary) suffix; -1 when malformed or too large. */
static int parse_size(const char *s, unsigned long long *out)
{
    static const char suffixes[] = "KMG";
    unsigned long long n = 0, mult = 1;
    const char *p = s, *suffix;

    if (!isdigit((unsigned char)*p))
        return -1; /* strtoull would take "-1", " 1" and "" */
    for (; isdigit((unsigned char)*p); p++) {
        unsigned d = (unsigned)(*p - '0');

        if (n > (ULLONG_MAX - d) / 10)
            return -1;
        n = n * 10 + d;
    }
    if (*p && (suffix = strchr(suffixes, toupper((unsigned char)*p)))) {
        mult = 1ull << (10 * (suffix - suffixes + 1));
        p++;
    }
    if (*p || n > ULLONG_MAX / mult)
        return -1;
    *out = n * mult;
    return 0;
}

int oclhls_cache_limit(unsigned long long *bytes, char *err, size_t errlen)
{
    const char *v = getenv("OCLHLS_CACHE_MAX");

    *bytes = OCLHLS_CACHE_DEFAULT_MAX;
    if (!v || !*v || parse_size(v, bytes) == 0)
        return 0;
    *bytes = OCLHLS_CACHE_DEFAULT_MAX;
    return oclhls_fail(err, errlen,
                       "OCLHLS_CACHE_MAX='%s' is not a size (bytes, or a number with K, M or G; "
                       "0: no limit): using the default, 2G",
                       v);
}

void oclhls_cache_touch(const char *path)
{
    /* The entry itself, not what a symlink points to: the scan reads it with lstat. */
    utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW);
}

/* The apparent size of the files below the directory fd (closed here); files that vanish
 * meanwhile (a concurrent eviction) count 0. */
static unsigned long long tree_size(int fd, int depth)
{
    DIR *d = fdopendir(fd);
    struct dirent *de;
    struct stat st;
    unsigned long long sum = 0;
    int sub;

    if (!d) {
        close(fd);
        return 0;
    }
    while ((de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
            fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW))
            continue;
        if (S_ISREG(st.st_mode))
            sum += (unsigned long long)st.st_size;
        if (!S_ISDIR(st.st_mode) || depth >= MAX_DEPTH)
            continue;
        sub = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub >= 0)
            sum += tree_size(sub, depth + 1);
    }
    closedir(d);
    return sum;
}

static unsigned long long entry_size(const char *path, const struct stat *st)
{
    if (!S_ISDIR(st->st_mode))
        return S_ISREG(st->st_mode) ? (unsigned long long)st->st_size : 0;
    return tree_size(open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), 0);
}

static int is_transient(const char *name)
{
    return !strncmp(name, ".build-", 7) || !strncmp(name, ".trash-", 7);
}

static int add_entry(struct oclhls_cache_list *l, size_t kind, char *path, const char *name)
{
    struct oclhls_cache_entry *e, *v;
    struct stat st;

    if (lstat(path, &st)) {
        free(path); /* removed since the directory was read */
        return 0;
    }
    if (l->n == l->cap) {
        v = realloc(l->v, (l->cap ? 2 * l->cap : 64) * sizeof(*v));
        if (!v) {
            free(path);
            return -1;
        }
        l->v = v;
        l->cap = l->cap ? 2 * l->cap : 64;
    }
    e = &l->v[l->n++];
    e->path = path;
    e->kind = kind;
    e->transient = name[0] == '.';
    e->size = entry_size(path, &st);
    /* A renamed (trash) directory keeps its old mtime; its ctime is when it was renamed. */
    e->used = e->transient ? st.st_ctim : st.st_mtim;
    return 0;
}

static int scan_kind(const char *root, struct oclhls_cache_list *l, size_t kind)
{
    char *dir = oclhls_asprintf("%s/%s", root, l->kinds[kind]), *path;
    DIR *d = dir ? opendir(dir) : NULL;
    struct dirent *de;
    int ret = 0;

    while (d && ret == 0 && (de = readdir(d))) {
        if (de->d_name[0] == '.' && !is_transient(de->d_name))
            continue; /* ".", "..", and anything hidden that is not ours */
        path = oclhls_asprintf("%s/%s", dir, de->d_name);
        ret = path ? add_entry(l, kind, path, de->d_name) : -1;
    }
    if (d)
        closedir(d);
    free(dir);
    return ret; /* a kind directory removed meanwhile simply has no entries */
}

static int add_kind(struct oclhls_cache_list *l, const char *root, const char *name)
{
    char *path = oclhls_asprintf("%s/%s", root, name);
    struct stat st;
    char **kinds;
    int ok = path && lstat(path, &st) == 0 && S_ISDIR(st.st_mode);

    free(path);
    if (!ok)
        return 0; /* files in the root are not ours to count */
    kinds = realloc(l->kinds, (l->nkinds + 1) * sizeof(*kinds));
    if (!kinds)
        return -1;
    l->kinds = kinds;
    l->kinds[l->nkinds] = strdup(name);
    return l->kinds[l->nkinds++] ? 0 : -1;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int oclhls_cache_scan(const char *root, struct oclhls_cache_list *l)
{
    DIR *d = opendir(root);
    struct dirent *de;
    int ret = 0;

    memset(l, 0, sizeof(*l));
    if (!d)
        return -1;
    while (ret == 0 && (de = readdir(d)))
        if (de->d_name[0] != '.')
            ret = add_kind(l, root, de->d_name);
    closedir(d);
    if (ret == 0 && l->nkinds)
        qsort(l->kinds, l->nkinds, sizeof(*l->kinds), compare_names);
    for (size_t k = 0; ret == 0 && k < l->nkinds; k++)
        ret = scan_kind(root, l, k);
    if (ret)
        oclhls_cache_list_release(l);
    return ret;
}

void oclhls_cache_list_release(struct oclhls_cache_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i].path);
    for (size_t k = 0; k < l->nkinds; k++)
        free(l->kinds[k]);
    free(l->v);
    free(l->kinds);
    memset(l, 0, sizeof(*l));
}

int oclhls_cache_is_stale(const struct oclhls_cache_entry *e, time_t now)
{
    return e->transient && now - e->used.tv_sec > OCLHLS_CACHE_STALE_SECONDS;
}

/* <directory of path>/.trash-XXXXXX: in the same directory, so the rename cannot cross
 * file systems. malloc'ed or NULL. */
static char *trash_template(const char *path)
{
    const char *slash = strrchr(path, '/');

    if (!slash)
        return strdup(".trash-XXXXXX");
    return oclhls_asprintf("%.*s/.trash-XXXXXX", (int)(slash - path), path);
}

int oclhls_cache_remove(const char *path)
{
    struct stat st;
    char *trash;
    int saved;

    if (lstat(path, &st))
        return -1;
    if (!S_ISDIR(st.st_mode))
        return unlink(path); /* readers that opened it keep it */
    trash = trash_template(path);
    if (!trash || !mkdtemp(trash))
        goto out_fail;
    /* Replaces the empty directory atomically: path is either whole or gone, never half
     * removed, so a publisher of the same key sees no marker-less leftover. */
    if (rename(path, trash)) {
        saved = errno;
        rmdir(trash);
        errno = saved;
        goto out_fail;
    }
    oclhls_rm_rf(trash); /* what is left of a failure goes stale and is swept later */
    free(trash);
    return 0;
out_fail:
    free(trash);
    return -1;
}

/* Oldest first; among entries used in the same instant, by path, for a stable order. */
static int compare_used(const void *pa, const void *pb)
{
    const struct oclhls_cache_entry *a = pa, *b = pb;

    if (a->used.tv_sec != b->used.tv_sec)
        return a->used.tv_sec < b->used.tv_sec ? -1 : 1;
    if (a->used.tv_nsec != b->used.tv_nsec)
        return a->used.tv_nsec < b->used.tv_nsec ? -1 : 1;
    return strcmp(a->path, b->path);
}

static int is_keep(const char *path, const struct stat *keep)
{
    struct stat st;

    return keep && lstat(path, &st) == 0 && st.st_dev == keep->st_dev && st.st_ino == keep->st_ino;
}

int oclhls_cache_evict(const char *root, unsigned long long limit, const char *keep,
                       time_t grace_s)
{
    struct oclhls_cache_list l;
    struct stat keep_st;
    unsigned long long total = 0;
    time_t now = time(NULL);
    int removed = 0, has_keep = keep && lstat(keep, &keep_st) == 0;

    if (oclhls_cache_scan(root, &l))
        return -1;
    for (size_t i = 0; i < l.n; i++) {
        if (oclhls_cache_is_stale(&l.v[i], now))
            oclhls_rm_rf(l.v[i].path);
        else if (!l.v[i].transient)
            total += l.v[i].size;
    }
    if (l.n)
        qsort(l.v, l.n, sizeof(*l.v), compare_used);
    for (size_t i = 0; i < l.n && limit && total > limit; i++) {
        struct oclhls_cache_entry *e = &l.v[i];

        if (e->transient || e->used.tv_sec > now - grace_s ||
            is_keep(e->path, has_keep ? &keep_st : NULL))
            continue;
        /* ENOENT: another process evicted it first; its bytes are gone all the same. */
        if (oclhls_cache_remove(e->path) == 0)
            removed++;
        else if (errno != ENOENT)
            continue;
        total -= e->size;
    }
    oclhls_cache_list_release(&l);
    return removed;
}

/* 1 when path is <root>/<kind>/<name>: trimming anything else would evict the wrong tree. */
static int in_cache(const char *root, const char *path)
{
    char *parent = oclhls_asprintf("%s/../..", path);
    struct stat a, b;
    int ret = parent && stat(parent, &a) == 0 && stat(root, &b) == 0 && a.st_dev == b.st_dev &&
              a.st_ino == b.st_ino;

    free(parent);
    return ret;
}

/*
 * Entries used this recently stay: a build that found an entry (the Verilator runtime, a
 * library unit) links it a little later, and a model found by one process is dlopen'ed
 * after the lookup. The cache may stay above its limit meanwhile.
 */
#define TRIM_GRACE_S 600

void oclhls_cache_trim(const char *keep)
{
    static atomic_flag warned = ATOMIC_FLAG_INIT;
    char root[4096], err[256];
    unsigned long long limit;

    if (oclhls_cache_limit(&limit, err, sizeof(err)) && !atomic_flag_test_and_set(&warned))
        fprintf(stderr, "oclhls: %s\n", err);
    if (limit == 0 || oclhls_cache_dir(root, sizeof(root)) || !in_cache(root, keep))
        return;
    oclhls_cache_evict(root, limit, keep, TRIM_GRACE_S);
}
