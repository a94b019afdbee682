/* SPDX-License-Identifier: MIT */
/* File-system helpers; see fsutil.h. */
#define _GNU_SOURCE /* nftw */
#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int read_all(int fd, char **data, size_t *size)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap + 1), *p;
    ssize_t n;

    if (!buf)
        return -1;
    for (;;) {
        if (len == cap) {
            p = realloc(buf, cap * 2 + 1);
            if (!p)
                goto out_free_buf;
            buf = p;
            cap *= 2;
        }
        n = read(fd, buf + len, cap - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            goto out_free_buf;
        if (n == 0)
            break;
        len += (size_t)n;
    }
    buf[len] = '\0';
    *data = buf;
    *size = len;
    return 0;
out_free_buf:
    free(buf);
    return -1;
}

int oclhls_read_file(const char *path, char **data, size_t *size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    int ret, saved;

    if (fd < 0)
        return -1;
    ret = read_all(fd, data, size);
    saved = errno;
    close(fd);
    errno = saved;
    return ret;
}

int oclhls_write_file(const char *path, const void *data, size_t size)
{
    const char *p = data;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    ssize_t n;
    int saved;

    if (fd < 0)
        return -1;
    while (size) {
        n = write(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            goto out_close;
        p += n;
        size -= (size_t)n;
    }
    if (close(fd))
        return -1;
    return 0;
out_close:
    saved = errno ? errno : EIO;
    close(fd);
    errno = saved;
    return -1;
}

int oclhls_mkdir_p(const char *path, mode_t mode)
{
    char *copy = strdup(path), *p;
    int ret = -1;

    if (!copy)
        return -1;
    for (p = copy + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(copy, mode) && errno != EEXIST)
            goto out_free_copy;
        *p = '/';
    }
    if (mkdir(copy, mode) && errno != EEXIST)
        goto out_free_copy;
    ret = oclhls_is_dir(copy) ? 0 : -1;
    if (ret)
        errno = ENOTDIR;
out_free_copy:
    free(copy);
    return ret;
}

static int rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (type == FTW_DP)
        return rmdir(path) && errno != ENOENT ? -1 : 0;
    return unlink(path) && errno != ENOENT ? -1 : 0;
}

int oclhls_rm_rf(const char *path)
{
    struct stat st;

    if (lstat(path, &st))
        return errno == ENOENT ? 0 : -1;
    return nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

int oclhls_is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
