/* SPDX-License-Identifier: MIT */
/* The post-route PLL script of the iCE40 flow (ice40_retune.h). */
#include "ice40_retune.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "strbuf.h"

/*
 * The script's logic, after the table. The slowest clock domain decides (the shell has
 * one, clk; with none reported, the synthesised clock stays). The parameters are binary
 * strings of the widths the SB_PLL40 cells have.
 * Several PLL cells, or none, cannot be set: then only the synthesised clock will do, and
 * a design slower than it gets "none".
 */
static const char script_body[] =
    "fmax = min([v.achieved for k, v in ctx.timing_result.clock_fmax] or [SYNTHESISED])\n"
    "met = [p for p in PLLS if p[0] <= fmax * (1 + 1e-9)]\n"
    "cells = [c for n, c in ctx.cells if str(c.type) == 'ICESTORM_PLL']\n"
    "if len(cells) != 1:\n"
    "    met = [p for p in met if abs(p[0] - SYNTHESISED) < 1e-6]\n"
    "with open('" ICE40_RETUNE_RESULT "', 'w') as out:\n"
    "    if not met:\n"
    "        out.write('none %.6f\\n' % fmax)\n"
    "    else:\n"
    "        mhz, divr, divf, divq, filter_range = met[0]\n"
    "        for c in cells:\n"
    "            c.setParam('DIVR', format(divr, '04b'))\n"
    "            c.setParam('DIVF', format(divf, '07b'))\n"
    "            c.setParam('DIVQ', format(divq, '03b'))\n"
    "            c.setParam('FILTER_RANGE', format(filter_range, '03b'))\n"
    "        out.write('pll %d %d %d %d %.9f\\n' % (divr, divf, divq, filter_range, mhz))\n";

char *ice40_retune_script(double ref_mhz, double synthesised_mhz, double max_mhz)
{
    struct oclhls_strbuf s = {0};
    struct ice40_pll p;
    double below = max_mhz;
    int n = 0;

    oclhls_strbuf_puts(&s, "# Written by oclhls (board-support/ice40/flow/ice40_retune.c).\n"
                           "# PLL settings, fastest first: (MHz, DIVR, DIVF, DIVQ, FILTER_RANGE)\n"
                           "PLLS = [\n");
    /* Every distinct clock from max_mhz down to the PLL's lowest output. */
    while (ice40_pll_best_below(ref_mhz, below, &p) == 0) {
        oclhls_strbuf_printf(&s, "    (%.9f, %u, %u, %u, %u),\n", p.out_mhz, p.divr, p.divf, p.divq,
                             p.filter_range);
        below = p.out_mhz * (1 - 1e-7);
        n++;
    }
    oclhls_strbuf_printf(&s, "]\nSYNTHESISED = %.9f\n", synthesised_mhz);
    oclhls_strbuf_puts(&s, script_body);
    if (n == 0 || s.failed) {
        oclhls_strbuf_release(&s);
        return NULL;
    }
    return oclhls_strbuf_take(&s);
}

int ice40_retune_result(const char *text, struct ice40_pll *pll, char *err, size_t errlen)
{
    struct ice40_pll p;
    double fmax;

    if (sscanf(text, "pll %u %u %u %u %lf", &p.divr, &p.divf, &p.divq, &p.filter_range,
               &p.out_mhz) == 5) {
        *pll = p;
        return 0;
    }
    if (sscanf(text, "none %lf", &fmax) == 1)
        return 1;
    snprintf(err, errlen, "the post-route PLL script wrote no choice (%s: \"%.40s\")",
             ICE40_RETUNE_RESULT, text);
    return -1;
}

/* The PLL cells (type ICESTORM_PLL) of a nextpnr JSON design: up to max into cells. */
static int pll_cells(cJSON *design, cJSON **cells, int max)
{
    const cJSON *modules = cJSON_GetObjectItemCaseSensitive(design, "modules"), *m;
    int n = 0;

    cJSON_ArrayForEach(m, modules)
    {
        cJSON *c;
        cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(m, "cells"))
        {
            const cJSON *type = cJSON_GetObjectItemCaseSensitive(c, "type");
            if (cJSON_IsString(type) && !strcmp(type->valuestring, "ICESTORM_PLL")) {
                if (n < max)
                    cells[n] = c;
                n++;
            }
        }
    }
    return n;
}

static int set_bits(cJSON *params, const char *name, unsigned v, int width)
{
    char bits[16];

    for (int i = 0; i < width; i++)
        bits[i] = (char)('0' + ((v >> (width - 1 - i)) & 1));
    bits[width] = '\0';
    cJSON_DeleteItemFromObjectCaseSensitive(params, name);
    return cJSON_AddStringToObject(params, name, bits) ? 0 : -1;
}

int ice40_retune_routed(char **json, size_t *len, double fmax_mhz, double ref_mhz,
                        double synthesised_mhz, double max_mhz, char **result, char *err,
                        size_t errlen)
{
    cJSON *design = cJSON_ParseWithLength(*json, *len), *cells[1];
    struct ice40_pll p, chosen = {0};
    double below = max_mhz;
    int n_cells, found = 0, ret = -1;
    char *text;

    *result = NULL;
    if (errlen)
        err[0] = '\0';
    if (!design) {
        snprintf(err, errlen, "cannot read nextpnr's routed design (JSON)");
        return -1;
    }
    if (fmax_mhz <= 0)
        fmax_mhz = synthesised_mhz;
    n_cells = pll_cells(design, cells, 1);
    /* As the script: the fastest setting at or below the Fmax; with no single PLL cell to
     * set, only the synthesised clock. */
    while (!found && ice40_pll_best_below(ref_mhz, below, &p) == 0) {
        if (p.out_mhz <= fmax_mhz * (1 + 1e-9) &&
            (n_cells == 1 || fabs(p.out_mhz - synthesised_mhz) < 1e-6)) {
            chosen = p;
            found = 1;
        }
        below = p.out_mhz * (1 - 1e-7);
    }
    if (!found) {
        *result = oclhls_asprintf("none %.6f\n", fmax_mhz);
        ret = *result ? 0 : -1;
        goto out;
    }
    if (n_cells == 1) {
        cJSON *params = cJSON_GetObjectItemCaseSensitive(cells[0], "parameters");
        if (!cJSON_IsObject(params) || set_bits(params, "DIVR", chosen.divr, 4) ||
            set_bits(params, "DIVF", chosen.divf, 7) || set_bits(params, "DIVQ", chosen.divq, 3) ||
            set_bits(params, "FILTER_RANGE", chosen.filter_range, 3) ||
            !(text = cJSON_PrintUnformatted(design))) {
            snprintf(err, errlen, "cannot set the PLL in nextpnr's routed design");
            goto out;
        }
        free(*json);
        *json = text;
        *len = strlen(text);
    }
    *result = oclhls_asprintf("pll %u %u %u %u %.9f\n", chosen.divr, chosen.divf, chosen.divq,
                              chosen.filter_range, chosen.out_mhz);
    ret = *result ? 0 : -1;
out:
    if (ret && !err[0])
        snprintf(err, errlen, "out of memory choosing the PLL");
    cJSON_Delete(design);
    return ret;
}
