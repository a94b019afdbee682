/* SPDX-License-Identifier: MIT */
/*
 * The OpenCL profile a board's device can claim. The full profile sets minimums that a small
 * FPGA's memories cannot reach (OpenCL 2.2/3.0 API specification, table "OpenCL Device
 * Queries"): CL_DEVICE_MAX_MEM_ALLOC_SIZE at least max(min(1 GiB, 1/4 of the global
 * memory), 32 MiB), CL_DEVICE_LOCAL_MEM_SIZE 32 KiB, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE
 * 64 KiB, CL_DEVICE_PRINTF_BUFFER_SIZE 1 MiB. A board below any of them claims the
 * embedded profile, whose minimums are lower (table "OpenCL Embedded Device Queries").
 * The device's allocations and __constant data live in its global memory (runtime/core).
 */
#include "board.h"

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)

bool oclhls_board_full_profile(const struct oclhls_board *b)
{
    uint64_t quarter = b->global_mem_bytes / 4;
    uint64_t min_alloc = quarter < GIB ? quarter : GIB;

    if (min_alloc < 32 * MIB)
        min_alloc = 32 * MIB;
    /* an allocation, and the __constant buffer, may take the whole global memory: min_alloc
       (at least 32 MiB) covers the 64 KiB of the constant buffer too */
    return b->global_mem_bytes >= min_alloc && b->local_mem_bytes >= 32 * KIB &&
           b->printf_buffer_bytes >= 1 * MIB;
}

const char *oclhls_board_profile(const struct oclhls_board *b)
{
    return oclhls_board_full_profile(b) ? "FULL_PROFILE" : "EMBEDDED_PROFILE";
}
