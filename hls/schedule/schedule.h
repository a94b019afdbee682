/* SPDX-License-Identifier: MIT */
/* Segments and stages (schedule/): pipelines between loop and barrier boundaries, the values
 * their tokens carry, and the stage of every operation. */
#ifndef OCLHLS_SCHEDULE_H
#define OCLHLS_SCHEDULE_H

#include "hir.h"
#include "hls_ctx.h"

/* Cuts the kernel into pipeline segments at loop boundaries (segments.c). */
int hls_segments(struct hls_ctx *ctx, struct hir_kernel *k);
/* Global ids and functions of the work-group slot computed after the first segment instead of
   carried there (rebuild_ids.c); called by hls_segments once the segments' ranges are known */
int hls_rebuild_values(struct hls_ctx *ctx, struct hir_kernel *k);
/* Segment queries (segment_query.c). The segment whose operation range holds position pos
   (segment 0 when none does). */
int hls_segment_at(const struct hir_kernel *k, int pos);
/* The segment that ends in `to` of loop or barrier `loop` (it may hold no operations), or
   HIR_NONE. */
int hls_segment_to(const struct hir_kernel *k, enum hir_seg_to to, int loop);
/* The name of value v inside segment si: itself, its token copy, or HIR_NONE. */
int hls_segment_local(const struct hir_kernel *k, int si, int v);

/* Assigns pipeline stages; sets k->depth. */
int hls_schedule(struct hls_ctx *ctx, struct hir_kernel *k);
/* ASAP over segment si (schedule_ops.c); modulo: loop phis keep their stage. */
void hls_schedule_ops(struct hir_kernel *k, int si, int modulo);
/* After the operations of segment si have stages: its depth, the last stage of every value it
   hands on (schedule_ops.c). */
void hls_segment_finish(struct hir_kernel *k, int si);
/* Stages and II of the modulo-scheduled loop whose only segment is si (modulo.c). */
int hls_modulo_schedule(struct hls_ctx *ctx, struct hir_kernel *k, int si);

#endif
