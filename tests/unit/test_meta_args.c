/* SPDX-License-Identifier: MIT */
/*
 * A kernel's arguments in the program file's metadata (runtime/core/meta.c, meta_args.c), as
 * the runtime checks them when it takes a program: the layouts the compiler writes parse; an
 * argument missing, overlapping another or contradicting its own kind is refused with a
 * message naming the field, never taken (issue 32).
 */
#include "test_util.h" /* first: it defines _GNU_SOURCE */

#include "core/meta.h"

/* One argument: name, address space, size, is_pointer, csr_offset; qualifiers "". */
#define ARG(name, space, size, ptr, csr)                                                           \
    "{\"name\": \"" name "\", \"type_name\": \"t\", \"type_qualifiers\": \"\", "                 \
    "\"address_space\": \"" space "\", \"access\": \"none\", \"size\": " #size                    \
    ", \"is_pointer\": " ptr ", \"csr_offset\": " #csr "}"
#define BUF(name, csr) ARG(name, "global", 4, "true", csr)
#define INT(name, csr) ARG(name, "private", 4, "false", csr)
#define LONG(name, csr) ARG(name, "private", 8, "false", csr)
#define LOCAL(name) ARG(name, "local", 4, "true", 0)
/* An image (8 words) of image_type, and a sampler (1 word), as images.cl's kernels have them. */
#define IMAGE(name, type, size, csr)                                                               \
    "{\"name\": \"" name "\", \"type_name\": \"" type "\", \"type_qualifiers\": \"\", "             \
    "\"address_space\": \"global\", \"access\": \"read_only\", \"size\": " #size                     \
    ", \"is_pointer\": false, \"csr_offset\": " #csr ", \"kind\": \"image\", \"image_type\": \"" type   \
    "\"}"
#define SAMPLER(name, kind, csr)                                                                   \
    "{\"name\": \"" name "\", \"type_name\": \"sampler_t\", \"type_qualifiers\": \"\", "           \
    "\"address_space\": \"private\", \"access\": \"none\", \"size\": 4, \"is_pointer\": false, "    \
    "\"csr_offset\": " #csr ", \"kind\": \"" kind "\"}"

/* A program of one kernel "k" with these args (and extra kernel members), num_args, arg_bytes. */
#define PROGRAM(extra, args, num, bytes)                                                           \
    "{\"format\": 1, \"board\": \"sim\", \"mem_width_bits\": 512, \"kernels\": [{\"name\": "     \
    "\"k\"" extra ", \"args\": [" args "], \"num_args\": " #num ", \"arg_bytes\": " #bytes "}]}"

/* vector_add(a, b, c, n) as the compiler writes it: words 0x80-0x8c. */
#define VECTOR_ADD BUF("a", 128) ", " BUF("b", 132) ", " BUF("c", 136) ", " INT("n", 140)

static int parse(const char *json, char *err, size_t errlen, struct oclhls_program_meta **m)
{
    err[0] = '\0';
    return oclhls_meta_parse(json, strlen(json), m, err, errlen);
}

static void taken(const char *json, const char *what)
{
    struct oclhls_program_meta *m = NULL;
    char err[512];
    int rc = parse(json, err, sizeof(err), &m);
    CHECK(rc == 0 && m, "taken: %s (%s)", what, err);
    oclhls_meta_free(m);
}

static void refused(const char *json, const char *what, const char *want)
{
    struct oclhls_program_meta *m = NULL;
    char err[512];
    int rc = parse(json, err, sizeof(err), &m);
    CHECK(rc == -1 && !m && strstr(err, want), "refused: %s, with \"%s\" (got %d, \"%s\")", what,
          want, rc, err);
    oclhls_meta_free(m);
}

int main(void)
{
    taken(PROGRAM("", VECTOR_ADD, 4, 16), "vector_add's four argument words");
    taken(PROGRAM("", "", 0, 0), "a kernel without arguments");
    taken(PROGRAM("", INT("n", 128) ", " LONG("x", 136) ", " INT("m", 144), 3, 20),
          "a long aligned to 8 after an int (4 bytes of padding)");
    taken(PROGRAM("", LOCAL("tile") ", " BUF("a", 128) ", " LOCAL("t2") ", " INT("n", 132), 4, 8),
          "__local arguments, which have no words, between others");
    taken(PROGRAM(", \"constant_data_csr\": 136", BUF("a", 128) ", " INT("n", 132), 2, 12),
          "the hidden word for __constant data after the arguments");
    taken(PROGRAM("", INT("n", 132) ", " BUF("a", 128), 2, 8),
          "arguments listed in another order than their words");
    taken(PROGRAM("", ARG("s", "private", 10, "false", 128) ", " INT("n", 140), 2, 16),
          "a 10-byte struct by value: three words");

    refused(PROGRAM("", BUF("a", 128) ", " BUF("b", 132) ", " INT("n", 140), 4, 16),
            "an argument deleted (c), num_args unchanged", "\"num_args\"");
    refused(PROGRAM("", BUF("a", 128) ", " BUF("b", 132) ", " INT("n", 140), 3, 16),
            "an argument deleted (c) and num_args edited to match",
            "argument 2 at csr_offset 0x8c does not follow");
    refused(PROGRAM("", BUF("a", 128) ", " BUF("b", 132) ", " BUF("c", 136), 3, 16),
            "the last argument deleted", "fill 12 bytes of argument words, \"arg_bytes\" says 16");
    refused(PROGRAM("", BUF("a", 128) ", " BUF("b", 128) ", " BUF("c", 136) ", " INT("n", 140), 4,
                    16),
            "two arguments on one word", "argument 1 at csr_offset 0x80 does not follow");
    refused(PROGRAM("", LONG("x", 128) ", " INT("n", 132), 2, 12), "a long overlapping an int",
            "does not follow");
    refused(PROGRAM("", INT("n", 132), 1, 4), "a gap before the first argument", "does not follow");
    refused(PROGRAM("", VECTOR_ADD, 4, 20), "arg_bytes too large", "\"arg_bytes\" says 20");
    refused(PROGRAM("", VECTOR_ADD, 4, 4096), "arg_bytes beyond the window", "\"arg_bytes\"");
    refused(PROGRAM("", VECTOR_ADD, 4.5, 16), "num_args not a whole number", "\"num_args\"");
    refused(PROGRAM(", \"printf_csr\": 152", VECTOR_ADD, 4, 24),
            "printf's words apart from the arguments", "printf_csr at csr_offset 0x98");
    refused(PROGRAM(", \"constant_data_csr\": 140", VECTOR_ADD, 4, 16),
            "the constant data word on an argument's", "does not follow");
    refused("{\"format\": 1, \"board\": \"sim\", \"kernels\": [{\"name\": \"k\", \"args\": [" BUF(
                "a", 128) "]}]}",
            "a file without num_args (older than the check)", "\"num_args\"");
    refused(PROGRAM("", ARG("a", "private", 4, "true", 128), 1, 4), "a pointer in the private space",
            "a pointer argument must be 4 bytes");
    refused(PROGRAM("", ARG("a", "global", 4, "false", 128), 1, 4),
            "a __global argument that is not a pointer", "must be a pointer, a pipe or an image");
    taken(PROGRAM("", IMAGE("im", "image2d_t", 32, 128) ", " SAMPLER("s", "sampler", 160) ", " BUF(
                          "out", 164),
                  3, 40),
          "an image's 8 words, a sampler's word, a buffer");
    refused(PROGRAM("", IMAGE("im", "image2d_t", 4, 128), 1, 4), "an image of 4 bytes",
            "a bad \"kind\"");
    refused(PROGRAM("", IMAGE("im", "image4d_t", 32, 128), 1, 32), "an image of an unknown type",
            "a bad \"kind\"");
    refused(PROGRAM("", SAMPLER("s", "texture", 128), 1, 4), "an unknown kind", "a bad \"kind\"");
    refused(PROGRAM("", ARG("a", "private", 8, "false", 4294967292), 1, 8),
            "a csr_offset that wraps 32 bits", "has no valid csr_offset");
    return test_result();
}
