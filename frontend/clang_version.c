/* SPDX-License-Identifier: MIT */
/* fe_clang_version: the first line of `clang --version`, computed once. */
#include "fe_internal.h"
#include "clang_version.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "subprocess.h"

static pthread_once_t fe_version_once = PTHREAD_ONCE_INIT;
static char fe_version[256]; /* written once under fe_version_once, read-only after */

static void compute_version(void)
{
    char *argv[] = {(char *)OCLHLS_CLANG, (char *)"--version", NULL};
    char *out = NULL;
    size_t n;

    if (oclhls_run(argv, &out) != 0 || !out) {
        snprintf(fe_version, sizeof(fe_version), "clang (unknown version: %s --version failed)",
                 OCLHLS_CLANG);
        goto out_free;
    }
    n = strcspn(out, "\n");
    if (n >= sizeof(fe_version))
        n = sizeof(fe_version) - 1;
    memcpy(fe_version, out, n);
    fe_version[n] = '\0';
out_free:
    free(out);
}

const char *fe_clang_version(void)
{
    pthread_once(&fe_version_once, compute_version);
    return fe_version;
}
