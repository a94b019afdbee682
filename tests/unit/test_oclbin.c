/* SPDX-License-Identifier: MIT */
/*
 * The program-file container: round trip, API misuse, and malformed input (every
 * truncation, bit flips everywhere, crafted headers): never a crash, always either a
 * clear error or, for flips in padding, exactly the original sections.
 */
#include "test_util.h"

#include <stdint.h>

#include "oclbin.h"

static const char meta[] = "{ \"format\": 1, \"board\": \"sim\", \"kernels\": [] }";

static unsigned char *pattern(size_t n, unsigned seed)
{
    unsigned char *p = malloc(n);

    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (unsigned char)(seed >> 16);
    }
    return p;
}

static int same_section(const struct oclbin *bin, const char *name, const void *data, size_t size)
{
    size_t got_size = (size_t)-1;
    const void *got = oclbin_section(bin, name, &got_size);

    return got && got_size == size && (size == 0 || memcmp(got, data, size) == 0);
}

static struct oclbin *make_sample(unsigned char **verilog, size_t vsize)
{
    struct oclbin *bin = oclbin_new();

    *verilog = pattern(vsize, 7);
    oclbin_add_section(bin, "meta", "placeholder", 11);
    oclbin_add_section(bin, "verilog", *verilog, vsize);
    oclbin_add_section(bin, "source", "", 0);
    oclbin_add_section(bin, "meta", meta, sizeof(meta) - 1); /* replaces */
    return bin;
}

/* The parsed container holds exactly the sample's sections. */
static int matches_sample(const struct oclbin *bin, const unsigned char *verilog, size_t vsize)
{
    return same_section(bin, "meta", meta, sizeof(meta) - 1) &&
           same_section(bin, "verilog", verilog, vsize) && same_section(bin, "source", "", 0);
}

static void test_round_trip(void)
{
    unsigned char *verilog, *file;
    struct oclbin *bin, *back = NULL;
    size_t size, vsize = 100003;
    void *out = NULL;
    char err[256] = "";
    int ret;

    bin = make_sample(&verilog, vsize);
    ret = oclbin_write(bin, &out, &size);
    CHECK(ret == 0, "write a 3-section container (%zu bytes)", size);
    file = out;
    CHECK(memcmp(file, "OCLHLSB\0", 8) == 0, "magic \"OCLHLSB\\0\" at offset 0");
    CHECK(file[8] == 1 && file[9] == 0 && file[12] == 3, "version 1, 3 sections (LE)");
    for (int i = 0; i < 3; i++) {
        const unsigned char *e = file + 16 + 40 * i;
        CHECK(e[16] % 8 == 0, "section %d ('%s') starts 8-byte aligned", i, (const char *)e);
    }
    ret = oclbin_parse(out, size, &back, err, sizeof(err));
    CHECK(ret == 0, "parse it back (%s)", err);
    CHECK(back && matches_sample(back, verilog, vsize),
          "meta (replaced once), verilog (%zu bytes) and empty source round-trip", vsize);
    CHECK(!oclbin_section(back, "bitstream", NULL), "absent section gives NULL");
    oclbin_free(back);
    oclbin_free(bin);
    free(out);
    free(verilog);
}

static void test_misuse(void)
{
    struct oclbin *bin = oclbin_new(), *out = (struct oclbin *)1;
    char err[128] = "", name16[17] = "0123456789abcdef";

    CHECK(oclbin_add_section(bin, "", "x", 1) == -1, "empty section name refused");
    CHECK(oclbin_add_section(bin, name16, "x", 1) == -1, "16-character name refused");
    CHECK(oclbin_add_section(bin, "fifteen_chars__", "x", 1) == 0, "15-character name ok");
    CHECK(oclbin_add_section(NULL, "meta", "x", 1) == -1, "NULL container refused");
    CHECK(oclbin_add_section(bin, "meta", NULL, 4) == -1, "NULL data with a size refused");
    CHECK(oclbin_parse(NULL, 0, &out, err, sizeof(err)) == -1 && out == NULL && err[0],
          "parse of nothing fails: %s", err);
    CHECK(oclbin_parse("x", 1, &out, NULL, 0) == -1, "parse without an error buffer");
    oclbin_free(bin);
    oclbin_free(NULL);
}

/* Parse must fail with a message, or succeed with exactly the original sections. */
static int parse_is_sane(const void *buf, size_t size, const unsigned char *verilog, size_t vsize,
                         int *failed)
{
    struct oclbin *bin = NULL;
    char err[256] = "";
    int ok;

    if (oclbin_parse(buf, size, &bin, err, sizeof(err)) != 0) {
        *failed = 1;
        return err[0] != '\0' && bin == NULL;
    }
    *failed = 0;
    ok = matches_sample(bin, verilog, vsize);
    oclbin_free(bin);
    return ok;
}

static void test_truncations(const unsigned char *file, size_t size, const unsigned char *verilog,
                             size_t vsize)
{
    int bad = 0, failed, all_failed = 1;

    for (size_t n = 0; n < size; n++) {
        if (!parse_is_sane(file, n, verilog, vsize, &failed))
            bad++;
        all_failed &= failed;
    }
    CHECK(bad == 0 && all_failed, "all %zu truncations rejected with a message", size);
}

/* Any of meta/verilog/source that is present holds the bytes of one original section. */
static int only_original_data(const struct oclbin *bin, const unsigned char *verilog, size_t vsize)
{
    static const char *const names[] = {"meta", "verilog", "source"};
    const void *d;
    size_t n;

    for (int i = 0; i < 3; i++) {
        d = oclbin_section(bin, names[i], &n);
        if (d && !(n == sizeof(meta) - 1 && !memcmp(d, meta, n)) &&
            !(n == vsize && !memcmp(d, verilog, n)) && n != 0)
            return 0;
    }
    return 1;
}

/*
 * A flip in section data or the header must be rejected (crc, magic, version, bounds). The
 * section table carries no checksum of its own (oclbin.h): a flip there may give another
 * well-formed container (a renamed section, a smaller count), which must still hold only
 * original data. A flip in alignment padding changes nothing.
 */
static int flip_is_sane(const unsigned char *buf, size_t size, size_t pos, size_t table_end,
                        const unsigned char *verilog, size_t vsize, int *rejected)
{
    struct oclbin *bin = NULL;
    char err[256] = "";
    int ok;

    if (oclbin_parse(buf, size, &bin, err, sizeof(err)) != 0) {
        (*rejected)++;
        return err[0] != '\0' && bin == NULL;
    }
    if (pos >= 12 && pos < table_end) /* the count or the table */
        ok = only_original_data(bin, verilog, vsize);
    else
        ok = matches_sample(bin, verilog, vsize);
    oclbin_free(bin);
    return ok;
}

static void test_bit_flips(const unsigned char *file, size_t size, const unsigned char *verilog,
                           size_t vsize)
{
    unsigned char *copy = malloc(size);
    size_t flips = 0, table_end = 16 + 40 * (size_t)file[12];
    int bad = 0, rejected = 0;

    memcpy(copy, file, size);
    for (size_t pos = 0; pos < size; pos++) {
        for (int bit = 0; bit < 8; bit++) {
            copy[pos] ^= (unsigned char)(1u << bit);
            if (!flip_is_sane(copy, size, pos, table_end, verilog, vsize, &rejected))
                bad++;
            flips++;
            copy[pos] ^= (unsigned char)(1u << bit);
        }
    }
    CHECK(bad == 0,
          "%zu single-bit flips: %d rejected with a message, none let altered "
          "section data through",
          flips, rejected);
    free(copy);
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void expect_error(unsigned char *buf, size_t size, const char *what, const char *word)
{
    struct oclbin *bin = NULL;
    char err[256] = "";
    int ret = oclbin_parse(buf, size, &bin, err, sizeof(err));

    CHECK(ret == -1 && strstr(err, word), "%s: \"%s\"", what, err);
    oclbin_free(bin);
}

static void test_crafted(const unsigned char *file, size_t size)
{
    unsigned char *c = malloc(size);

    memcpy(c, file, size);
    put32(c + 8, 2);
    expect_error(c, size, "version 2", "version");
    memcpy(c, file, size);
    put32(c + 12, 0xFFFFFFFFu);
    expect_error(c, size, "4 billion sections", "sections");
    memcpy(c, file, size);
    memset(c + 16 + 40 + 16, 0xFF, 8); /* offset of section 1 = 2^64 - 1 */
    expect_error(c, size, "offset 2^64-1", "outside");
    memcpy(c, file, size);
    memset(c + 16 + 40 + 24, 0xFF, 8); /* size of section 1 = 2^64 - 1 */
    expect_error(c, size, "size 2^64-1", "outside");
    memcpy(c, file, size);
    memcpy(c + 16 + 40, "meta", 5); /* section 1 renamed to the name of section 0 */
    memset(c + 16 + 40 + 5, 0, 11);
    expect_error(c, size, "duplicate name", "twice");
    memcpy(c, file, size);
    c[16 + 40 + 10] = 'x'; /* junk after the NUL of "verilog" */
    expect_error(c, size, "name not NUL-padded", "name");
    memcpy(c, file, size);
    c[16 + 36] = 1; /* reserved word of section 0 */
    expect_error(c, size, "reserved field set", "reserved");
    memcpy(c, file, size);
    c[size - 1 - 8] ^= 0x10; /* inside the verilog section's data */
    expect_error(c, size, "flipped data bit", "crc");
    memcpy(c, file, size);
    memcpy(c, "OCLHLSX", 7);
    expect_error(c, size, "bad magic", "magic");
    free(c);
}

static void test_garbage(void)
{
    int bad = 0, rejected = 0;

    for (unsigned seed = 1; seed <= 2000; seed++) {
        size_t n = seed % 300;
        unsigned char *g = pattern(n ? n : 1, seed);
        struct oclbin *bin = NULL;
        char err[256] = "";

        if (n >= 16 && seed % 2) { /* half of them with a valid magic and version */
            memcpy(g, "OCLHLSB\0", 8);
            put32(g + 8, 1);
            put32(g + 12, seed % 5);
        }
        if (oclbin_parse(g, n, &bin, err, sizeof(err)) == 0)
            bad += oclbin_section(bin, "meta", NULL) != NULL; /* only "0 sections" is ok */
        else
            bad += !err[0];
        rejected += bin == NULL;
        oclbin_free(bin);
        free(g);
    }
    CHECK(bad == 0,
          "2000 random buffers (half with a valid header): %d rejected with a "
          "message, the rest are empty containers",
          rejected);
}

int main(void)
{
    unsigned char *verilog;
    struct oclbin *bin;
    size_t size, vsize = 333;
    void *file = NULL;

    test_round_trip();
    test_misuse();
    bin = make_sample(&verilog, vsize);
    if (oclbin_write(bin, &file, &size) == 0) {
        test_truncations(file, size, verilog, vsize);
        test_bit_flips(file, size, verilog, vsize);
        test_crafted(file, size);
    }
    test_garbage();
    oclbin_free(bin);
    free(file);
    free(verilog);
    return test_result();
}
