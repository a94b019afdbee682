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

/*
 * The iCE40 sysCLOCK PLL's limits, SIMPLE feedback (Lattice TN1251, "iCE40 sysCLOCK PLL
 * Design and Usage Guide"): F_PFD = F_REF / (DIVR + 1) in 10..133 MHz, F_VCO = F_PFD *
 * (DIVF + 1) in 533..1066 MHz, F_OUT = F_VCO / 2^DIVQ in 16..275 MHz; DIVR 0..15, DIVF
 * 0..127, DIVQ 1..6. Written here again on purpose, and the fastest setting below found by
 * another method than the flow's search (board-support/ice40/flow/ice40_pll.c), so that a
 * mistake there cannot agree with itself.
 */
#define PFD_MIN 10.0
#define PFD_MAX 133.0
#define VCO_MIN 533.0
#define VCO_MAX 1066.0
#define OUT_MIN 16.0
#define OUT_MAX 275.0
#define EPS 1e-6

/* The output of DIVR, DIVF, DIVQ from ref MHz, or -1 when a limit is broken. */
static double pll_out(double ref, int divr, int divf, int divq)
{
    if (divr < 0 || divr > 15 || divf < 0 || divf > 127 || divq < 1 || divq > 6)
        return -1;
    double pfd = ref / (divr + 1), vco = pfd * (divf + 1), out = vco / (1 << divq);
    if (pfd < PFD_MIN - EPS || pfd > PFD_MAX + EPS || vco < VCO_MIN - EPS ||
        vco > VCO_MAX + EPS || out < OUT_MIN - EPS || out > OUT_MAX + EPS)
        return -1;
    return out;
}

/* The PLL settings are legal and give the clock; prints them. */
static int pll_gives_clock(const cJSON *summary, double clock)
{
    const cJSON *pll = cJSON_GetObjectItemCaseSensitive(summary, "pll");
    double divr = number(pll, "divr"), divf = number(pll, "divf"), divq = number(pll, "divq");
    double out = pll_out(number(summary, "osc_mhz"), (int)divr, (int)divf, (int)divq);

    printf("pll DIVR=%.0f DIVF=%.0f DIVQ=%.0f FILTER_RANGE=%.0f\n", divr, divf, divq,
           number(pll, "filter_range"));
    if (out < 0 || out < clock - EPS || out > clock + EPS) {
        printf("the PLL settings give %.6f MHz (-1: outside TN1251's limits), not the clock "
               "%.6f MHz\n",
               out, clock);
        return 0;
    }
    return 1;
}

/*
 * The fastest clock at or below limit: for each DIVR and DIVQ, the largest DIVF whose output
 * stays at or below it (the output grows with DIVF), computed rather than searched.
 */
static double fastest_at_most(double ref, double limit)
{
    double best = -1;

    for (int divr = 0; divr <= 15; divr++)
        for (int divq = 1; divq <= 6; divq++) {
            /* the output may reach neither the limit, nor OUT_MAX, nor VCO_MAX / 2^DIVQ */
            double top = limit < OUT_MAX ? limit : OUT_MAX;
            if (top > VCO_MAX / (1 << divq))
                top = VCO_MAX / (1 << divq);
            int divf = (int)(top * (1 << divq) * (divr + 1) / ref * (1 + 1e-12)) - 1;
            if (divf > 127)
                divf = 127;
            double out = pll_out(ref, divr, divf, divq);
            if (out > best && out <= limit + EPS)
                best = out;
        }
    return best;
}

/* The clock is the fastest PLL setting at or below the achieved Fmax and the board's limit. */
static int clock_is_fastest(const cJSON *summary, double clock, double fmax)
{
    double max = number(summary, "max_mhz");
    double best = fastest_at_most(number(summary, "osc_mhz"), fmax < max ? fmax : max);

    if (best < 0 || best > clock + EPS) {
        printf("the clock %.6f MHz is not the fastest PLL setting at or below Fmax %.2f MHz "
               "and max_mhz %g (%.6f MHz)\n",
               clock, fmax, max, best);
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
