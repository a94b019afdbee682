/* SPDX-License-Identifier: MIT */
/*
 * JSON text to a cJSON tree, safe to call from several threads at once. cJSON's parser
 * records where an error is in one global pointer (cJSON_GetErrorPtr), written by every
 * parse: two parses at once race on it (helgrind reports it). Every parse in oclhls goes
 * through here, one at a time, and the error's place comes back to the caller.
 */
#ifndef OCLHLS_JSON_H
#define OCLHLS_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

/*
 * Parses len bytes of text (no NUL needed). NULL when the text is not JSON, and then, when
 * error_at is given, *error_at is the byte offset where the parser stopped (len: at the end).
 */
cJSON *oclhls_json_parse(const char *text, size_t len, size_t *error_at);

#endif
