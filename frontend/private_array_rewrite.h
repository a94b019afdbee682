/* SPDX-License-Identifier: MIT */
/* The rewrite of one private array into scalars (private_array_rewrite.c). */
#ifndef OCLHLS_FE_PRIVATE_ARRAY_REWRITE_H
#define OCLHLS_FE_PRIVATE_ARRAY_REWRITE_H

#include "private_array_access.h"

/* 0, or -1 when out of memory (the module is then unusable). */
int pa_rewrite(struct pa_ctx *c, struct pa_object *o);

#endif
