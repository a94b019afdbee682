/* SPDX-License-Identifier: MIT */
/*
 * What the fuzz targets assert beyond the sanitizers: a broken promise of the code under
 * test (a refusal without a message, a checked format that then fails) aborts, which
 * libFuzzer reports as a crash and saves as an input to reproduce it.
 */
#ifndef OCLHLS_FUZZ_CHECK_H
#define OCLHLS_FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* libFuzzer calls it with each input; 0: the input may join the corpus. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, what)                                                                 \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", what, __FILE__, __LINE__);      \
            abort();                                                                           \
        }                                                                                      \
    } while (0)

#endif
