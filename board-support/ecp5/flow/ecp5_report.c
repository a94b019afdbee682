/* SPDX-License-Identifier: MIT */
/* nextpnr-ecp5's --report JSON (ecp5_report.h). */
#include "ecp5_report.h"

#include <string.h>

#include <cjson/cJSON.h>

#include "json.h"

static const char *const cell_names[ECP5_REPORT_CELLS] = {
    "TRELLIS_COMB", "TRELLIS_FF", "DP16KD", "MULT18X18D", "TRELLIS_RAMW", "TRELLIS_IO"};

int ecp5_report_parse(const char *json, size_t len, struct ecp5_report *r)
{
    cJSON *root = oclhls_json_parse(json, len, NULL);
    const cJSON *fmax = cJSON_GetObjectItemCaseSensitive(root, "fmax");
    const cJSON *clk = cJSON_GetObjectItemCaseSensitive(fmax, "$glbnet$clk");
    const cJSON *achieved = cJSON_GetObjectItemCaseSensitive(clk, "achieved");
    const cJSON *util = cJSON_GetObjectItemCaseSensitive(root, "utilization");
    int ret = -1;

    memset(r, 0, sizeof(*r));
    if (cJSON_IsNumber(achieved)) {
        r->fmax_mhz = achieved->valuedouble;
        for (int i = 0; i < ECP5_REPORT_CELLS; i++) {
            const cJSON *c = cJSON_GetObjectItemCaseSensitive(util, cell_names[i]);
            const cJSON *u = cJSON_GetObjectItemCaseSensitive(c, "used");
            const cJSON *a = cJSON_GetObjectItemCaseSensitive(c, "available");
            r->cells[i].name = cell_names[i];
            r->cells[i].used = cJSON_IsNumber(u) ? (unsigned)u->valuedouble : 0;
            r->cells[i].available = cJSON_IsNumber(a) ? (unsigned)a->valuedouble : 0;
        }
        ret = 0;
    }
    cJSON_Delete(root);
    return ret;
}
