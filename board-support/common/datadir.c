/* SPDX-License-Identifier: MIT */
/*
 * Where rtl-lib/ and board-support/ are read at run time (board.h oclhls_datadir). An
 * installed tree is found next to the program or library that runs this code, so that
 * `cmake --install build --prefix DIR` works for any DIR, also one chosen after configuring
 * and one moved later: <prefix>/<bindir or libdir>/../share/oclhls, the relative paths
 * computed by CMake from the GNU install directories.
 */
#define _GNU_SOURCE /* dladdr */
#include "board.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fsutil.h"

#if !defined(OCLHLS_SOURCE_DATADIR) || !defined(OCLHLS_INSTALL_DATADIR) ||                       \
    !defined(OCLHLS_DATADIR_FROM_BINDIR) || !defined(OCLHLS_DATADIR_FROM_LIBDIR)
#error "the build defines OCLHLS_SOURCE_DATADIR, OCLHLS_INSTALL_DATADIR and the relative paths"
#endif

static char relocated[PATH_MAX];
static pthread_once_t relocated_once = PTHREAD_ONCE_INIT;

/* The directory of the file holding this code: the oclhls program or the runtime library. */
static int own_directory(char *dir, size_t len)
{
    Dl_info info;
    char exe[PATH_MAX];
    const char *file = NULL;

    if (dladdr((void *)own_directory, &info) && info.dli_fname && strchr(info.dli_fname, '/'))
        file = info.dli_fname;
    else { /* the main program, named without a directory: /proc/self/exe is it */
        ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
        if (n <= 0)
            return -1;
        exe[n] = '\0';
        file = exe;
    }
    const char *slash = strrchr(file, '/');
    if ((size_t)(slash - file) >= len)
        return -1;
    memcpy(dir, file, (size_t)(slash - file));
    dir[slash - file] = '\0';
    return 0;
}

static void find_relocated(void)
{
    static const char *const from[] = {OCLHLS_DATADIR_FROM_BINDIR, OCLHLS_DATADIR_FROM_LIBDIR};
    char dir[PATH_MAX], candidate[PATH_MAX + 64];

    if (own_directory(dir, sizeof(dir)))
        return;
    for (size_t i = 0; i < sizeof(from) / sizeof(from[0]); i++) {
        snprintf(candidate, sizeof(candidate), "%s/%s/board-support", dir, from[i]);
        if (!oclhls_is_dir(candidate))
            continue;
        char *real = realpath(candidate, NULL);
        if (real && strlen(real) < sizeof(relocated)) {
            *strrchr(real, '/') = '\0'; /* without /board-support */
            snprintf(relocated, sizeof(relocated), "%s", real);
        }
        free(real);
        if (relocated[0])
            return;
    }
}

const char *oclhls_datadir(void)
{
    const char *env = getenv("OCLHLS_DATADIR");

    if (env && *env)
        return env;
    pthread_once(&relocated_once, find_relocated);
    if (relocated[0])
        return relocated;
    if (oclhls_is_dir(OCLHLS_SOURCE_DATADIR "/board-support"))
        return OCLHLS_SOURCE_DATADIR;
    return OCLHLS_INSTALL_DATADIR;
}
