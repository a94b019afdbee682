/* SPDX-License-Identifier: MIT */
/* Finding tools' executables; see tool_search.h. */
#include "tool_search.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strbuf.h"

static char *executable_in(const char *dir, size_t dirlen, const char *name)
{
    char *path = oclhls_asprintf("%.*s/%s", (int)dirlen, dir, name);
    struct stat st;

    if (path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
        return path;
    free(path);
    return NULL;
}

char *oclhls_tool_in_dir(const char *dir, const char *name)
{
    return executable_in(dir, strlen(dir), name);
}

char *oclhls_tool_in_path(const char *name)
{
    char *path = NULL;

    for (const char *p = getenv("PATH"); !path && p && *p;) {
        size_t n = strcspn(p, ":");
        path = executable_in(n ? p : ".", n ? n : 1, name);
        p += n + (p[n] == ':');
    }
    return path;
}
