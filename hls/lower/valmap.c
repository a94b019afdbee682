// SPDX-License-Identifier: MIT
#include "valmap.h"

#include <stdint.h>
#include <stdlib.h>

static size_t slot_of(const void *key, size_t cap)
{
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 7) & (cap - 1);
}

static int grow(struct valmap *m)
{
    size_t cap = m->cap ? m->cap * 2 : 256;
    const void **keys = calloc(cap, sizeof(*keys));
    int *vals = calloc(cap, sizeof(*vals));
    if (!keys || !vals) {
        free(keys);
        free(vals);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        size_t s = slot_of(m->keys[i], cap);
        while (keys[s])
            s = (s + 1) & (cap - 1);
        keys[s] = m->keys[i];
        vals[s] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
    return 0;
}

int valmap_put(struct valmap *m, const void *key, int val)
{
    if ((m->count + 1) * 2 > m->cap && grow(m))
        return -1;
    size_t s = slot_of(key, m->cap);
    while (m->keys[s] && m->keys[s] != key)
        s = (s + 1) & (m->cap - 1);
    if (!m->keys[s])
        m->count++;
    m->keys[s] = key;
    m->vals[s] = val;
    return 0;
}

int valmap_get(const struct valmap *m, const void *key, int def)
{
    if (!m->cap)
        return def;
    size_t s = slot_of(key, m->cap);
    while (m->keys[s]) {
        if (m->keys[s] == key)
            return m->vals[s];
        s = (s + 1) & (m->cap - 1);
    }
    return def;
}

void valmap_free(struct valmap *m)
{
    free(m->keys);
    free(m->vals);
    m->keys = NULL;
    m->vals = NULL;
    m->cap = m->count = 0;
}
