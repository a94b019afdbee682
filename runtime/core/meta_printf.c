/* SPDX-License-Identifier: MIT */
/*
 * The program's printf call sites from the "meta" section ("printf", "printf_buffer_bytes";
 * docs/program-file.md): each site's format checked against its arguments when the program
 * is loaded, so that formatting a record later cannot go wrong.
 */
#include "core/meta_printf.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/meta_json.h"
#include "strbuf.h"

static const char *const type_names[] = {"int32", "int64", "float", "pointer", "string"};

static int parse_arg(const cJSON *ja, struct oclhls_printf_arg *a, unsigned site, unsigned n,
                     char *err, size_t errlen)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(ja, "type");
    const cJSON *lanes = cJSON_GetObjectItemCaseSensitive(ja, "lanes");
    const cJSON *value = cJSON_GetObjectItemCaseSensitive(ja, "value");
    unsigned t;

    for (t = 0; t < sizeof(type_names) / sizeof(type_names[0]); t++)
        if (cJSON_IsString(type) && !strcmp(type->valuestring, type_names[t]))
            break;
    if (t == sizeof(type_names) / sizeof(type_names[0]))
        return oclhls_fail(err, errlen,
                           "printf site %u: argument %u: \"type\" is not one of "
                           "int32, int64, float, pointer, string",
                           site, n);
    double l = cJSON_IsNumber(lanes) ? lanes->valuedouble : -1;
    if (!(l == 1 || l == 2 || l == 3 || l == 4 || l == 8 || l == 16))
        return oclhls_fail(err, errlen,
                           "printf site %u: argument %u: \"lanes\" is not 1, 2, 3, 4, 8 or 16",
                           site, n);
    a->type = (enum oclhls_printf_type)t;
    a->lanes = (unsigned)l;
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(ja, "values"), *v;
    if ((a->type == OCLHLS_PRINTF_STRING) != (cJSON_IsString(value) || cJSON_IsArray(values)) ||
        (value && values))
        return oclhls_fail(err, errlen,
                           "printf site %u: argument %u: a string (and only a string) has a "
                           "\"value\" or \"values\"",
                           site, n);
    if (cJSON_IsString(value) && !(a->string = strdup(value->valuestring)))
        return oclhls_fail(err, errlen, "out of host memory");
    if (!values)
        return 0;
    int count = cJSON_GetArraySize(values);
    char **choices = calloc((size_t)count + 1, sizeof(*choices));
    if (!choices)
        return oclhls_fail(err, errlen, "out of host memory");
    a->choices = (const char *const *)choices;
    cJSON_ArrayForEach(v, values)
    {
        if (!cJSON_IsString(v))
            return oclhls_fail(
                err, errlen, "printf site %u: argument %u: \"values\" holds a non-string", site, n);
        if (!(choices[a->nchoices] = strdup(v->valuestring)))
            return oclhls_fail(err, errlen, "out of host memory");
        a->nchoices++;
    }
    return 0;
}

static int parse_site(const cJSON *js, struct oclhls_printf_site *s, unsigned id, char *err,
                      size_t errlen)
{
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(js, "format");
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(js, "line");
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(js, "args"), *ja;
    unsigned n = 0;

    if (!cJSON_IsString(format) || !cJSON_IsArray(args))
        return oclhls_fail(err, errlen, "printf site %u: no \"format\" string or \"args\" array",
                           id);
    if (line && !meta_whole_number(line, 0, 0x7FFFFFFF)) /* cast below only when in range */
        return oclhls_fail(err, errlen, "printf site %u: \"line\" is not a line number", id);
    s->line = line ? (unsigned)line->valuedouble : 0;
    s->format = strdup(format->valuestring);
    s->args = calloc((size_t)cJSON_GetArraySize(args) + 1, sizeof(*s->args));
    if (!s->format || !s->args)
        return oclhls_fail(err, errlen, "out of host memory");
    s->f = (struct oclhls_printf_format){s->format, 0, s->args};
    cJSON_ArrayForEach(ja, args)
    {
        s->f.nargs = n + 1; /* freed from here on, parsed or not */
        if (parse_arg(ja, &s->args[n], id, n + 1, err, errlen))
            return -1;
        n++;
    }
    s->words = oclhls_printf_record_words(&s->f);
    if (s->words > OCLHLS_PRINTF_MAX_WORDS)
        return oclhls_fail(err, errlen, "printf site %u: %u argument words: at most %d", id,
                           s->words, OCLHLS_PRINTF_MAX_WORDS);
    char why[256];
    if (oclhls_printf_check(&s->f, why, sizeof(why)))
        return oclhls_fail(err, errlen, "printf site %u (line %u): %s", id, s->line, why);
    return 0;
}

int oclhls_meta_parse_printf(const cJSON *root, struct oclhls_printf_table *t, char *err,
                             size_t errlen)
{
    const cJSON *sites = cJSON_GetObjectItemCaseSensitive(root, "printf");
    const cJSON *bytes = cJSON_GetObjectItemCaseSensitive(root, "printf_buffer_bytes"), *js;
    unsigned id = 0;

    if (!sites && !bytes)
        return 0;
    if (!cJSON_IsArray(sites))
        return oclhls_fail(err, errlen, "\"printf\" is not an array");
    double b = cJSON_IsNumber(bytes) ? bytes->valuedouble : -1;
    if (b < 64 || b > (double)(1u << 30) || (uint64_t)b != b || (uint64_t)b % 4)
        return oclhls_fail(err, errlen,
                           "\"printf_buffer_bytes\" is not a multiple of 4 from 64 "
                           "to 1 GiB");
    t->buffer_bytes = (uint64_t)b;
    t->sites = calloc((size_t)cJSON_GetArraySize(sites) + 1, sizeof(*t->sites));
    if (!t->sites)
        return oclhls_fail(err, errlen, "out of host memory");
    cJSON_ArrayForEach(js, sites)
    {
        t->num_sites = id + 1; /* freed from here on */
        if (parse_site(js, &t->sites[id], id, err, errlen))
            return -1;
        id++;
    }
    return 0;
}

void oclhls_meta_free_printf(struct oclhls_printf_table *t)
{
    for (unsigned i = 0; t->sites && i < t->num_sites; i++) {
        struct oclhls_printf_site *s = &t->sites[i];
        for (unsigned a = 0; s->args && a < s->f.nargs; a++) {
            free((char *)s->args[a].string);
            for (unsigned c = 0; c < s->args[a].nchoices; c++)
                free((char *)s->args[a].choices[c]);
            free((void *)s->args[a].choices);
        }
        free(s->args);
        free(s->format);
    }
    free(t->sites);
    memset(t, 0, sizeof(*t));
}
