/* SPDX-License-Identifier: MIT */
/* The control/status register map of the shell and of a kernel (docs/architecture.md). */
#ifndef OCLHLS_RT_CSR_H
#define OCLHLS_RT_CSR_H

#include <stdint.h>

/* Shell registers, 0x000-0x3FF. */
#define OCLHLS_CSR_SHELL_MAGIC 0x000u /* reads OCLHLS_SHELL_MAGIC */
#define OCLHLS_CSR_SHELL_VERSION 0x004u
#define OCLHLS_CSR_SHELL_CYCLES_LO 0x008u /* reading it latches the high word */
#define OCLHLS_CSR_SHELL_CYCLES_HI 0x00Cu
#define OCLHLS_CSR_SHELL_BUSY 0x010u   /* any kernel running */
#define OCLHLS_SHELL_MAGIC 0x4F434C48u /* "OCLH" */

/* Kernel k's window starts at 0x800 * (k + 1); the metadata gives it as csr_base (the
   compiler's HIR_KCSR_WINDOW). */
#define OCLHLS_KCSR_WINDOW 0x800u
#define OCLHLS_KCSR_CTRL 0x00u   /* write 1 to start (ignored while busy) */
#define OCLHLS_KCSR_STATUS 0x04u /* bit 0 busy, bit 1 done */
#define OCLHLS_KCSR_WORK_DIM 0x08u
#define OCLHLS_KCSR_GLOBAL_OFFSET 0x10u /* x, y, z at +0, +4, +8 */
#define OCLHLS_KCSR_GLOBAL_SIZE 0x20u
#define OCLHLS_KCSR_LOCAL_SIZE 0x30u
#define OCLHLS_KCSR_NUM_GROUPS 0x40u
#define OCLHLS_KCSR_CYCLES_LO 0x50u
#define OCLHLS_KCSR_CYCLES_HI 0x54u
/* For the dispatcher: per dimension offset + global size - 1, and the number of work-items
 * - 1 (which limits a launch to 2^32 work-items, OCLHLS_MAX_WORK_ITEMS). */
#define OCLHLS_KCSR_LAST_GLOBAL_ID 0x60u /* x, y, z at +0, +4, +8 */
#define OCLHLS_KCSR_WORK_ITEMS_M1 0x70u
#define OCLHLS_MAX_WORK_ITEMS (UINT64_C(1) << 32)
#define OCLHLS_KCSR_ARGS 0x80u /* first argument word (csr_offset is within the window) */

#define OCLHLS_KSTATUS_BUSY 0x1u
#define OCLHLS_KSTATUS_DONE 0x2u

/* Bytes of argument words a kernel window holds: CL_DEVICE_MAX_PARAMETER_SIZE. */
#define OCLHLS_MAX_PARAMETER_SIZE (OCLHLS_KCSR_WINDOW - OCLHLS_KCSR_ARGS)

#endif
