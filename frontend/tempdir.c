/* SPDX-License-Identifier: MIT */
/* A private temporary directory for one clang run, and its removal. */
#include "fe_internal.h"

#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* $TMPDIR/oclhls-fe-XXXXXX (mode 0700), malloc'ed; NULL on failure (errno set). */
char *fe_tempdir_create(void)
{
    const char *base = getenv("TMPDIR");
    struct fe_buf b;
    char *dir;

    if (!base || !*base)
        base = "/tmp";
    fe_buf_init(&b);
    fe_buf_printf(&b, "%s/oclhls-fe-XXXXXX", base);
    dir = fe_buf_steal(&b);
    if (dir && !mkdtemp(dir)) {
        free(dir);
        dir = NULL;
    }
    return dir;
}

static int remove_entry(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
    (void)sb;
    (void)type;
    (void)ftw;
    remove(path);
    return 0;
}

/* Removes dir and everything in it (clang may leave temporaries when it crashes). */
void fe_tempdir_remove(const char *dir)
{
    if (dir)
        nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

int fe_write_file(const char *path, const char *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    ssize_t n;

    if (fd < 0)
        return -1;
    while (len) {
        n = write(fd, data, len);
        if (n < 0)
            goto out_close;
        data += n;
        len -= (size_t)n;
    }
    return close(fd);
out_close:
    close(fd);
    return -1;
}
