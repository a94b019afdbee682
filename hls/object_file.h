/* SPDX-License-Identifier: MIT */
/* Compiled objects and libraries as link inputs (object_file.c). */
#ifndef OCLHLS_HLS_OBJECT_FILE_H
#define OCLHLS_HLS_OBJECT_FILE_H

#include "board.h"
#include "frontend.h"
#include "strbuf.h"

/* The inputs of a link opened: objs (for fe_request.objects) point into bins. */
struct hls_objects {
    unsigned n;
    struct oclbin **bins;
    struct fe_object *objs;
    char **names;
};

/* Opens the n program files for board; -1 with the reason in log (the input named). */
int hls_objects_open(const void *const *files, const size_t *sizes, unsigned n,
                     const struct oclhls_board *board, struct hls_objects *o,
                     struct oclhls_strbuf *log);
void hls_objects_close(struct hls_objects *o);

#endif
