/* SPDX-License-Identifier: MIT */
/*
 * A kernel's profile counters, as the "profile" member of its metadata places them in its
 * CSR window (oclhls build --profile; docs/program-file.md, docs/profiling.md).
 */
#ifndef OCLHLS_RT_META_PROFILE_H
#define OCLHLS_RT_META_PROFILE_H

#include <stddef.h>
#include <stdint.h>

/* The kernel's counters, in the order of the metadata's "counters" names. */
enum oclhls_profile_counter {
    OCLHLS_PROF_BUSY,
    OCLHLS_PROF_MEMORY_STALL,
    OCLHLS_PROF_CHANNEL_STALL,
    OCLHLS_PROF_BARRIER_STALL,
    OCLHLS_PROF_MEMORY_READS,
    OCLHLS_PROF_MEMORY_WRITES,
    OCLHLS_PROF_COUNTERS
};
enum oclhls_profile_lsu_counter {
    OCLHLS_PROF_LSU_REQUESTS,
    OCLHLS_PROF_LSU_LINES,
    OCLHLS_PROF_LSU_STALL,
    OCLHLS_PROF_LSU_COUNTERS
};
/* The most counter words a window holds (all of its argument words). */
#define OCLHLS_PROFILE_MAX_WORDS 480

extern const char *const oclhls_profile_counter_names[OCLHLS_PROF_COUNTERS];
extern const char *const oclhls_profile_lsu_counter_names[OCLHLS_PROF_LSU_COUNTERS];

struct oclhls_profile_lsu {
    unsigned lsu, line, bits;
    char access[8]; /* "load", "store", "atomic" */
    char space[12]; /* "global", "constant" */
    char kind[24];  /* "coalescing", "uncached", "write-combining", "atomic unit", ... */
    uint32_t csr[OCLHLS_PROF_LSU_COUNTERS];
};

struct oclhls_profile_meta {
    int present; /* the kernel was built with -profile */
    uint32_t csr[OCLHLS_PROF_COUNTERS]; /* byte offsets in the kernel's window */
    unsigned num_lsus;
    struct oclhls_profile_lsu *lsus;
};

struct cJSON;
/* The "profile" member of kernel object k (absent: p->present 0). Every offset must be a word
   of the window after the argument words (first_free) and used once; 0, or -1 with the
   reason in err (p is then freed by oclhls_meta_free_profile). */
int oclhls_meta_parse_profile(const struct cJSON *k, const char *kname, uint32_t first_free,
                              struct oclhls_profile_meta *p, char *err, size_t errlen);
void oclhls_meta_free_profile(struct oclhls_profile_meta *p);

#endif
