// SPDX-License-Identifier: MIT
/*
 * float_area.cl built for sim-up5k, a sim board with the iCE40UP5K's logic cells: its float
 * units are shared between operations a few cycles apart (the build report says how many),
 * and every result must equal the host's IEEE-754 single-precision result bit for bit.
 * Prints the cycles per work-item (profiling) beside the dispatch interval the report gave.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { N = 600 };

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

int main(int argc, char **argv)
{
    struct kt t;
    static float a[N], b[N], q[N], r[N];
    uint64_t rng = 4242;
    size_t global = N;

    kt_init(&t, "float_area", argc > 1 ? argv[1] : "float_area.oclbin");
    for (int i = 0; i < N; i++) {
        a[i] = (float)(int64_t)(kt_rand(&rng) % 2000001 - 1000000) / 997.0f;
        b[i] = i % 11 ? (float)(int64_t)(kt_rand(&rng) % 2000001 - 1000000) / 991.0f : a[i];
    }
    b[5] = 0.0f;  /* x / 0, x - y = x */
    a[7] = -1.0f; /* y / (x + 1) = y / 0 */
    cl_kernel k = kt_kernel(&t, "ratios");
    cl_mem m[4] = {kt_buffer_arg(&t, k, 0, sizeof(a), a), kt_buffer_arg(&t, k, 1, sizeof(b), b),
                   kt_buffer_arg(&t, k, 2, sizeof(q), NULL),
                   kt_buffer_arg(&t, k, 3, sizeof(r), NULL)};
    kt_run(&t, k, 1, NULL, &global, NULL);
    kt_read(&t, m[2], sizeof(q), q);
    kt_read(&t, m[3], sizeof(r), r);
    for (int i = 0; i < N; i++) {
        volatile float x = a[i], y = b[i];
        volatile float d1 = x / y, s = x + 1.0f, d2 = y / s, p = x * y, m = x - y;
        float want_q = d1 + d2, want_r = p / m;
        int q_ok = bits(q[i]) == bits(want_q) || (isnan(q[i]) && isnan(want_q));
        int r_ok = bits(r[i]) == bits(want_r) || (isnan(r[i]) && isnan(want_r));
        kt_expect(&t, q_ok, "q[%d] = %a, want %a", i, q[i], want_q);
        kt_expect(&t, r_ok, "r[%d] = %a, want %a", i, r[i], want_r);
    }
    for (int i = 0; i < 4; i++)
        clReleaseMemObject(m[i]);
    clReleaseKernel(k);
    return kt_finish(&t);
}
