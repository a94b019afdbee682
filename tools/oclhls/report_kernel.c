// SPDX-License-Identifier: MIT
/*
 * A kernel's section of the report page: its facts (kind, stages, segments, LSUs, what holds
 * it below a work-item per clock), then its tables: loops, barriers, memories in block RAM,
 * and the units by kind, each unit's row anchored by its id for the source notes' links.
 */
#include <string.h>

#include "report.h"

static const cJSON *item(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static void loops_table(struct oclhls_strbuf *o, const cJSON *k)
{
    const cJSON *l;
    if (!cJSON_GetArraySize(item(k, "loops")))
        return;
    static const char *const cols[] = {"Line",       "Schedule",      "#II",     "#Depth",
                                       "#In flight", "II limited by", "Pragmas", NULL};
    oclhls_strbuf_puts(o, "<h3>Loops</h3>\n");
    report_table_head(o, "loops", cols);
    cJSON_ArrayForEach(l, item(k, "loops"))
    {
        const cJSON *dep = item(l, "dependency");
        int modulo = !strcmp(report_str(l, "schedule", ""), "modulo");
        oclhls_strbuf_printf(o, "<tr class=\"loop\"><td>%.0f%s</td><td>%s</td>",
                             report_num(l, "line", 0), item(l, "parent") ? " (nested)" : "",
                             modulo ? "modulo-scheduled" : "work-items interleaved");
        report_td_num(o, report_num(l, "ii", 0));
        report_td_num(o, report_num(l, "depth", 0));
        if (modulo)
            oclhls_strbuf_puts(o, "<td class=\"n\">-</td>");
        else
            report_td_num(o, report_num(l, "capacity", 0));
        oclhls_strbuf_puts(o, "<td>");
        if (dep) {
            report_escape(o, report_str(dep, "kind", "?"));
            oclhls_strbuf_printf(o, " dependency, line %.0f &rarr; line %.0f",
                                 report_num(dep, "from_line", 0), report_num(dep, "to_line", 0));
        } else {
            oclhls_strbuf_puts(o, "-");
        }
        oclhls_strbuf_puts(o, "</td><td>");
        if (item(l, "pragma_ii"))
            oclhls_strbuf_printf(o, "#pragma ii %.0f ", report_num(l, "pragma_ii", 0));
        if (report_flag(l, "ivdep"))
            oclhls_strbuf_puts(o, "#pragma ivdep");
        oclhls_strbuf_puts(o, "</td></tr>\n");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
}

static void barriers_table(struct oclhls_strbuf *o, const cJSON *k)
{
    const cJSON *b;
    if (!cJSON_GetArraySize(item(k, "barriers")))
        return;
    static const char *const cols[] = {
        "Line", "#Work-items (at most)", "#Groups in flight", "Fence", "Note", NULL};
    oclhls_strbuf_puts(o, "<h3>Barriers</h3>\n");
    report_table_head(o, "barriers", cols);
    cJSON_ArrayForEach(b, item(k, "barriers"))
    {
        oclhls_strbuf_printf(o, "<tr class=\"barrier\"><td>%.0f</td>", report_num(b, "line", 0));
        report_td_num(o, report_num(b, "max_work_items", 0));
        report_td_num(o, report_num(b, "groups_in_flight", 0));
        oclhls_strbuf_printf(
            o, "<td>%s</td><td>",
            report_flag(b, "global_fence") ? "global: store buffers written back first" : "local");
        if (report_flag(b, "loop_exit"))
            oclhls_strbuf_printf(o,
                                 "the loop's exit: work-items whose guard (line %.0f) is false "
                                 "leave the loop early and wait here",
                                 report_num(b, "guard_line", 0));
        oclhls_strbuf_puts(o, "</td></tr>\n");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
}

static void memories_table(struct oclhls_strbuf *o, const cJSON *k)
{
    const cJSON *mem;
    int any = 0;
    cJSON_ArrayForEach(mem, item(k, "memories"))
    {
        any |= report_flag(mem, "used");
    }
    if (!any)
        return;
    static const char *const cols[] = {
        "Memory",    "Line",         "#Bytes",  "#Element bits",    "#Banks",      "#Read ports",
        "#Replicas", "#Store sites", "#Copies", "#Block RAM bytes", "#Block RAMs", NULL};
    oclhls_strbuf_puts(o, "<h3>Private and __local memories (block RAM)</h3>\n");
    report_table_head(o, "memories", cols);
    cJSON_ArrayForEach(mem, item(k, "memories"))
    {
        if (!report_flag(mem, "used"))
            continue;
        oclhls_strbuf_puts(o, "<tr class=\"memory\">");
        report_td_text(o, report_str(mem, "name", "?"));
        oclhls_strbuf_printf(o, "<td>%.0f</td>", report_num(mem, "line", 0));
        static const char *const keys[] = {"bytes",      "element_bits",    "banks",
                                           "read_ports", "read_replicas",   "store_sites",
                                           "copies",     "block_ram_bytes", "block_rams"};
        for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
            report_td_num(o, report_num(mem, keys[i], 0));
        oclhls_strbuf_puts(o, "</tr>\n");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
    oclhls_strbuf_puts(o, "<p class=\"muted\">Copies: one per work-group in flight (__local) or "
                          "work-item in flight (private); a replica per read port unless ports "
                          "on different sides of barriers share one.</p>\n");
}

/* A unit's row opens with its id (the source notes link here), class and line. */
static void unit_row(struct oclhls_strbuf *o, const cJSON *u)
{
    oclhls_strbuf_puts(o, "<tr class=\"unit\" id=\"");
    report_escape(o, report_str(u, "id", ""));
    oclhls_strbuf_puts(o, "\" data-kind=\"");
    report_escape(o, report_str(u, "kind", ""));
    oclhls_strbuf_printf(o, "\"><td><span class=\"sw c-%s\"></span>%.0f</td>",
                         report_str(u, "class", "printf"), report_num(u, "line", 0));
}

static int count_kind(const cJSON *k, const char *kind)
{
    return (int)report_num(item(k, "unit_counts"), kind, 0) +
           (!strcmp(kind, "float") ? (int)report_num(item(k, "unit_counts"), "float_shared", 0)
                                   : 0);
}

static void memory_units(struct oclhls_strbuf *o, const cJSON *k)
{
    const cJSON *u;
    static const char *const cols[] = {
        "Line", "Access", "Space", "#Bits", "LSU", "#Stage", "Waits for earlier stores", NULL};
    oclhls_strbuf_puts(o, "<h3>Memory accesses</h3>\n");
    report_table_head(o, "units memory-units", cols);
    cJSON_ArrayForEach(u, item(k, "units"))
    {
        if (strcmp(report_str(u, "kind", ""), "memory"))
            continue;
        unit_row(o, u);
        oclhls_strbuf_puts(o, "<td>");
        report_escape(o, report_str(u, "access", "?"));
        if (item(u, "operation")) {
            oclhls_strbuf_puts(o, " ");
            report_escape(o, report_str(u, "operation", ""));
        }
        oclhls_strbuf_puts(o, "</td><td>");
        report_space_name(o, report_str(u, "address_space", "global"));
        oclhls_strbuf_puts(o, "</td>");
        report_td_num(o, report_num(u, "bits", 0));
        oclhls_strbuf_puts(o, "<td>");
        report_escape(o, report_str(u, "lsu", "?"));
        if (item(u, "memory"))
            oclhls_strbuf_printf(o, " (memory %.0f)", report_num(u, "memory", 0));
        if (item(u, "shared_unit"))
            oclhls_strbuf_printf(o, " %.0f", report_num(u, "shared_unit", 0));
        if (item(u, "lanes"))
            oclhls_strbuf_printf(o, ", %.0f work-items a line", report_num(u, "lanes", 0));
        if (item(u, "old_value_read") && !report_flag(u, "old_value_read"))
            oclhls_strbuf_puts(o, ", old value not read");
        oclhls_strbuf_puts(o, "</td>");
        if (item(u, "lanes"))
            oclhls_strbuf_puts(o, "<td class=\"n\">-</td>");
        else
            report_td_num(o, report_num(u, "stage", 0));
        oclhls_strbuf_printf(o, "<td>%s</td></tr>\n",
                             report_flag(u, "waits_for_stores") ? "yes" : "");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
}

static void float_units(struct oclhls_strbuf *o, const cJSON *k)
{
    const cJSON *u;
    static const char *const cols[] = {
        "Line", "Operation", "Module", "#Latency", "#Stage", "Shared with", "Estimate (iCE40 UP5K)",
        NULL};
    oclhls_strbuf_puts(o, "<h3>Float units</h3>\n");
    report_table_head(o, "units float-units", cols);
    cJSON_ArrayForEach(u, item(k, "units"))
    {
        if (strcmp(report_str(u, "kind", ""), "float"))
            continue;
        int shared = item(u, "shares_unit_of_line") != NULL;
        unit_row(o, u);
        report_td_text(o, report_str(u, "operation", "?"));
        report_td_text(o, report_str(u, "module", "?"));
        if (shared)
            oclhls_strbuf_puts(o, "<td class=\"n\">-</td>");
        else
            report_td_num(o, report_num(u, "latency", 0));
        report_td_num(o, report_num(u, "stage", 0));
        if (shared)
            oclhls_strbuf_printf(o, "<td>computed by the unit of line %.0f</td><td>-</td>",
                                 report_num(u, "shares_unit_of_line", 0));
        else {
            oclhls_strbuf_puts(o, "<td></td>");
            report_td_text(o, report_str(u, "cost", "?"));
        }
        oclhls_strbuf_puts(o, "</tr>\n");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
}

static void other_units(struct oclhls_strbuf *o, const cJSON *k, const char *kind)
{
    const cJSON *u;
    static const char *const div_cols[] = {"Line",     "Operation", "#Bits",
                                           "#Latency", "#Stage",    NULL};
    static const char *const stream_cols[] = {"Line",   "Operation",     "Channel or pipe",
                                              "#Stage", "#Answer stage", NULL};
    static const char *const printf_cols[] = {"Line", "What", "#Stage", NULL};
    int div = !strcmp(kind, "divider"), stream = !strcmp(kind, "stream");
    oclhls_strbuf_printf(o, "<h3>%s</h3>\n",
                         div      ? "Dividers"
                         : stream ? "Channels and pipes"
                                  : "printf");
    report_table_head(o,
                      div      ? "units divider-units"
                      : stream ? "units stream-units"
                               : "units printf-units",
                      div      ? div_cols
                      : stream ? stream_cols
                               : printf_cols);
    cJSON_ArrayForEach(u, item(k, "units"))
    {
        if (strcmp(report_str(u, "kind", ""), kind))
            continue;
        unit_row(o, u);
        if (div) {
            report_td_text(o, report_str(u, "operation", "?"));
            report_td_num(o, report_num(u, "bits", 0));
            report_td_num(o, report_num(u, "latency", 0));
        } else if (stream) {
            report_td_text(o, report_str(u, "operation", "?"));
            oclhls_strbuf_puts(o, "<td>");
            if (item(u, "channel")) {
                oclhls_strbuf_puts(o, "channel ");
                report_escape(o, report_str(u, "channel", "?"));
            } else {
                oclhls_strbuf_puts(o, "pipe argument '");
                report_escape(o, report_str(u, "pipe", "?"));
                oclhls_strbuf_puts(o, "'");
            }
            oclhls_strbuf_puts(o, "</td>");
        } else {
            oclhls_strbuf_puts(o, "<td>a record reserved at printf's counter</td>");
        }
        report_td_num(o, report_num(u, "stage", 0));
        if (stream)
            report_td_num(o, report_num(u, "answer_stage", 0));
        oclhls_strbuf_puts(o, "</tr>\n");
    }
    oclhls_strbuf_puts(o, "</tbody></table>\n");
}

/* One bound of the kernel's "throughput" (per work-item, or per iteration of a loop). */
static void bound_sentence(struct oclhls_strbuf *o, const cJSON *b, const char *per,
                           const char *unit, double board)
{
    double memory = report_num(b, "memory_bound", 0), compute = report_num(b, "compute_bound", 1);
    oclhls_strbuf_printf(o,
                         "%.0f bytes of global memory per %s, the memory %.0f per clock: at "
                         "most %.2f %s per clock for the memory, %.2f for the pipeline, so ",
                         report_num(b, "bytes", 0), per, board, memory, unit, compute);
    if (memory < compute)
        oclhls_strbuf_puts(o, "<b>memory-bound</b>");
    else
        oclhls_strbuf_printf(o, "<b>pipeline-bound</b>, using %.0f%% of the memory's bandwidth",
                             memory > 0 ? 100.0 * compute / memory : 0.0);
}

/* Where the limit is: the memory's bound beside the pipeline's (hls/emit/metadata_bound.c). */
static void throughput(struct oclhls_strbuf *o, const cJSON *k)
{
    const cJSON *t = item(k, "throughput"), *w = item(t, "work_item"), *l;
    double board = report_num(t, "board_bytes_per_clock", 0);
    if (!t)
        return;
    if (w) {
        oclhls_strbuf_puts(o, "<p class=\"bound\">Throughput: ");
        bound_sentence(o, w, "work-item", "work-items", board);
        oclhls_strbuf_puts(o, ".</p>\n");
    }
    cJSON_ArrayForEach(l, item(t, "loops"))
    {
        oclhls_strbuf_printf(o, "<p class=\"bound\">Loop on line %.0f: ", report_num(l, "line", 0));
        bound_sentence(o, l, "iteration", "iterations", board);
        oclhls_strbuf_puts(o, ".</p>\n");
    }
}

static void kernel_facts(struct oclhls_strbuf *o, const cJSON *k)
{
    const char *kind = report_str(k, "kind", "ndrange");
    const cJSON *refusal = item(k, "line_refusal");
    oclhls_strbuf_printf(o, "<p class=\"facts\">line %.0f &middot; ",
                         report_num(k, "source_line", 0));
    if (!strcmp(kind, "line_kernel"))
        oclhls_strbuf_printf(o,
                             "%.0f lanes (the work-items of a memory line), %.0f cycles per line, "
                             "%.2f per work-item",
                             report_num(k, "line_lanes", 1), report_num(k, "line_cycles", 0),
                             report_num(k, "line_cycles", 0) / report_num(k, "line_lanes", 1));
    else
        oclhls_strbuf_printf(o, "%.0f stages in %.0f pipeline segment%s &middot; %.0f LSU%s",
                             report_num(k, "stages", 0), report_num(k, "segments", 0),
                             report_num(k, "segments", 0) == 1 ? "" : "s", report_num(k, "lsus", 0),
                             report_num(k, "lsus", 0) == 1 ? "" : "s");
    if (report_num(k, "dispatch_ii", 1) > 1)
        oclhls_strbuf_printf(o,
                             " &middot; a work-item every %.0f cycles: its float units (~%.0f "
                             "LCs unshared) are shared to fit the board",
                             report_num(k, "dispatch_ii", 1),
                             report_num(k, "float_lcs_unshared", 0));
    else if (!strcmp(kind, "ndrange"))
        oclhls_strbuf_puts(o, " &middot; a work-item per clock");
    if (report_num(k, "compute_units", 1) > 1) /* num_compute_units (hls/emit/emit_units.c) */
        oclhls_strbuf_printf(o,
                             " &middot; <b>%.0f compute units</b>: copies of this pipeline, each "
                             "work-group run by whichever unit is free",
                             report_num(k, "compute_units", 1));
    oclhls_strbuf_puts(o, "</p>\n");
    if (report_flag(k, "waits_for_stores"))
        oclhls_strbuf_puts(o, "<p class=\"warn\">Accesses that wait for earlier stores hold the "
                              "pipeline until those stores reach memory, so the kernel runs "
                              "below one work-item per clock; declare pointer arguments "
                              "<code>restrict</code> where they never alias.</p>\n");
    throughput(o, k);
    if (refusal) {
        oclhls_strbuf_puts(o, "<p class=\"muted\">Not a line kernel: ");
        report_escape(o, report_str(refusal, "reason", "?"));
        oclhls_strbuf_printf(o, ", line %.0f.</p>\n", report_num(refusal, "line", 0));
    }
}

void report_kernel_section(struct oclhls_strbuf *o, const cJSON *k)
{
    const char *name = report_str(k, "name", "?");
    const cJSON *a;
    oclhls_strbuf_puts(o, "<section class=\"kernel\" id=\"kernel-");
    report_escape(o, name);
    oclhls_strbuf_puts(o, "\"><h2>kernel ");
    report_escape(o, name);
    oclhls_strbuf_puts(o, "<span class=\"badge\">");
    report_escape(o, report_str(k, "kind_text", "?"));
    oclhls_strbuf_puts(o, "</span>");
    if (report_flag(k, "autorun"))
        oclhls_strbuf_puts(o, "<span class=\"badge autorun\">autorun</span>");
    oclhls_strbuf_puts(o, "</h2>\n");
    kernel_facts(o, k);
    loops_table(o, k);
    barriers_table(o, k);
    memories_table(o, k);
    if (count_kind(k, "memory"))
        memory_units(o, k);
    if (count_kind(k, "float"))
        float_units(o, k);
    if (count_kind(k, "divider"))
        other_units(o, k, "divider");
    if (count_kind(k, "stream"))
        other_units(o, k, "stream");
    if (count_kind(k, "printf"))
        other_units(o, k, "printf");
    if (!cJSON_GetArraySize(item(k, "units")))
        oclhls_strbuf_puts(o, "<p class=\"muted\">No memory accesses or multicycle units.</p>\n");
    oclhls_strbuf_puts(o, "<p class=\"muted\">Arguments: ");
    int first = 1;
    cJSON_ArrayForEach(a, item(k, "args"))
    {
        oclhls_strbuf_puts(o, first ? "" : ", ");
        first = 0;
        oclhls_strbuf_puts(o, "<code>");
        report_escape(o, report_str(a, "name", "?"));
        oclhls_strbuf_puts(o, "</code> (");
        report_space_name(o, report_str(a, "address_space", "private"));
        oclhls_strbuf_puts(o, " ");
        report_escape(o, report_str(a, "type_name", "?"));
        oclhls_strbuf_puts(o, ")");
    }
    oclhls_strbuf_puts(o, first ? "none</p>\n</section>\n" : "</p>\n</section>\n");
}
