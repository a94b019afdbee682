/* SPDX-License-Identifier: MIT */
/*
 * OCLHLS_PROFILE=FILE: after each launch of a kernel built with -profile, the runtime reads
 * its hardware counters and rewrites FILE with every run of the process so far
 * (docs/profiling.md gives the file's schema).
 */
#ifndef OCLHLS_RT_PROFILE_H
#define OCLHLS_RT_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/launch.h"
#include "core/meta.h"

/* Does a run of this kernel get its counters read (built with -profile, OCLHLS_PROFILE set)? */
bool oclhls_profile_wanted(const struct oclhls_kernel_meta *km);

/* With the device lock, after a run (or a line kernel's row) ended: adds the kernel's counters
   to acc (OCLHLS_PROFILE_MAX_WORDS entries: the kernel's, then each LSU's); 0, or -1 with the
   reason in err. */
int oclhls_profile_read(cl_device_id dev, uint32_t csr_base, const struct oclhls_kernel_meta *km,
                        uint64_t *acc, char *err, size_t errlen);

/* The launch l ended after `cycles` (CYCLES, summed over a line kernel's rows) with counters
   acc: appends it to the process's runs and rewrites $OCLHLS_PROFILE. A file that cannot be
   written is said once on stderr; the run itself is not failed for it. */
void oclhls_profile_record(const struct oclhls_launch *l, uint64_t cycles, const uint64_t *acc);

#endif
