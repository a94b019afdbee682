/* SPDX-License-Identifier: MIT */
/*
 * Cache keys: SHA-256 (nettle) over a sequence of length-prefixed fields, so that no two
 * different sequences of fields hash the same bytes.
 */
#ifndef OCLHLS_HASHKEY_H
#define OCLHLS_HASHKEY_H

#include <stddef.h>

#include <nettle/sha2.h>

#define OCLHLS_HASHKEY_HEX_LEN 64

struct oclhls_hashkey {
    struct sha256_ctx ctx;
};

/* Starts a key; domain names what is being keyed and its recipe version. */
void oclhls_hashkey_init(struct oclhls_hashkey *k, const char *domain);
void oclhls_hashkey_add(struct oclhls_hashkey *k, const void *data, size_t len);
void oclhls_hashkey_add_str(struct oclhls_hashkey *k, const char *s);
/* Adds every string of a NULL-terminated list (and their count). */
void oclhls_hashkey_add_strv(struct oclhls_hashkey *k, char *const *list);
/* Finishes: 64 lowercase hex digits and a NUL. */
void oclhls_hashkey_hex(struct oclhls_hashkey *k, char hex[OCLHLS_HASHKEY_HEX_LEN + 1]);

#endif
