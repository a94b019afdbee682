// SPDX-License-Identifier: MIT
/* Finding a kernel's segments (schedule.h): by where their tokens go, by position, and the name a
 * value has inside one. Queries of the IR that segments.c builds, for the passes and emitters
 * after it. */
#include "schedule.h"
#include "target.h"

int hls_segment_to(const struct hir_kernel *k, enum hir_seg_to to, int loop)
{
    for (int i = 0; i < k->nsegs; i++)
        if (k->segs[i].to == to && k->segs[i].to_loop == loop)
            return i;
    return HIR_NONE;
}

int hls_segment_at(const struct hir_kernel *k, int pos)
{
    for (int i = 0; i < k->nsegs; i++)
        if (pos >= k->segs[i].begin && pos < k->segs[i].end)
            return i;
    return 0;
}

int hls_segment_local(const struct hir_kernel *k, int si, int v)
{
    if (v == HIR_NONE || k->ops[v].invariant || k->ops[v].seg == si)
        return v;
    const struct hir_segment *s = &k->segs[si];
    for (int i = 0; i < s->nin; i++)
        if (s->in[i] == v)
            return s->in_copy[i];
    return HIR_NONE;
}
