// SPDX-License-Identifier: MIT
/*
 * many_accesses.cl: a kernel with 72 memory accesses (no cap at 64), checked against C,
 * with `again` the same buffer as `out`, so the last load must see the store before it.
 */
#include <stdio.h>

#include "kt.h"

#define G 64
#define TAPS 70

int main(int argc, char **argv)
{
    static int32_t in[G * TAPS], out[2 * G];
    struct kt t;
    uint64_t rng = 99;

    kt_init(&t, "many_accesses", argc > 1 ? argv[1] : "many_accesses.cl");
    for (int i = 0; i < G * TAPS; i++)
        in[i] = (int32_t)(kt_rand(&rng) % 2001) - 1000;
    cl_kernel k = kt_kernel(&t, "many");
    cl_mem din = kt_buffer_arg(&t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(&t, k, 1, sizeof(out), NULL);
    kt_arg(&t, k, 2, sizeof(dout), &dout);
    size_t global = G;
    kt_run(&t, k, 1, NULL, &global, NULL);
    kt_read(&t, dout, sizeof(out), out);
    for (int g = 0; g < G; g++) {
        int32_t s = 0;
        for (int i = 0; i < TAPS; i++)
            s += in[g * TAPS + i] * (i + 1);
        KT_EQ(&t, out[g], s, "sum", g);
        KT_EQ(&t, out[G + g], s + 1, "after the store", g);
    }
    kt_release(k, din, dout, NULL);
    return kt_finish(&t);
}
