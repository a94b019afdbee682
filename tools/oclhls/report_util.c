// SPDX-License-Identifier: MIT
/*
 * What the report's parts share (report.h): reading the model's members, the classes the
 * page colours units by (one table for the notes, the diagram and the legend), and HTML
 * text and table cells. It calls nothing of the report, so every part may use it.
 */
#include <string.h>

#include "report.h"

double report_num(const cJSON *obj, const char *key, double dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) ? v->valuedouble : dflt;
}

const char *report_str(const cJSON *obj, const char *key, const char *dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) && v->valuestring ? v->valuestring : dflt;
}

int report_flag(const cJSON *obj, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(obj, key));
}

/* One table for the notes, the diagram and the legend (what a class is drawn as). */
static const struct {
    const char *cls, *color, *name;
} classes[] = {
    {"coalescing", "#2b6cb0", "load LSU, coalescing (keeps lines)"},
    {"uncached", "#6b46c1", "load LSU, uncached"},
    {"write-combining", "#c05621", "store LSU, write-combining"},
    {"atomic", "#c53030", "atomic unit (or shared atomic unit)"},
    {"line-stream", "#0f766e", "line kernel stream"},
    {"block-ram", "#2f855a", "block RAM access / memory"},
    {"stream", "#b7791f", "channel or pipe operation"},
    {"printf", "#718096", "printf counter"},
    {"float", "#d53f8c", "float unit"},
    {"divider", "#975a16", "divider"},
    {"loop", "#2c5282", "loop"},
    {"barrier", "#4a5568", "barrier"},
    {"kernel", "#1a202c", "kernel"},
};
#define NCLASSES (sizeof(classes) / sizeof(classes[0]))

const char *const report_classes[] = {
    "coalescing", "uncached", "write-combining", "atomic", "line-stream", "block-ram", "stream",
    "printf",     "float",    "divider",         "loop",   "barrier",     "kernel",    NULL};

const char *report_class_color(const char *cls)
{
    for (size_t i = 0; i < NCLASSES; i++)
        if (!strcmp(classes[i].cls, cls))
            return classes[i].color;
    return "#718096";
}

const char *report_class_name(const char *cls)
{
    for (size_t i = 0; i < NCLASSES; i++)
        if (!strcmp(classes[i].cls, cls))
            return classes[i].name;
    return cls;
}

void report_escape(struct oclhls_strbuf *o, const char *text)
{
    for (const char *p = text ? text : ""; *p; p++) {
        switch (*p) {
        case '&':
            oclhls_strbuf_puts(o, "&amp;");
            break;
        case '<':
            oclhls_strbuf_puts(o, "&lt;");
            break;
        case '>':
            oclhls_strbuf_puts(o, "&gt;");
            break;
        case '"':
            oclhls_strbuf_puts(o, "&quot;");
            break;
        case '\'':
            oclhls_strbuf_puts(o, "&#39;");
            break;
        default:
            oclhls_strbuf_append(o, p, 1);
        }
    }
}

/* The classes' colours as CSS custom properties (.c-<class>). */
void report_classes_css(struct oclhls_strbuf *o)
{
    for (size_t i = 0; i < NCLASSES; i++)
        oclhls_strbuf_printf(o, ".c-%s{--c:%s}\n", classes[i].cls, classes[i].color);
}

void report_td_num(struct oclhls_strbuf *o, double v)
{
    oclhls_strbuf_printf(o, "<td class=\"n\">%.0f</td>", v);
}

void report_td_text(struct oclhls_strbuf *o, const char *s)
{
    oclhls_strbuf_puts(o, "<td>");
    report_escape(o, s);
    oclhls_strbuf_puts(o, "</td>");
}

/* A table's head: the column names, numeric ones (a leading '#') right-aligned. */
void report_table_head(struct oclhls_strbuf *o, const char *cls, const char *const *cols)
{
    oclhls_strbuf_printf(o, "<table class=\"%s\"><thead><tr>", cls);
    for (; *cols; cols++)
        oclhls_strbuf_printf(o, (*cols)[0] == '#' ? "<th class=\"n\">%s</th>" : "<th>%s</th>",
                             (*cols)[0] == '#' ? *cols + 1 : *cols);
    oclhls_strbuf_puts(o, "</tr></thead><tbody>\n");
}

void report_space_name(struct oclhls_strbuf *o, const char *space)
{
    oclhls_strbuf_puts(o, !strcmp(space, "global")     ? "__global"
                          : !strcmp(space, "constant") ? "__constant"
                          : !strcmp(space, "local")    ? "__local"
                                                       : "private");
}
