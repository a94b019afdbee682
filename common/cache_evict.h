/* SPDX-License-Identifier: MIT */
/*
 * The cache's size limit and least-recently-used eviction (cache_evict.c), below the
 * entries' builders (cache.h), which trim the cache after each publish.
 */
#ifndef OCLHLS_CACHE_EVICT_H
#define OCLHLS_CACHE_EVICT_H

#include <stddef.h>
#include <time.h>

/* The size limit when OCLHLS_CACHE_MAX is not set: 2 GiB. */
#define OCLHLS_CACHE_DEFAULT_MAX (2ull << 30)

/*
 * Entries are the names directly inside each kind directory (<cache root>/<kind>/<name>,
 * e.g. sim-models/<key>), a directory or a file. Names starting with '.' are never entries:
 * .build-* are builds in progress, .trash-* entries being removed. An entry's last use is
 * its modification time, set when it is published and refreshed on each hit.
 */
struct oclhls_cache_entry {
    char *path;              /* <root>/<kind>/<name> */
    size_t kind;             /* index into oclhls_cache_list.kinds */
    unsigned long long size; /* bytes: the apparent sizes of its files */
    struct timespec used;    /* its mtime */
    int transient;           /* a .build-* or .trash-* directory, not an entry */
};

struct oclhls_cache_list {
    char **kinds; /* the kind directories' names, sorted */
    size_t nkinds;
    struct oclhls_cache_entry *v;
    size_t n, cap;
};

/*
 * The limit in bytes: OCLHLS_CACHE_MAX (a number of bytes, or with a K, M or G suffix for
 * KiB, MiB, GiB; 0: unlimited), else OCLHLS_CACHE_DEFAULT_MAX. 0, or -1 when the variable
 * is malformed: then *bytes is the default and err says why.
 */
int oclhls_cache_limit(unsigned long long *bytes, char *err, size_t errlen);

/* Marks the entry at path as used now (its mtime); failures only cost its place in line. */
void oclhls_cache_touch(const char *path);

/* Lists the cache at root: every kind and every entry (and transient directory). 0 or -1. */
int oclhls_cache_scan(const char *root, struct oclhls_cache_list *l);
void oclhls_cache_list_release(struct oclhls_cache_list *l);

/* 1 when a transient directory is old enough to belong to a dead process. */
int oclhls_cache_is_stale(const struct oclhls_cache_entry *e, time_t now);

/*
 * Removes one entry so that nobody sees it half removed: a directory is first renamed to
 * <kind>/.trash-XXXXXX (a process that mapped a file of it keeps it), then removed; a file
 * is unlinked. 0, or -1 with errno (ENOENT: another process removed it first).
 */
int oclhls_cache_remove(const char *path);

/*
 * Removes entries of the cache at root, least recently used first, until its entries total
 * at most limit bytes (0: no limit), never the entry at keep (NULL: none) nor one used in the
 * last grace_s seconds; also removes stale transient directories. Returns how many entries
 * it removed, or -1 when root cannot be read.
 */
int oclhls_cache_evict(const char *root, unsigned long long limit, const char *keep,
                       time_t grace_s);

/*
 * oclhls_cache_evict of the cache directory with oclhls_cache_limit, keeping keep, after
 * keep was published; does nothing when keep is not an entry of the cache directory. A
 * malformed OCLHLS_CACHE_MAX is reported on stderr once per process.
 */
void oclhls_cache_trim(const char *keep);

#endif
