// SPDX-License-Identifier: MIT
/* How big a kernel's memories are on a board (target.h): block RAM blocks of a memory and of
 * a private array or __local memory with its copies, and the largest work-group the kernel's
 * hardware holds. */
#include "target.h"

unsigned long hls_bram_blocks(const struct oclhls_board *board, unsigned long depth,
                              unsigned long width)
{
    unsigned long best = 0;
    for (int i = 0; i < board->n_bram_shapes; i++) {
        const struct oclhls_bram_shape *s = &board->bram_shapes[i];
        unsigned long n = (width + s->width - 1) / s->width * ((depth + s->depth - 1) / s->depth);
        if (!best || n < best)
            best = n;
    }
    return best;
}

unsigned long hls_parray_blocks(const struct hir_kernel *k, const struct hir_parray *pa,
                                const struct oclhls_board *board)
{
    if (!pa->nloads && !pa->nstores)
        return 0;
    unsigned long replicas = (unsigned long)(pa->nreplicas ? pa->nreplicas : 1);
    unsigned long copies = (unsigned long)(pa->local ? k->nwg_slots : k->nslots);
    unsigned long words = copies * (pa->bytes / pa->elem_bytes);
    /* __local memory: each copy and bank its own memories (ocl_private_ram NC, NB) */
    unsigned long parts = pa->local ? copies * pa->banks : 1;
    return replicas * parts * hls_bram_blocks(board, words / parts, pa->elem_bytes * 8);
}

unsigned hls_max_work_group(const struct hir_kernel *k, const struct oclhls_board *board)
{
    if (k->reqd_wg[0])
        return k->reqd_wg[0] * k->reqd_wg[1] * k->reqd_wg[2];
    return k->attr_max_wg ? k->attr_max_wg : board->max_work_group_size;
}
