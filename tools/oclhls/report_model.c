// SPDX-License-Identifier: MIT
/*
 * The report model: what `oclhls report` shows, made from a program file's "meta" JSON (the
 * kernels, their units, loops, barriers and memories, the kernel graph), its "ice40" section
 * (the fit) and its "source" section (report_source.c). It is the --json output as it is, and
 * the page is drawn from it alone. Its members are documented in docs/user-guide.md.
 */
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "oclbin.h"
#include "report.h"

static const cJSON *item(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* A copy of obj[key] into to[key] when it is there. */
static void copy(cJSON *to, const cJSON *obj, const char *key)
{
    const cJSON *v = item(obj, key);
    if (v)
        cJSON_AddItemToObject(to, key, cJSON_Duplicate(v, 1));
}

/* What colours a unit on the page and in the diagram, by its LSU or kind. */
static const char *unit_class(const cJSON *u)
{
    const char *kind = report_str(u, "kind", "");
    const char *lsu = report_str(u, "lsu", "");
    if (strcmp(kind, "memory"))
        return kind;
    return !strcmp(lsu, "block RAM")         ? "block-ram"
           : strstr(lsu, "atomic unit")      ? "atomic"
           : !strcmp(lsu, "line stream")     ? "line-stream"
           : !strcmp(lsu, "uncached")        ? "uncached"
           : !strcmp(lsu, "write-combining") ? "write-combining"
                                             : "coalescing";
}

static const char *kind_text(const char *kind)
{
    return !strcmp(kind, "single_work_item") ? "single work-item (task)"
           : !strcmp(kind, "line_kernel")    ? "line kernel (ocl_line_engine)"
                                             : "NDRange pipeline";
}

/* The kernel's memories in block RAM, each with the name the text report gives it. */
static cJSON *memories(const cJSON *mk)
{
    cJSON *arr = cJSON_CreateArray();
    const cJSON *pa;
    int index = 0;
    cJSON_ArrayForEach(pa, item(mk, "private_arrays"))
    {
        cJSON *m = cJSON_Duplicate(pa, 1);
        char name[160];
        const char *arg = report_str(pa, "argument", NULL);
        if (arg)
            snprintf(name, sizeof(name), "__local memory %d ('%s')", index, arg);
        else
            snprintf(name, sizeof(name), "%s %d",
                     report_flag(pa, "local") ? "__local memory" : "private array", index);
        cJSON_AddNumberToObject(m, "index", index++);
        cJSON_AddStringToObject(m, "name", name);
        cJSON_AddItemToArray(arr, m);
    }
    return arr;
}

/* The units with an id (k<kernel>.u<n>, the page's anchors) and a class. */
static cJSON *units(const cJSON *mk, int kernel, cJSON *counts)
{
    cJSON *arr = cJSON_CreateArray();
    const cJSON *u;
    int n = 0;
    cJSON_ArrayForEach(u, item(mk, "units"))
    {
        cJSON *c = cJSON_Duplicate(u, 1);
        char id[32];
        const char *cls = unit_class(u);
        snprintf(id, sizeof(id), "k%d.u%d", kernel, n++);
        cJSON_AddStringToObject(c, "id", id);
        cJSON_AddStringToObject(c, "class", cls);
        /* a float operation computed by another's unit costs nothing of its own */
        const char *count = !strcmp(cls, "float") && item(u, "shares_unit_of_line")
                                ? "float_shared"
                                : report_str(u, "kind", "memory");
        cJSON *v = cJSON_GetObjectItemCaseSensitive(counts, count);
        if (v)
            cJSON_SetNumberValue(v, v->valuedouble + 1);
        cJSON_AddItemToArray(arr, c);
    }
    return arr;
}

static cJSON *kernel(const cJSON *mk, int index)
{
    cJSON *k = cJSON_CreateObject();
    const char *kind = report_str(mk, "kind", NULL);
    if (!kind) /* files from before "kind" */
        kind = report_flag(mk, "line_kernel")        ? "line_kernel"
               : report_flag(mk, "single_work_item") ? "single_work_item"
                                                     : "ndrange";
    copy(k, mk, "name");
    copy(k, mk, "source_line");
    cJSON_AddStringToObject(k, "kind", kind);
    cJSON_AddStringToObject(k, "kind_text", kind_text(kind));
    cJSON_AddBoolToObject(k, "autorun", report_flag(mk, "autorun"));
    cJSON_AddNumberToObject(k, "stages", report_num(mk, "pipeline_depth", 0));
    static const char *const same[] = {"segments",
                                       "lsus",
                                       "dispatch_ii",
                                       "float_lcs_unshared",
                                       "line_lanes",
                                       "line_cycles",
                                       "line_ids",
                                       "line_refusal",
                                       "waits_for_stores",
                                       "work_groups_in_flight",
                                       "max_work_group_size",
                                       "reqd_work_group_size",
                                       "compute_units",
                                       "compute_unit_dims",
                                       "throughput"};
    for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++)
        copy(k, mk, same[i]);
    cJSON *loops = cJSON_Duplicate(item(mk, "loops"), 1);
    cJSON *l;
    int n = 0;
    if (!cJSON_IsArray(loops)) {
        cJSON_Delete(loops);
        loops = cJSON_CreateArray();
    }
    cJSON_ArrayForEach(l, loops)
    {
        cJSON_AddNumberToObject(l, "index", n++);
    }
    cJSON_AddItemToObject(k, "loops", loops);
    const cJSON *bs = item(mk, "barrier_sites");
    cJSON_AddItemToObject(k, "barriers",
                          cJSON_IsArray(bs) ? cJSON_Duplicate(bs, 1) : cJSON_CreateArray());
    cJSON_AddItemToObject(k, "memories", memories(mk));
    cJSON *counts = cJSON_CreateObject();
    static const char *const kinds[] = {"memory",  "float",  "float_shared",
                                        "divider", "stream", "printf"};
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        cJSON_AddNumberToObject(counts, kinds[i], 0);
    cJSON_AddItemToObject(k, "units", units(mk, index, counts));
    cJSON_AddItemToObject(k, "unit_counts", counts);
    cJSON *args = cJSON_AddArrayToObject(k, "args");
    const cJSON *a;
    cJSON_ArrayForEach(a, item(mk, "args"))
    {
        cJSON *c = cJSON_CreateObject();
        copy(c, a, "name");
        copy(c, a, "type_name");
        copy(c, a, "address_space");
        copy(c, a, "type_qualifiers");
        cJSON_AddItemToArray(args, c);
    }
    return k;
}

/* The iCE40 fit from the "ice40" section, each resource with its share; NULL without one. */
static cJSON *fit(const struct oclbin *bin)
{
    static const char *const keys[] = {"lc", "ebr", "spram", "dsp"};
    static const char *const names[] = {"logic cells", "EBR (RAM40_4K)", "SPRAM", "DSP (MAC16)"};
    size_t len;
    const char *text = oclbin_section(bin, "ice40", &len);
    cJSON *s = text ? oclhls_json_parse(text, len, NULL) : NULL;
    if (!s)
        return NULL;
    cJSON *f = cJSON_CreateObject();
    static const char *const same[] = {"device",     "package", "clock_mhz",
                                       "target_mhz", "max_mhz", "fmax_mhz",
                                       "fmax_clock", "osc_mhz", "pll"};
    for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++)
        copy(f, s, same[i]);
    cJSON *util = cJSON_AddArrayToObject(f, "utilization");
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const cJSON *r = item(item(s, "utilization"), keys[i]);
        if (!r)
            continue;
        double used = report_num(r, "used", 0), avail = report_num(r, "available", 0);
        cJSON *u = cJSON_CreateObject();
        cJSON_AddStringToObject(u, "resource", keys[i]);
        cJSON_AddStringToObject(u, "name", names[i]);
        cJSON_AddNumberToObject(u, "used", used);
        cJSON_AddNumberToObject(u, "available", avail);
        cJSON_AddNumberToObject(u, "percent", avail > 0 ? (int)(100 * used / avail + 0.5) : 0);
        cJSON_AddItemToArray(util, u);
    }
    /* the costliest units as synthesis counted them (absent in files from before) */
    const cJSON *units = item(s, "units");
    cJSON_AddItemToObject(f, "units",
                          cJSON_IsArray(units) ? cJSON_Duplicate(units, 1) : cJSON_CreateArray());
    cJSON_Delete(s);
    return f;
}

/* A port of the diagram: the units of a kernel that reach one memory the same way. */
static void port_key(const cJSON *u, char *key, size_t size, char *label, size_t lsize,
                     char *target, size_t tsize)
{
    const char *cls = report_str(u, "class", "");
    const char *access = report_str(u, "access", "");
    const char *op = report_str(u, "operation", "");
    int bits = (int)report_num(u, "bits", 0);
    if (!strcmp(cls, "stream")) {
        const char *ch = report_str(u, "channel", NULL);
        snprintf(target, tsize, "%s %s", ch ? "channel" : "pipe",
                 ch ? ch : report_str(u, "pipe", "?"));
        snprintf(label, lsize, ch ? "%s %s" : "%s '%s'", op, ch ? ch : report_str(u, "pipe", "?"));
    } else if (!strcmp(cls, "printf")) {
        snprintf(target, tsize, "global");
        snprintf(label, lsize, "printf counter");
    } else if (!strcmp(cls, "block-ram")) {
        snprintf(target, tsize, "memory %d", (int)report_num(u, "memory", 0));
        snprintf(label, lsize, "%s%s%s, %d-bit", access, *op ? " " : "", op, bits);
    } else if (!strcmp(cls, "atomic") && item(u, "shared_unit")) {
        snprintf(target, tsize, "global");
        snprintf(label, lsize, "shared atomic unit %d", (int)report_num(u, "shared_unit", 0));
    } else if (!strcmp(cls, "atomic")) {
        snprintf(target, tsize, "global");
        snprintf(label, lsize, "atomic %s, %d-bit", op, bits);
    } else {
        snprintf(target, tsize, "%s", report_str(u, "address_space", "global"));
        if (!strcmp(cls, "line-stream"))
            snprintf(label, lsize, "%s stream, %d-bit, %d lanes", access, bits,
                     (int)report_num(u, "lanes", 1));
        else
            snprintf(label, lsize, "%s, %s, %d-bit", access, cls, bits);
    }
    snprintf(key, size, "%s|%s|%s", cls, target, label);
}

static cJSON *find_port(cJSON *ports, const char *key)
{
    cJSON *p;
    cJSON_ArrayForEach(p, ports)
    {
        if (!strcmp(report_str(p, "key", ""), key))
            return p;
    }
    return NULL;
}

static cJSON *ports(const cJSON *k)
{
    cJSON *arr = cJSON_CreateArray();
    const cJSON *u;
    cJSON_ArrayForEach(u, item(k, "units"))
    {
        const char *cls = report_str(u, "class", "");
        char key[512], label[256], target[160];
        if (!strcmp(cls, "float") || !strcmp(cls, "divider"))
            continue;
        port_key(u, key, sizeof(key), label, sizeof(label), target, sizeof(target));
        cJSON *found = find_port(arr, key);
        if (!found) {
            found = cJSON_CreateObject();
            cJSON_AddStringToObject(found, "key", key);
            cJSON_AddStringToObject(found, "class", cls);
            cJSON_AddStringToObject(found, "label", label);
            cJSON_AddStringToObject(found, "target", target);
            cJSON_AddNumberToObject(found, "count", 0);
            cJSON_AddArrayToObject(found, "lines");
            cJSON_AddArrayToObject(found, "units");
            cJSON_AddItemToArray(arr, found);
        }
        cJSON *count = cJSON_GetObjectItemCaseSensitive(found, "count");
        cJSON_SetNumberValue(count, count->valuedouble + 1);
        cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(found, "lines"),
                             cJSON_CreateNumber(report_num(u, "line", 0)));
        cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(found, "units"),
                             cJSON_CreateString(report_str(u, "id", "")));
    }
    cJSON *p;
    cJSON_ArrayForEach(p, arr)
    {
        cJSON_DeleteItemFromObjectCaseSensitive(p, "key"); /* the model's readers group no more */
    }
    return arr;
}

/* The diagram's content: per kernel the ports onto its memories and the global bus. */
static cJSON *memory_system(const cJSON *program, const cJSON *kernels, const cJSON *graph)
{
    cJSON *ms = cJSON_CreateObject();
    cJSON *g = cJSON_AddObjectToObject(ms, "global_memory");
    copy(g, program, "mem_width_bits");
    copy(g, program, "mem_latency_cycles");
    cJSON *arr = cJSON_AddArrayToObject(ms, "kernels");
    const cJSON *k;
    cJSON_ArrayForEach(k, kernels)
    {
        cJSON *e = cJSON_CreateObject();
        copy(e, k, "name");
        copy(e, k, "kind");
        copy(e, k, "autorun");
        cJSON_AddItemToObject(e, "ports", ports(k));
        cJSON *mems = cJSON_AddArrayToObject(e, "memories");
        const cJSON *m;
        cJSON_ArrayForEach(m, item(k, "memories"))
        {
            if (!report_flag(m, "used"))
                continue;
            cJSON *c = cJSON_CreateObject();
            copy(c, m, "index");
            copy(c, m, "name");
            copy(c, m, "bytes");
            copy(c, m, "banks");
            copy(c, m, "copies");
            copy(c, m, "block_rams");
            cJSON_AddItemToArray(mems, c);
        }
        const cJSON *counts = item(k, "unit_counts");
        cJSON_AddNumberToObject(e, "float_units", report_num(counts, "float", 0));
        cJSON_AddNumberToObject(e, "dividers", report_num(counts, "divider", 0));
        cJSON_AddItemToArray(arr, e);
    }
    cJSON_AddItemToObject(ms, "channels", cJSON_Duplicate(item(graph, "channels"), 1));
    return ms;
}

#define ESTIMATE_MODEL                                                                             \
    "logic cells and DSPs on an iCE40 of each rtl-lib unit synthesised alone: float units "        \
    "placed and routed for the UP5K (tests/bench/bench_fp_units.sh; hls/target/float_units.c), "   \
    "dividers, load and store LSUs and atomic units by yosys (tests/bench/unit_costs.sh; "         \
    "hls/target/unit_costs.c: by width, line width and queue depth; docs/performance.md); "        \
    "memories: blocks of the board's block RAM (hls/target/memories.c). Arbiters, FIFOs and the "  \
    "pipeline's own registers are not estimated."

/* What an estimated unit is called in the area table, and its rtl-lib module. */
static void unit_label(const cJSON *u, char *what, size_t size, const char **module)
{
    const char *kind = report_str(u, "kind", "");
    if (!strcmp(kind, "float")) {
        snprintf(what, size, "%s", report_str(u, "operation", "?"));
        *module = report_str(u, "module", NULL);
    } else if (!strcmp(kind, "divider")) {
        snprintf(what, size, "%d-bit %s", (int)report_num(u, "bits", 0),
                 report_str(u, "operation", "?"));
        *module = "ocl_div";
    } else {
        const char *lsu = report_str(u, "lsu", "?"), *access = report_str(u, "access", "?");
        snprintf(what, size, "%s %s, %d-bit", lsu, access, (int)report_num(u, "bits", 0));
        *module = !strcmp(access, "atomic") ? "ocl_atomic"
                  : !strcmp(access, "load") ? "ocl_lsu_load"
                                            : "ocl_lsu_store";
    }
}

/* Counts a unit into its kernel's entry of the same kind and cost (a 64-bit conversion
   costs more than a 32-bit one), so that a kernel of forty multipliers is a line. */
static void add_unit(cJSON *items, const char *kernel, const cJSON *u)
{
    char what[96];
    const char *module = NULL;
    unit_label(u, what, sizeof(what), &module);
    double lcs = report_num(u, "lcs", 0), dsps = report_num(u, "dsps", 0);
    cJSON *c;
    cJSON_ArrayForEach(c, items)
    {
        if (!strcmp(report_str(c, "kernel", ""), kernel) &&
            !strcmp(report_str(c, "what", ""), what) && report_num(c, "lcs", -1) == lcs &&
            report_num(c, "dsps", -1) == dsps)
            break;
    }
    if (!c) {
        c = cJSON_CreateObject();
        cJSON_AddStringToObject(c, "kernel", kernel);
        cJSON_AddStringToObject(c, "what", what);
        if (module)
            cJSON_AddStringToObject(c, "module", module);
        cJSON_AddNumberToObject(c, "count", 0);
        cJSON_AddArrayToObject(c, "lines");
        cJSON_AddNumberToObject(c, "lcs", lcs);
        cJSON_AddNumberToObject(c, "dsps", dsps);
        cJSON_AddNumberToObject(c, "total_lcs", 0);
        cJSON_AddNumberToObject(c, "total_dsps", 0);
        cJSON_AddItemToArray(items, c);
    }
    cJSON *n = cJSON_GetObjectItemCaseSensitive(c, "count");
    cJSON_SetNumberValue(n, n->valuedouble + 1);
    cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "total_lcs"), n->valuedouble * lcs);
    cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "total_dsps"), n->valuedouble * dsps);
    cJSON *lines = cJSON_GetObjectItemCaseSensitive(c, "lines"), *l;
    double line = report_num(u, "line", 0);
    cJSON_ArrayForEach(l, lines)
    {
        if (l->valuedouble == line)
            return;
    }
    cJSON_AddItemToArray(lines, cJSON_CreateNumber(line));
}

/* Per kernel what the estimates add up to (the cost model above), and the units behind. */
static cJSON *area(const cJSON *kernels, const cJSON *fit)
{
    cJSON *a = cJSON_CreateObject();
    cJSON_AddStringToObject(a, "measured", fit ? "ice40" : "none");
    cJSON_AddStringToObject(a, "estimate_model", ESTIMATE_MODEL);
    cJSON *per = cJSON_AddArrayToObject(a, "kernels");
    cJSON *items = cJSON_AddArrayToObject(a, "units");
    double total_lcs = 0, total_dsps = 0, total_brams = 0, total_all = 0;
    const cJSON *k;
    cJSON_ArrayForEach(k, kernels)
    {
        double lcs = 0, dsps = 0, brams = 0, all_lcs = 0;
        const cJSON *u, *m;
        cJSON_ArrayForEach(u, item(k, "units"))
        {
            if (!report_num(u, "lcs", 0))
                continue; /* no estimate: block RAM, streams, a unit shared with another */
            all_lcs += report_num(u, "lcs", 0);
            if (!strcmp(report_str(u, "class", ""), "float")) {
                lcs += report_num(u, "lcs", 0);
                dsps += report_num(u, "dsps", 0);
            }
            add_unit(items, report_str(k, "name", ""), u);
        }
        cJSON_ArrayForEach(m, item(k, "memories"))
        {
            if (!report_flag(m, "used"))
                continue;
            brams += report_num(m, "block_rams", 0);
            cJSON *c = cJSON_CreateObject(), *lines;
            cJSON_AddStringToObject(c, "kernel", report_str(k, "name", ""));
            cJSON_AddStringToObject(c, "what", report_str(m, "name", "?"));
            cJSON_AddNumberToObject(c, "count", 1);
            lines = cJSON_AddArrayToObject(c, "lines");
            cJSON_AddItemToArray(lines, cJSON_CreateNumber(report_num(m, "line", 0)));
            copy(c, m, "block_rams");
            copy(c, m, "block_ram_bytes");
            cJSON_AddItemToArray(items, c);
        }
        cJSON *e = cJSON_CreateObject();
        copy(e, k, "name");
        cJSON_AddNumberToObject(e, "float_units", report_num(item(k, "unit_counts"), "float", 0));
        cJSON_AddNumberToObject(e, "float_lcs", lcs);
        cJSON_AddNumberToObject(e, "float_dsps", dsps);
        cJSON_AddNumberToObject(e, "lcs", all_lcs);
        cJSON_AddNumberToObject(e, "block_rams", brams);
        cJSON_AddItemToArray(per, e);
        total_all += all_lcs;
        total_lcs += lcs;
        total_dsps += dsps;
        total_brams += brams;
    }
    cJSON *t = cJSON_AddObjectToObject(a, "total");
    cJSON_AddNumberToObject(t, "float_lcs", total_lcs);
    cJSON_AddNumberToObject(t, "float_dsps", total_dsps);
    cJSON_AddNumberToObject(t, "lcs", total_all);
    cJSON_AddNumberToObject(t, "block_rams", total_brams);
    return a;
}

static cJSON *program(const cJSON *meta, const char *name)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "file", name);
    static const char *const same[] = {
        "tool",        "board",        "clock_mhz", "mem_width_bits", "mem_latency_cycles",
        "source_name", "build_options"};
    for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++)
        copy(p, meta, same[i]);
    return p;
}

cJSON *report_model(const void *data, size_t size, const char *name, char *err, size_t errlen)
{
    struct oclbin *bin = NULL;
    cJSON *meta = NULL, *model = NULL;
    const char *text;
    char why[256];
    size_t len;

    if (oclbin_parse(data, size, &bin, why, sizeof(why))) {
        oclhls_errf(err, errlen, "%s is not a program file: %s", name, why);
        return NULL;
    }
    if (!(text = oclbin_section(bin, "meta", &len)) ||
        !(meta = oclhls_json_parse(text, len, NULL)) || !cJSON_IsArray(item(meta, "kernels"))) {
        oclhls_errf(err, errlen, "%s: the program file's \"meta\" section is %s", name,
                    text ? "not the metadata oclhls writes" : "missing");
        goto out;
    }
    model = cJSON_CreateObject();
    cJSON_AddNumberToObject(model, "report_format", REPORT_FORMAT);
    cJSON_AddItemToObject(model, "program", program(meta, name));
    cJSON *f = fit(bin);
    cJSON_AddItemToObject(model, "fit", f ? f : cJSON_CreateNull());
    cJSON *kernels = cJSON_AddArrayToObject(model, "kernels");
    const cJSON *mk;
    int i = 0, detailed = 1;
    cJSON_ArrayForEach(mk, item(meta, "kernels"))
    {
        detailed &= item(mk, "units") != NULL;
        cJSON_AddItemToArray(kernels, kernel(mk, i++));
    }
    /* older program files carry the text report only */
    cJSON_AddBoolToObject(model, "detailed", detailed);
    const cJSON *graph = item(meta, "graph");
    cJSON *g = cJSON_IsObject(graph) ? cJSON_Duplicate(graph, 1) : cJSON_CreateObject();
    static const char *const parts[] = {"channels", "pipes", "autorun"};
    for (size_t p = 0; p < sizeof(parts) / sizeof(parts[0]); p++)
        if (!cJSON_IsArray(item(g, parts[p]))) {
            cJSON_DeleteItemFromObjectCaseSensitive(g, parts[p]);
            cJSON_AddArrayToObject(g, parts[p]);
        }
    cJSON_AddItemToObject(model, "graph", g);
    cJSON_AddItemToObject(model, "memory_system",
                          memory_system(item(model, "program"), kernels, g));
    cJSON_AddItemToObject(model, "area", area(kernels, f));
    text = oclbin_section(bin, "source", &len);
    cJSON *src = text ? report_source(text, len, kernels) : NULL;
    cJSON_AddItemToObject(model, "source", src ? src : cJSON_CreateNull());
    cJSON_AddStringToObject(model, "text_report", report_str(meta, "report", ""));
out:
    cJSON_Delete(meta);
    oclbin_free(bin);
    return model;
}
