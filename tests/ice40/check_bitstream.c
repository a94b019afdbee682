// SPDX-License-Identifier: MIT
/*
 * check_bitstream FILE.oclbin: the program file holds an iCE40 bitstream and the build's
 * summary says it fits. The bitstream must start with the iCE40 preamble 0x7E 0xAA 0x99
 * 0x7E, after icepack's optional comment block (0xFF 0x00 <text> 0x00 0xFF); both are
 * described in Project IceStorm's "Bitstream Format" notes (clifford.at/icestorm, "The
 * bitstream format"). The summary's PLL settings must give its clock from the oscillator
 * (F_OUT = F_REF * (DIVF + 1) / ((DIVR + 1) * 2^DIVQ), Lattice TN1251, SIMPLE feedback),
 * and that clock must be the fastest PLL setting at or below both the achieved Fmax and
 * the board's max_clock_mhz (the summary's max_mhz): lowered when timing is missed, raised
 * when it is beaten.
 * Prints the summary figures and the PLL settings (as "pll DIVR=.. DIVF=.. DIVQ=..
 * FILTER_RANGE=.."); with OUT.bin, also writes the bare bitstream there, for decoding.
 * Exit status 0 when all is well.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "fsutil.h"
#include "ice40_pll.h"
#include "oclbin.h"

static const unsigned char preamble[4] = {0x7E, 0xAA, 0x99, 0x7E};

/* Offset of the preamble: 0, or just after a leading comment block; -1 when absent. */
static long preamble_at(const unsigned char *b, size_t n)
{
    size_t i = 0;

    if (n >= 2 && b[0] == 0xFF && b[1] == 0x00) {
        for (i = 2; i + 1 < n && !(b[i] == 0x00 && b[i + 1] == 0xFF); i++)
            ;
        i += 2;
    }
    return i + 4 <= n && !memcmp(b + i, preamble, 4) ? (long)i : -1;
}

static double number(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

/* The PLL settings give the clock; prints them. */
static int pll_gives_clock(const cJSON *summary, double clock)
{
    const cJSON *pll = cJSON_GetObjectItemCaseSensitive(summary, "pll");
    double divr = number(pll, "divr"), divf = number(pll, "divf"), divq = number(pll, "divq");
    double out = number(summary, "osc_mhz") * (divf + 1) / ((divr + 1) * (double)(1 << (int)divq));

    printf("pll DIVR=%.0f DIVF=%.0f DIVQ=%.0f FILTER_RANGE=%.0f\n", divr, divf, divq,
           number(pll, "filter_range"));
    if (divr < 0 || divf < 0 || divq < 1 || divq > 6 || out < clock - 1e-6 || out > clock + 1e-6) {
        printf("the PLL settings give %.6f MHz, not the clock %.6f MHz\n", out, clock);
        return 0;
    }
    return 1;
}

/* The clock is the fastest PLL setting at or below the achieved Fmax and the board's limit. */
static int clock_is_fastest(const cJSON *summary, double clock, double fmax)
{
    double max = number(summary, "max_mhz");
    struct ice40_pll best = {0};

    if (ice40_pll_best_below(number(summary, "osc_mhz"), fmax < max ? fmax : max, &best) ||
        best.out_mhz > clock + 1e-6) {
        printf("the clock %.6f MHz is not the fastest PLL setting at or below Fmax %.2f MHz "
               "and max_mhz %g (%.6f MHz)\n",
               clock, fmax, max, best.out_mhz);
        return 0;
    }
    return 1;
}

static int fits(const char *summary, size_t n)
{
    cJSON *j = cJSON_ParseWithLength(summary, n);
    const cJSON *util = cJSON_GetObjectItemCaseSensitive(j, "utilization"), *u;
    const cJSON *clock = cJSON_GetObjectItemCaseSensitive(j, "clock_mhz");
    const cJSON *fmax = cJSON_GetObjectItemCaseSensitive(j, "fmax_mhz");
    int ok = cJSON_IsObject(util) && cJSON_IsNumber(clock) && cJSON_IsNumber(fmax) &&
             fmax->valuedouble >= clock->valuedouble;

    cJSON_ArrayForEach(u, util)
    {
        const cJSON *used = cJSON_GetObjectItemCaseSensitive(u, "used");
        const cJSON *avail = cJSON_GetObjectItemCaseSensitive(u, "available");
        ok &= cJSON_IsNumber(used) && cJSON_IsNumber(avail) &&
              used->valuedouble <= avail->valuedouble;
        printf("%s %.0f/%.0f ", u->string, cJSON_IsNumber(used) ? used->valuedouble : -1,
               cJSON_IsNumber(avail) ? avail->valuedouble : -1);
    }
    if (ok)
        printf("fmax %.2f MHz clock %.3f MHz\n", fmax->valuedouble, clock->valuedouble);
    ok = ok && pll_gives_clock(j, clock->valuedouble) &&
         clock_is_fastest(j, clock->valuedouble, fmax->valuedouble);
    cJSON_Delete(j);
    return ok;
}

int main(int argc, char **argv)
{
    struct oclbin *bin = NULL;
    char err[256], *data;
    size_t size, bsize = 0, ssize = 0;
    const unsigned char *bits;
    const char *summary;
    long at;

    if (argc < 2 || argc > 3 || oclhls_read_file(argv[1], &data, &size) ||
        oclbin_parse(data, size, &bin, err, sizeof(err))) {
        fprintf(stderr, "usage: check_bitstream FILE.oclbin [OUT.bin] (a readable program file)\n");
        return 2;
    }
    bits = oclbin_section(bin, "bitstream", &bsize);
    summary = oclbin_section(bin, "ice40", &ssize);
    at = bits ? preamble_at(bits, bsize) : -1;
    printf("bitstream %zu bytes, preamble at %ld\n", bsize, at);
    int ok = bits && bsize > 0 && at >= 0 && summary && fits(summary, ssize);
    if (ok && argc == 3 && oclhls_write_file(argv[2], bits, bsize)) {
        printf("cannot write %s\n", argv[2]);
        ok = 0;
    }
    printf("%s\n", ok ? "PASS" : "FAIL");
    oclbin_free(bin);
    free(data);
    return ok ? 0 : 1;
}
