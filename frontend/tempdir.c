/* SPDX-License-Identifier: MIT */
/* A private temporary directory for one clang run (removed with oclhls_rm_rf). */
#include "fe_internal.h"

#include <stdlib.h>

/* $TMPDIR/oclhls-fe-XXXXXX (mode 0700), malloc'ed; NULL on failure (errno set). */
char *fe_tempdir_create(void)
{
    const char *base = getenv("TMPDIR");
    char *dir;

    if (!base || !*base)
        base = "/tmp";
    dir = oclhls_asprintf("%s/oclhls-fe-XXXXXX", base);
    if (dir && !mkdtemp(dir)) {
        free(dir);
        dir = NULL;
    }
    return dir;
}
