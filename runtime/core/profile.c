/* SPDX-License-Identifier: MIT */
/*
 * OCLHLS_PROFILE=FILE: the counters of kernels built with -profile, read after each run and
 * written as JSON (docs/profiling.md). The file holds every run of the process so far and is
 * written whole after each one (to FILE.tmp, then renamed), so a reader never sees half of it.
 */
#include "core/profile.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/device.h"
#include "core/util.h"

static pthread_mutex_t profile_lock = PTHREAD_MUTEX_INITIALIZER;
static cJSON *profile_doc;    /* {"format": 1, "runs": [...]}, with profile_lock */
static bool profile_warned;   /* a write failed and was said once */

static const char *profile_path(void)
{
    const char *p = getenv("OCLHLS_PROFILE");
    return p && p[0] ? p : NULL;
}

bool oclhls_profile_wanted(const struct oclhls_kernel_meta *km)
{
    return km->profile.present && profile_path();
}

/* Word w of acc: the kernel's counters first, then each LSU's three. */
static unsigned lsu_word(unsigned lsu, unsigned c)
{
    return OCLHLS_PROF_COUNTERS + OCLHLS_PROF_LSU_COUNTERS * lsu + c;
}

int oclhls_profile_read(cl_device_id dev, uint32_t csr_base, const struct oclhls_kernel_meta *km,
                        uint64_t *acc, char *err, size_t errlen)
{
    const struct oclhls_profile_meta *p = &km->profile;
    uint32_t v;

    for (unsigned c = 0; c < OCLHLS_PROF_COUNTERS; c++) {
        if (dev->ops->csr_read(dev->handle, csr_base + p->csr[c], &v, err, errlen))
            return -1;
        acc[c] += v;
    }
    for (unsigned i = 0; i < p->num_lsus && lsu_word(i, 0) + 2 < OCLHLS_PROFILE_MAX_WORDS; i++)
        for (unsigned c = 0; c < OCLHLS_PROF_LSU_COUNTERS; c++) {
            if (dev->ops->csr_read(dev->handle, csr_base + p->lsus[i].csr[c], &v, err, errlen))
                return -1;
            acc[lsu_word(i, c)] += v;
        }
    return 0;
}

static double per_cycle(double n, uint64_t busy)
{
    return busy ? n / (double)busy : 0;
}

/* The stall class with the most cycles, "none" when nothing stalled. */
static const char *main_stall(const uint64_t *acc)
{
    static const struct {
        enum oclhls_profile_counter c;
        const char *name;
    } classes[] = {{OCLHLS_PROF_MEMORY_STALL, "memory"},
                   {OCLHLS_PROF_CHANNEL_STALL, "channel"},
                   {OCLHLS_PROF_BARRIER_STALL, "barrier"}};
    const char *best = "none";
    uint64_t most = 0;
    for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
        if (acc[classes[i].c] > most) {
            most = acc[classes[i].c];
            best = classes[i].name;
        }
    return best;
}

static cJSON *size_triple(const uint32_t v[3])
{
    double d[3] = {v[0], v[1], v[2]};
    return cJSON_CreateDoubleArray(d, 3);
}

static cJSON *lsu_json(const struct oclhls_profile_lsu *m, const uint64_t *acc, unsigned i,
                       double line_bytes, uint64_t busy)
{
    cJSON *j = cJSON_CreateObject();
    uint64_t requests = acc[lsu_word(i, OCLHLS_PROF_LSU_REQUESTS)];
    uint64_t lines = acc[lsu_word(i, OCLHLS_PROF_LSU_LINES)];
    double bytes = (double)requests * (m->bits / 8 ? m->bits / 8 : 1);
    cJSON_AddNumberToObject(j, "lsu", m->lsu);
    cJSON_AddNumberToObject(j, "line", m->line);
    cJSON_AddStringToObject(j, "access", m->access);
    cJSON_AddStringToObject(j, "space", m->space);
    cJSON_AddStringToObject(j, "kind", m->kind);
    cJSON_AddNumberToObject(j, "bits", m->bits);
    cJSON_AddNumberToObject(j, "requests", (double)requests);
    cJSON_AddNumberToObject(j, "bytes", bytes);
    cJSON_AddNumberToObject(j, "lines", (double)lines);
    cJSON_AddNumberToObject(j, "stall_cycles", (double)acc[lsu_word(i, OCLHLS_PROF_LSU_STALL)]);
    cJSON_AddNumberToObject(j, "bytes_per_cycle", per_cycle(bytes, busy));
    cJSON_AddNumberToObject(j, "line_bytes_per_cycle", per_cycle((double)lines * line_bytes, busy));
    return j;
}

static cJSON *run_json(const struct oclhls_launch *l, uint64_t cycles, const uint64_t *acc)
{
    const struct oclhls_kernel_meta *km = l->kernel->meta;
    const struct oclhls_program_meta *pm = l->program->meta;
    double line_bytes = pm->mem_width_bits / 8.0;
    uint64_t busy = acc[OCLHLS_PROF_BUSY];
    cJSON *j = cJSON_CreateObject(), *lsus;

    cJSON_AddStringToObject(j, "kernel", km->name);
    cJSON_AddStringToObject(j, "program", pm->source_name);
    cJSON_AddStringToObject(j, "board", pm->board);
    cJSON_AddNumberToObject(j, "clock_mhz", pm->clock_mhz);
    cJSON_AddNumberToObject(j, "work_dim", l->work_dim);
    cJSON_AddItemToObject(j, "global_size", size_triple(l->global));
    cJSON_AddItemToObject(j, "local_size", size_triple(l->local));
    double items = 1;
    for (uint32_t d = 0; d < l->work_dim && d < 3; d++)
        items *= l->global[d];
    cJSON_AddNumberToObject(j, "work_items", items);
    cJSON_AddNumberToObject(j, "cycles", (double)cycles);
    /* the 32-bit counters wrapped (CYCLES has 40 or 64 bits): their values are mod 2^32 */
    cJSON_AddBoolToObject(j, "wrapped", cycles > UINT32_MAX);
    for (unsigned c = 0; c < OCLHLS_PROF_COUNTERS; c++)
        cJSON_AddNumberToObject(j, oclhls_profile_counter_names[c], (double)acc[c]);
    cJSON_AddStringToObject(j, "main_stall", main_stall(acc));
    cJSON_AddNumberToObject(j, "line_bytes", line_bytes);
    cJSON_AddNumberToObject(j, "board_bytes_per_cycle", line_bytes); /* a line per clock */
    cJSON_AddNumberToObject(
        j, "achieved_bytes_per_cycle",
        per_cycle((double)(acc[OCLHLS_PROF_MEMORY_READS] + acc[OCLHLS_PROF_MEMORY_WRITES]) *
                      line_bytes,
                  busy));
    lsus = cJSON_AddArrayToObject(j, "lsus");
    for (unsigned i = 0; i < km->profile.num_lsus; i++)
        cJSON_AddItemToArray(lsus, lsu_json(&km->profile.lsus[i], acc, i, line_bytes, busy));
    return j;
}

static int write_doc(const char *path, const cJSON *doc)
{
    char *text = cJSON_Print(doc), *tmp = NULL;
    FILE *f = NULL;
    int ret = -1;

    if (text && (tmp = malloc(strlen(path) + 5))) {
        sprintf(tmp, "%s.tmp", path);
        if ((f = fopen(tmp, "w")) && fputs(text, f) >= 0 && fputc('\n', f) != EOF) {
            ret = fclose(f);
            f = NULL;
            if (!ret)
                ret = rename(tmp, path);
        }
        if (f)
            fclose(f);
        if (ret)
            remove(tmp);
    }
    free(tmp);
    free(text);
    return ret;
}

void oclhls_profile_record(const struct oclhls_launch *l, uint64_t cycles, const uint64_t *acc)
{
    const char *path = profile_path();
    cJSON *run;

    if (!path)
        return;
    pthread_mutex_lock(&profile_lock);
    if (!profile_doc) {
        profile_doc = cJSON_CreateObject();
        cJSON_AddNumberToObject(profile_doc, "format", 1);
        cJSON_AddArrayToObject(profile_doc, "runs");
    }
    run = run_json(l, cycles, acc);
    if (run)
        cJSON_AddItemToArray(cJSON_GetObjectItem(profile_doc, "runs"), run);
    if ((!run || write_doc(path, profile_doc)) && !profile_warned) {
        profile_warned = true;
        fprintf(stderr, "oclhls: OCLHLS_PROFILE: cannot write '%s'\n", path);
    }
    pthread_mutex_unlock(&profile_lock);
}
