/* SPDX-License-Identifier: MIT */
/* The program's estimated logic cells from its metadata (ice40_estimate.h). */
#include "ice40_estimate.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

static unsigned number(const cJSON *o, const char *name)
{
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsNumber(n) && n->valuedouble > 0 ? (unsigned)n->valuedouble : 0;
}

static const char *string(const cJSON *o, const char *name)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(s) ? s->valuestring : "";
}

/* Adds kernel k's units to e. */
static void add_kernel(const cJSON *k, struct ice40_estimate *e)
{
    const cJSON *u;

    cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(k, "units"))
    {
        unsigned lcs = number(u, "lcs");
        const char *op = string(u, "operation");

        e->lcs += lcs;
        if (lcs <= e->largest_lcs)
            continue;
        e->largest_lcs = lcs;
        snprintf(e->largest, sizeof(e->largest), "a %s unit%s%s%s of kernel '%s', line %u",
                 string(u, "kind"), op[0] ? " (" : "", op, op[0] ? ")" : "", string(k, "name"),
                 number(u, "line"));
    }
}

int ice40_estimate_read(const char *meta, size_t len, struct ice40_estimate *e)
{
    cJSON *root = cJSON_ParseWithLength(meta, len);
    const cJSON *k;

    memset(e, 0, sizeof(*e));
    if (!root)
        return -1;
    cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(root, "kernels")) add_kernel(k, e);
    cJSON_Delete(root);
    return 0;
}
