/* SPDX-License-Identifier: MIT */
/*
 * The on-disk cache shared by processes: entries are built in
 * a private temporary directory and published with one atomic rename, so readers only
 * ever see complete entries and concurrent builders of the same entry do not collide.
 */
#ifndef OCLHLS_CACHE_H
#define OCLHLS_CACHE_H

#include <stddef.h>
#include <time.h>

struct oclhls_strbuf;

/* A build or trash directory this old belongs to a process that died: no build takes a day. */
#define OCLHLS_CACHE_STALE_SECONDS (24 * 3600)

/* The size limit when OCLHLS_CACHE_MAX is not set: 2 GiB. */
#define OCLHLS_CACHE_DEFAULT_MAX (2ull << 30)

/* <cache root>/<sub>, created on demand; malloc'ed, or NULL with the reason in log. */
char *oclhls_cache_subdir(const char *sub, struct oclhls_strbuf *log);

/*
 * A new private directory <parent>/.build-XXXXXX; malloc'ed, or NULL (reason in log).
 * Also removes .build-* directories older than a day (left by killed processes).
 */
char *oclhls_cache_mkdtemp(const char *parent, struct oclhls_strbuf *log);

/*
 * Renames the finished directory src to dst. When another process published dst first
 * (dst/<marker> exists), src is removed and that counts as success. 0 or -1 (log).
 */
int oclhls_cache_publish(const char *src, const char *dst, const char *marker,
                         struct oclhls_strbuf *log);

/*
 * 1 when dir/<marker> exists, i.e. dir is a complete published entry; a hit also marks the
 * entry as used now (oclhls_cache_touch), so eviction keeps it longest.
 */
int oclhls_cache_has(const char *dir, const char *marker);

/*
 * One builder per entry: blocks while another process holds the entry's build lock (a
 * lock file beside it, flock), then holds it. Check oclhls_cache_has again after it
 * returns: the other process may have published the entry meanwhile. Returns the lock
 * (for oclhls_cache_unlock), or -1 when none can be taken: then build anyway, publishing
 * is atomic. A process that holds several locks takes them in one global order (models,
 * then units by key, then the Verilator runtime), so two processes never wait for each
 * other.
 */
int oclhls_cache_lock(const char *entry_dir);
void oclhls_cache_unlock(const char *entry_dir, int lock);

/* ---- size limit and eviction (cache_evict.c) ------------------------------------------ */

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
