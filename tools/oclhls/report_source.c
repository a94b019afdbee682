// SPDX-License-Identifier: MIT
/*
 * The kernel source as the report shows it: each line of the program file's "source" section
 * with notes of what it became, from the report model's kernels: the kernel's definition,
 * its loops (and the lines of the dependency that limits a loop's II), barriers, memories in
 * block RAM, and every unit. Identical notes of one line are counted, not repeated.
 */
#include <string.h>

#include "report.h"

static void space_text(struct oclhls_strbuf *o, const char *space)
{
    oclhls_strbuf_puts(o, !strcmp(space, "global")     ? "__global"
                          : !strcmp(space, "constant") ? "__constant"
                          : !strcmp(space, "local")    ? "__local"
                                                       : "private");
}

static void memory_note(const cJSON *u, struct oclhls_strbuf *o)
{
    const char *cls = report_str(u, "class", "");
    const char *access = report_str(u, "access", "?");
    oclhls_strbuf_printf(o, "%d-bit ", (int)report_num(u, "bits", 0));
    space_text(o, report_str(u, "address_space", "global"));
    if (!strcmp(cls, "line-stream")) {
        oclhls_strbuf_printf(o, " %s stream, %d work-items a line", access,
                             (int)report_num(u, "lanes", 1));
        return;
    }
    oclhls_strbuf_printf(o, " %s", access);
    if (!strcmp(access, "atomic"))
        oclhls_strbuf_printf(o, " %s", report_str(u, "operation", "?"));
    if (!strcmp(cls, "block-ram"))
        oclhls_strbuf_printf(o, ": block RAM memory %d", (int)report_num(u, "memory", 0));
    else if (!strcmp(cls, "atomic"))
        oclhls_strbuf_printf(o, ": %s%s", report_str(u, "lsu", "atomic unit"),
                             report_flag(u, "old_value_read") ? "" : ", old value not read");
    else
        oclhls_strbuf_printf(o, ": %s LSU", report_str(u, "lsu", "?"));
    if (report_flag(u, "waits_for_stores"))
        oclhls_strbuf_puts(o, ", waits for earlier stores");
}

void report_unit_note(const cJSON *u, struct oclhls_strbuf *o)
{
    const char *kind = report_str(u, "kind", "");
    const char *op = report_str(u, "operation", "?");
    if (!strcmp(kind, "memory"))
        memory_note(u, o);
    else if (!strcmp(kind, "float") && cJSON_GetObjectItem(u, "shares_unit_of_line"))
        oclhls_strbuf_printf(o, "%s: shares the %s of line %d", op, report_str(u, "module", "?"),
                             (int)report_num(u, "shares_unit_of_line", 0));
    else if (!strcmp(kind, "float"))
        oclhls_strbuf_printf(o, "%s: %s, %d stages, %s", op, report_str(u, "module", "?"),
                             (int)report_num(u, "latency", 0), report_str(u, "cost", "?"));
    else if (!strcmp(kind, "divider"))
        oclhls_strbuf_printf(o, "%d-bit %s: pipelined divider, %d stages",
                             (int)report_num(u, "bits", 0), op, (int)report_num(u, "latency", 0));
    else if (!strcmp(kind, "stream") && cJSON_GetObjectItem(u, "channel"))
        oclhls_strbuf_printf(o, "%s %s", op, report_str(u, "channel", "?"));
    else if (!strcmp(kind, "stream"))
        oclhls_strbuf_printf(o, "%s '%s'", op, report_str(u, "pipe", "?"));
    else
        oclhls_strbuf_puts(o, "printf: a record reserved at its counter");
}

/* Adds a note to line `line` (1-based) of lines, or counts it as unplaced. */
static void add_note(cJSON *lines, int line, const char *kernel, const char *cls,
                     struct oclhls_strbuf *text, const char *unit, int *unplaced)
{
    cJSON *l = line > 0 ? cJSON_GetArrayItem(lines, line - 1) : NULL, *n;
    const char *t = text->buf ? text->buf : "";
    if (!l) {
        ++*unplaced;
        goto out;
    }
    cJSON *notes = cJSON_GetObjectItemCaseSensitive(l, "notes");
    cJSON_ArrayForEach(n, notes)
    {
        if (!strcmp(report_str(n, "kernel", ""), kernel) && !strcmp(report_str(n, "text", ""), t))
            break;
    }
    if (!n) {
        n = cJSON_CreateObject();
        cJSON_AddStringToObject(n, "kernel", kernel);
        cJSON_AddStringToObject(n, "class", cls);
        cJSON_AddStringToObject(n, "text", t);
        cJSON_AddNumberToObject(n, "count", 0);
        cJSON_AddArrayToObject(n, "units");
        cJSON_AddItemToArray(notes, n);
    }
    cJSON *count = cJSON_GetObjectItemCaseSensitive(n, "count");
    cJSON_SetNumberValue(count, count->valuedouble + 1);
    if (unit)
        cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(n, "units"),
                             cJSON_CreateString(unit));
out:
    oclhls_strbuf_release(text);
}

static void loop_notes(cJSON *lines, const cJSON *k, const char *name, int *unplaced)
{
    const cJSON *l;
    cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(k, "loops"))
    {
        struct oclhls_strbuf t = {0};
        int line = (int)report_num(l, "line", 0);
        const cJSON *dep = cJSON_GetObjectItemCaseSensitive(l, "dependency");
        int modulo = !strcmp(report_str(l, "schedule", ""), "modulo");
        oclhls_strbuf_printf(&t, "loop: II %d, depth %d, %s", (int)report_num(l, "ii", 0),
                             (int)report_num(l, "depth", 0),
                             modulo ? "modulo-scheduled" : "work-items interleaved");
        if (dep)
            oclhls_strbuf_printf(&t, "; II limited by a %s dependency from line %d to line %d",
                                 report_str(dep, "kind", "?"), (int)report_num(dep, "from_line", 0),
                                 (int)report_num(dep, "to_line", 0));
        add_note(lines, line, name, "loop", &t, NULL, unplaced);
        if (!dep)
            continue;
        /* the dependency's own lines say which loop they hold back */
        int from = (int)report_num(dep, "from_line", 0), to = (int)report_num(dep, "to_line", 0);
        oclhls_strbuf_printf(&t, "%s the %s dependency that limits the II of the loop on line %d",
                             from == to ? "both ends of" : "start of", report_str(dep, "kind", "?"),
                             line);
        add_note(lines, from, name, "loop", &t, NULL, unplaced);
        if (from == to)
            continue;
        oclhls_strbuf_printf(&t,
                             "end of the %s dependency that limits the II of the loop on line %d",
                             report_str(dep, "kind", "?"), line);
        add_note(lines, to, name, "loop", &t, NULL, unplaced);
    }
}

static void kernel_notes(cJSON *lines, const cJSON *k, int *unplaced)
{
    const char *name = report_str(k, "name", "?");
    struct oclhls_strbuf t = {0};
    const cJSON *e;
    oclhls_strbuf_printf(&t, "kernel %s: %s, %d stages%s", name, report_str(k, "kind_text", "?"),
                         (int)report_num(k, "stages", 0),
                         report_flag(k, "autorun") ? ", autorun" : "");
    add_note(lines, (int)report_num(k, "source_line", 0), name, "kernel", &t, NULL, unplaced);
    loop_notes(lines, k, name, unplaced);
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(k, "barriers"))
    {
        oclhls_strbuf_printf(&t, "barrier%s: work-groups of up to %d work-items, %d in flight%s",
                             report_flag(e, "loop_exit") ? " (the loop's exit)" : "",
                             (int)report_num(e, "max_work_items", 0),
                             (int)report_num(e, "groups_in_flight", 0),
                             report_flag(e, "global_fence") ? ", global fence" : "");
        add_note(lines, (int)report_num(e, "line", 0), name, "barrier", &t, NULL, unplaced);
    }
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(k, "memories"))
    {
        if (!report_flag(e, "used"))
            continue;
        oclhls_strbuf_printf(&t, "%s: %d bytes, %d-bit elements, %d block RAMs",
                             report_str(e, "name", "?"), (int)report_num(e, "bytes", 0),
                             (int)report_num(e, "element_bits", 0),
                             (int)report_num(e, "block_rams", 0));
        add_note(lines, (int)report_num(e, "line", 0), name, "block-ram", &t, NULL, unplaced);
    }
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(k, "units"))
    {
        report_unit_note(e, &t);
        add_note(lines, (int)report_num(e, "line", 0), name, report_str(e, "class", "?"), &t,
                 report_str(e, "id", NULL), unplaced);
    }
}

cJSON *report_source(const char *text, size_t len, const cJSON *kernels)
{
    cJSON *src = cJSON_CreateObject();
    cJSON *lines = cJSON_AddArrayToObject(src, "lines");
    size_t at = 0;
    int n = 0, unplaced = 0;
    while (at < len) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) : len, stop = end;
        if (stop > at && text[stop - 1] == '\r')
            stop--;
        struct oclhls_strbuf t = {0};
        oclhls_strbuf_append(&t, text + at, stop - at);
        cJSON *l = cJSON_CreateObject();
        cJSON_AddNumberToObject(l, "line", ++n);
        cJSON_AddStringToObject(l, "text", t.buf ? t.buf : "");
        cJSON_AddArrayToObject(l, "notes");
        cJSON_AddItemToArray(lines, l);
        oclhls_strbuf_release(&t);
        at = end + 1;
    }
    const cJSON *k;
    cJSON_ArrayForEach(k, kernels)
    {
        kernel_notes(lines, k, &unplaced);
    }
    /* units of lines the section does not have (a header's, or 0: unknown) */
    cJSON_AddNumberToObject(src, "unplaced_notes", unplaced);
    return src;
}
