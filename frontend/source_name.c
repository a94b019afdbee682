/* SPDX-License-Identifier: MIT */
/* The name a kernel source has in diagnostics (clang's and the pragma scanner's). */
#include "fe_internal.h"

#include <string.h>

/* The file name shown in diagnostics: the last path component of source_name. */
char *fe_source_file_name(const char *source_name)
{
    const char *base = source_name ? strrchr(source_name, '/') : NULL;

    base = base ? base + 1 : source_name;
    if (!base || !*base || !strcmp(base, ".") || !strcmp(base, ".."))
        base = "program.cl";
    /* clang has no "--": a name starting with '-' would be read as an option */
    return oclhls_asprintf("%s%s", base[0] == '-' ? "./" : "", base);
}
