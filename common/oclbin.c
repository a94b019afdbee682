/* SPDX-License-Identifier: MIT */
/*
 * The program-file container (.oclbin); layout in oclbin.h and docs/program-file.md.
 * The parser treats its input as hostile: every offset and size is checked against the
 * buffer before use, with overflow-safe arithmetic, and each section's crc32 is verified.
 */
#include "oclbin.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "strbuf.h"

#define HEADER_SIZE 16u
#define ENTRY_SIZE 40u /* name[16] + offset u64 + size u64 + crc u32 + reserved u32 */
#define SECTION_ALIGN 8u
#define MAX_SECTIONS 1024u /* sanity bound for hostile input */

struct oclbin_section {
    char name[OCLBIN_SECTION_NAME_MAX];
    unsigned char *data;
    size_t size;
};

struct oclbin {
    struct oclbin_section *sec;
    size_t count;
    size_t cap;
};

/* ---- little-endian helpers ---------------------------------------------------------- */

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const unsigned char *p)
{
    return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put_u64(unsigned char *p, uint64_t v)
{
    put_u32(p, (uint32_t)v);
    put_u32(p + 4, (uint32_t)(v >> 32));
}

static uint32_t crc_of(const void *data, size_t size)
{
    return (uint32_t)crc32_z(crc32_z(0L, Z_NULL, 0), data, size);
}

static size_t align_up(size_t v)
{
    return (v + SECTION_ALIGN - 1) & ~(size_t)(SECTION_ALIGN - 1);
}

/* ---- building ----------------------------------------------------------------------- */

struct oclbin *oclbin_new(void)
{
    return calloc(1, sizeof(struct oclbin));
}

void oclbin_free(struct oclbin *bin)
{
    if (!bin)
        return;
    for (size_t i = 0; i < bin->count; i++)
        free(bin->sec[i].data);
    free(bin->sec);
    free(bin);
}

static struct oclbin_section *find_section(const struct oclbin *bin, const char *name)
{
    for (size_t i = 0; i < bin->count; i++)
        if (strncmp(bin->sec[i].name, name, OCLBIN_SECTION_NAME_MAX) == 0)
            return &bin->sec[i];
    return NULL;
}

static int valid_name(const char *name)
{
    size_t len;

    if (!name)
        return 0;
    len = strlen(name);
    return len > 0 && len < OCLBIN_SECTION_NAME_MAX;
}

static struct oclbin_section *new_section(struct oclbin *bin, const char *name)
{
    struct oclbin_section *sec;

    if (bin->count == bin->cap) {
        size_t cap = bin->cap ? bin->cap * 2 : 4;
        sec = realloc(bin->sec, cap * sizeof(*sec));
        if (!sec)
            return NULL;
        bin->sec = sec;
        bin->cap = cap;
    }
    sec = &bin->sec[bin->count++];
    memset(sec, 0, sizeof(*sec));
    memcpy(sec->name, name, strlen(name));
    return sec;
}

int oclbin_add_section(struct oclbin *bin, const char *name, const void *data, size_t size)
{
    struct oclbin_section *sec;
    unsigned char *copy;

    if (!bin || !valid_name(name) || (!data && size))
        return -1;
    copy = malloc(size ? size : 1);
    if (!copy)
        return -1;
    if (size)
        memcpy(copy, data, size);
    sec = find_section(bin, name);
    if (!sec)
        sec = new_section(bin, name);
    if (!sec) {
        free(copy);
        return -1;
    }
    free(sec->data);
    sec->data = copy;
    sec->size = size;
    return 0;
}

const void *oclbin_section(const struct oclbin *bin, const char *name, size_t *size)
{
    const struct oclbin_section *sec;

    if (!bin || !name)
        return NULL;
    sec = find_section(bin, name);
    if (!sec)
        return NULL;
    if (size)
        *size = sec->size;
    return sec->data;
}

/* ---- writing ------------------------------------------------------------------------ */

static size_t table_end(size_t count)
{
    return HEADER_SIZE + count * ENTRY_SIZE;
}

/* Total file size, or 0 on overflow. */
static size_t layout_size(const struct oclbin *bin)
{
    size_t pos = align_up(table_end(bin->count));

    for (size_t i = 0; i < bin->count; i++) {
        if (bin->sec[i].size > SIZE_MAX - SECTION_ALIGN - pos)
            return 0;
        pos = align_up(pos + bin->sec[i].size);
    }
    return pos;
}

int oclbin_write(const struct oclbin *bin, void **out, size_t *out_size)
{
    unsigned char *buf, *entry;
    size_t total, pos;

    if (!bin || !out || !out_size || bin->count > MAX_SECTIONS)
        return -1;
    total = layout_size(bin);
    if (!total)
        return -1;
    buf = calloc(1, total);
    if (!buf)
        return -1;
    memcpy(buf, OCLBIN_MAGIC, sizeof(OCLBIN_MAGIC));
    put_u32(buf + 8, OCLBIN_VERSION);
    put_u32(buf + 12, (uint32_t)bin->count);
    pos = align_up(table_end(bin->count));
    for (size_t i = 0; i < bin->count; i++) {
        const struct oclbin_section *sec = &bin->sec[i];

        entry = buf + HEADER_SIZE + i * ENTRY_SIZE;
        memcpy(entry, sec->name, OCLBIN_SECTION_NAME_MAX);
        put_u64(entry + 16, pos);
        put_u64(entry + 24, sec->size);
        put_u32(entry + 32, crc_of(sec->data, sec->size));
        if (sec->size)
            memcpy(buf + pos, sec->data, sec->size);
        pos = align_up(pos + sec->size);
    }
    *out = buf;
    *out_size = total;
    return 0;
}

/* ---- parsing ------------------------------------------------------------------------ */

static int check_header(const unsigned char *p, size_t size, uint32_t *count, char *err,
                        size_t errlen)
{
    uint32_t version;

    if (size < HEADER_SIZE) {
        oclhls_errf(err, errlen, "truncated program file: %zu bytes, the header needs %u", size,
                    HEADER_SIZE);
        return -1;
    }
    if (memcmp(p, OCLBIN_MAGIC, sizeof(OCLBIN_MAGIC)) != 0) {
        oclhls_errf(err, errlen, "not an oclhls program file (bad magic)");
        return -1;
    }
    version = get_u32(p + 8);
    if (version != OCLBIN_VERSION) {
        oclhls_errf(err, errlen,
                    "unsupported program file version %u (this build reads version %u)", version,
                    OCLBIN_VERSION);
        return -1;
    }
    *count = get_u32(p + 12);
    if (*count > MAX_SECTIONS) {
        oclhls_errf(err, errlen, "corrupt program file: %u sections (at most %u)", *count,
                    MAX_SECTIONS);
        return -1;
    }
    if (table_end(*count) > size) {
        oclhls_errf(err, errlen,
                    "truncated program file: %u sections need a %zu-byte table, file has %zu",
                    *count, table_end(*count), size);
        return -1;
    }
    return 0;
}

/* 1 to 15 characters, then NUL padding to 16 bytes. */
static int valid_entry_name(const unsigned char *e)
{
    const unsigned char *nul = memchr(e, '\0', OCLBIN_SECTION_NAME_MAX);

    if (!nul || nul == e)
        return 0;
    for (; nul < e + OCLBIN_SECTION_NAME_MAX; nul++)
        if (*nul)
            return 0;
    return 1;
}

/* Checks one table entry; fills name (NUL-terminated) and the bounds. */
static int check_entry(const unsigned char *p, size_t size, uint32_t count, uint32_t i, char *name,
                       uint64_t *off, uint64_t *len, char *err, size_t errlen)
{
    const unsigned char *e = p + HEADER_SIZE + (size_t)i * ENTRY_SIZE;

    if (!valid_entry_name(e)) {
        oclhls_errf(err, errlen, "corrupt program file: section %u has a bad name", i);
        return -1;
    }
    memcpy(name, e, OCLBIN_SECTION_NAME_MAX);
    *off = get_u64(e + 16);
    *len = get_u64(e + 24);
    if (get_u32(e + 36) != 0) {
        oclhls_errf(err, errlen, "corrupt program file: section '%s' reserved field not 0", name);
        return -1;
    }
    if (*off % SECTION_ALIGN || *off < table_end(count) || *off > size || *len > size - *off) {
        oclhls_errf(err, errlen,
                    "corrupt program file: section '%s' (offset %llu, size %llu) lies outside "
                    "the file (%zu bytes) or is misaligned",
                    name, (unsigned long long)*off, (unsigned long long)*len, size);
        return -1;
    }
    if (get_u32(e + 32) != crc_of(p + *off, (size_t)*len)) {
        oclhls_errf(err, errlen, "corrupt program file: section '%s' crc mismatch", name);
        return -1;
    }
    return 0;
}

static int parse_sections(struct oclbin *bin, const unsigned char *p, size_t size, uint32_t count,
                          char *err, size_t errlen)
{
    char name[OCLBIN_SECTION_NAME_MAX];
    uint64_t off, len;

    for (uint32_t i = 0; i < count; i++) {
        if (check_entry(p, size, count, i, name, &off, &len, err, errlen))
            return -1;
        if (find_section(bin, name)) {
            oclhls_errf(err, errlen, "corrupt program file: section '%s' appears twice", name);
            return -1;
        }
        if (oclbin_add_section(bin, name, p + off, (size_t)len)) {
            oclhls_errf(err, errlen, "out of memory reading section '%s'", name);
            return -1;
        }
    }
    return 0;
}

int oclbin_parse(const void *data, size_t size, struct oclbin **out, char *err, size_t errlen)
{
    struct oclbin *bin;
    uint32_t count;

    if (!out || (!data && size)) {
        oclhls_errf(err, errlen, "oclbin_parse: invalid arguments");
        return -1;
    }
    *out = NULL;
    if (check_header(data, size, &count, err, errlen))
        return -1;
    bin = oclbin_new();
    if (!bin) {
        oclhls_errf(err, errlen, "out of memory");
        return -1;
    }
    if (parse_sections(bin, data, size, count, err, errlen)) {
        oclbin_free(bin);
        return -1;
    }
    *out = bin;
    return 0;
}
