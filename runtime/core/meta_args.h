/* SPDX-License-Identifier: MIT */
/* A kernel's arguments in the "meta" section: parsed and checked (meta_args.c). */
#ifndef OCLHLS_CORE_META_ARGS_H
#define OCLHLS_CORE_META_ARGS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/meta.h"

/* Argument i of kernel kname from its JSON object a; 0, or -1 with the reason in err. */
int oclhls_meta_parse_arg(const cJSON *a, const char *kname, unsigned i, struct oclhls_arg_meta *m,
                          char *err, size_t errlen);

/* Do the kernel's argument words (its arguments', and the hidden words for __constant data
   and printf) follow one another from the first argument word without a gap or overlap, as
   many as "num_args" and "arg_bytes" (members of the kernel's JSON object k) say? */
int oclhls_meta_check_arg_words(const cJSON *k, const struct oclhls_kernel_meta *m, char *err,
                                size_t errlen);

#endif
