// SPDX-License-Identifier: MIT
// A tiled matrix multiply, C = A B (N x N floats), with T x T tiles of A and B in __local
// memory, as one lane and as num_simd_work_items(4) (issue 31); bench_simd_mm.c prints the
// cycles per multiply-add of each. The tile loop is unrolled, so its barriers are straight-
// line code: a SIMD kernel's barriers must be passed once by every work-item (not in a loop).

#define N 64 // bench_simd_mm.c's
#define T 16

#define MM(name)                                                                           \
    __kernel void name(__global const float *restrict a, __global const float *restrict b,  \
                       __global float *restrict c)                                         \
    {                                                                                      \
        __local float ta[T][T], tb[T][T];                                                  \
        int lx = get_local_id(0), ly = get_local_id(1);                                    \
        int x = get_global_id(0), y = get_global_id(1);                                    \
        float acc = 0.0f;                                                                  \
        _Pragma("unroll") for (int t = 0; t < N / T; t++)                                  \
        {                                                                                  \
            ta[ly][lx] = a[y * N + t * T + lx];                                            \
            tb[ly][lx] = b[(t * T + ly) * N + x];                                          \
            barrier(CLK_LOCAL_MEM_FENCE);                                                  \
            for (int k = 0; k < T; k++)                                                    \
                acc += ta[ly][k] * tb[k][lx];                                              \
            barrier(CLK_LOCAL_MEM_FENCE);                                                  \
        }                                                                                  \
        c[y * N + x] = acc;                                                                \
    }

__attribute__((reqd_work_group_size(T, T, 1))) MM(mm1)
__attribute__((num_simd_work_items(4))) __attribute__((reqd_work_group_size(T, T, 1))) MM(mm4)
