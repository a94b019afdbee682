// SPDX-License-Identifier: MIT
/*
 * The report page: one HTML document drawn from the report model alone (report_model.c),
 * with its style inline and the diagram as inline SVG (report_svg.c). No scripts, fonts or
 * anything fetched, so it opens from disk in any browser, and prints.
 */
#include <string.h>

#include "report.h"

static const cJSON *item(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static const char style[] =
    ":root{--ink:#1f2933;--muted:#5f6c79;--line:#dde2e7;--panel:#f4f6f8;--accent:#2b6cb0}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',"
    "Arial,sans-serif;color:var(--ink);background:#fff}\n"
    "header{background:#1f2d3d;color:#fff;padding:18px 32px}\n"
    "header h1{margin:0;font-size:22px;font-weight:600}\n"
    "header p{margin:4px 0 0;color:#c3cfdb}\n"
    "nav{position:sticky;top:0;background:#fff;border-bottom:1px solid var(--line);"
    "padding:6px 32px;font-size:13px;z-index:2}\n"
    "nav a{margin-right:14px;color:var(--accent);text-decoration:none}\n"
    "main{max-width:1200px;margin:0 auto;padding:4px 32px 48px}\n"
    "h2{font-size:19px;margin:30px 0 8px;padding-bottom:4px;border-bottom:2px solid var(--line)}\n"
    "h3{font-size:15px;margin:18px 0 4px;color:#33404d}\n"
    "p{margin:6px 0}\n"
    ".muted,.facts{color:var(--muted)}\n"
    "table{border-collapse:collapse;margin:6px 0 12px;font-size:13px}\n"
    "th,td{padding:4px 10px;border-bottom:1px solid var(--line);text-align:left;"
    "vertical-align:top}\n"
    "th{background:var(--panel);font-weight:600;white-space:nowrap}\n"
    "table.kv th{background:none;color:var(--muted);font-weight:500;padding-left:0}\n"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "tbody tr:nth-child(even){background:#fafbfc}\n"
    "tr.unit:target,tr.src-line:target{background:#fff3c4}\n"
    "tr.total td{font-weight:600;border-top:2px solid var(--line)}\n"
    ".badge{display:inline-block;padding:0 8px;border-radius:9px;font-size:12px;"
    "font-weight:500;background:#e2e8f0;color:#2d3748;margin-left:6px;vertical-align:2px}\n"
    ".badge.autorun{background:#fdecc8;color:#8a4b0b}\n"
    ".sw{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:5px;"
    "vertical-align:-1px;background:var(--c)}\n"
    "section.kernel{border:1px solid var(--line);border-radius:8px;padding:2px 20px 10px;"
    "margin:18px 0}\n"
    "section.kernel h2{border:0;margin-top:14px}\n"
    ".warn{background:#fff7e6;border-left:4px solid #dd6b20;padding:6px 10px}\n"
    ".bar{display:inline-block;width:170px;height:10px;background:#e2e8f0;border-radius:5px;"
    "overflow:hidden;vertical-align:middle;margin-right:6px}\n"
    ".bar i{display:block;height:100%;background:#2f855a}\n"
    ".bar i.high{background:#dd6b20}\n"
    ".diagram{overflow-x:auto;border:1px solid var(--line);border-radius:8px;padding:8px;"
    "background:#fcfcfd}\n"
    ".diagram svg{display:block;max-width:none}\n"
    "ul.legend{list-style:none;padding:0;margin:8px 0;columns:3;font-size:12.5px}\n"
    "ul.legend li{margin:2px 0;break-inside:avoid}\n"
    "table.src{width:100%;font-size:12.5px}\n"
    "table.src td{border:0;padding:0 8px}\n"
    "table.src tbody tr:nth-child(even){background:none}\n"
    "table.src td.ln{color:#8a96a3;text-align:right;width:1%;white-space:nowrap}\n"
    "table.src td.code{font:12.5px/1.55 ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,"
    "monospace;white-space:pre-wrap;tab-size:4;width:55%}\n"
    "table.src tr.hit td.code{background:#eef4fb}\n"
    "table.src td.notes{padding:1px 8px}\n"
    ".note{display:block;margin:1px 0;padding:0 6px;border-left:3px solid var(--c);"
    "background:#f6f7f9;font-size:12px;line-height:1.5}\n"
    ".note b{font-weight:600;color:var(--muted)}\n"
    ".note a{color:inherit;text-decoration:none}\n"
    ".note a:hover{text-decoration:underline}\n"
    "pre.text{background:var(--panel);padding:10px;overflow-x:auto;font-size:12px}\n"
    "footer{color:var(--muted);font-size:12px;border-top:1px solid var(--line);"
    "padding:10px 32px}\n"
    "@media print{nav{display:none}section.kernel{break-inside:avoid-page}}\n";

/* "2 float units, 1 divider": the units that are not memory accesses, "-" for none. */
static void other_units_cell(struct oclhls_strbuf *o, const cJSON *counts)
{
    static const char *const kinds[] = {"float", "divider", "stream", "printf"};
    static const char *const one[] = {"float unit", "divider", "channel/pipe op", "printf"};
    static const char *const many[] = {"float units", "dividers", "channel/pipe ops", "printfs"};
    const char *sep = "";
    oclhls_strbuf_puts(o, "<td>");
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
        double n = report_num(counts, kinds[i], 0);
        if (!n)
            continue;
        oclhls_strbuf_printf(o, "%s%.0f %s", sep, n, n == 1 ? one[i] : many[i]);
        sep = ", ";
    }
    oclhls_strbuf_puts(o, *sep ? "</td></tr>\n" : "-</td></tr>\n");
}

static void summary(struct oclhls_strbuf *o, const cJSON *m)
{
    const cJSON *p = item(m, "program"), *fit = item(m, "fit"), *k;
    oclhls_strbuf_puts(o, "<section id=\"summary\"><h2>Summary</h2>\n<table class=\"kv\">");
    oclhls_strbuf_puts(o, "<tr><th>Program file</th>");
    report_td_text(o, report_str(p, "file", "?"));
    oclhls_strbuf_puts(o, "</tr><tr><th>Source</th>");
    report_td_text(o, report_str(p, "source_name", "?"));
    oclhls_strbuf_puts(o, "</tr><tr><th>Build options</th>");
    report_td_text(o, *report_str(p, "build_options", "") ? report_str(p, "build_options", "")
                                                          : "(none)");
    oclhls_strbuf_puts(o, "</tr><tr><th>Board</th>");
    report_td_text(o, report_str(p, "board", "?"));
    oclhls_strbuf_printf(
        o, "</tr><tr><th>Kernel clock</th><td>%g MHz%s</td></tr>", report_num(p, "clock_mhz", 0),
        cJSON_IsObject(fit)                          ? " (the PLL's setting after place and route)"
        : !strcmp(report_str(p, "board", ""), "sim") ? " (nominal: a Verilator model)"
                                                     : "");
    oclhls_strbuf_printf(o,
                         "<tr><th>Global memory</th><td>%.0f-bit bus, %.0f-cycle read "
                         "latency</td></tr>",
                         report_num(p, "mem_width_bits", 0),
                         report_num(p, "mem_latency_cycles", 0));
    oclhls_strbuf_puts(o, "<tr><th>Fit</th><td>");
    if (cJSON_IsObject(fit)) {
        const cJSON *u;
        oclhls_strbuf_puts(o, "iCE40 ");
        report_escape(o, report_str(fit, "device", "?"));
        oclhls_strbuf_puts(o, "-");
        report_escape(o, report_str(fit, "package", "?"));
        oclhls_strbuf_printf(o, ", Fmax %.2f MHz, clock %.3f MHz", report_num(fit, "fmax_mhz", 0),
                             report_num(fit, "clock_mhz", 0));
        cJSON_ArrayForEach(u, item(fit, "utilization"))
        {
            oclhls_strbuf_puts(o, "; ");
            report_escape(o, report_str(u, "name", "?"));
            oclhls_strbuf_printf(o, " %.0f / %.0f (%.0f%%)", report_num(u, "used", 0),
                                 report_num(u, "available", 0), report_num(u, "percent", 0));
        }
    } else {
        oclhls_strbuf_puts(o, "no place-and-route figures in this program file (the sim board, "
                              "or an iCE40 build with --no-bitstream); estimates under "
                              "<a href=\"#area\">Area</a>");
    }
    oclhls_strbuf_puts(o, "</td></tr><tr><th>Compiler</th>");
    report_td_text(o, report_str(p, "tool", "?"));
    oclhls_strbuf_puts(o, "</tr></table>\n<h3>Kernels</h3>\n");
    static const char *const cols[] = {"Kernel", "Kind",     "#Stages",     "#Segments", "#LSUs",
                                       "#Loops", "Worst II", "Other units", NULL};
    report_table_head(o, "kernels", cols);
    cJSON_ArrayForEach(k, item(m, "kernels"))
    {
        const cJSON *l, *c = item(k, "unit_counts");
        int worst = 0, nloops = cJSON_GetArraySize(item(k, "loops"));
        cJSON_ArrayForEach(l, item(k, "loops"))
        {
            if (report_num(l, "ii", 0) > worst)
                worst = (int)report_num(l, "ii", 0);
        }
        oclhls_strbuf_puts(o, "<tr><td><a href=\"#kernel-");
        report_escape(o, report_str(k, "name", ""));
        oclhls_strbuf_puts(o, "\">");
        report_escape(o, report_str(k, "name", "?"));
        oclhls_strbuf_puts(o, "</a></td><td>");
        report_escape(o, report_str(k, "kind_text", "?"));
        if (report_flag(k, "autorun"))
            oclhls_strbuf_puts(o, "<span class=\"badge autorun\">autorun</span>");
        oclhls_strbuf_puts(o, "</td>");
        report_td_num(o, report_num(k, "stages", 0));
        report_td_num(o, report_num(k, "segments", 0));
        report_td_num(o, report_num(k, "lsus", 0));
        report_td_num(o, nloops);
        if (worst)
            report_td_num(o, worst);
        else
            oclhls_strbuf_puts(o, "<td class=\"n\">-</td>");
        other_units_cell(o, c);
    }
    oclhls_strbuf_puts(o, "</tbody></table></section>\n");
}

/* The costliest units of the iCE40 build, by instance (the "ice40" section's "units"). */
static void measured_units(struct oclhls_strbuf *o, const cJSON *fit)
{
    const cJSON *u, *units = item(fit, "units");
    static const char *const cols[] = {"#Cells", "Instance", "What", NULL};
    if (!cJSON_GetArraySize(units))
        return;
    oclhls_strbuf_puts(o, "<p>The units that cost most, as yosys synthesised them: LUT4, "
                          "flip-flop and carry cells before packing, by instance (a kernel's "
                          "own registers under the value they hold).</p>\n");
    report_table_head(o, "measured-units", cols);
    cJSON_ArrayForEach(u, units)
    {
        oclhls_strbuf_puts(o, "<tr>");
        report_td_num(o, report_num(u, "cells", 0));
        oclhls_strbuf_puts(o, "<td><code>");
        report_escape(o, report_str(u, "instance", "?"));
        oclhls_strbuf_puts(o, "</code></td>");
        report_td_text(o, report_str(u, "what", ""));
        oclhls_strbuf_puts(o, "</tr>\n");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
}

static void measured_area(struct oclhls_strbuf *o, const cJSON *fit)
{
    const cJSON *u, *pll = item(fit, "pll");
    static const char *const cols[] = {"Resource", "#Used", "#Available", "Share", NULL};
    oclhls_strbuf_puts(o, "<h3>Measured: the iCE40 build</h3>\n<p>From the program file's "
                          "<code>ice40</code> section: nextpnr-ice40's utilization after place "
                          "and route and its Fmax.</p>\n");
    report_table_head(o, "fit", cols);
    cJSON_ArrayForEach(u, item(fit, "utilization"))
    {
        double pct = report_num(u, "percent", 0);
        oclhls_strbuf_puts(o, "<tr class=\"resource\">");
        report_td_text(o, report_str(u, "name", "?"));
        report_td_num(o, report_num(u, "used", 0));
        report_td_num(o, report_num(u, "available", 0));
        oclhls_strbuf_printf(
            o, "<td><span class=\"bar\"><i%s style=\"width:%.0f%%\"></i></span>%.0f%%</td></tr>\n",
            pct > 85 ? " class=\"high\"" : "", pct > 100 ? 100 : pct, pct);
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
    oclhls_strbuf_printf(o, "<p>Fmax %.2f MHz (", report_num(fit, "fmax_mhz", 0));
    report_escape(o, report_str(fit, "fmax_clock", "the kernel clock"));
    oclhls_strbuf_printf(o,
                         "); clock %.3f MHz (target %g MHz, at most %g): PLL DIVR=%.0f "
                         "DIVF=%.0f DIVQ=%.0f FILTER_RANGE=%.0f from %g MHz.</p>\n",
                         report_num(fit, "clock_mhz", 0), report_num(fit, "target_mhz", 0),
                         report_num(fit, "max_mhz", 0), report_num(pll, "divr", 0),
                         report_num(pll, "divf", 0), report_num(pll, "divq", 0),
                         report_num(pll, "filter_range", 0), report_num(fit, "osc_mhz", 0));
    measured_units(o, fit);
}

static void estimated_area(struct oclhls_strbuf *o, const cJSON *area)
{
    const cJSON *e, *t = item(area, "total");
    static const char *const cols[] = {"Kernel",
                                       "#Est. logic cells",
                                       "#Float units",
                                       "#of them float",
                                       "#Est. DSPs",
                                       "#Block RAMs",
                                       NULL};
    static const char *const unit_cols[] = {
        "Kernel",     "Unit",        "Lines", "#Count", "#Est. logic cells",
        "#Est. DSPs", "#Block RAMs", NULL};
    oclhls_strbuf_puts(o, "<h3>Estimated, per unit</h3>\n<p class=\"model\">Cost model: ");
    report_escape(o, report_str(area, "estimate_model", ""));
    oclhls_strbuf_puts(o, "</p>\n");
    report_table_head(o, "area-kernels", cols);
    cJSON_ArrayForEach(e, item(area, "kernels"))
    {
        oclhls_strbuf_puts(o, "<tr>");
        report_td_text(o, report_str(e, "name", "?"));
        report_td_num(o, report_num(e, "lcs", 0));
        report_td_num(o, report_num(e, "float_units", 0));
        report_td_num(o, report_num(e, "float_lcs", 0));
        report_td_num(o, report_num(e, "float_dsps", 0));
        report_td_num(o, report_num(e, "block_rams", 0));
        oclhls_strbuf_puts(o, "</tr>\n");
    }
    oclhls_strbuf_puts(o, "<tr class=\"total\"><td>total</td>");
    report_td_num(o, report_num(t, "lcs", 0));
    oclhls_strbuf_puts(o, "<td></td>");
    report_td_num(o, report_num(t, "float_lcs", 0));
    report_td_num(o, report_num(t, "float_dsps", 0));
    report_td_num(o, report_num(t, "block_rams", 0));
    oclhls_strbuf_puts(o, "</tr></tbody></table>\n");
    if (!cJSON_GetArraySize(item(area, "units")))
        return;
    report_table_head(o, "area-units", unit_cols);
    cJSON_ArrayForEach(e, item(area, "units"))
    {
        const cJSON *l;
        const char *sep = "";
        oclhls_strbuf_puts(o, "<tr>");
        report_td_text(o, report_str(e, "kernel", "?"));
        oclhls_strbuf_puts(o, "<td>");
        report_escape(o, report_str(e, "what", "?"));
        if (item(e, "module")) {
            oclhls_strbuf_puts(o, " (");
            report_escape(o, report_str(e, "module", ""));
            oclhls_strbuf_puts(o, ")");
        }
        oclhls_strbuf_puts(o, "</td><td>");
        cJSON_ArrayForEach(l, item(e, "lines"))
        {
            oclhls_strbuf_printf(o, "%s%.0f", sep, l->valuedouble);
            sep = ", ";
        }
        oclhls_strbuf_puts(o, "</td>");
        report_td_num(o, report_num(e, "count", 1));
        if (item(e, "block_rams")) {
            oclhls_strbuf_puts(o, "<td class=\"n\">-</td><td class=\"n\">-</td>");
            report_td_num(o, report_num(e, "block_rams", 0));
        } else {
            report_td_num(o, report_num(e, "total_lcs", 0));
            report_td_num(o, report_num(e, "total_dsps", 0));
            oclhls_strbuf_puts(o, "<td class=\"n\">-</td>");
        }
        oclhls_strbuf_puts(o, "</tr>\n");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
}

static void area_section(struct oclhls_strbuf *o, const cJSON *m)
{
    const cJSON *fit = item(m, "fit");
    oclhls_strbuf_puts(o, "<section id=\"area\"><h2>Area</h2>\n");
    if (cJSON_IsObject(fit))
        measured_area(o, fit);
    else
        oclhls_strbuf_puts(o, "<p>No measured figures: this program file has no iCE40 build "
                              "(the sim board is a Verilator model; an iCE40 program built with "
                              "<code>--no-bitstream</code> skipped place and route). The "
                              "estimates below are the compiler's.</p>\n");
    estimated_area(o, item(m, "area"));
    oclhls_strbuf_puts(o, "</section>\n");
}

static void source_section(struct oclhls_strbuf *o, const cJSON *m)
{
    const cJSON *src = item(m, "source"), *l, *n;
    int several = cJSON_GetArraySize(item(m, "kernels")) > 1;
    oclhls_strbuf_puts(o, "<section id=\"source\"><h2>Source, annotated</h2>\n");
    if (!cJSON_IsObject(src)) {
        oclhls_strbuf_puts(o, "<p>The program file has no <code>source</code> section.</p>"
                              "</section>\n");
        return;
    }
    oclhls_strbuf_puts(o, "<p class=\"muted\">Each line with what it became: the kernel, its "
                          "loops, barriers, memories and units (the counts are of identical "
                          "units on the line).</p>\n<table class=\"src\"><tbody>\n");
    cJSON_ArrayForEach(l, item(src, "lines"))
    {
        const cJSON *notes = item(l, "notes");
        int hit = cJSON_GetArraySize(notes) > 0;
        oclhls_strbuf_printf(o,
                             "<tr class=\"src-line%s\" id=\"L%.0f\"><td class=\"ln\">%.0f</td>"
                             "<td class=\"code\">",
                             hit ? " hit" : "", report_num(l, "line", 0), report_num(l, "line", 0));
        report_escape(o, report_str(l, "text", ""));
        oclhls_strbuf_puts(o, "</td><td class=\"notes\">");
        cJSON_ArrayForEach(n, notes)
        {
            const cJSON *units = item(n, "units");
            const char *first = cJSON_IsString(cJSON_GetArrayItem(units, 0))
                                    ? cJSON_GetArrayItem(units, 0)->valuestring
                                    : NULL;
            oclhls_strbuf_printf(o, "<span class=\"note c-%s\">", report_str(n, "class", "kernel"));
            if (first) {
                oclhls_strbuf_puts(o, "<a href=\"#");
                report_escape(o, first);
                oclhls_strbuf_puts(o, "\">");
            }
            if (several) {
                oclhls_strbuf_puts(o, "<b>");
                report_escape(o, report_str(n, "kernel", ""));
                oclhls_strbuf_puts(o, ":</b> ");
            }
            if (report_num(n, "count", 1) > 1)
                oclhls_strbuf_printf(o, "%.0f&times; ", report_num(n, "count", 1));
            report_escape(o, report_str(n, "text", ""));
            oclhls_strbuf_puts(o, first ? "</a></span>" : "</span>");
        }
        oclhls_strbuf_puts(o, "</td></tr>\n");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
    if (report_num(src, "unplaced_notes", 0))
        oclhls_strbuf_printf(o,
                             "<p class=\"muted\">%.0f notes are for lines this source does not "
                             "have (an included file's, or unknown); the tables above list "
                             "them.</p>\n",
                             report_num(src, "unplaced_notes", 0));
    oclhls_strbuf_puts(o, "</section>\n");
}

void report_html(const cJSON *m, struct oclhls_strbuf *o)
{
    const cJSON *p = item(m, "program"), *k;
    oclhls_strbuf_puts(o,
                       "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                       "<title>oclhls report: ");
    report_escape(o, report_str(p, "source_name", "?"));
    oclhls_strbuf_puts(o, "</title>\n<style>\n");
    oclhls_strbuf_puts(o, style);
    report_classes_css(o);
    oclhls_strbuf_puts(o, "</style></head>\n<body>\n<header><h1>oclhls report: ");
    report_escape(o, report_str(p, "source_name", "?"));
    oclhls_strbuf_puts(o, "</h1><p>");
    report_escape(o, report_str(p, "file", "?"));
    oclhls_strbuf_puts(o, " &middot; board ");
    report_escape(o, report_str(p, "board", "?"));
    oclhls_strbuf_printf(o,
                         " &middot; %d kernel%s</p></header>\n<nav><a href=\"#summary\">Summary"
                         "</a>%s<a href=\"#memory-system\">Memory system</a>",
                         cJSON_GetArraySize(item(m, "kernels")),
                         cJSON_GetArraySize(item(m, "kernels")) == 1 ? "" : "s",
                         item(m, "profile") ? "<a href=\"#profile\">Profile</a>" : "");
    cJSON_ArrayForEach(k, item(m, "kernels"))
    {
        oclhls_strbuf_puts(o, "<a href=\"#kernel-");
        report_escape(o, report_str(k, "name", ""));
        oclhls_strbuf_puts(o, "\">");
        report_escape(o, report_str(k, "name", "?"));
        oclhls_strbuf_puts(o, "</a>");
    }
    oclhls_strbuf_puts(o,
                       "<a href=\"#area\">Area</a><a href=\"#source\">Source</a></nav>\n<main>\n");
    if (!report_flag(m, "detailed"))
        oclhls_strbuf_puts(o, "<p class=\"warn\">This program file was written by an older oclhls "
                              "that did not record its units: rebuild it for the full report. Its "
                              "build report's text is at the end.</p>\n");
    summary(o, m);
    report_profile_html(o, m);
    oclhls_strbuf_puts(o, "<section id=\"memory-system\"><h2>Memory system</h2>\n");
    report_svg(m, o);
    oclhls_strbuf_puts(o, "</section>\n");
    cJSON_ArrayForEach(k, item(m, "kernels"))
    {
        report_kernel_section(o, k);
    }
    area_section(o, m);
    source_section(o, m);
    oclhls_strbuf_puts(o,
                       "<details><summary>The build report as text</summary><pre class=\"text\">");
    report_escape(o, report_str(m, "text_report", ""));
    oclhls_strbuf_puts(o,
                       "</pre></details>\n</main>\n<footer>Written by <code>oclhls report</code> "
                       "from the program file alone; the same content as "
                       "<code>oclhls report --json</code>.</footer>\n</body></html>\n");
}
