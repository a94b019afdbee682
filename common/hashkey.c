/* SPDX-License-Identifier: MIT */
/* Cache keys; see hashkey.h. */
#include "hashkey.h"

#include <stdint.h>
#include <string.h>

static void add_len(struct oclhls_hashkey *k, uint64_t len)
{
    uint8_t le[8];

    for (int i = 0; i < 8; i++)
        le[i] = (uint8_t)(len >> (8 * i));
    sha256_update(&k->ctx, sizeof(le), le);
}

void oclhls_hashkey_init(struct oclhls_hashkey *k, const char *domain)
{
    sha256_init(&k->ctx);
    oclhls_hashkey_add_str(k, domain);
}

void oclhls_hashkey_add(struct oclhls_hashkey *k, const void *data, size_t len)
{
    add_len(k, len);
    if (len)
        sha256_update(&k->ctx, len, data);
}

void oclhls_hashkey_add_str(struct oclhls_hashkey *k, const char *s)
{
    oclhls_hashkey_add(k, s ? s : "", s ? strlen(s) : 0);
}

void oclhls_hashkey_add_strv(struct oclhls_hashkey *k, char *const *list)
{
    uint64_t n = 0;

    for (char *const *p = list; *p; p++)
        n++;
    add_len(k, n);
    for (; *list; list++)
        oclhls_hashkey_add_str(k, *list);
}

void oclhls_hashkey_hex(struct oclhls_hashkey *k, char hex[OCLHLS_HASHKEY_HEX_LEN + 1])
{
    static const char digits[] = "0123456789abcdef";
    uint8_t d[SHA256_DIGEST_SIZE];

    sha256_digest(&k->ctx, sizeof(d), d);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++) {
        hex[2 * i] = digits[d[i] >> 4];
        hex[2 * i + 1] = digits[d[i] & 15];
    }
    hex[OCLHLS_HASHKEY_HEX_LEN] = '\0';
}
