/* SPDX-License-Identifier: MIT */
/* The clang the frontend runs, by version (clang_version.c). */
#ifndef OCLHLS_FE_CLANG_VERSION_H
#define OCLHLS_FE_CLANG_VERSION_H


/* "19.1.7" etc. for cache keys: the clang --version first line. Static storage. */
const char *fe_clang_version(void);

#endif
