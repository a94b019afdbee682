/* SPDX-License-Identifier: MIT */
/*
 * The "profile" member of a kernel's metadata (oclhls build --profile; docs/program-file.md):
 * where its counters are read. Checked when the program is loaded, like every other member,
 * so that reading the counters after a run touches no register but the counters'.
 */
#include "core/meta_profile.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/csr.h"
#include "core/meta_json.h"
#include "strbuf.h"

const char *const oclhls_profile_counter_names[OCLHLS_PROF_COUNTERS] = {
    "busy_cycles",  "memory_stall_cycles", "channel_stall_cycles", "barrier_stall_cycles",
    "memory_reads", "memory_writes",
};
const char *const oclhls_profile_lsu_counter_names[OCLHLS_PROF_LSU_COUNTERS] = {
    "requests", "lines", "stall_cycles"};

/* The words already given to a counter, by word index in the window. */
struct words_used {
    bool used[OCLHLS_KCSR_WINDOW / 4];
};

/* obj[key]: a counter's byte offset, a word of the window from first_free on, not used yet. */
static int counter_offset(const cJSON *obj, const char *key, uint32_t first_free,
                          struct words_used *w, uint32_t *out, const char *kname, char *err,
                          size_t errlen)
{
    const cJSON *v = meta_item(obj, key);
    if (!meta_whole_number(v, first_free, OCLHLS_KCSR_WINDOW - 4) ||
        (uint32_t)v->valuedouble % 4)
        return oclhls_fail(err, errlen,
                           "kernel '%s': profile counter \"%s\" is not a register word after "
                           "the argument words (0x%x..0x%x)",
                           kname, key, first_free, OCLHLS_KCSR_WINDOW - 4);
    *out = (uint32_t)v->valuedouble;
    if (w->used[*out / 4])
        return oclhls_fail(err, errlen,
                           "kernel '%s': profile counter \"%s\" at 0x%x shares its word with "
                           "another counter",
                           kname, key, *out);
    w->used[*out / 4] = true;
    return 0;
}

/* A string member into a fixed buffer: one of the words in `allowed` (NULL-terminated). */
static int one_of(const cJSON *obj, const char *key, const char *const *allowed, char *out,
                  size_t size)
{
    const cJSON *v = meta_item(obj, key);
    if (!cJSON_IsString(v))
        return -1;
    for (; *allowed; allowed++)
        if (!strcmp(v->valuestring, *allowed) && strlen(*allowed) < size) {
            strcpy(out, *allowed);
            return 0;
        }
    return -1;
}

static const char *const accesses[] = {"load", "store", "atomic", NULL};
static const char *const spaces[] = {"global", "constant", NULL};
static const char *const kinds[] = {"coalescing", "uncached",           "write-combining",
                                    "atomic unit", "shared atomic unit", "printf counter",
                                    NULL};

static int parse_lsu(const cJSON *j, unsigned i, uint32_t first_free, struct words_used *w,
                     struct oclhls_profile_lsu *l, const char *kname, char *err, size_t errlen)
{
    const char *bad = NULL;
    if (!cJSON_IsObject(j))
        return oclhls_fail(err, errlen, "kernel '%s': profile LSU %u is not an object", kname, i);
    l->lsu = (unsigned)meta_whole_or(j, "lsu", 0, 0xFFFF, &bad);
    l->line = (unsigned)meta_whole_or(j, "line", 0, 0x7FFFFFFF, &bad);
    l->bits = (unsigned)meta_whole_or(j, "bits", 0, 4096, &bad);
    if (bad || !meta_item(j, "lsu") || l->bits == 0)
        return oclhls_fail(err, errlen, "kernel '%s': profile LSU %u: \"%s\" is not a whole "
                                        "number in range",
                           kname, i, bad ? bad : !meta_item(j, "lsu") ? "lsu" : "bits");
    if (one_of(j, "access", accesses, l->access, sizeof(l->access)) ||
        one_of(j, "space", spaces, l->space, sizeof(l->space)) ||
        one_of(j, "kind", kinds, l->kind, sizeof(l->kind)))
        return oclhls_fail(err, errlen,
                           "kernel '%s': profile LSU %u: \"access\", \"space\" or \"kind\" is "
                           "not one the runtime knows",
                           kname, i);
    for (int c = 0; c < OCLHLS_PROF_LSU_COUNTERS; c++)
        if (counter_offset(j, oclhls_profile_lsu_counter_names[c], first_free, w, &l->csr[c],
                           kname, err, errlen))
            return -1;
    return 0;
}

int oclhls_meta_parse_profile(const cJSON *k, const char *kname, uint32_t first_free,
                              struct oclhls_profile_meta *p, char *err, size_t errlen)
{
    const cJSON *prof = meta_item(k, "profile"), *counters, *lsus, *j;
    struct words_used *w;
    unsigned i = 0;
    int ret = 0;

    memset(p, 0, sizeof(*p));
    if (!prof)
        return 0;
    counters = meta_item(prof, "counters");
    lsus = meta_item(prof, "lsus");
    if (!cJSON_IsObject(prof) || !cJSON_IsObject(counters) || !cJSON_IsArray(lsus))
        return oclhls_fail(err, errlen,
                           "kernel '%s': \"profile\" needs a \"counters\" object and an "
                           "\"lsus\" array",
                           kname);
    if (meta_num_or(prof, "bits", 0) != 32)
        return oclhls_fail(err, errlen, "kernel '%s': profile counters of other than 32 bits",
                           kname);
    if (!(w = calloc(1, sizeof(*w))))
        return oclhls_fail(err, errlen, "out of host memory");
    p->present = 1;
    for (int c = 0; c < OCLHLS_PROF_COUNTERS && !ret; c++)
        ret = counter_offset(counters, oclhls_profile_counter_names[c], first_free, w, &p->csr[c],
                             kname, err, errlen);
    p->num_lsus = (unsigned)cJSON_GetArraySize(lsus);
    if (!ret && p->num_lsus) {
        p->lsus = calloc(p->num_lsus, sizeof(*p->lsus));
        if (!p->lsus)
            ret = oclhls_fail(err, errlen, "out of host memory");
    }
    cJSON_ArrayForEach(j, lsus)
    {
        if (ret)
            break;
        ret = parse_lsu(j, i, first_free, w, &p->lsus[i], kname, err, errlen);
        i++;
    }
    free(w);
    return ret;
}

void oclhls_meta_free_profile(struct oclhls_profile_meta *p)
{
    free(p->lsus);
    memset(p, 0, sizeof(*p));
}
