/* SPDX-License-Identifier: MIT */
/* Reading nextpnr-ice40's --report JSON (ice40_report.h). */
#include "ice40_report.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "ice40_netlist.h"
#include "json.h"
#include "strbuf.h"

static struct ice40_usage usage_of(const cJSON *util, const char *bel)
{
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(util, bel);
    const cJSON *used = cJSON_GetObjectItemCaseSensitive(u, "used");
    const cJSON *avail = cJSON_GetObjectItemCaseSensitive(u, "available");
    struct ice40_usage r = {0, 0};

    if (cJSON_IsNumber(used))
        r.used = (unsigned)used->valuedouble;
    if (cJSON_IsNumber(avail))
        r.available = (unsigned)avail->valuedouble;
    return r;
}

/* The instances a path passes through ("u_system.u_k0.u_lsu0"), each once, in order. */
static void read_path(const cJSON *paths, const char *clock, struct ice40_report *r)
{
    const cJSON *p, *hop;

    cJSON_ArrayForEach(p, paths)
    {
        const cJSON *to = cJSON_GetObjectItemCaseSensitive(p, "to");
        if (!cJSON_IsString(to) || !strstr(to->valuestring, clock))
            continue;
        cJSON_ArrayForEach(hop, cJSON_GetObjectItemCaseSensitive(p, "path"))
        {
            const cJSON *from = cJSON_GetObjectItemCaseSensitive(hop, "from");
            const cJSON *cell = cJSON_GetObjectItemCaseSensitive(from, "cell");
            char inst[96];

            if (!cJSON_IsString(cell) || r->n_path == ICE40_PATH_CELLS_MAX)
                continue;
            ice40_instance_of(cell->valuestring, inst, sizeof(inst));
            if (r->n_path && !strcmp(r->path[r->n_path - 1], inst))
                continue;
            snprintf(r->path[r->n_path++], sizeof(r->path[0]), "%s", inst);
        }
        return;
    }
}

int ice40_report_parse(const char *json, struct ice40_report *r, char *err, size_t errlen)
{
    cJSON *root = json ? oclhls_json_parse(json, strlen(json), NULL) : NULL;
    const cJSON *util, *fmax, *c;

    memset(r, 0, sizeof(*r));
    util = cJSON_GetObjectItemCaseSensitive(root, "utilization");
    fmax = cJSON_GetObjectItemCaseSensitive(root, "fmax");
    if (!cJSON_IsObject(util) || !cJSON_IsObject(fmax)) {
        oclhls_errf(err, errlen, "nextpnr's report has no utilization or fmax");
        cJSON_Delete(root);
        return -1;
    }
    r->lc = usage_of(util, "ICESTORM_LC");
    r->ebr = usage_of(util, "ICESTORM_RAM");
    r->spram = usage_of(util, "ICESTORM_SPRAM");
    r->dsp = usage_of(util, "ICESTORM_DSP");
    cJSON_ArrayForEach(c, fmax)
    {
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(c, "achieved");
        if (cJSON_IsNumber(a) && (!r->clock[0] || a->valuedouble < r->fmax_mhz)) {
            r->fmax_mhz = a->valuedouble;
            snprintf(r->clock, sizeof(r->clock), "%s", c->string);
        }
    }
    if (r->clock[0])
        read_path(cJSON_GetObjectItemCaseSensitive(root, "critical_paths"), r->clock, r);
    cJSON_Delete(root);
    return 0;
}

unsigned ice40_report_packed_lcs(const char *nextpnr_log)
{
    const char *at = nextpnr_log ? strstr(nextpnr_log, "ICESTORM_LC:") : NULL;
    unsigned used = 0, available = 0;

    if (!at || sscanf(at, "ICESTORM_LC: %u/ %u", &used, &available) != 2)
        return 0;
    return used;
}
