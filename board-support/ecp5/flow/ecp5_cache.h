/* SPDX-License-Identifier: MIT */
/*
 * ECP5 builds in the cache, as the iCE40's are (<cache>/ecp5-builds/<key>/: top.bit and the
 * summary): a program built again for the same board with the same tools finds its
 * bitstream instead of placing and routing again (half an hour for a large float design).
 * Internal to the ECP5 flow.
 */
#ifndef OCLHLS_ECP5_CACHE_H
#define OCLHLS_ECP5_CACHE_H

#include <stddef.h>

#include "hashkey.h"

struct oclhls_board;
struct ecp5_tools;

/* The files of an entry: the bitstream, and the summary (written last: the entry's marker). */
#define ECP5_CACHE_BITSTREAM "top.bit"
#define ECP5_CACHE_SUMMARY "summary.json"

/* The key of a build: the flow's recipe, the design, the board's fields the flow reads (lpf:
   its constraints file's text) and the tools' versions. */
void ecp5_cache_key(const struct oclhls_board *b, const struct ecp5_tools *t, const char *lpf,
                    const char *verilog, size_t len, char key[OCLHLS_HASHKEY_HEX_LEN + 1]);

#endif
