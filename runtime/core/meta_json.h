/* SPDX-License-Identifier: MIT */
/* Reading members of the "meta" JSON: the checked accessors meta.c and meta_args.c share. */
#ifndef OCLHLS_CORE_META_JSON_H
#define OCLHLS_CORE_META_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

static inline const cJSON *meta_item(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static inline char *meta_str_or(const cJSON *obj, const char *key, const char *dflt)
{
    const cJSON *v = meta_item(obj, key);

    return strdup(cJSON_IsString(v) && v->valuestring ? v->valuestring : dflt);
}

static inline double meta_num_or(const cJSON *obj, const char *key, double dflt)
{
    const cJSON *v = meta_item(obj, key);

    return cJSON_IsNumber(v) ? v->valuedouble : dflt;
}

/* A JSON number that is a whole number from lo (>= 0) to hi (so that casting it is defined). */
static inline bool meta_whole_number(const cJSON *v, double lo, double hi)
{
    return cJSON_IsNumber(v) && v->valuedouble >= lo && v->valuedouble <= hi &&
           v->valuedouble == (double)(uint64_t)v->valuedouble;
}

/* The whole number from 0 to max under key, dflt when absent; when it is there but not such
   a number, *bad names the first such key (and dflt is returned). */
static inline double meta_whole_or(const cJSON *obj, const char *key, double dflt, double max,
                       const char **bad)
{
    const cJSON *v = meta_item(obj, key);

    if (!v)
        return dflt;
    if (meta_whole_number(v, 0, max))
        return v->valuedouble;
    if (!*bad)
        *bad = key;
    return dflt;
}

/* A boolean member: true, or a non-zero number; false when absent. */
static inline bool meta_flag(const cJSON *obj, const char *key)
{
    const cJSON *v = meta_item(obj, key);

    return cJSON_IsTrue(v) || (cJSON_IsNumber(v) && v->valuedouble != 0);
}

#endif
