/* SPDX-License-Identifier: MIT */
/*
 * The build report's area estimate of a program (its "meta" section: each kernel's units with
 * their estimated logic cells, hls/target/unit_costs.c), read by the iCE40 flow to refuse a
 * design far too big for the device before spending minutes in synthesis (ice40_fit.h).
 */
#ifndef OCLHLS_ICE40_ESTIMATE_H
#define OCLHLS_ICE40_ESTIMATE_H

#include <stddef.h>

struct ice40_estimate {
    unsigned lcs;         /* every unit's estimated logic cells, summed */
    unsigned largest_lcs; /* the largest unit's */
    char largest[128];    /* "a float unit (exp) of kernel 'k', line 12" */
};

/* From the metadata JSON meta (len bytes). 0, or -1 when it cannot be read (no estimate). */
int ice40_estimate_read(const char *meta, size_t len, struct ice40_estimate *e);

#endif
