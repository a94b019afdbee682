/* SPDX-License-Identifier: MIT */
/* The cache's entries: private build directories, atomic publishing, build locks (cache.h). */
#define _GNU_SOURCE /* mkdtemp */
#include "cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fsutil.h"
#include "strbuf.h"

/* Removes build directories left over by killed processes (a day old: cache.h). */
static void sweep_stale(const char *parent)
{
    DIR *d = opendir(parent);
    struct dirent *de;
    struct stat st;
    char *path;

    if (!d)
        return;
    while ((de = readdir(d))) {
        if (strncmp(de->d_name, ".build-", 7) != 0)
            continue;
        path = oclhls_asprintf("%s/%s", parent, de->d_name);
        if (path && lstat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
            time(NULL) - st.st_mtime > OCLHLS_CACHE_STALE_SECONDS)
            oclhls_rm_rf(path);
        free(path);
    }
    closedir(d);
}

char *oclhls_cache_mkdtemp(const char *parent, struct oclhls_strbuf *log)
{
    char *path = oclhls_asprintf("%s/.build-XXXXXX", parent);

    sweep_stale(parent);

    if (path && mkdtemp(path))
        return path;
    oclhls_strbuf_printf(log, "cannot create a build directory in '%s': %s\n", parent,
                         strerror(errno));
    free(path);
    return NULL;
}

int oclhls_cache_has(const char *dir, const char *marker)
{
    char *path = oclhls_asprintf("%s/%s", dir, marker);
    int ret = path && access(path, F_OK) == 0;

    free(path);
    if (ret)
        oclhls_cache_touch(dir);
    return ret;
}

/* <parent>/.lock-<name> for the entry <parent>/<name> (dot files are not entries). */
static char *lock_path(const char *entry_dir)
{
    const char *name = strrchr(entry_dir, '/');

    if (!name)
        return NULL;
    return oclhls_asprintf("%.*s/.lock-%s", (int)(name - entry_dir), entry_dir, name + 1);
}

int oclhls_cache_lock(const char *entry_dir)
{
    char *path = lock_path(entry_dir);
    int fd = path ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644) : -1;

    free(path);
    if (fd < 0)
        return -1;
    while (flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    }
    return fd;
}

void oclhls_cache_unlock(const char *entry_dir, int lock)
{
    char *path;

    if (lock < 0)
        return;
    /* a waiter on this file finds the entry published; a newcomer makes a new file */
    path = lock_path(entry_dir);
    if (path)
        unlink(path);
    free(path);
    close(lock);
}

int oclhls_cache_claim(const char *dir, const char *marker, int *lock)
{
    *lock = -1;
    if (oclhls_cache_has(dir, marker))
        return 1;
    *lock = oclhls_cache_lock(dir);
    if (!oclhls_cache_has(dir, marker)) /* else another process built it meanwhile */
        return 0;
    oclhls_cache_unlock(dir, *lock);
    *lock = -1;
    return 1;
}

/* dst is a new entry: it was used now, and the cache may have grown past its limit. */
static int published(const char *dst)
{
    oclhls_cache_touch(dst);
    oclhls_cache_trim(dst);
    return 0;
}

int oclhls_cache_publish(const char *src, const char *dst, const char *marker,
                         struct oclhls_strbuf *log)
{
    if (rename(src, dst) == 0)
        return published(dst);
    if ((errno == EEXIST || errno == ENOTEMPTY) && oclhls_cache_has(dst, marker)) {
        oclhls_rm_rf(src); /* another process won the race with the same content */
        return 0;
    }
    if (errno == EEXIST || errno == ENOTEMPTY) {
        /* A broken entry (no marker), e.g. left by hand: replace it once. */
        oclhls_rm_rf(dst);
        if (rename(src, dst) == 0)
            return published(dst);
        if (oclhls_cache_has(dst, marker))
            return 0;
    }
    oclhls_strbuf_printf(log, "cannot move '%s' to '%s': %s\n", src, dst, strerror(errno));
    return -1;
}
