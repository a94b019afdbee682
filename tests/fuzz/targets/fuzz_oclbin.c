/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a program file, as clCreateProgramWithBinary takes it (oclhls_binary_check).
 * The container is parsed and checked (common/oclbin.c), then its "meta" section goes
 * through the runtime's metadata reader (runtime/core/meta*.c, with meta_printf.c).
 *
 * An input without the container's magic is taken as the meta JSON itself: a mutated
 * container seldom keeps its section's crc32 right, so the metadata reader would otherwise
 * see little but the seeds' JSON.
 *
 * A program that loads is then used as the runtime uses it: each kernel looked up by name,
 * and each printf site's format given a record made of the input's bytes (a record comes
 * from device memory), which must format since the site was checked when it loaded.
 */
#include <stdint.h>
#include <string.h>

#include "core/meta.h"
#include "fuzz_check.h"
#include "oclbin.h"
#include "strbuf.h"

/* Formatting a site of long formats can print megabytes (a width is up to 100000). */
#define FORMAT_TEXT_MAX 128

static void print_records(const struct oclhls_printf_table *t, const uint8_t *data, size_t size)
{
    uint32_t words[OCLHLS_PRINTF_MAX_WORDS];

    for (unsigned w = 0; w < OCLHLS_PRINTF_MAX_WORDS; w++) {
        words[w] = 0;
        for (unsigned b = 0; b < 4 && size; b++)
            words[w] |= (uint32_t)data[(4 * w + b) % size] << (8 * b);
    }
    for (unsigned i = 0; i < t->num_sites; i++) {
        const struct oclhls_printf_site *s = &t->sites[i];
        struct oclhls_strbuf out = {0};

        if (strlen(s->format) > FORMAT_TEXT_MAX)
            continue;
        FUZZ_CHECK(s->words <= OCLHLS_PRINTF_MAX_WORDS, "a loaded site fits a record");
        FUZZ_CHECK(oclhls_printf_format_record(&s->f, words, s->words, &out) == 0,
                   "a checked printf site formats its record");
        oclhls_strbuf_release(&out);
    }
}

static void load_meta(const char *json, size_t len, const uint8_t *data, size_t size)
{
    struct oclhls_program_meta *m = NULL;
    char err[256] = "";

    if (oclhls_meta_parse(json, len, &m, err, sizeof(err)) != 0) {
        FUZZ_CHECK(!m && err[0], "refused metadata comes with a message");
        return;
    }
    for (unsigned i = 0; i < m->num_kernels; i++) {
        unsigned index = ~0u;
        const struct oclhls_kernel_meta *k = oclhls_meta_kernel(m, m->kernels[i].name, &index);

        FUZZ_CHECK(k && index <= i, "every kernel is found by its name");
    }
    print_records(&m->printf, data, size);
    oclhls_meta_free(m);
}

/* A container that parsed writes out and parses back with the same meta section. */
static void rewrite(const struct oclbin *bin, const void *meta, size_t meta_len)
{
    struct oclbin *again = NULL;
    const void *meta2;
    size_t size, meta2_len = 0;
    void *out = NULL;
    char err[256] = "";

    FUZZ_CHECK(oclbin_write(bin, &out, &size) == 0, "a parsed container writes");
    FUZZ_CHECK(oclbin_parse(out, size, &again, err, sizeof(err)) == 0,
               "a written container parses");
    meta2 = oclbin_section(again, "meta", &meta2_len);
    FUZZ_CHECK(!meta == !meta2 && meta_len == meta2_len &&
                   (!meta_len || memcmp(meta, meta2, meta_len) == 0),
               "the meta section survives a rewrite");
    oclbin_free(again);
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct oclbin *bin = NULL;
    char err[256] = "";
    const char *meta;
    size_t len = 0;

    if (size < sizeof(OCLBIN_MAGIC) || memcmp(data, OCLBIN_MAGIC, sizeof(OCLBIN_MAGIC)) != 0) {
        load_meta((const char *)data, size, data, size);
        return 0;
    }
    if (oclbin_parse(data, size, &bin, err, sizeof(err)) != 0) {
        FUZZ_CHECK(!bin && err[0], "a refused container comes with a message");
        return 0;
    }
    meta = oclbin_section(bin, "meta", &len);
    rewrite(bin, meta, len);
    if (meta)
        load_meta(meta, len, data, size);
    oclbin_free(bin);
    return 0;
}
