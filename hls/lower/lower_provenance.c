// SPDX-License-Identifier: MIT
/*
 * Provenance: the object a pointer value derives from, a kernel argument (its index) or a
 * memory in block RAM (HIR_PRIVATE_BASE), carried through address arithmetic, selects and
 * phis. Loads and stores keep it (base_arg) for alias analysis in memory_order.c, and an
 * access to block RAM finds its memory by it.
 */
#include "lower_shared.h"

int lower_base_arg(struct lower *l, int ptr_value)
{
    return valmap_get(&l->base_arg, (const void *)(intptr_t)(ptr_value + 1), HIR_NONE);
}

int lower_set_base_arg(struct lower *l, int ptr_value, int arg)
{
    if (valmap_put(&l->base_arg, (const void *)(intptr_t)(ptr_value + 1), arg))
        return lower_error(l, 0, "out of memory");
    return 0;
}
