/* SPDX-License-Identifier: MIT */
/*
 * What the link tests share: CHECK(cond, fmt, ...) counts a failure in the test's own
 * `failures` and says where and what; link_read_file reads a kernel source or program file.
 */
#ifndef OCLHLS_LINK_CHECK_H
#define OCLHLS_LINK_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

/* The file's bytes with a 0 after them (malloc'ed; *size without it), or NULL. */
static inline char *link_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0) {
        rewind(f);
        text = calloc(1, (size_t)n + 1);
        if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
            free(text);
            text = NULL;
        }
        if (text && size)
            *size = (size_t)n;
    }
    fclose(f);
    return text;
}

#endif
