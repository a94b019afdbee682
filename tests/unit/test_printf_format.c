// SPDX-License-Identifier: MIT
/*
 * unit.printf_format: the runtime's OpenCL C printf formatter (runtime/core/printf_format.c).
 * Scalar conversions are compared with the host's snprintf of the same specification;
 * vectors, %p and the spec's own examples (OpenCL C 2.0, 1.13.13) with fixed text. Also
 * oclhls_printf_check's rejections, and malformed formats fed to format_record unchecked
 * (records are heap copies of exactly their size, so ASan/valgrind see any overread).
 * Prints every failure and a final "N passed, N failed"; exits non-zero on any failure.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "printf_format.h"
#include "strbuf.h"

static int passed, failed;

static void result(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void result(int ok, const char *fmt, ...)
{
    va_list ap;

    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL: ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

/* Formats one record from a heap copy of exactly nwords words; returns the malloc'ed text
   (embedded NULs kept, length in *len) or NULL when format_record failed. */
static char *format(const char *fmt, const struct oclhls_printf_arg *args, unsigned nargs,
                    const uint32_t *words, unsigned nwords, size_t *len, int *rc)
{
    struct oclhls_printf_format f = {fmt, nargs, args};
    struct oclhls_strbuf out = {0};
    uint32_t *copy = malloc(nwords ? nwords * sizeof(uint32_t) : 1);
    char *text;

    if (nwords)
        memcpy(copy, words, nwords * sizeof(uint32_t));
    *rc = oclhls_printf_format_record(&f, copy, nwords, &out);
    free(copy);
    *len = out.len;
    text = out.buf ? out.buf : calloc(1, 1);
    return text;
}

/* Expects the record's text to be exactly want (wlen bytes; -1: strlen). */
static void expect_n(const char *fmt, const struct oclhls_printf_arg *args, unsigned nargs,
                     const uint32_t *words, unsigned nwords, const char *want, size_t wlen)
{
    size_t len;
    int rc;
    char *got = format(fmt, args, nargs, words, nwords, &len, &rc);

    result(rc == 0 && len == wlen && memcmp(got, want, len) == 0,
           "format \"%s\": got \"%s\" (rc %d), want \"%s\"", fmt, got, rc, want);
    free(got);
}

static void expect(const char *fmt, const struct oclhls_printf_arg *args, unsigned nargs,
                   const uint32_t *words, unsigned nwords, const char *want)
{
    expect_n(fmt, args, nargs, words, nwords, want, strlen(want));
}

/* Expects oclhls_printf_check to accept (want_ok) or reject the format; a rejection's
   message must contain each of the non-NULL pieces. */
static void expect_check(const char *fmt, const struct oclhls_printf_arg *args, unsigned nargs,
                         int want_ok, const char *piece1, const char *piece2)
{
    struct oclhls_printf_format f = {fmt, nargs, args};
    char err[256] = "";
    int rc = oclhls_printf_check(&f, err, sizeof(err));

    if (want_ok) {
        result(rc == 0, "check \"%s\" should pass: %s", fmt, err);
        return;
    }
    result(rc == -1 && err[0] && (!piece1 || strstr(err, piece1)) &&
               (!piece2 || strstr(err, piece2)),
           "check \"%s\" should fail naming \"%s\" \"%s\": rc %d \"%s\"", fmt, piece1 ? piece1 : "",
           piece2 ? piece2 : "", rc, err);
}

static const struct oclhls_printf_arg ARG_INT = {OCLHLS_PRINTF_INT32, 1, NULL, 0, NULL};
static const struct oclhls_printf_arg ARG_LONG = {OCLHLS_PRINTF_INT64, 1, NULL, 0, NULL};
static const struct oclhls_printf_arg ARG_FLT = {OCLHLS_PRINTF_FLOAT, 1, NULL, 0, NULL};
static const struct oclhls_printf_arg ARG_PTR = {OCLHLS_PRINTF_POINTER, 1, NULL, 0, NULL};

static uint32_t float_bits(float x)
{
    uint32_t w;

    memcpy(&w, &x, sizeof(w));
    return w;
}

/* One scalar conversion of an int-sized argument against the host's snprintf. */
static void host_int(const char *fmt, int value)
{
    char want[512];
    uint32_t w = (uint32_t)value;
    struct oclhls_printf_format f = {fmt, 1, &ARG_INT};

    snprintf(want, sizeof(want), fmt, value);
    result(oclhls_printf_check(&f, NULL, 0) == 0, "check \"%s\" (int)", fmt);
    expect(fmt, &ARG_INT, 1, &w, 1, want);
}

static void host_long(const char *fmt, long long value)
{
    char want[512];
    uint32_t w[2] = {(uint32_t)value, (uint32_t)((unsigned long long)value >> 32)};
    char hostfmt[64];
    struct oclhls_printf_format f = {fmt, 1, &ARG_LONG};
    const char *l = strchr(fmt, 'l');

    /* OpenCL's l is 64 bits; the host's is "ll" to be sure */
    snprintf(hostfmt, sizeof(hostfmt), "%.*sl%s", (int)(l - fmt), fmt, l);
    snprintf(want, sizeof(want), hostfmt, value);
    result(oclhls_printf_check(&f, NULL, 0) == 0, "check \"%s\" (long)", fmt);
    expect(fmt, &ARG_LONG, 1, w, 2, want);
}

static void host_float(const char *fmt, float value)
{
    char want[512];
    uint32_t w = float_bits(value);
    struct oclhls_printf_format f = {fmt, 1, &ARG_FLT};

    snprintf(want, sizeof(want), fmt, (double)value);
    result(oclhls_printf_check(&f, NULL, 0) == 0, "check \"%s\" (float)", fmt);
    expect(fmt, &ARG_FLT, 1, &w, 1, want);
}

/* Every conversion with combinations of its valid flags, widths and precisions. */
static void test_scalar_sweep(void)
{
    static const char *flag_sets[] = {"",   "-",  "+",  " ",  "#",  "0",  "-+",  "+0",
                                      " 0", "#0", "-#", "- ", "+ ", "-0", "#+0", "-+ #0"};
    static const char *widths[] = {"", "1", "7", "25"};
    static const char *precs[] = {"", ".", ".0", ".1", ".3", ".12"};
    static const int ints[] = {0,     1,     -1,        42,    -42,        255,
                               0x1ff, 32767, -32768,    70000, 2147483647, -2147483647 - 1,
                               0x7f,  0x80,  0xdeadbeef};
    static const long long longs[] = {
        0, 1, -1, 0x123456789LL, -0x123456789LL, 9223372036854775807LL, -9223372036854775807LL - 1};
    static const float floats[] = {0.0f,  -0.0f,       1.0f,  -1.5f,     0.1f,   3.14159265f,
                                   1e-5f, 123456.789f, 1e30f, -2.5e-38f, 1e-45f, 3.4028235e38f};
    static const char *int_convs[] = {"d", "i", "o", "u", "x", "X"};
    static const char *lengths[] = {"", "hh", "h"};
    static const char *float_convs[] = {"f", "F", "e", "E", "g", "G", "a", "A"};
    char fmt[64];

    for (size_t fl = 0; fl < sizeof(flag_sets) / sizeof(*flag_sets); fl++)
        for (size_t wi = 0; wi < sizeof(widths) / sizeof(*widths); wi++)
            for (size_t pr = 0; pr < sizeof(precs) / sizeof(*precs); pr++) {
                int hash = strchr(flag_sets[fl], '#') != NULL;
                int zero = strchr(flag_sets[fl], '0') != NULL;

                for (size_t c = 0; c < 6; c++) {
                    /* '#' is only defined for o x X */
                    if (hash && !strchr("oxX", int_convs[c][0]))
                        continue;
                    for (size_t le = 0; le < 3; le++) {
                        snprintf(fmt, sizeof(fmt), "%%%s%s%s%s%s", flag_sets[fl], widths[wi],
                                 precs[pr], lengths[le], int_convs[c]);
                        for (size_t v = 0; v < sizeof(ints) / sizeof(*ints); v++)
                            host_int(fmt, ints[v]);
                    }
                    snprintf(fmt, sizeof(fmt), "%%%s%s%sl%s", flag_sets[fl], widths[wi], precs[pr],
                             int_convs[c]);
                    for (size_t v = 0; v < sizeof(longs) / sizeof(*longs); v++)
                        host_long(fmt, longs[v]);
                }
                for (size_t c = 0; c < 8; c++) {
                    snprintf(fmt, sizeof(fmt), "%%%s%s%s%s", flag_sets[fl], widths[wi], precs[pr],
                             float_convs[c]);
                    for (size_t v = 0; v < sizeof(floats) / sizeof(*floats); v++)
                        host_float(fmt, floats[v]);
                    host_float(fmt, INFINITY);
                    host_float(fmt, -INFINITY);
                    host_float(fmt, NAN);
                    host_float(fmt, -NAN);
                }
                if (hash || zero)
                    continue; /* undefined for c and s */
                snprintf(fmt, sizeof(fmt), "%%%s%s%ss", flag_sets[fl], widths[wi], precs[pr]);
                {
                    struct oclhls_printf_arg s = {OCLHLS_PRINTF_STRING, 1, "Hello, world", 0, NULL};
                    char want[128];

                    snprintf(want, sizeof(want), fmt, s.string);
                    expect(fmt, &s, 1, NULL, 0, want);
                }
                if (precs[pr][0])
                    continue; /* undefined for c */
                snprintf(fmt, sizeof(fmt), "%%%s%sc", flag_sets[fl], widths[wi]);
                host_int(fmt, 'A');
                host_int(fmt, 0x141); /* converted to unsigned char: 'A' */
                host_int(fmt, -1);
            }
}

static void test_scalars(void)
{
    uint32_t w[4];

    /* The brief's cases, spelled out */
    host_int("%hhd", 0x1ff);
    w[0] = 0x1ff;
    expect("%hhd", &ARG_INT, 1, w, 1, "-1");
    w[0] = 70000;
    expect("%hu", &ARG_INT, 1, w, 1, "4464");
    expect("%hd", &ARG_INT, 1, w, 1, "4464");
    w[0] = 0xffff8000u;
    expect("%hd|%hu|%hhx|%d|%u",
           (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT, ARG_INT, ARG_INT, ARG_INT}, 5,
           (const uint32_t[]){0x8000, 0x8000, 0xabc, 0xffffffffu, 0xffffffffu}, 5,
           "-32768|32768|bc|-1|4294967295");
    /* a negative 64-bit value across the two words, low word first */
    host_long("%ld", -5000000000LL);
    w[0] = (uint32_t)-5000000000LL;
    w[1] = (uint32_t)((uint64_t)-5000000000LL >> 32);
    expect("%ld", &ARG_LONG, 1, w, 2, "-5000000000");
    expect("%lu", &ARG_LONG, 1, w, 2, "18446744068709551616");
    expect("%lx", &ARG_LONG, 1, w, 2, "fffffffed5fa0e00");
    host_long("%ld", -9223372036854775807LL - 1);
    /* the upper bits of an INT32 word are unspecified: sign or zero extended alike */
    expect("%hhu %hhd", (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT}, 2,
           (const uint32_t[]){0xffffff80u, 0x00000080u}, 2, "128 -128");

    /* %c: the int converted to unsigned char, a NUL included */
    expect("[%c%-3c%3c]", (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT, ARG_INT}, 3,
           (const uint32_t[]){'x', 'y', 0x17a}, 3, "[xy    z]");
    expect_n("<%c>", &ARG_INT, 1, (const uint32_t[]){0x100}, 1, "<\0>", 3);

    /* %s and %% */
    {
        struct oclhls_printf_arg s = {OCLHLS_PRINTF_STRING, 1, "text", 0, NULL};
        struct oclhls_printf_arg args[] = {ARG_INT, s, ARG_INT};

        expect("%s", &s, 1, NULL, 0, "text");
        expect("[%.2s|%-6s|%6.3s|%.0s]", (const struct oclhls_printf_arg[]){s, s, s, s}, 4, NULL, 0,
               "[te|text  |   tex|]");
        expect("100%% %d%s%d%%", args, 3, (const uint32_t[]){7, 9}, 2, "100% 7text9%");
        expect("%%%%", NULL, 0, NULL, 0, "%%");
    }

    /* %p: 0x and the device address in lowercase hex */
    expect("%p", &ARG_PTR, 1, (const uint32_t[]){0x1000abcdu}, 1, "0x1000abcd");
    expect("%p", &ARG_PTR, 1, (const uint32_t[]){0}, 1, "0x0");
    expect("[%12p|%-12p]", (const struct oclhls_printf_arg[]){ARG_PTR, ARG_PTR}, 2,
           (const uint32_t[]){0xffffffffu, 0x40u}, 2, "[  0xffffffff|0x40        ]");

    /* large widths and precisions, .0, and the limit */
    host_int("%100d", -12345);
    host_int("%-100x", 0xbeef);
    host_int("%.80d", 12345);
    host_int("%.0d", 0);
    host_int("%#.0o", 0);
    host_int("%.0x", 0);
    host_float("%.60f", 1.0f / 3.0f);
    host_float("%200.40e", 1e-30f);
    host_float("%.0f", 2.5f);
    host_float("%#.0f", 2.5f);
    host_float("%#.0e", 25.0f);
    host_float("%.0g", 123.0f);
    host_float("%#g", 1.0f);
    host_float("%.0a", 1.5f);
    host_float("%.1a", 1.0f / 3.0f);
    host_float("%f", 3.4028235e38f);
    {
        const char *fmt = "%100000d", *big = "%100001d";
        size_t len;
        int rc;
        char *got = format(fmt, &ARG_INT, 1, (const uint32_t[]){5}, 1, &len, &rc);

        result(rc == 0 && len == 100000 && got[99999] == '5' && got[0] == ' ',
               "%%100000d is %zu characters", len);
        free(got);
        expect_check(fmt, &ARG_INT, 1, 1, NULL, NULL);
        expect_check("%.100000f", &ARG_FLT, 1, 1, NULL, NULL);
        expect_check(big, &ARG_INT, 1, 0, "conversion 1 (%100001d)", "too large");
        expect_check("%.99999999999999999999999f", &ARG_FLT, 1, 0, "too large", NULL);
        expect(big, &ARG_INT, 1, (const uint32_t[]){5}, 1, big); /* unchecked: copied as text */
    }

    /* inf, nan, -0.0 */
    expect("%f %F %e %E %g %G %a %A",
           (const struct oclhls_printf_arg[]){ARG_FLT, ARG_FLT, ARG_FLT, ARG_FLT, ARG_FLT, ARG_FLT,
                                              ARG_FLT, ARG_FLT},
           8,
           (const uint32_t[]){float_bits(INFINITY), float_bits(-INFINITY), float_bits(NAN),
                              float_bits(NAN), float_bits(-0.0f), float_bits(-0.0f),
                              float_bits(-0.0f), float_bits(1.0f)},
           8, "inf -INF nan NAN -0 -0 -0x0p+0 0X1P+0");
    host_float("%+08f", INFINITY);
    host_float("%010.2f", -NAN);
    host_float("% f", -0.0f);
    host_float("%.0f", -0.4f); /* rounds to zero: still signed */
    host_float("%a", 0.1f);
    host_float("%A", 1e-45f);
}

static void test_vectors(void)
{
    struct oclhls_printf_arg v4i = {OCLHLS_PRINTF_INT32, 4, NULL, 0, NULL};
    struct oclhls_printf_arg v2i = {OCLHLS_PRINTF_INT32, 2, NULL, 0, NULL};
    struct oclhls_printf_arg v8i = {OCLHLS_PRINTF_INT32, 8, NULL, 0, NULL};
    struct oclhls_printf_arg v16i = {OCLHLS_PRINTF_INT32, 16, NULL, 0, NULL};
    struct oclhls_printf_arg v3f = {OCLHLS_PRINTF_FLOAT, 3, NULL, 0, NULL};
    struct oclhls_printf_arg v4f = {OCLHLS_PRINTF_FLOAT, 4, NULL, 0, NULL};
    struct oclhls_printf_arg v2l = {OCLHLS_PRINTF_INT64, 2, NULL, 0, NULL};
    uint32_t w[32];

    /* The spec's examples (1.13.13), with the text it shows */
    {
        uint32_t f[] = {float_bits(1.0f), float_bits(2.0f), float_bits(3.0f), float_bits(4.0f)};
        uint32_t uc[] = {0xFA, 0xFB, 0xFC, 0xFD};
        struct oclhls_printf_arg s = {OCLHLS_PRINTF_STRING, 1, "this is a test string\n", 0, NULL};

        expect("f4 = %2.2v4hlf\n", &v4f, 1, f, 4, "f4 = 1.00,2.00,3.00,4.00\n");
        expect("uc = %#v4hhx\n", &v4i, 1, uc, 4, "uc = 0xfa,0xfb,0xfc,0xfd\n");
        expect("%s\n", &s, 1, NULL, 0, "this is a test string\n\n");
        expect_check("f4 = %2.2v4hlf\n", &v4f, 1, 1, NULL, NULL);
        expect_check("uc = %#v4hhx\n", &v4i, 1, 1, NULL, NULL);
        expect_check("%s\n", &s, 1, 1, NULL, NULL);
    }

    /* every lane gets the whole specification; ',' between lanes */
    expect("%v4hld", &v4i, 1, (const uint32_t[]){1, (uint32_t)-2, 3, 0x80000000u}, 4,
           "1,-2,3,-2147483648");
    expect("(%5v4hli)", &v4i, 1, (const uint32_t[]){1, (uint32_t)-2, 3, 4}, 4,
           "(    1,   -2,    3,    4)");
    expect("%v2hhd", &v2i, 1, (const uint32_t[]){0x1ff, 0x7f}, 2, "-1,127");
    expect("%v2hhu", &v2i, 1, (const uint32_t[]){0x1ff, 0x80}, 2, "255,128");
    expect("%#v2hx", &v2i, 1, (const uint32_t[]){0x12345678, 0}, 2, "0x5678,0");
    expect("%-6v2ho|", &v2i, 1, (const uint32_t[]){8, 0xffff}, 2, "10    ,177777|");
    expect("%+v2hd", &v2i, 1, (const uint32_t[]){5, 0x8000}, 2, "+5,-32768");
    for (unsigned i = 0; i < 8; i++)
        w[i] = 0x11111111u * i;
    expect("%v8hlx", &v8i, 1, w, 8,
           "0,11111111,22222222,33333333,44444444,55555555,66666666,77777777");
    expect("%08v8hlX", &v8i, 1, w, 8,
           "00000000,11111111,22222222,33333333,44444444,55555555,66666666,77777777");
    for (unsigned i = 0; i < 16; i++)
        w[i] = i * 17;
    expect("%v16hhu", &v16i, 1, w, 16, "0,17,34,51,68,85,102,119,136,153,170,187,204,221,238,255");
    expect("%v3hlf", &v3f, 1,
           (const uint32_t[]){float_bits(0.5f), float_bits(-1.0f), float_bits(1e10f)}, 3,
           "0.500000,-1.000000,10000000000.000000");
    expect("%.1v3hle|%v3hlg|%v3hla", (const struct oclhls_printf_arg[]){v3f, v3f, v3f}, 3,
           (const uint32_t[]){float_bits(1.0f), float_bits(2.0f), float_bits(INFINITY),
                              float_bits(1.0f), float_bits(0.0001f), float_bits(1e20f),
                              float_bits(1.0f), float_bits(0.5f), float_bits(-0.0f)},
           9, "1.0e+00,2.0e+00,inf|1,0.0001,1e+20|0x1p+0,0x1p-1,-0x0p+0");
    /* longn: two words a lane */
    expect("%v2ld %v2lx", (const struct oclhls_printf_arg[]){v2l, v2l}, 2,
           (const uint32_t[]){0xffffffffu, 0xffffffffu, 5, 1, 0x89abcdefu, 0x01234567u, 0, 0}, 8,
           "-1,4294967301 123456789abcdef,0");
    /* arguments after a vector start where it ends */
    expect("%v3hlf %d %v2hhx %ld", (const struct oclhls_printf_arg[]){v3f, ARG_INT, v2i, ARG_LONG},
           4,
           (const uint32_t[]){float_bits(1.0f), float_bits(2.0f), float_bits(3.0f), 42, 0xab, 0xcd,
                              7, 0},
           8, "1.000000,2.000000,3.000000 42 ab,cd 7");

    /* what check accepts and rejects about vectors */
    expect_check("%v4hhd %v4hd %v4hld %v4hlx",
                 (const struct oclhls_printf_arg[]){v4i, v4i, v4i, v4i}, 4, 1, NULL, NULL);
    expect_check("%v2ld %v2lu", (const struct oclhls_printf_arg[]){v2l, v2l}, 2, 1, NULL, NULL);
    expect_check("%v4d", &v4i, 1, 0, "conversion 1 (%v4d)", "length modifier");
    expect_check("%v4f", &v4f, 1, 0, "conversion 1 (%v4f)", "length modifier");
    expect_check("%v4hf", &v4f, 1, 0, "(%v4hf)", "cl_khr_fp16");
    expect_check("%v4lf", &v4f, 1, 0, "(%v4lf)", "fp64");
    expect_check("%v4hhf", &v4f, 1, 0, "(%v4hhf)", NULL);
    expect_check("%v4hlc", &v4i, 1, 0, "(%v4hlc)", "vector");
    expect_check("%v4hls", &v4i, 1, 0, "(%v4hls)", "vector");
    expect_check("%v4hlp", &v4i, 1, 0, "(%v4hlp)", "vector");
    expect_check("%v5hld", &v4i, 1, 0, "(%v5", "2, 3, 4, 8 or 16");
    expect_check("%v1hld", &v4i, 1, 0, "(%v1", "2, 3, 4, 8 or 16");
    expect_check("%v04hld", &v4i, 1, 0, "(%v0", "2, 3, 4, 8 or 16");
    expect_check("%vhld", &v4i, 1, 0, "(%vh", "2, 3, 4, 8 or 16");
    expect_check("%d %v4hlf", (const struct oclhls_printf_arg[]){ARG_INT, v4i}, 2, 0,
                 "conversion 2 (%v4hlf) expects a 4-lane float vector",
                 "the argument is a 4-lane"
                 " vector of char, short or int");
    expect_check("%v3hlf", &v4f, 1, 0, "expects a 3-lane float vector",
                 "the argument is a 4-lane float vector");
    expect_check("%v8hlx", &v4i, 1, 0, "expects an 8-lane int vector", NULL);
    expect_check("%v2ld", &v2i, 1, 0, "expects a 2-lane long vector", NULL);
    expect_check("%v2hld", &v2l, 1, 0, "expects a 2-lane int vector",
                 "the argument is a 2-lane long vector");
    expect_check("%d", &v4i, 1, 0, "conversion 1 (%d) expects an int", "4-lane");
    expect_check("%v4hld", &ARG_INT, 1, 0, "expects a 4-lane int vector", "the argument is an int");
}

/* %s of a literal chosen at run time: the record's word is the choice's index. */
static void test_string_choice(void)
{
    static const char *const yes_no[] = {"yes", "no", "maybe"};
    const struct oclhls_printf_arg choice = {OCLHLS_PRINTF_STRING, 1, NULL, 3, yes_no};
    const struct oclhls_printf_arg two[] = {choice, ARG_INT};
    const uint32_t w0 = 0, w2[2] = {2, 7}, bad = 3;
    expect("[%s]", &choice, 1, &w0, 1, "[yes]");
    expect("[%-6s|%d]", two, 2, w2, 2, "[maybe |7]");
    expect("[%s]", &choice, 1, &bad, 1, "[(no such string)]");
    expect_check("%s %d", two, 2, 1, NULL, NULL);
    const struct oclhls_printf_arg one = {OCLHLS_PRINTF_STRING, 1, NULL, 1, yes_no};
    expect_check("%s", &one, 1, 0, "2 or more choices", NULL);
    result(oclhls_printf_record_words(&(struct oclhls_printf_format){"%s %d", 2, two}) == 2,
           "a chosen string takes one word");
}

/* An integer of the other width than the conversion's: sign- or zero-extended as the
   conversion reads it, or its low bits. */
static void test_width_mismatch(void)
{
    const uint32_t m1 = 0xffffffffu, big[2] = {7, 1};
    expect("%lu", &ARG_INT, 1, &m1, 1, "4294967295");
    expect("%ld", &ARG_INT, 1, &m1, 1, "-1");
    expect("%lx", &ARG_INT, 1, &m1, 1, "ffffffff");
    expect("%d", &ARG_LONG, 1, big, 2, "7");
    expect("%hhu", &ARG_LONG, 1, big, 2, "7");
}

static void test_check_rejections(void)
{
    struct oclhls_printf_arg s = {OCLHLS_PRINTF_STRING, 1, "str", 0, NULL};
    const struct oclhls_printf_arg three[] = {ARG_INT, ARG_FLT, ARG_LONG};

    expect_check("plain text", NULL, 0, 1, NULL, NULL);
    expect_check("%d %f %ld", three, 3, 1, NULL, NULL);
    expect_check("%d %f", three, 3, 1, NULL, NULL); /* extra arguments are fine */
    expect_check("%d %f %ld %d", three, 3, 0, "conversion 4 (%d) has no argument", NULL);
    expect_check("%%%d", NULL, 0, 0, "conversion 2 (%d)", "no argument");
    expect_check("%f", &ARG_INT, 1, 0, "conversion 1 (%f) expects a float",
                 "the argument is an int");
    expect_check("%d", &ARG_FLT, 1, 0, "expects an int", "the argument is a float");
    /* integers of the other width are converted (size_t printed with %lu) */
    expect_check("%ld %lu %d %hhd",
                 (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT, ARG_LONG, ARG_LONG}, 4, 1,
                 NULL, NULL);
    expect_check("%c", &ARG_LONG, 1, 0, "(%c)", "long");
    expect_check("%s", &ARG_INT, 1, 0, "expects a literal string", NULL);
    expect_check("%d", &s, 1, 0, "the argument is a literal string", NULL);
    expect_check("%p", &ARG_INT, 1, 0, "expects a pointer", NULL);
    expect_check("%x", &ARG_PTR, 1, 0, "the argument is a pointer", NULL);
    expect_check("%s %p %c", (const struct oclhls_printf_arg[]){s, ARG_PTR, ARG_INT}, 3, 1, NULL,
                 NULL);

    /* malformed or undefined specifications */
    expect_check("%k", &ARG_INT, 1, 0, "conversion 1 (%k)", "not a conversion");
    expect_check("a %d %hlf", (const struct oclhls_printf_arg[]){ARG_INT, ARG_FLT}, 2, 0,
                 "conversion 2 (%hlf)", "vector");
    expect_check("%hld", &ARG_INT, 1, 0, "(%hld)", "vector");
    expect_check("%lf %le %lG", (const struct oclhls_printf_arg[]){ARG_FLT, ARG_FLT, ARG_FLT}, 3, 1,
                 NULL, NULL); /* C99's l that changes nothing: CPU code has it */
    expect_check("%hf", &ARG_FLT, 1, 0, "(%hf)", "length modifier");
    expect_check("%lc", &ARG_INT, 1, 0, "(%lc)", NULL);
    expect_check("%ls", &s, 1, 0, "(%ls)", NULL);
    expect_check("%hhp", &ARG_PTR, 1, 0, "(%hhp)", NULL);
    expect_check("%lld", &ARG_LONG, 1, 0, "(%ll", "not supported by OpenCL C");
    expect_check("%jd", &ARG_LONG, 1, 0, "(%j", "not supported by OpenCL C");
    expect_check("%zd", &ARG_INT, 1, 0, "(%z", NULL);
    expect_check("%Lf", &ARG_FLT, 1, 0, "(%L", NULL);
    expect_check("%n", &ARG_INT, 1, 0, "(%n)", "not supported");
    expect_check("%*d", (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT}, 2, 0, "(%*)", "'*'");
    expect_check("%.*d", (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT}, 2, 0, "(%.*)",
                 "'*'");
    expect_check("%#d", &ARG_INT, 1, 0, "(%#d)", "# flag");
    expect_check("%#u", &ARG_INT, 1, 0, "(%#u)", "# flag");
    expect_check("%#c", &ARG_INT, 1, 0, "(%#c)", "# flag");
    expect_check("%#s", &s, 1, 0, "(%#s)", "# flag");
    expect_check("%#p", &ARG_PTR, 1, 0, "(%#p)", "# flag");
    expect_check("%05c", &ARG_INT, 1, 0, "(%05c)", "0 flag");
    expect_check("%05s", &s, 1, 0, "(%05s)", "0 flag");
    expect_check("%.2c", &ARG_INT, 1, 0, "(%.2c)", "precision");
    expect_check("%.2p", &ARG_PTR, 1, 0, "(%.2p)", "precision");
    expect_check("%5%", NULL, 0, 0, "(%5%)", "%%");
    expect_check("%-%", NULL, 0, 0, "(%-%)", "%%");
    expect_check("ends with %", NULL, 0, 0, "conversion 1 (%)", "ends");
    expect_check("%-5", &ARG_INT, 1, 0, "(%-5)", "ends");
    expect_check("%-+ #0x %+ d %-08.3e",
                 (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT, ARG_FLT}, 3, 1, NULL, NULL);
    expect_check("%--++d", &ARG_INT, 1, 1, NULL, NULL); /* repeated flags are allowed */

    /* descriptors */
    {
        struct oclhls_printf_arg bad_lanes = {OCLHLS_PRINTF_INT32, 5, NULL, 0, NULL};
        struct oclhls_printf_arg no_text = {OCLHLS_PRINTF_STRING, 1, NULL, 0, NULL};
        struct oclhls_printf_arg vec_ptr = {OCLHLS_PRINTF_POINTER, 2, NULL, 0, NULL};
        struct oclhls_printf_arg bad_type = {(enum oclhls_printf_type)42, 1, NULL, 0, NULL};
        struct oclhls_printf_format nofmt = {NULL, 0, NULL};
        char err[128];

        expect_check("%d", (const struct oclhls_printf_arg[]){ARG_INT, bad_lanes}, 2, 0,
                     "argument 2", "lane");
        expect_check("%s", &no_text, 1, 0, "argument 1", "text");
        expect_check("%p", &vec_ptr, 1, 0, "argument 1", "1 lane");
        expect_check("x", &bad_type, 1, 0, "argument 1", "type");
        expect_check("%d", NULL, 1, 0, "descriptors", NULL);
        result(oclhls_printf_check(&nofmt, err, sizeof(err)) == -1, "check of no format");
        result(oclhls_printf_check(&nofmt, NULL, 0) == -1, "check without an error buffer");
        result(oclhls_printf_check(&nofmt, err, 1) == -1 && err[0] == '\0',
               "check with a 1-byte error buffer");
    }
}

static void test_record_words(void)
{
    struct oclhls_printf_arg v3f = {OCLHLS_PRINTF_FLOAT, 3, NULL, 0, NULL};
    struct oclhls_printf_arg v16l = {OCLHLS_PRINTF_INT64, 16, NULL, 0, NULL};
    struct oclhls_printf_arg s = {OCLHLS_PRINTF_STRING, 1, "s", 0, NULL};
    struct oclhls_printf_arg args[] = {ARG_INT, ARG_LONG, ARG_FLT, ARG_PTR, s, v3f, v16l};
    struct oclhls_printf_format f = {"%d %ld %f %p %s %v3hlf %v16lx", 7, args};
    struct oclhls_printf_arg huge[] = {{OCLHLS_PRINTF_INT64, 0xffffffffu, NULL, 0, NULL},
                                       {OCLHLS_PRINTF_INT64, 0xffffffffu, NULL, 0, NULL}};
    struct oclhls_printf_format hf = {"%d", 2, huge};
    uint32_t w[64] = {0};
    struct oclhls_strbuf out = {0};

    result(oclhls_printf_record_words(&f) == 1 + 2 + 1 + 1 + 0 + 3 + 32, "record_words: %u",
           oclhls_printf_record_words(&f));
    result(oclhls_printf_check(&f, NULL, 0) == 0, "check of all kinds");
    result(oclhls_printf_record_words(&(struct oclhls_printf_format){"", 0, NULL}) == 0,
           "record_words of nothing");
    result(oclhls_printf_record_words(&hf) == 0xffffffffu, "record_words saturates");

    /* too few words: -1 and nothing appended */
    oclhls_strbuf_puts(&out, "kept");
    result(oclhls_printf_format_record(&f, w, 39, &out) == -1 && out.len == 4,
           "format_record with a word short");
    result(oclhls_printf_format_record(&hf, w, 64, &out) == -1 && out.len == 4,
           "format_record with saturated words");
    result(oclhls_printf_format_record(&f, w, 40, &out) == 0 && out.len > 4,
           "format_record with enough words");
    result(oclhls_printf_format_record(&f, w, 64, &out) == 0, "format_record with spare words");
    oclhls_strbuf_release(&out);
    {
        size_t len;
        int rc;
        char *got = format("%d %d", (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT}, 2,
                           (const uint32_t[]){1}, 1, &len, &rc);

        result(rc == -1 && len == 0, "format_record -1 for 1 of 2 words");
        free(got);
    }
}

/* Malformed formats and mismatched arguments without check: copied as text, no overreads. */
static void test_malformed(void)
{
    uint32_t one[] = {7};
    struct oclhls_printf_arg v4i = {OCLHLS_PRINTF_INT32, 4, NULL, 0, NULL};

    expect("%", &ARG_INT, 1, one, 1, "%");
    expect("%5", &ARG_INT, 1, one, 1, "%5");
    expect("%v", &ARG_INT, 1, one, 1, "%v");
    expect("%v4", &ARG_INT, 1, one, 1, "%v4");
    expect("%v4hl", &ARG_INT, 1, one, 1, "%v4hl");
    expect("%hhl", &ARG_INT, 1, one, 1, "%hhl");
    expect("%hhl%d", &ARG_INT, 1, one, 1, "%hhl7"); /* the malformed one takes no argument */
    expect("%k%d", &ARG_INT, 1, one, 1, "%k7");
    expect("%.", &ARG_INT, 1, one, 1, "%.");
    expect("%-", &ARG_INT, 1, one, 1, "%-");
    expect("%v99999999999999999999hld", &ARG_INT, 1, one, 1, "%v99999999999999999999hld");
    expect("%vxd", &ARG_INT, 1, one, 1, "%vxd");
    expect("%lld", &ARG_LONG, 1, (const uint32_t[]){1, 0}, 2, "%lld");
    expect("%*d|%d", &ARG_INT, 1, one, 1, "%*d|7");
    expect("%v4d|%d", &ARG_INT, 1, one, 1, "%v4d|7"); /* invalid: no length modifier */
    expect("%hlf%d", &ARG_INT, 1, one, 1, "%hlf7");
    expect("%d %d", &ARG_INT, 1, one, 1, "7 %d"); /* no argument left */
    expect("%f|%d", (const struct oclhls_printf_arg[]){ARG_INT, ARG_INT}, 2,
           (const uint32_t[]){1, 2}, 2,
           "%f|2"); /* the wrong kind: shown as written, its argument used up */
    expect("%v4hld", &ARG_INT, 1, one, 1, "%v4hld"); /* a scalar where 4 lanes are expected */
    expect("%d", &v4i, 1, (const uint32_t[]){1, 2, 3, 4}, 4, "%d");
    expect("%s", &ARG_INT, 1, one, 1, "%s");
    expect("%5%|%%", NULL, 0, NULL, 0, "%5%|%");
    expect("no conversions", NULL, 0, NULL, 0, "no conversions");
    expect("", NULL, 0, NULL, 0, "");
    expect("%d", NULL, 3, NULL, 0, "%d"); /* no descriptors at all */
    {
        struct oclhls_printf_arg no_text = {OCLHLS_PRINTF_STRING, 1, NULL, 0, NULL};
        struct oclhls_printf_arg bad_lanes = {OCLHLS_PRINTF_INT32, 5, NULL, 0, NULL};
        struct oclhls_printf_arg zero_lanes = {OCLHLS_PRINTF_FLOAT, 0, NULL, 0, NULL};
        struct oclhls_printf_arg bad_type = {(enum oclhls_printf_type)9, 1, NULL, 0, NULL};

        expect("%s", &no_text, 1, NULL, 0, "%s");
        expect("%v4hld|%d", (const struct oclhls_printf_arg[]){bad_lanes, ARG_INT}, 2,
               (const uint32_t[]){1, 2, 3, 4, 5, 6}, 6, "%v4hld|6");
        expect("%f|%d", (const struct oclhls_printf_arg[]){zero_lanes, ARG_INT}, 2, one, 1, "%f|7");
        expect("%d|%d", (const struct oclhls_printf_arg[]){bad_type, ARG_INT}, 2, one, 1, "%d|7");
    }
    {
        struct oclhls_printf_format f = {"%d", 1, &ARG_INT};

        result(oclhls_printf_format_record(NULL, NULL, 0, NULL) == 0, "NULL format");
        result(oclhls_printf_format_record(&f, NULL, 0, NULL) == -1, "no words");
    }
}

/* Random formats and descriptors, records of exactly their size: no crash, no overread
   (run under ASan or valgrind to see the latter). */
static void test_random(void)
{
    static const char alphabet[] = "%%%%-+ #0123456789.vvhhlLdiouxXcspfFeEgGaAn*k ,";
    uint64_t state = 0x9e3779b97f4a7c15u;
    unsigned crashes_not = 0;

    for (int iter = 0; iter < 20000; iter++) {
        char fmt[24];
        struct oclhls_printf_arg args[4];
        unsigned nargs, nwords;
        size_t len;
        int rc;
        char *got;
        uint32_t words[4 * 32];

        for (size_t i = 0; i < sizeof(fmt) - 1; i++) {
            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            fmt[i] = alphabet[state % (sizeof(alphabet) - 1)];
        }
        fmt[sizeof(fmt) - 1] = '\0';
        fmt[(state >> 20) % sizeof(fmt)] = '\0';
        nargs = (unsigned)(state >> 30) % 5;
        for (unsigned i = 0; i < nargs; i++) {
            static const unsigned lanes[] = {1, 1, 1, 2, 3, 4, 8, 16, 0, 5};

            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            args[i].type = (enum oclhls_printf_type)(state % 6);
            args[i].lanes = lanes[(state >> 8) % 10];
            args[i].string = (state >> 16) % 4 ? "lit" : NULL;
        }
        nwords = oclhls_printf_record_words(&(struct oclhls_printf_format){fmt, nargs, args});
        for (unsigned i = 0; i < nwords; i++)
            words[i] = (uint32_t)(state >> (i % 32)) * 2654435761u;
        got = format(fmt, args, nargs, words, nwords, &len, &rc);
        if (rc == 0)
            crashes_not++;
        free(got);
        got = format(fmt, args, nargs, words, nwords ? nwords - 1 : 0, &len, &rc);
        result(nwords == 0 || (rc == -1 && len == 0), "random \"%s\": one word short", fmt);
        free(got);
        oclhls_printf_check(&(struct oclhls_printf_format){fmt, nargs, args}, NULL, 0);
    }
    result(crashes_not == 20000, "random formats all formatted (%u)", crashes_not);
}

int main(void)
{
    test_scalars();
    test_scalar_sweep();
    test_vectors();
    test_width_mismatch();
    test_string_choice();
    test_check_rejections();
    test_record_words();
    test_malformed();
    test_random();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
