/* SPDX-License-Identifier: MIT */
/*
 * oclhls report's parts: the report model, made from a program file's sections
 * (report_model.c, the source annotated in report_source.c), which is the --json output
 * (docs/user-guide.md, "Reports"), and the page drawn from that model alone (report_html.c,
 * a kernel's section report_kernel.c, the memory-system diagram report_svg.c), so that the
 * page and the JSON hold the same.
 */
#ifndef OCLHLS_REPORT_H
#define OCLHLS_REPORT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "strbuf.h"

#define REPORT_FORMAT 1

/* The model of the program file's bytes; NULL with a message in err when it is not a
   program file or has no readable "meta" section. name: the file, as the page names it. */
cJSON *report_model(const void *data, size_t size, const char *name, char *err, size_t errlen);

/* report_source.c: the model's "source" member, the lines of the "source" section each with
   notes of what it became (units, loops, barriers, memories, kernels); NULL without one. */
cJSON *report_source(const char *text, size_t len, const cJSON *kernels);
/* A one-line description of a unit of the model, as the source notes and the diagram's
   tooltips give it. */
void report_unit_note(const cJSON *unit, struct oclhls_strbuf *o);

/* The page: one HTML document, no scripts, no external resources. */
void report_html(const cJSON *model, struct oclhls_strbuf *o);
/* report_kernel.c: a kernel's section of the page. */
void report_kernel_section(struct oclhls_strbuf *o, const cJSON *kernel);
/* The memory-system diagram, an inline <svg> element, and its legend. */
void report_svg(const cJSON *model, struct oclhls_strbuf *o);

/* The colour of a unit class ("coalescing", "block-ram", "float", ...; also "loop",
   "barrier", "kernel"), one table for the page's notes, the diagram and its legend. */
const char *report_class_color(const char *cls);
/* What the legend calls a class. */
const char *report_class_name(const char *cls);
/* .c-<class>{--c:<colour>} for every class */
void report_classes_css(struct oclhls_strbuf *o);
/* Every class, NULL-terminated, in the legend's order. */
extern const char *const report_classes[];

/* Model accessors: the member, or dflt when absent or of another type. */
double report_num(const cJSON *obj, const char *key, double dflt);
const char *report_str(const cJSON *obj, const char *key, const char *dflt);
int report_flag(const cJSON *obj, const char *key);
/* Pieces of the page's tables (report_util.c): a number cell, a text cell, a table's head
   from its column names (a leading '#' marks a numeric column), an address space as OpenCL C
   spells it. */
void report_td_num(struct oclhls_strbuf *o, double v);
void report_td_text(struct oclhls_strbuf *o, const char *s);
void report_table_head(struct oclhls_strbuf *o, const char *cls, const char *const *cols);
void report_space_name(struct oclhls_strbuf *o, const char *space);
/* report_profile.c (oclhls report --profile RUN.json): the runs of the model's kernels in the
   file the runtime wrote (OCLHLS_PROFILE) as the model's "profile" member; 0, or -1 with the
   reason in err. Then its section of the page (nothing without the member). */
int report_profile_add(cJSON *model, const char *path, char *err, size_t errlen);
void report_profile_html(struct oclhls_strbuf *o, const cJSON *model);
/* Text made safe for HTML and SVG (& < > " '). */
void report_escape(struct oclhls_strbuf *o, const char *text);

#endif
