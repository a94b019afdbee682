/* SPDX-License-Identifier: MIT */
/* A map from pointers (LLVM values, blocks) to integers; open addressing, grows by doubling. */
#ifndef OCLHLS_VALMAP_H
#define OCLHLS_VALMAP_H

#include <stddef.h>

struct valmap {
    const void **keys;
    int *vals;
    size_t cap; /* power of two or 0 */
    size_t count;
};

/* 0 on success, -1 when out of memory. */
int valmap_put(struct valmap *m, const void *key, int val);
/* The value for key, or def when absent. */
int valmap_get(const struct valmap *m, const void *key, int def);
void valmap_free(struct valmap *m);

#endif
