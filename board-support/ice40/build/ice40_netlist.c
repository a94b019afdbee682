/* SPDX-License-Identifier: MIT */
/* The synthesised iCE40 netlist (ice40_netlist.h). */
#include "ice40_netlist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

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

static void count_group(struct group_table *t, const char *cell)
{
    char inst[96];

    ice40_instance_of(cell, inst, sizeof(inst));
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
    cJSON *root = cJSON_Parse(json);
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

/* The value of a yosys JSON parameter: a string of binary digits, MSB first. */
static int param_value(const cJSON *params, const char *name, unsigned *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(params, name);

    if (cJSON_IsNumber(v)) {
        *out = (unsigned)v->valuedouble;
        return 0;
    }
    if (!cJSON_IsString(v) || !v->valuestring[0] || strlen(v->valuestring) > 16)
        return -1;
    *out = 0;
    for (const char *p = v->valuestring; *p; p++) {
        if (*p != '0' && *p != '1')
            return -1;
        *out = *out << 1 | (unsigned)(*p - '0');
    }
    return 0;
}

/* Replaces a parameter by `value` in binary, keeping its width. */
static int set_param(cJSON *params, const char *name, unsigned value)
{
    const cJSON *old = cJSON_GetObjectItemCaseSensitive(params, name);
    size_t w = cJSON_IsString(old) ? strlen(old->valuestring) : 0;
    char bits[17];

    if (w == 0 || w > 16 || value >> w)
        return -1;
    for (size_t i = 0; i < w; i++)
        bits[i] = (char)('0' + ((value >> (w - 1 - i)) & 1));
    bits[w] = '\0';
    return cJSON_ReplaceItemInObjectCaseSensitive(params, name, cJSON_CreateString(bits)) ? 0 : -1;
}

static const char *const pll_params[] = {"DIVR", "DIVF", "DIVQ", "FILTER_RANGE"};

static void pll_values(const struct ice40_pll *p, unsigned v[4])
{
    v[0] = p->divr;
    v[1] = p->divf;
    v[2] = p->divq;
    v[3] = p->filter_range;
}

/* Checks that the PLL cell carries `from` and rewrites it to `to`; 0 or -1. */
static int patch_cell(cJSON *cell, const struct ice40_pll *from, const struct ice40_pll *to)
{
    cJSON *params = cJSON_GetObjectItemCaseSensitive(cell, "parameters");
    unsigned want[4], now[4], v;

    pll_values(from, want);
    pll_values(to, now);
    for (int i = 0; i < 4; i++)
        if (param_value(params, pll_params[i], &v) || v != want[i])
            return -1;
    for (int i = 0; i < 4; i++)
        if (set_param(params, pll_params[i], now[i]))
            return -1;
    return 0;
}

char *ice40_netlist_patch_pll(const char *json, const char *top, const struct ice40_pll *from,
                              const struct ice40_pll *to)
{
    cJSON *root = cJSON_Parse(json);
    cJSON *cells = (cJSON *)top_cells(root, top), *c, *pll = NULL;
    char *out = NULL;
    int n = 0;

    cJSON_ArrayForEach(c, cells)
    {
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(c, "type");
        if (cJSON_IsString(type) && !strncmp(type->valuestring, "SB_PLL40", 8)) {
            pll = c;
            n++;
        }
    }
    if (n == 1 && patch_cell(pll, from, to) == 0)
        out = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return out;
}
