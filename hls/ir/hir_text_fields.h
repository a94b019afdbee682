/* SPDX-License-Identifier: MIT */
/*
 * The field tables of the IR's text (hir_text.h), shared by its writer and its reader: per
 * record kind, each field's name, place, kind and default (a field at its default is left
 * out of the text). Internal to hir_text_*.c.
 */
#ifndef OCLHLS_HIR_TEXT_FIELDS_H
#define OCLHLS_HIR_TEXT_FIELDS_H

#include <stddef.h>

#define HIR_TEXT_VERSION 2

enum field_type {
    F_INT,    /* int, written as a number */
    F_UINT,   /* unsigned */
    F_U64,    /* uint64_t */
    F_VALUE,  /* int naming an operation: v<i>, or -1 */
    F_OPCODE, /* enum hir_opcode, by name */
    F_LSUS,   /* struct hir_lsu_set, as its LSU numbers "3,7" (default: none) */
};

struct field {
    const char *name;
    size_t offset;
    enum field_type type;
    long long def; /* left out of the text when equal */
};

struct field_table {
    const struct field *f;
    int n;
};

/* The tables, one per record kind. */
extern const struct field_table hir_op_fields, hir_kernel_fields, hir_loop_fields,
    hir_seg_fields, hir_parray_fields, hir_barrier_fields, hir_stream_fields,
    hir_memdep_fields;

/* A field's value in rec (as a wide integer; F_U64 bit for bit). */
long long hir_field_get(const void *rec, const struct field *f);
/* Every field of t in rec to its default. */
void hir_fields_default(void *rec, const struct field_table *t);

#endif
