// SPDX-License-Identifier: MIT
/*
 * oclhls report --profile RUN.json: what a run of a program built with --profile measured
 * (the file the runtime writes with OCLHLS_PROFILE, docs/profiling.md), as the model's
 * "profile" member and a section of the page: per run of one of the program's kernels its
 * cycles, the stall that held it most, and per LSU the bandwidth it achieved against the
 * board's (one memory line per clock).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "json.h"
#include "report.h"

static const cJSON *item(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static int program_has_kernel(const cJSON *model, const char *name)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, item(model, "kernels"))
    {
        if (!strcmp(report_str(k, "name", ""), name))
            return 1;
    }
    return 0;
}

static void copy_num(cJSON *to, const cJSON *from, const char *key)
{
    cJSON_AddNumberToObject(to, key, report_num(from, key, 0));
}

static void copy_str(cJSON *to, const cJSON *from, const char *key)
{
    cJSON_AddStringToObject(to, key, report_str(from, key, ""));
}

/* The stall that held the run most, with its cycles and its share of the busy cycles. */
static void main_stall(cJSON *r, const cJSON *run, double busy)
{
    static const char *const classes[][2] = {{"memory", "memory_stall_cycles"},
                                             {"channel", "channel_stall_cycles"},
                                             {"barrier", "barrier_stall_cycles"}};
    const char *name = "none";
    double most = 0;
    for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
        if (report_num(run, classes[i][1], 0) > most) {
            most = report_num(run, classes[i][1], 0);
            name = classes[i][0];
        }
    cJSON_AddStringToObject(r, "main_stall", name);
    cJSON_AddNumberToObject(r, "main_stall_cycles", most);
    cJSON_AddNumberToObject(r, "main_stall_share", busy > 0 ? most / busy : 0);
}

static cJSON *lsu_entry(const cJSON *l, double board)
{
    cJSON *e = cJSON_CreateObject();
    static const char *const nums[] = {"lsu",   "line",         "bits",           "requests",
                                       "bytes", "lines",        "stall_cycles",   "bytes_per_cycle",
                                       "line_bytes_per_cycle"};
    static const char *const strs[] = {"access", "space", "kind"};
    for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
        copy_num(e, l, nums[i]);
    for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
        copy_str(e, l, strs[i]);
    /* the memory lines it moved per cycle, against the one line per clock of the board */
    cJSON_AddNumberToObject(e, "board_share",
                            board > 0 ? report_num(l, "line_bytes_per_cycle", 0) / board : 0);
    return e;
}

static cJSON *run_entry(const cJSON *run)
{
    cJSON *r = cJSON_CreateObject(), *lsus;
    const cJSON *l;
    double busy = report_num(run, "busy_cycles", 0), board = report_num(run, "board_bytes_per_cycle", 0);
    static const char *const nums[] = {
        "work_items",           "cycles",         "busy_cycles",          "memory_stall_cycles",
        "channel_stall_cycles", "barrier_stall_cycles", "memory_reads",   "memory_writes",
        "board_bytes_per_cycle", "achieved_bytes_per_cycle"};
    copy_str(r, run, "kernel");
    cJSON_AddBoolToObject(r, "wrapped", report_flag(run, "wrapped"));
    for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
        copy_num(r, run, nums[i]);
    cJSON_AddItemToObject(r, "global_size", cJSON_Duplicate(item(run, "global_size"), 1));
    main_stall(r, run, busy);
    lsus = cJSON_AddArrayToObject(r, "lsus");
    cJSON_ArrayForEach(l, item(run, "lsus"))
    {
        cJSON_AddItemToArray(lsus, lsu_entry(l, board));
    }
    return r;
}

int report_profile_add(cJSON *model, const char *path, char *err, size_t errlen)
{
    const cJSON *p = item(model, "program"), *run;
    char *text = NULL;
    size_t len = 0;
    cJSON *doc = NULL, *prof, *runs;
    int other = 0;

    if (oclhls_read_file(path, &text, &len))
        return oclhls_fail(err, errlen, "cannot read the profile '%s'", path);
    doc = oclhls_json_parse(text, len, NULL);
    free(text);
    if (!doc || report_num(doc, "format", 0) != 1 || !cJSON_IsArray(item(doc, "runs"))) {
        cJSON_Delete(doc);
        return oclhls_fail(err, errlen,
                           "%s is not a profile the runtime wrote (OCLHLS_PROFILE: "
                           "{\"format\": 1, \"runs\": [...]})",
                           path);
    }
    prof = cJSON_AddObjectToObject(model, "profile");
    cJSON_AddStringToObject(prof, "file", path);
    runs = cJSON_AddArrayToObject(prof, "runs");
    cJSON_ArrayForEach(run, item(doc, "runs"))
    {
        /* runs of other programs (one file holds every run of a process) are left out */
        if (strcmp(report_str(run, "program", ""), report_str(p, "source_name", "")) ||
            strcmp(report_str(run, "board", ""), report_str(p, "board", "")) ||
            !program_has_kernel(model, report_str(run, "kernel", ""))) {
            other++;
            continue;
        }
        cJSON_AddItemToArray(runs, run_entry(run));
    }
    cJSON_AddNumberToObject(prof, "other_runs", other);
    cJSON_Delete(doc);
    if (!cJSON_GetArraySize(runs))
        return oclhls_fail(err, errlen,
                           "%s has no run of this program's kernels (%d runs of others): was it "
                           "built with --profile and run with OCLHLS_PROFILE?",
                           path, other);
    return 0;
}

static const char *stall_text(const char *cls)
{
    if (!strcmp(cls, "memory"))
        return "memory (an LSU full, a load's data not back, or a wait for earlier stores)";
    if (!strcmp(cls, "channel"))
        return "channels and pipes (a read with nothing to read, a write with no room)";
    if (!strcmp(cls, "barrier"))
        return "barriers (work-items waiting for the rest of their group)";
    return "none";
}

static void run_html(struct oclhls_strbuf *o, const cJSON *r)
{
    static const char *const cols[] = {"LSU",     "line",      "access", "kind", "#requests",
                                       "#bytes",  "#lines",    "#stall cycles",
                                       "#bytes/cycle", "#memory bytes/cycle", "#of the board's",
                                       NULL};
    const cJSON *l;
    double busy = report_num(r, "busy_cycles", 0);
    oclhls_strbuf_puts(o, "<h3>");
    report_escape(o, report_str(r, "kernel", "?"));
    oclhls_strbuf_printf(o, ": %.0f work-items, %.0f cycles</h3>\n<table class=\"kv\">",
                         report_num(r, "work_items", 0), report_num(r, "cycles", 0));
    if (report_flag(r, "wrapped"))
        oclhls_strbuf_puts(o, "<p class=\"warn\">The run took 2^32 cycles or more: its 32-bit "
                              "counters wrapped, so the figures below are modulo 2^32.</p>\n");
    oclhls_strbuf_puts(o, "<tr><th>main stall</th><td class=\"main-stall\">");
    if (!strcmp(report_str(r, "main_stall", "none"), "none"))
        oclhls_strbuf_printf(o, "none: no stage was held in its %.0f busy cycles</td></tr>\n",
                             busy);
    else {
        report_escape(o, stall_text(report_str(r, "main_stall", "none")));
        oclhls_strbuf_printf(o, ": %.0f cycles, %.1f %% of %.0f busy</td></tr>\n",
                             report_num(r, "main_stall_cycles", 0),
                             100 * report_num(r, "main_stall_share", 0), busy);
    }
    oclhls_strbuf_printf(o,
                         "<tr><th>stall cycles</th><td>memory %.0f &middot; channels %.0f "
                         "&middot; barriers %.0f</td></tr>\n",
                         report_num(r, "memory_stall_cycles", 0),
                         report_num(r, "channel_stall_cycles", 0),
                         report_num(r, "barrier_stall_cycles", 0));
    oclhls_strbuf_printf(o,
                         "<tr><th>memory port</th><td>%.0f line reads, %.0f line writes: "
                         "%.2f of the board's %.0f bytes per cycle</td></tr></table>\n",
                         report_num(r, "memory_reads", 0), report_num(r, "memory_writes", 0),
                         report_num(r, "achieved_bytes_per_cycle", 0),
                         report_num(r, "board_bytes_per_cycle", 0));
    if (!cJSON_GetArraySize(item(r, "lsus")))
        return;
    report_table_head(o, "lsus", cols);
    cJSON_ArrayForEach(l, item(r, "lsus"))
    {
        oclhls_strbuf_puts(o, "<tr>");
        report_td_num(o, report_num(l, "lsu", 0));
        report_td_num(o, report_num(l, "line", 0));
        report_td_text(o, report_str(l, "access", ""));
        report_td_text(o, report_str(l, "kind", ""));
        report_td_num(o, report_num(l, "requests", 0));
        report_td_num(o, report_num(l, "bytes", 0));
        report_td_num(o, report_num(l, "lines", 0));
        report_td_num(o, report_num(l, "stall_cycles", 0));
        oclhls_strbuf_printf(o, "<td class=\"n\">%.2f</td><td class=\"n\">%.2f</td>"
                                "<td class=\"n\">%.1f %%</td></tr>\n",
                             report_num(l, "bytes_per_cycle", 0),
                             report_num(l, "line_bytes_per_cycle", 0),
                             100 * report_num(l, "board_share", 0));
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
}

void report_profile_html(struct oclhls_strbuf *o, const cJSON *model)
{
    const cJSON *prof = item(model, "profile"), *r;
    if (!prof)
        return;
    oclhls_strbuf_puts(o, "<section id=\"profile\"><h2>Profile</h2>\n<p>Measured by the "
                          "hardware counters of <code>oclhls build --profile</code>, from ");
    report_escape(o, report_str(prof, "file", "?"));
    oclhls_strbuf_puts(o, ". Bandwidth per LSU: the bytes its work-items asked for and the "
                          "memory lines it moved per busy cycle, against the board's one line "
                          "per clock.</p>\n");
    cJSON_ArrayForEach(r, item(prof, "runs"))
    {
        run_html(o, r);
    }
    oclhls_strbuf_puts(o, "</section>\n");
}
