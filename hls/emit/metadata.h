/* SPDX-License-Identifier: MIT */
/* The program file's "meta" JSON and the human-readable build report. */
#ifndef OCLHLS_METADATA_H
#define OCLHLS_METADATA_H

#include "frontend.h"
#include "emit.h"
#include "schedule.h"
#include "target.h"
#include "transform.h"

struct build_info {
    const struct oclhls_board *board;
    const char *source_name;
    const char *options;
    const struct fe_result *fe;
    struct hir_kernel *const *kernels; /* same order as fe->kernels */
    const struct hls_channel *channels; /* the program's channels */
    unsigned nchannels;
};

/* Appends the report (one block per kernel) to o. */
void metadata_report(const struct build_info *b, struct oclhls_strbuf *o);
/* The "meta" section (docs/program-file.md); malloc'ed JSON text, NULL if out of memory. */
char *metadata_json(const struct build_info *b, const char *report);

#endif
