/* SPDX-License-Identifier: MIT */
/*
 * Where the on-disk cache is, the bottom of the cache's files (cache.h, cache_evict.h).
 */
#ifndef OCLHLS_CACHE_DIR_H
#define OCLHLS_CACHE_DIR_H

#include <stddef.h>

struct oclhls_strbuf;

/* A build or trash directory this old belongs to a process that died: no build takes a day. */
#define OCLHLS_CACHE_STALE_SECONDS (24 * 3600)

/*
 * The cache root: $OCLHLS_CACHE_DIR, else $XDG_CACHE_HOME/oclhls, else $HOME/.cache/oclhls,
 * else /tmp/oclhls-cache-<uid> (refused unless it is ours and private). Created on demand.
 * Writes the path into buf; 0 or -1 (errno).
 */
int oclhls_cache_dir(char *buf, size_t len);

/* <cache root>/<sub>, created on demand; malloc'ed, or NULL with the reason in log. */
char *oclhls_cache_subdir(const char *sub, struct oclhls_strbuf *log);

#endif
