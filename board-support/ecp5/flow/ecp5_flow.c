/* SPDX-License-Identifier: MIT */
/* The ECP5 flow (ecp5_flow.h): synthesis, place and route at the board's highest clock, the
 * PLL set to the fastest setting the routed design allows, the bitstream, the summary. */
#define _POSIX_C_SOURCE 200809L
#include "ecp5_flow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "argv.h"
#include "board.h"
#include "cache.h"
#include "clock.h"
#include "ecp5_cache.h"
#include "ecp5_config.h"
#include "ecp5_pll.h"
#include "ecp5_report.h"
#include "ecp5_tools.h"
#include "fsutil.h"
#include "json.h"
#include "oclbin.h"
#include "progress.h"
#include "strbuf.h"
#include "subprocess.h"

#ifndef OCLHLS_TOOLS_BIN
#define OCLHLS_TOOLS_BIN ""
#endif

struct ecp5_flow {
    const struct oclhls_board *board;
    struct ecp5_tools tools;
    char *lpf; /* the board's constraints (its text: in the cache key, and the build's input) */
    size_t lpf_len;
    char *tmp;
    struct ecp5_pll pll;       /* the kernel PLL's setting: the last place and route's, or
                                  the one written into its routed configuration */
    struct ecp5_report first;  /* place and route at max_clock_mhz */
    struct ecp5_report report; /* the final one */
    int retuned_routed;        /* the PLL set in the routed configuration (retune_config) */
    double t_synth, t_pnr, t_pack;
    struct oclhls_strbuf log;
};

/* A tool in the build directory; its output into the log when it fails. */
static int run(struct ecp5_flow *f, struct oclhls_argv *a, const char *stage, double *secs)
{
    char *out = NULL;
    int signo = 0, status;
    double t0 = oclhls_now_s();

    if (a->failed)
        return -1;
    oclhls_progress_begin(stage);
    status = oclhls_run_in(a->v, f->tmp, &out, &signo);
    oclhls_progress_end();
    *secs += oclhls_now_s() - t0;
    if (status != 0) {
        size_t n = out ? strlen(out) : 0;
        oclhls_strbuf_printf(&f->log, "%s failed (exit status %d%s): ", stage, status,
                             signo ? ", killed by a signal" : "");
        oclhls_argv_to_log(&f->log, a->v);
        oclhls_strbuf_puts(&f->log, out && n > 4000 ? out + n - 4000 : out ? out : "");
    }
    free(out);
    oclhls_argv_release(a);
    return status == 0 ? 0 : -1;
}

static char *tmp_path(const struct ecp5_flow *f, const char *name)
{
    return oclhls_asprintf("%s/%s", f->tmp, name);
}

static int write_tmp(struct ecp5_flow *f, const char *name, const void *data, size_t size)
{
    char *path = tmp_path(f, name);
    int ret = path ? oclhls_write_file(path, data, size) : -1;

    if (ret)
        oclhls_strbuf_printf(&f->log, "cannot write %s\n", path ? path : name);
    free(path);
    return ret;
}

static char *read_tmp(struct ecp5_flow *f, const char *name, size_t *size)
{
    char *path = tmp_path(f, name), *text = NULL;

    if (!path || oclhls_read_file(path, &text, size)) {
        oclhls_strbuf_printf(&f->log, "cannot read %s\n", path ? path : name);
        text = NULL;
    }
    free(path);
    return text;
}

/* f->lpf: the board's constraints file from the data directory. 0 or -1 (log). */
static int read_lpf(struct ecp5_flow *f)
{
    char *path = oclhls_asprintf("%s/%s", oclhls_datadir(), f->board->pcf);
    int ret = path ? oclhls_read_file(path, &f->lpf, &f->lpf_len) : -1;

    if (ret)
        oclhls_strbuf_printf(&f->log, "cannot read the board's constraints %s\n",
                             path ? path : f->board->pcf);
    free(path);
    return ret;
}

/* The design and the board's constraints, copied: YoWASP's tools see the build directory. */
static int write_inputs(struct ecp5_flow *f, const char *verilog, size_t len)
{
    return write_tmp(f, "design.v", verilog, len) || write_tmp(f, "board.lpf", f->lpf, f->lpf_len)
               ? -1
               : 0;
}

/* yosys: the top with the PLL at f->pll and the SDRAM controller's clock range. */
static int synthesise(struct ecp5_flow *f)
{
    struct oclhls_argv a = {0};
    const struct oclhls_board *b = f->board;
    char *script = oclhls_asprintf(
        "read_verilog -sv design.v; chparam -set PLL_CLKI_DIV %u -set PLL_CLKFB_DIV %u "
        "-set PLL_CLKOP_DIV %u -set PLL_CLKOP_CPHASE %u -set CLK_MHZ %u -set REFRESH_MHZ %u "
        "%s; synth_ecp5 -top %s -json top.json",
        f->pll.clki_div, f->pll.clkfb_div, f->pll.clkop_div, f->pll.clkop_cphase,
        (unsigned)ceil(b->max_clock_mhz), (unsigned)floor(b->clock_mhz), b->shell_top,
        b->shell_top);

    if (!script)
        return -1;
    oclhls_argv_addv(&a, (const char *const[]){f->tools.yosys, "-q", "-p", script, NULL});
    free(script);
    return run(f, &a, "yosys (synth_ecp5)", &f->t_synth);
}

static int place_and_route(struct ecp5_flow *f, struct ecp5_report *r)
{
    struct oclhls_argv a = {0};
    char *text;
    size_t len;
    int ret;

    oclhls_argv_add(&a, f->tools.nextpnr);
    oclhls_argv_addf(&a, "--%s", f->board->fpga);
    /* --timing-allow-fail: a design slower than the PLL still gets its report; the PLL is
       then set from its Fmax (implement) */
    oclhls_argv_addv(&a,
                     (const char *const[]){"--package", f->board->package, "--lpf", "board.lpf",
                                           "--json", "top.json", "--textcfg", "top.config",
                                           "--report", "report.json", "--timing-allow-fail", NULL});
    if (run(f, &a, "nextpnr-ecp5", &f->t_pnr) || !(text = read_tmp(f, "report.json", &len)))
        return -1;
    ret = ecp5_report_parse(text, len, r);
    if (ret)
        oclhls_strbuf_printf(&f->log, "nextpnr-ecp5's report has no Fmax of the kernel clock\n");
    free(text);
    return ret;
}

/* A yosys JSON parameter: 32 binary digits. */
static void set_param(cJSON *params, const char *name, unsigned v)
{
    char bits[33];

    for (int i = 0; i < 32; i++)
        bits[i] = (char)('0' + ((v >> (31 - i)) & 1));
    bits[32] = '\0';
    cJSON_DeleteItemFromObjectCaseSensitive(params, name);
    cJSON_AddStringToObject(params, name, bits);
}

/* The netlist's kernel PLL (the top's u_pll) set to f->pll, for another place and route. */
static int retune_netlist(struct ecp5_flow *f)
{
    size_t len;
    char *text = read_tmp(f, "top.json", &len), *out = NULL;
    cJSON *root = text ? oclhls_json_parse(text, len, NULL) : NULL;
    cJSON *mods = cJSON_GetObjectItemCaseSensitive(root, "modules");
    cJSON *top = cJSON_GetObjectItemCaseSensitive(mods, f->board->shell_top);
    cJSON *cells = cJSON_GetObjectItemCaseSensitive(top, "cells");
    cJSON *pll = cJSON_GetObjectItemCaseSensitive(cells, "u_pll");
    cJSON *params = cJSON_GetObjectItemCaseSensitive(pll, "parameters");
    int ret = -1;

    if (!cJSON_IsObject(params)) {
        oclhls_strbuf_printf(&f->log, "the netlist has no kernel PLL %s.u_pll to retune\n",
                             f->board->shell_top);
    } else {
        set_param(params, "CLKI_DIV", f->pll.clki_div);
        set_param(params, "CLKFB_DIV", f->pll.clkfb_div);
        set_param(params, "CLKOP_DIV", f->pll.clkop_div);
        set_param(params, "CLKOP_CPHASE", f->pll.clkop_cphase);
        if ((out = cJSON_PrintUnformatted(root)))
            ret = write_tmp(f, "top.json", out, strlen(out));
    }
    free(out);
    cJSON_Delete(root);
    free(text);
    return ret;
}

static int pack(struct ecp5_flow *f)
{
    struct oclhls_argv a = {0};

    oclhls_argv_addv(&a, (const char *const[]){f->tools.ecppack, "--compress", "--input",
                                               "top.config", "--bit", "top.bit", NULL});
    return run(f, &a, "ecppack", &f->t_pack);
}

/*
 * The routed design's clock set to the PLL setting f->pll instead of `routed` (the one it
 * was placed and routed at), in nextpnr's text configuration: the design is the same at
 * any clock up to its Fmax (the shell's timing constants are synthesised for the whole
 * range, synthesise above), so only the kernel PLL's divider words change. 1 when the
 * configuration has no single such PLL (the caller then places and routes again).
 */
static int retune_config(struct ecp5_flow *f, const struct ecp5_pll *routed)
{
    size_t len;
    char *text = read_tmp(f, "top.config", &len), why[200];
    int ret;

    if (!text)
        return -1;
    if (ecp5_config_set_pll(text, len, routed, &f->pll, why, sizeof(why))) {
        oclhls_strbuf_printf(&f->log, "ecp5: %s; placing and routing again\n", why);
        ret = 1;
    } else {
        ret = write_tmp(f, "top.config", text, len);
    }
    free(text);
    return ret;
}

/* f->pll: the fastest setting at or below fmax_mhz, or -1 when that is below the board's. */
static int pll_below(struct ecp5_flow *f, double fmax_mhz)
{
    const struct oclhls_board *b = f->board;

    if (ecp5_pll_best(b->osc_mhz, fmax_mhz, b->clock_mhz, &f->pll) == 0)
        return 0;
    oclhls_strbuf_printf(&f->log,
                         "the design misses timing: the kernel clock reaches %.2f MHz "
                         "(nextpnr-ecp5), below the board's lowest clock %.2f MHz\n",
                         fmax_mhz, b->clock_mhz);
    return -1;
}

/*
 * Place and route at max_clock_mhz. When the design is slower, the PLL goes to the fastest
 * setting at or below its Fmax, written into the routed configuration (retune_config);
 * placing and routing again at that setting (twice at most) is only the fallback.
 */
static int implement(struct ecp5_flow *f)
{
    struct ecp5_pll routed = f->pll;
    int ret;

    if (place_and_route(f, &f->first))
        return -1;
    f->report = f->first;
    if (f->report.fmax_mhz >= f->pll.mhz)
        return 0;
    if (pll_below(f, f->report.fmax_mhz))
        return -1;
    ret = retune_config(f, &routed);
    f->retuned_routed = ret == 0;
    if (ret <= 0)
        return ret;
    for (int pass = 0; pass < 2; pass++) {
        if (retune_netlist(f) || place_and_route(f, &f->report))
            return -1;
        if (f->report.fmax_mhz >= f->pll.mhz)
            return 0;
        if (pass == 0 && pll_below(f, f->report.fmax_mhz))
            return -1;
    }
    oclhls_strbuf_printf(&f->log,
                         "the design misses timing: %.2f MHz at a PLL setting of %.3f MHz\n",
                         f->report.fmax_mhz, f->pll.mhz);
    return -1;
}

/* The "ecp5" section. */
static char *summary_json(const struct ecp5_flow *f)
{
    cJSON *j = cJSON_CreateObject(), *cells = cJSON_AddObjectToObject(j, "cells");
    cJSON *pll = cJSON_AddObjectToObject(j, "pll"), *secs = cJSON_AddObjectToObject(j, "seconds");
    char *out;

    cJSON_AddStringToObject(j, "flow", "ecp5");
    cJSON_AddStringToObject(j, "fpga", f->board->fpga);
    cJSON_AddStringToObject(j, "package", f->board->package);
    cJSON_AddStringToObject(j, "tools", f->tools.set);
    cJSON_AddNumberToObject(j, "fmax_mhz", f->report.fmax_mhz);
    cJSON_AddNumberToObject(j, "fmax_at_max_clock_mhz", f->first.fmax_mhz);
    cJSON_AddNumberToObject(j, "clock_mhz", f->pll.mhz);
    cJSON_AddBoolToObject(j, "clock_set_after_routing", f->retuned_routed);
    for (int i = 0; i < ECP5_REPORT_CELLS; i++) {
        cJSON *c = cJSON_AddObjectToObject(cells, f->report.cells[i].name);
        cJSON_AddNumberToObject(c, "used", f->report.cells[i].used);
        cJSON_AddNumberToObject(c, "available", f->report.cells[i].available);
    }
    cJSON_AddNumberToObject(pll, "clki_div", f->pll.clki_div);
    cJSON_AddNumberToObject(pll, "clkfb_div", f->pll.clkfb_div);
    cJSON_AddNumberToObject(pll, "clkop_div", f->pll.clkop_div);
    cJSON_AddNumberToObject(pll, "clkop_cphase", f->pll.clkop_cphase);
    cJSON_AddNumberToObject(secs, "synth", f->t_synth);
    cJSON_AddNumberToObject(secs, "pnr", f->t_pnr);
    cJSON_AddNumberToObject(secs, "pack", f->t_pack);
    out = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return out;
}

/* A number of a summary's object, 0 when missing. */
static double num(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* The summary as oclhls build prints it, from the "ecp5" section (so that a cached build
   says what it is as a new one does). */
static void print_summary(const struct oclhls_board *b, const char *summary)
{
    static const char *const label[ECP5_REPORT_CELLS] = {"LUT4",       "FF",     "DP16KD",
                                                         "MULT18X18D", "LUTRAM", "I/O"};
    cJSON *j = oclhls_json_parse(summary, strlen(summary), NULL);
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(j, "cells"), *c;
    const cJSON *pll = cJSON_GetObjectItemCaseSensitive(j, "pll");
    const cJSON *secs = cJSON_GetObjectItemCaseSensitive(j, "seconds");
    const cJSON *tools = cJSON_GetObjectItemCaseSensitive(j, "tools");
    double clock = num(j, "clock_mhz");
    int i = 0;

    fprintf(stderr, "ecp5 (%s tools): %s, %s\n", cJSON_IsString(tools) ? tools->valuestring : "?",
            b->fpga, b->package);
    cJSON_ArrayForEach(c, cells)
    {
        double used = num(c, "used"), avail = num(c, "available");
        if (avail > 0 && i < ECP5_REPORT_CELLS)
            fprintf(stderr, "  %-10s %6.0f / %6.0f  %5.1f %%\n", label[i], used, avail,
                    100.0 * used / avail);
        i++;
    }
    fprintf(stderr,
            "  Fmax %.2f MHz (at the PLL's %.0f MHz: %.2f); clock %.3f MHz (%g MHz * %.0f / %.0f, "
            "VCO %.0f MHz%s)\n  synth %.1f s, place and route %.1f s, pack %.1f s\n",
            num(j, "fmax_mhz"), b->max_clock_mhz, num(j, "fmax_at_max_clock_mhz"), clock,
            b->osc_mhz, num(pll, "clkfb_div"), num(pll, "clki_div"), clock * num(pll, "clkop_div"),
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "clock_set_after_routing"))
                ? ", set in the routed design"
                : "",
            num(secs, "synth"), num(secs, "pnr"), num(secs, "pack"));
    cJSON_Delete(j);
}

/* A cached build's bitstream and summary; 0, or -1 (then it is built again). */
static int load_cached(const char *dir, struct oclhls_ecp5_result *res)
{
    char *bit = oclhls_asprintf("%s/" ECP5_CACHE_BITSTREAM, dir);
    char *sum = oclhls_asprintf("%s/" ECP5_CACHE_SUMMARY, dir);
    size_t size;
    cJSON *j = NULL;
    int ret = -1;

    if (bit && sum && oclhls_read_file(bit, (char **)&res->bitstream, &res->bitstream_size) == 0 &&
        oclhls_read_file(sum, &res->summary, &size) == 0 &&
        (j = oclhls_json_parse(res->summary, size, NULL)) &&
        (res->clock_mhz = num(j, "clock_mhz")) > 0)
        ret = 0;
    else
        oclhls_ecp5_result_free(res);
    cJSON_Delete(j);
    free(bit);
    free(sum);
    return ret;
}

/* Synthesis, place and route and the bitstream in f->tmp; the result into out/ there. */
static int build_in_tmp(struct ecp5_flow *f, const char *verilog, size_t len,
                        struct oclhls_ecp5_result *res)
{
    const struct oclhls_board *b = f->board;
    char *out = tmp_path(f, "out");
    int ret = -1;

    if (ecp5_pll_best(b->osc_mhz, b->max_clock_mhz, b->clock_mhz, &f->pll)) {
        oclhls_strbuf_printf(&f->log, "no PLL setting from %g MHz between %g and %g MHz\n",
                             b->osc_mhz, b->clock_mhz, b->max_clock_mhz);
        goto out;
    }
    if (!out || oclhls_mkdir_p(out, 0755) || write_inputs(f, verilog, len) || synthesise(f) ||
        implement(f) || pack(f) ||
        !(res->bitstream = read_tmp(f, "top.bit", &res->bitstream_size)) ||
        !(res->summary = summary_json(f)) ||
        write_tmp(f, "out/" ECP5_CACHE_BITSTREAM, res->bitstream, res->bitstream_size) ||
        write_tmp(f, "out/" ECP5_CACHE_SUMMARY, res->summary, strlen(res->summary)))
        goto out;
    res->clock_mhz = f->pll.mhz;
    ret = 0;
out:
    free(out);
    return ret;
}

static int build(struct ecp5_flow *f, const char *verilog, size_t len,
                 struct oclhls_ecp5_result *res)
{
    char key[OCLHLS_HASHKEY_HEX_LEN + 1], *builds = NULL, *final = NULL, *out = NULL;
    int ret = -1;

    if (ecp5_tools_find(f->board->tools, OCLHLS_TOOLS_BIN, &f->tools) || read_lpf(f))
        goto out;
    ecp5_cache_key(f->board, &f->tools, f->lpf, verilog, len, key);
    if (!(builds = oclhls_cache_subdir("ecp5-builds", &f->log)) ||
        !(final = oclhls_asprintf("%s/%s", builds, key)))
        goto out;
    if (oclhls_cache_has(final, ECP5_CACHE_SUMMARY) && load_cached(final, res) == 0) {
        fprintf(stderr, "ecp5: cached build %s (clock %.3f MHz)\n", final, res->clock_mhz);
        print_summary(f->board, res->summary);
        ret = 0;
        goto out;
    }
    if (!(f->tmp = oclhls_cache_mkdtemp(builds, &f->log)) || !(out = tmp_path(f, "out")) ||
        build_in_tmp(f, verilog, len, res) ||
        oclhls_cache_publish(out, final, ECP5_CACHE_SUMMARY, &f->log))
        goto out;
    print_summary(f->board, res->summary);
    ret = 0;
out:
    if (f->tmp && !getenv("OCLHLS_KEEP_BUILD"))
        oclhls_rm_rf(f->tmp);
    else if (f->tmp)
        fprintf(stderr, "ecp5: build directory kept: %s\n", f->tmp);
    free(out);
    free(final);
    free(builds);
    return ret;
}

/* The program file with the result's sections and clock; replaces *oclbin. */
static int attach(void **oclbin, size_t *size, const struct oclhls_ecp5_result *res,
                  struct oclhls_strbuf *log)
{
    struct oclbin *bin = NULL;
    const char *meta;
    size_t meta_len, out_size;
    cJSON *j = NULL;
    char *meta_out = NULL, err[256];
    void *out = NULL;
    int ret = -1;

    if (oclbin_parse(*oclbin, *size, &bin, err, sizeof(err))) {
        oclhls_strbuf_printf(log, "%s\n", err);
        return -1;
    }
    meta = oclbin_section(bin, "meta", &meta_len);
    j = meta ? oclhls_json_parse(meta, meta_len, NULL) : NULL;
    if (cJSON_IsObject(j)) {
        cJSON_DeleteItemFromObjectCaseSensitive(j, "clock_mhz");
        cJSON_AddNumberToObject(j, "clock_mhz", res->clock_mhz);
        meta_out = cJSON_PrintUnformatted(j);
    }
    if (!meta_out || oclbin_add_section(bin, "meta", meta_out, strlen(meta_out)) ||
        oclbin_add_section(bin, "bitstream", res->bitstream, res->bitstream_size) ||
        oclbin_add_section(bin, "ecp5", res->summary, strlen(res->summary)) ||
        oclbin_write(bin, &out, &out_size)) {
        oclhls_strbuf_printf(log, "cannot add the bitstream to the program file\n");
        goto done;
    }
    free(*oclbin);
    *oclbin = out;
    *size = out_size;
    ret = 0;
done:
    cJSON_Delete(j);
    free(meta_out);
    oclbin_free(bin);
    return ret;
}

int oclhls_ecp5_finish_program(const struct oclhls_board *board, void **oclbin, size_t *size,
                               struct oclhls_ecp5_result *res, char **log)
{
    struct ecp5_flow f = {.board = board};
    struct oclbin *bin = NULL;
    const char *v = NULL;
    char err[256] = "";
    size_t vlen = 0;
    int ret = -1;

    memset(res, 0, sizeof(*res));
    if (oclbin_parse(*oclbin, *size, &bin, err, sizeof(err)) ||
        !(v = oclbin_section(bin, "verilog", &vlen)))
        oclhls_strbuf_printf(&f.log, "the program file has no Verilog for the ECP5 flow%s%s\n",
                             err[0] ? ": " : "", err);
    else if (build(&f, v, vlen, res) == 0 && attach(oclbin, size, res, &f.log) == 0)
        ret = 0;
    if (ret)
        oclhls_ecp5_result_free(res);
    oclbin_free(bin);
    ecp5_tools_release(&f.tools);
    free(f.lpf);
    free(f.tmp);
    *log = oclhls_strbuf_take(&f.log);
    return ret;
}

void oclhls_ecp5_result_free(struct oclhls_ecp5_result *res)
{
    free(res->bitstream);
    free(res->summary);
    memset(res, 0, sizeof(*res));
}
