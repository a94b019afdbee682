/* SPDX-License-Identifier: MIT */
/*
 * The on-disk cache shared by processes: entries are built in
 * a private temporary directory and published with one atomic rename, so readers only
 * ever see complete entries and concurrent builders of the same entry do not collide.
 */
#ifndef OCLHLS_CACHE_H
#define OCLHLS_CACHE_H

#include <stddef.h>

#include "cache_dir.h"
#include "cache_evict.h"

struct oclhls_strbuf;

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

/*
 * The entry dir is to be built by this process, or it is there: 1 when it is published
 * (marker present, now or once another builder finished), no lock held; 0 when this process
 * builds it, holding *lock (oclhls_cache_lock's, -1 when none could be taken) until it
 * publishes or gives up (oclhls_cache_unlock).
 */
int oclhls_cache_claim(const char *dir, const char *marker, int *lock);

#endif
