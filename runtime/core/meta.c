/* SPDX-License-Identifier: MIT */
#include "core/meta.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/csr.h"
#include "core/meta_args.h"
#include "core/meta_json.h"
#include "json.h"
#include "strbuf.h"

#define OCLHLS_META_FORMAT 1

static void size3(const cJSON *obj, const char *key, size_t out[3], const char **bad)
{
    const cJSON *v = meta_item(obj, key);

    out[0] = out[1] = out[2] = 0;
    if (!cJSON_IsArray(v))
        return;
    for (int i = 0; i < 3; i++) {
        const cJSON *e = cJSON_GetArrayItem(v, i);

        if (meta_whole_number(e, 0, 0xFFFFFFFFu))
            out[i] = (size_t)e->valuedouble;
        else if (e && !*bad)
            *bad = key;
    }
}

/* "vec_type_hint" (absent before it was written): a type name, letters then digits. */
static int vec_type_hint(const cJSON *k, char *out, size_t size)
{
    const cJSON *v = meta_item(k, "vec_type_hint");
    size_t i = 0;

    if (!v)
        return 0;
    if (!cJSON_IsString(v) || !v->valuestring[0] || strlen(v->valuestring) >= size)
        return -1;
    for (const char *c = v->valuestring; *c; c++, i++)
        if (!((*c >= 'a' && *c <= 'z') || (i && *c >= '0' && *c <= '9')))
            return -1;
    memcpy(out, v->valuestring, strlen(v->valuestring) + 1);
    return 0;
}

/* CL_KERNEL_ATTRIBUTES: the attributes as they would appear in the source. */
static char *kernel_attributes(const struct oclhls_kernel_meta *k)
{
    char buf[256] = "";
    size_t n = 0;

    if (k->reqd_work_group_size[0])
        n += (size_t)snprintf(buf + n, sizeof(buf) - n, "reqd_work_group_size(%zu,%zu,%zu)",
                              k->reqd_work_group_size[0], k->reqd_work_group_size[1],
                              k->reqd_work_group_size[2]);
    if (k->work_group_size_hint[0] && n < sizeof(buf))
        n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%swork_group_size_hint(%zu,%zu,%zu)",
                              n ? " " : "", k->work_group_size_hint[0], k->work_group_size_hint[1],
                              k->work_group_size_hint[2]);
    if (k->attr_max_work_group_size && n < sizeof(buf))
        n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%smax_work_group_size(%u)", n ? " " : "",
                              k->attr_max_work_group_size);
    if (k->attr_max_global_work_dim >= 0 && n < sizeof(buf))
        n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%smax_global_work_dim(%d)", n ? " " : "",
                              k->attr_max_global_work_dim);
    if (k->vec_type_hint[0] && n < sizeof(buf))
        n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%svec_type_hint(%s)", n ? " " : "",
                              k->vec_type_hint);
    /* an implementation's own attribute, which the spec lets the query include */
    if (k->autorun && n < sizeof(buf))
        snprintf(buf + n, sizeof(buf) - n, "%sautorun", n ? " " : "");
    return strdup(buf);
}

/* Hidden argument words (n of them from the offset under key) within the argument words of
   the CSR window; 0 (and *out 0) when absent. */
static int hidden_words(const cJSON *k, const char *key, unsigned n, uint32_t *out,
                        const char *kernel, char *err, size_t errlen)
{
    const cJSON *w = meta_item(k, key);
    if (!w)
        return 0;
    double v = cJSON_IsNumber(w) ? w->valuedouble : -1;
    if (v < OCLHLS_KCSR_ARGS || v > OCLHLS_KCSR_WINDOW - 4.0 * n || (uint32_t)v != v ||
        (uint32_t)v % 4)
        return oclhls_fail(err, errlen, "kernel '%s': %s is not an argument word", kernel, key);
    *out = (uint32_t)v;
    return 0;
}

static int parse_kernel(const cJSON *k, unsigned index, struct oclhls_kernel_meta *m, char *err,
                        size_t errlen)
{
    const cJSON *args = meta_item(k, "args"), *base = meta_item(k, "csr_base"), *a;
    unsigned i = 0;

    if (!cJSON_IsObject(k) || !cJSON_IsString(meta_item(k, "name")))
        return oclhls_fail(err, errlen, "kernel %u has no name", index);
    m->name = meta_str_or(k, "name", "");
    if (!m->name)
        return oclhls_fail(err, errlen, "out of host memory");
    const char *bad = NULL; /* the first count that is not a whole number in range */
    m->source_line = (int)meta_whole_or(k, "source_line", 0, 0x7FFFFFFF, &bad);
    m->csr_base = base ? (uint32_t)meta_whole_or(k, "csr_base", 0, 0xFFFFFFFFu, &bad)
                       : OCLHLS_KCSR_WINDOW * (index + 1);
    if (m->csr_base % OCLHLS_KCSR_WINDOW || m->csr_base == 0)
        return oclhls_fail(err, errlen, "kernel '%s': csr_base 0x%x is not a kernel window",
                           m->name, m->csr_base);
    size3(k, "reqd_work_group_size", m->reqd_work_group_size, &bad);
    size3(k, "work_group_size_hint", m->work_group_size_hint, &bad);
    if (m->reqd_work_group_size[0] || m->reqd_work_group_size[1] || m->reqd_work_group_size[2])
        for (int d = 0; d < 3; d++)
            if (!m->reqd_work_group_size[d])
                return oclhls_fail(err, errlen, "kernel '%s': bad reqd_work_group_size", m->name);
    if (vec_type_hint(k, m->vec_type_hint, sizeof(m->vec_type_hint)))
        return oclhls_fail(err, errlen, "kernel '%s': \"vec_type_hint\" is not a type name",
                           m->name);
    m->max_work_group_size = (size_t)meta_whole_or(k, "max_work_group_size", 0, 0xFFFFFFFFu, &bad);
    const cJSON *gwd = meta_item(k, "attr_max_global_work_dim"), *mwg = meta_item(k, "attr_max_work_group_size");
    m->attr_max_global_work_dim = -1;
    if (gwd && (!cJSON_IsNumber(gwd) || gwd->valuedouble < 0 || gwd->valuedouble > 3 ||
                gwd->valuedouble != (int)gwd->valuedouble))
        return oclhls_fail(err, errlen, "kernel '%s': attr_max_global_work_dim is not 0..3",
                           m->name);
    if (gwd)
        m->attr_max_global_work_dim = (int)gwd->valuedouble;
    if (mwg && (!cJSON_IsNumber(mwg) || mwg->valuedouble < 1 || mwg->valuedouble > 0xFFFFFFFFu ||
                mwg->valuedouble != (double)(uint32_t)mwg->valuedouble))
        return oclhls_fail(err, errlen, "kernel '%s': attr_max_work_group_size is not a size",
                           m->name);
    if (mwg)
        m->attr_max_work_group_size = (uint32_t)mwg->valuedouble;
    m->pipeline_depth = (uint32_t)meta_whole_or(k, "pipeline_depth", 0, 0xFFFFFFFFu, &bad);
    m->private_mem_size = (uint64_t)meta_whole_or(k, "private_mem_size", 0, 0x1p53, &bad);
    m->local_mem_size = (uint64_t)meta_whole_or(k, "local_mem_size", 0, 0x1p53, &bad);
    m->ii = (uint32_t)meta_whole_or(k, "ii", 0, 0xFFFFFFFFu, &bad);
    m->autorun = meta_flag(k, "autorun"); /* absent in files from before issue 8: launched kernels */
    m->simd_work_items = (uint32_t)meta_whole_or(k, "simd_work_items", 1, 16, &bad);
    if (!m->simd_work_items || (m->simd_work_items & (m->simd_work_items - 1)))
        return oclhls_fail(err, errlen, "kernel '%s': bad simd_work_items", m->name);
    m->line_kernel = meta_flag(k, "line_kernel"); /* absent before issue 7's line kernels */
    /* absent: ids of 32 bits */
    m->line_ids = (uint64_t)meta_whole_or(k, "line_ids", 0, 0x100000000p0, &bad);
    if (bad)
        return oclhls_fail(err, errlen, "kernel '%s': \"%s\" is not a whole number in range",
                           m->name, bad);
    if (hidden_words(k, "constant_data_csr", 1, &m->constant_data_csr, m->name, err, errlen) ||
        hidden_words(k, "printf_csr", 2, &m->printf_csr, m->name, err, errlen))
        return -1;
    m->attributes = kernel_attributes(m);
    if (!m->attributes)
        return oclhls_fail(err, errlen, "out of host memory");
    if (args && !cJSON_IsArray(args))
        return oclhls_fail(err, errlen, "kernel '%s': \"args\" is not an array", m->name);
    m->num_args = (unsigned)cJSON_GetArraySize(args);
    m->args = calloc(m->num_args ? m->num_args : 1, sizeof(*m->args));
    if (!m->args)
        return oclhls_fail(err, errlen, "out of host memory");
    cJSON_ArrayForEach(a, args)
    {
        if (oclhls_meta_parse_arg(a, m->name, i, &m->args[i], err, errlen))
            return -1;
        i++;
    }
    if (oclhls_meta_check_arg_words(k, m, err, errlen))
        return -1;
    /* the counters lie after the argument words ("arg_bytes", checked above) */
    return oclhls_meta_parse_profile(
        k, m->name, OCLHLS_KCSR_ARGS + ((uint32_t)meta_num_or(k, "arg_bytes", 0) + 3u) / 4u * 4u,
        &m->profile, err, errlen);
}

static int kernel_names(struct oclhls_program_meta *m)
{
    size_t len = 1;
    char *p;

    for (unsigned i = 0; i < m->num_kernels; i++)
        len += strlen(m->kernels[i].name) + 1;
    m->kernel_names = p = malloc(len);
    if (!p)
        return -1;
    *p = '\0';
    for (unsigned i = 0; i < m->num_kernels; i++) {
        if (i)
            *p++ = ';';
        p = stpcpy(p, m->kernels[i].name);
    }
    return 0;
}

int oclhls_meta_parse(const char *json, size_t len, struct oclhls_program_meta **out, char *err,
                      size_t errlen)
{
    struct oclhls_program_meta *m;
    const cJSON *kernels, *k;
    cJSON *root;
    unsigned i = 0;

    *out = NULL;
    root = oclhls_json_parse(json, len, NULL);
    if (!root)
        return oclhls_fail(err, errlen, "the \"meta\" section is not valid JSON");
    m = calloc(1, sizeof(*m));
    if (!m) {
        cJSON_Delete(root);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    const char *bad = NULL;
    m->format = (int)meta_whole_or(root, "format", 0, 1000, &bad);
    if (m->format != OCLHLS_META_FORMAT) {
        oclhls_fail(err, errlen, "metadata format %d; this runtime reads format %d", m->format,
                    OCLHLS_META_FORMAT);
        goto out_free;
    }
    m->board = meta_str_or(root, "board", "");
    m->source_name = meta_str_or(root, "source_name", "");
    m->build_options = meta_str_or(root, "build_options", "");
    m->clock_mhz = meta_num_or(root, "clock_mhz", 0);
    m->mem_width_bits = (uint32_t)meta_whole_or(root, "mem_width_bits", 0, 8192, &bad);
    m->mem_latency_cycles = (uint32_t)meta_whole_or(root, "mem_latency_cycles", 0, 100000, &bad);
    if (bad) {
        oclhls_fail(err, errlen, "\"%s\" is not a whole number in range", bad);
        goto out_free;
    }
    if (!m->board || !m->source_name || !m->build_options) {
        oclhls_fail(err, errlen, "out of host memory");
        goto out_free;
    }
    kernels = meta_item(root, "kernels");
    if (!cJSON_IsArray(kernels)) {
        oclhls_fail(err, errlen, "the metadata has no \"kernels\" array");
        goto out_free;
    }
    m->num_kernels = (unsigned)cJSON_GetArraySize(kernels);
    m->kernels = calloc(m->num_kernels ? m->num_kernels : 1, sizeof(*m->kernels));
    if (!m->kernels) {
        oclhls_fail(err, errlen, "out of host memory");
        goto out_free;
    }
    cJSON_ArrayForEach(k, kernels)
    {
        if (parse_kernel(k, i, &m->kernels[i], err, errlen))
            goto out_free;
        i++;
    }
    if (kernel_names(m)) {
        oclhls_fail(err, errlen, "out of host memory");
        goto out_free;
    }
    if (oclhls_meta_parse_printf(root, &m->printf, err, errlen))
        goto out_free;
    for (i = 0; i < m->num_kernels; i++)
        if (m->kernels[i].printf_csr && !m->printf.num_sites) {
            oclhls_fail(err, errlen, "kernel '%s' has printf_csr but the program no \"printf\"",
                        m->kernels[i].name);
            goto out_free;
        }
    cJSON_Delete(root);
    *out = m;
    return 0;

out_free:
    cJSON_Delete(root);
    oclhls_meta_free(m);
    return -1;
}

void oclhls_meta_free(struct oclhls_program_meta *m)
{
    if (!m)
        return;
    for (unsigned i = 0; m->kernels && i < m->num_kernels; i++) {
        struct oclhls_kernel_meta *k = &m->kernels[i];

        for (unsigned a = 0; k->args && a < k->num_args; a++) {
            free(k->args[a].name);
            free(k->args[a].type_name);
        }
        free(k->args);
        oclhls_meta_free_profile(&k->profile);
        free(k->name);
        free(k->attributes);
    }
    free(m->kernels);
    free(m->board);
    free(m->source_name);
    free(m->build_options);
    free(m->kernel_names);
    oclhls_meta_free_printf(&m->printf);
    free(m);
}

const struct oclhls_kernel_meta *oclhls_meta_kernel(const struct oclhls_program_meta *meta,
                                                    const char *name, unsigned *index)
{
    for (unsigned i = 0; i < meta->num_kernels; i++)
        if (strcmp(meta->kernels[i].name, name) == 0) {
            if (index)
                *index = i;
            return &meta->kernels[i];
        }
    return NULL;
}
