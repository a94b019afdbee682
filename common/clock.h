/* SPDX-License-Identifier: MIT */
/* Wall-clock time for progress messages and timings. */
#ifndef OCLHLS_CLOCK_H
#define OCLHLS_CLOCK_H

/* Seconds on the monotonic clock (only differences mean anything). */
double oclhls_now_s(void);

#endif
