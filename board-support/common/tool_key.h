/* SPDX-License-Identifier: MIT */
/* What the board flows' cache keys share: a tool's version in the key (tool_key.c). */
#ifndef OCLHLS_TOOL_KEY_H
#define OCLHLS_TOOL_KEY_H

#include "hashkey.h"

/* Adds what `tool flag` prints (its version), or the tool's name when it cannot be run: a
   build made with other tools is another entry. */
void oclhls_key_add_tool_version(struct oclhls_hashkey *k, const char *tool, const char *flag);

#endif
