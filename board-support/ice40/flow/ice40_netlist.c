/* SPDX-License-Identifier: MIT */
/* The synthesised iCE40 netlist (ice40_netlist.h). */
#include "ice40_netlist.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json.h"
#include "strbuf.h"

void ice40_instance_of_depth(const char *cell, int depth, char *out, size_t len)
{
    const char *end = NULL, *p = cell;

    if (*p == '\\') /* yosys escapes names with special characters */
        p++;
    for (const char *q = p; *q && depth > 0; q++) {
        if (*q == '.') {
            end = q;
            depth--;
        }
    }
    if (!end)
        snprintf(out, len, "(top)");
    else
        snprintf(out, len, "%.*s", (int)(end - p), p);
}

void ice40_instance_of(const char *cell, char *out, size_t len)
{
    ice40_instance_of_depth(cell, ICE40_GROUP_DEPTH, out, len);
}

static const cJSON *top_cells(const cJSON *root, const char *top)
{
    const cJSON *mods = cJSON_GetObjectItemCaseSensitive(root, "modules");
    const cJSON *mod = cJSON_GetObjectItemCaseSensitive(mods, top);

    return cJSON_GetObjectItemCaseSensitive(mod, "cells");
}

static int is_logic(const char *type, struct ice40_netlist *n)
{
    if (!strcmp(type, "SB_LUT4"))
        n->luts++;
    else if (!strncmp(type, "SB_DFF", 6))
        n->dffs++;
    else if (!strcmp(type, "SB_CARRY"))
        n->carries++;
    else {
        n->ebr += !strncmp(type, "SB_RAM40_4K", 11);
        n->spram += !strcmp(type, "SB_SPRAM256KA");
        n->dsp += !strcmp(type, "SB_MAC16");
        return 0;
    }
    return 1;
}

/* Adds one cell to its unit's group; groups past the table's size are not tracked. */
struct group_table {
    struct ice40_group *g;
    int n, cap;
};

/* "v35" when the cell's name below inst starts with a value's name (v35_s3_...), else 0. */
static size_t value_name(const char *cell, const char *inst)
{
    const char *p = cell + (*cell == '\\');
    size_t at = strlen(inst), n = 1;

    if (!strcmp(inst, "(top)") || strncmp(p, inst, at) || p[at] != '.')
        return 0;
    p += at + 1;
    if (p[0] != 'v')
        return 0;
    while (isdigit((unsigned char)p[n]))
        n++;
    return n > 1 && (p[n] == '_' || p[n] == '\0') ? n : 0;
}

static void count_group(struct group_table *t, const char *cell)
{
    char inst[96];
    size_t v, at;

    ice40_instance_of(cell, inst, sizeof(inst));
    at = strlen(inst);
    if ((v = value_name(cell, inst)) && at + 1 + v < sizeof(inst))
        snprintf(inst + at, sizeof(inst) - at, ".%.*s", (int)v, cell + (*cell == '\\') + at + 1);
    for (int i = 0; i < t->n; i++) {
        if (!strcmp(t->g[i].inst, inst)) {
            t->g[i].cells++;
            return;
        }
    }
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        struct ice40_group *g = realloc(t->g, (size_t)cap * sizeof(*g));
        if (!g)
            return;
        t->g = g;
        t->cap = cap;
    }
    snprintf(t->g[t->n].inst, sizeof(t->g[0].inst), "%s", inst);
    t->g[t->n++].cells = 1;
}

static int by_cells(const void *a, const void *b)
{
    const struct ice40_group *x = a, *y = b;

    return x->cells < y->cells ? 1 : x->cells > y->cells ? -1 : strcmp(x->inst, y->inst);
}

int ice40_netlist_read(const char *json, const char *top, struct ice40_netlist *n, char *err,
                       size_t errlen)
{
    cJSON *root = json ? oclhls_json_parse(json, strlen(json), NULL) : NULL;
    const cJSON *cells = top_cells(root, top), *c;
    struct group_table t = {0};

    memset(n, 0, sizeof(*n));
    if (!cJSON_IsObject(cells)) {
        oclhls_errf(err, errlen, "the netlist has no module '%s'", top);
        cJSON_Delete(root);
        return -1;
    }
    cJSON_ArrayForEach(c, cells)
    {
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(c, "type");
        if (cJSON_IsString(type) && is_logic(type->valuestring, n))
            count_group(&t, c->string);
    }
    if (t.n)
        qsort(t.g, (size_t)t.n, sizeof(*t.g), by_cells);
    n->n_groups = t.n < ICE40_GROUPS_MAX ? t.n : ICE40_GROUPS_MAX;
    if (n->n_groups)
        memcpy(n->groups, t.g, (size_t)n->n_groups * sizeof(*t.g));
    free(t.g);
    cJSON_Delete(root);
    return 0;
}

unsigned ice40_netlist_min_lcs(const struct ice40_netlist *n)
{
    unsigned m = n->luts > n->dffs ? n->luts : n->dffs;

    return m > n->carries ? m : n->carries;
}
