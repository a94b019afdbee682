/* SPDX-License-Identifier: MIT */
/* Where the cache is (cache_dir.h). */
#define _GNU_SOURCE /* lstat */
#include "cache_dir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsutil.h"
#include "strbuf.h"

static const char *env_nonempty(const char *name)
{
    const char *v = getenv(name);

    return v && *v ? v : NULL;
}

/*
 * The /tmp fallback is shared with other users: refuse it unless it is a real directory
 * that we own and nobody else can write (else another user could plant a model.so).
 */
static int check_private(const char *path)
{
    struct stat st;

    if (lstat(path, &st) || !S_ISDIR(st.st_mode) || st.st_uid != getuid() || (st.st_mode & 022)) {
        errno = EPERM;
        return -1;
    }
    return 0;
}

int oclhls_cache_dir(char *buf, size_t len)
{
    const char *env;
    int n, shared = 0;

    if ((env = env_nonempty("OCLHLS_CACHE_DIR")))
        n = snprintf(buf, len, "%s", env);
    else if ((env = env_nonempty("XDG_CACHE_HOME")))
        n = snprintf(buf, len, "%s/oclhls", env);
    else if ((env = env_nonempty("HOME")))
        n = snprintf(buf, len, "%s/.cache/oclhls", env);
    else {
        n = snprintf(buf, len, "/tmp/oclhls-cache-%u", (unsigned)getuid());
        shared = 1;
    }
    if (n < 0 || (size_t)n >= len) {
        errno = ENAMETOOLONG;
        return -1;
    }
    if (oclhls_mkdir_p(buf, 0700))
        return -1;
    return shared ? check_private(buf) : 0;
}

char *oclhls_cache_subdir(const char *sub, struct oclhls_strbuf *log)
{
    char root[4096];
    char *path;

    if (oclhls_cache_dir(root, sizeof(root))) {
        oclhls_strbuf_printf(log,
                             "cannot use the cache directory '%s': %s "
                             "(set OCLHLS_CACHE_DIR to a writable directory)\n",
                             root, strerror(errno));
        return NULL;
    }
    path = oclhls_asprintf("%s/%s", root, sub);
    if (path && oclhls_mkdir_p(path, 0700) == 0)
        return path;
    oclhls_strbuf_printf(log, "cannot create '%s': %s\n", path ? path : sub, strerror(errno));
    free(path);
    return NULL;
}
