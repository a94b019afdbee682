/* SPDX-License-Identifier: MIT */
/* File-system helpers. All return 0 or -1 with errno set. */
#ifndef OCLHLS_FSUTIL_H
#define OCLHLS_FSUTIL_H

#include <stddef.h>
#include <sys/types.h>

/* Reads a whole file; *data is malloc'ed and NUL-terminated (size excludes the NUL). */
int oclhls_read_file(const char *path, char **data, size_t *size);

/* Creates or truncates path and writes size bytes. */
int oclhls_write_file(const char *path, const void *data, size_t size);

/* mkdir -p with mode for the directories it creates. */
int oclhls_mkdir_p(const char *path, mode_t mode);

/* rm -rf: removes path and everything below it, never following symlinks. */
int oclhls_rm_rf(const char *path);

/* 1 when path names a directory (following symlinks), else 0. */
int oclhls_is_dir(const char *path);

#endif
