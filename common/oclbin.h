/* SPDX-License-Identifier: MIT */
/*
 * The program file (.oclbin): a small container of named sections, written by the compiler
 * and read by the runtime. Layout (all integers little-endian), documented in
 * docs/program-file.md:
 *
 *   0   char  magic[8]      "OCLHLSB\0"
 *   8   u32   version       OCLBIN_VERSION
 *   12  u32   section_count
 *   16  section_count x { char name[16] (NUL padded); u64 offset; u64 size; u32 crc32; u32 0 }
 *   ... section data, each at its offset (8-byte aligned)
 *
 * Sections used: "meta" (JSON metadata, see docs/program-file.md), "verilog" (sim board: the
 * complete design, generated modules + rtl-lib + shell), "source" (OpenCL C source),
 * "bitstream" and "ice40" (iCE40 boards: the bitstream and the build summary); compiled
 * objects and libraries: "object" (LLVM bitcode) and "objmeta" (JSON), no "meta".
 */
#ifndef OCLHLS_OCLBIN_H
#define OCLHLS_OCLBIN_H

#include <stddef.h>

#define OCLBIN_MAGIC "OCLHLSB"
#define OCLBIN_VERSION 1u
#define OCLBIN_SECTION_NAME_MAX 16

struct oclbin; /* opaque */

/* A new empty container; NULL when out of memory. Free with oclbin_free(). */
struct oclbin *oclbin_new(void);
void oclbin_free(struct oclbin *bin);

/* Copies data into a new section; replaces a section of the same name. 0 or -1. */
int oclbin_add_section(struct oclbin *bin, const char *name, const void *data, size_t size);

/* Serialises; *out is malloc'ed and owned by the caller. 0 or -1. */
int oclbin_write(const struct oclbin *bin, void **out, size_t *out_size);

/*
 * Parses and checks (magic, version, bounds, crc32 of each section). On failure returns -1
 * and says what is wrong in err ("section 'meta' crc mismatch"). The container copies data.
 */
int oclbin_parse(const void *data, size_t size, struct oclbin **out, char *err, size_t errlen);

/* Borrowed pointer to a section's bytes (valid until oclbin_free), or NULL if absent. */
const void *oclbin_section(const struct oclbin *bin, const char *name, size_t *size);

#endif
