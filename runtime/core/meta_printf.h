/* SPDX-License-Identifier: MIT */
/* The program's printf call sites, as its program file lists them (meta_printf.c). */
#ifndef OCLHLS_RT_META_PRINTF_H
#define OCLHLS_RT_META_PRINTF_H

#include <stddef.h>
#include <stdint.h>

#include "printf_format.h"

/* The most argument words of one record (frontend/printf.c has the same limit). */
#define OCLHLS_PRINTF_MAX_WORDS 1024

struct oclhls_printf_site {
    struct oclhls_printf_format f; /* format and args below */
    char *format;
    struct oclhls_printf_arg *args;
    unsigned words; /* argument words of a record (the format id's word not counted) */
    unsigned line;  /* of the call in the kernel source */
};

struct oclhls_printf_table {
    uint64_t buffer_bytes; /* the buffer the hardware was built for, counter word included */
    unsigned num_sites;    /* a record's first word is its site's index */
    struct oclhls_printf_site *sites;
};

struct cJSON;
/* "printf" and "printf_buffer_bytes" of the meta root into t (all zero when absent); 0, or -1
   with what is wrong in err (t is then freed by oclhls_meta_free_printf). */
int oclhls_meta_parse_printf(const struct cJSON *root, struct oclhls_printf_table *t, char *err,
                             size_t errlen);
void oclhls_meta_free_printf(struct oclhls_printf_table *t);

#endif
