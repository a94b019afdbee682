/* SPDX-License-Identifier: MIT */
#ifndef OCLHLS_RT_ICD_H
#define OCLHLS_RT_ICD_H

#include "core/cl.h"

/* The dispatch table every object points to (runtime/api/icd.c). */
struct _cl_icd_dispatch *oclhls_icd_dispatch(void);

#endif
