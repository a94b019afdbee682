/* SPDX-License-Identifier: MIT */
/*
 * Fewer compiler runs for Verilator's generated C++: the small files of one optimisation
 * level are compiled as one translation unit, a file that includes them (as Verilator's own
 * non-parallel build does with its __ALL.cpp). For a small file, starting the compiler and
 * loading the precompiled runtime header take most of its time; large files keep a job
 * each, so that they still compile side by side. Internal to oclhls_boards.
 */
#ifndef OCLHLS_CODE_GROUPS_H
#define OCLHLS_CODE_GROUPS_H

#include <stddef.h>

struct oclhls_argv;
struct oclhls_strbuf;

/* Below this size a generated file joins its level's group. */
#define OCLHLS_CODE_SMALL_BYTES (64u * 1024u)

/* The size of the generated file <dir>/<name>.cpp, or -1 when it cannot be read. */
long long oclhls_code_file_bytes(const char *dir, const char *name);

/*
 * files: base names (no .cpp) in dir, compiled at level (enum oclhls_vrt_code). When two or
 * more are smaller than OCLHLS_CODE_SMALL_BYTES, writes <dir>/oclhls_small_<level>.cpp
 * including them and replaces them in files by that name (the large ones stay). 0, or -1
 * when the file cannot be written (log).
 */
int oclhls_code_group_small(const char *dir, int level, struct oclhls_argv *files,
                            struct oclhls_strbuf *log);

#endif
