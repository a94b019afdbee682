/* SPDX-License-Identifier: MIT */
/*
 * The on-disk cache shared by processes: entries are built in
 * a private temporary directory and published with one atomic rename, so readers only
 * ever see complete entries and concurrent builders of the same entry do not collide.
 */
#ifndef OCLHLS_CACHE_H
#define OCLHLS_CACHE_H

struct oclhls_strbuf;

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

/* 1 when dir/<marker> exists, i.e. dir is a complete published entry. */
int oclhls_cache_has(const char *dir, const char *marker);

#endif
