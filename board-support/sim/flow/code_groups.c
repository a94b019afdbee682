/* SPDX-License-Identifier: MIT */
/* Small generated files compiled as one translation unit (code_groups.h). */
#include "code_groups.h"

#include <stdlib.h>
#include <sys/stat.h>

#include "argv.h"
#include "fsutil.h"
#include "strbuf.h"

long long oclhls_code_file_bytes(const char *dir, const char *name)
{
    char *path = oclhls_asprintf("%s/%s.cpp", dir, name);
    struct stat st;
    long long bytes = path && stat(path, &st) == 0 ? (long long)st.st_size : -1;

    free(path);
    return bytes;
}

static int is_small(const char *dir, const char *name)
{
    long long bytes = oclhls_code_file_bytes(dir, name);

    return bytes >= 0 && bytes < (long long)OCLHLS_CODE_SMALL_BYTES;
}

int oclhls_code_group_small(const char *dir, int level, struct oclhls_argv *files,
                            struct oclhls_strbuf *log)
{
    struct oclhls_argv kept = {0};
    struct oclhls_strbuf text = {0};
    char *group = oclhls_asprintf("oclhls_small_%d", level), *path = NULL;
    int nsmall = 0, ret = -1;

    for (int i = 0; i < files->n; i++) {
        if (is_small(dir, files->v[i])) {
            oclhls_strbuf_printf(&text, "#include \"%s.cpp\"\n", files->v[i]);
            nsmall++;
        } else
            oclhls_argv_add(&kept, files->v[i]);
    }
    if (nsmall < 2) { /* nothing to gain */
        ret = 0;
        goto out_free;
    }
    oclhls_argv_add(&kept, group);
    path = oclhls_asprintf("%s/%s.cpp", dir, group);
    if (!group || !path || text.failed || kept.failed ||
        oclhls_write_file(path, text.buf, text.len)) {
        oclhls_strbuf_printf(log, "cannot write %s\n", path ? path : "a group of C++ files");
        goto out_free;
    }
    oclhls_argv_release(files);
    *files = kept;
    kept = (struct oclhls_argv){0};
    ret = 0;
out_free:
    oclhls_argv_release(&kept);
    oclhls_strbuf_release(&text);
    free(path);
    free(group);
    return ret;
}
