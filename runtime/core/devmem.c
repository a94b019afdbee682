/* SPDX-License-Identifier: MIT */
#include "core/devmem.h"

#include <stdlib.h>

struct oclhls_devmem_block {
    struct oclhls_devmem_block *next;
    uint64_t addr, size;
};

static uint64_t round_up(uint64_t v)
{
    return (v + OCLHLS_DEVMEM_ALIGN - 1) & ~(uint64_t)(OCLHLS_DEVMEM_ALIGN - 1);
}

int oclhls_devmem_init(struct oclhls_devmem *dm, uint64_t size)
{
    pthread_mutex_init(&dm->lock, NULL);
    dm->base = OCLHLS_DEVMEM_BASE;
    dm->end = size & ~(uint64_t)(OCLHLS_DEVMEM_ALIGN - 1);
    dm->free = NULL;
    if (dm->end <= dm->base) {
        dm->end = dm->base;
        return 0;
    }
    dm->free = malloc(sizeof(*dm->free));
    if (!dm->free)
        return -1;
    dm->free->next = NULL;
    dm->free->addr = dm->base;
    dm->free->size = dm->end - dm->base;
    return 0;
}

uint64_t oclhls_devmem_capacity(const struct oclhls_devmem *dm)
{
    return dm->end - dm->base;
}

int oclhls_devmem_alloc(struct oclhls_devmem *dm, uint64_t size, uint64_t *addr)
{
    struct oclhls_devmem_block **link, *b;
    uint64_t need = round_up(size ? size : 1);
    int ret = -1;

    if (need < size) /* wrapped */
        return -1;
    pthread_mutex_lock(&dm->lock);
    for (link = &dm->free; (b = *link) != NULL; link = &b->next) {
        if (b->size < need)
            continue;
        *addr = b->addr;
        b->addr += need;
        b->size -= need;
        if (b->size == 0) {
            *link = b->next;
            free(b);
        }
        ret = 0;
        break;
    }
    pthread_mutex_unlock(&dm->lock);
    return ret;
}

void oclhls_devmem_free(struct oclhls_devmem *dm, uint64_t addr, uint64_t size)
{
    struct oclhls_devmem_block **link, *b, *prev = NULL, *nb;
    uint64_t len = round_up(size ? size : 1);

    pthread_mutex_lock(&dm->lock);
    for (link = &dm->free; (b = *link) != NULL && b->addr < addr; link = &b->next)
        prev = b;
    /* merge with the block before, the block after, or both */
    if (prev && prev->addr + prev->size == addr) {
        prev->size += len;
        if (b && prev->addr + prev->size == b->addr) {
            prev->size += b->size;
            prev->next = b->next;
            free(b);
        }
        goto out_unlock;
    }
    if (b && addr + len == b->addr) {
        b->addr = addr;
        b->size += len;
        goto out_unlock;
    }
    nb = malloc(sizeof(*nb));
    if (!nb)
        goto out_unlock; /* the range is lost, nothing worse */
    nb->addr = addr;
    nb->size = len;
    nb->next = b;
    *link = nb;
out_unlock:
    pthread_mutex_unlock(&dm->lock);
}
