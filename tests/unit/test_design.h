/* SPDX-License-Identifier: MIT */
/*
 * The complete sim design used by the tests, assembled the way the compiler does it: the
 * sim board's shell files (board.json "shell_files", relative to the data directory),
 * then the system (here the hand-written tests/unit/data/test_system.v).
 */
#ifndef OCLHLS_TEST_DESIGN_H
#define OCLHLS_TEST_DESIGN_H

#include "test_util.h"

#include <cjson/cJSON.h>

#include "board.h"

static inline int test_append_file(char **text, size_t *len, const char *path)
{
    size_t n;
    char *data = test_read_file(path, &n), *p;

    if (!data)
        return -1;
    p = realloc(*text, *len + n + 2);
    if (!p) {
        free(data);
        return -1;
    }
    memcpy(p + *len, data, n);
    *len += n;
    p[(*len)++] = '\n';
    p[*len] = '\0';
    *text = p;
    free(data);
    return 0;
}

/* Appends every file of the sim board's "shell_files"; 0 or -1. */
static inline int test_append_shell(char **text, size_t *len)
{
    char path[4096];
    char *json;
    cJSON *root, *files, *f;
    int ret = 0, count = 0;

    snprintf(path, sizeof(path), "%s/board-support/sim/board.json", oclhls_datadir());
    json = test_read_file(path, NULL);
    root = json ? cJSON_Parse(json) : NULL;
    files = cJSON_GetObjectItemCaseSensitive(root, "shell_files");
    cJSON_ArrayForEach(f, files)
    {
        if (!cJSON_IsString(f))
            continue;
        snprintf(path, sizeof(path), "%s/%s", oclhls_datadir(), f->valuestring);
        ret |= test_append_file(text, len, path);
        count++;
    }
    cJSON_Delete(root);
    free(json);
    return ret || count == 0 ? -1 : 0;
}

/*
 * Shell + system_path + a comment with `salt` (a different salt gives a different cache
 * key, so a test can force a real build). malloc'ed, NULL on failure.
 */
static inline char *test_design(const char *system_path, const char *salt, size_t *len)
{
    char *text = NULL, line[256];
    size_t n = 0;

    if (test_append_shell(&text, &n) || test_append_file(&text, &n, system_path)) {
        free(text);
        return NULL;
    }
    snprintf(line, sizeof(line), "// salt: %s\n", salt ? salt : "");
    text = realloc(text, n + strlen(line) + 1);
    memcpy(text + n, line, strlen(line) + 1);
    *len = n + strlen(line);
    return text;
}

#endif
