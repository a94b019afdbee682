// SPDX-License-Identifier: MIT
/* control.cl: if-converted control flow against the same C code on the host. */
#include <stdio.h>

#include "kt.h"

#define N 500

static int classify(int x)
{
    if (x < 0)
        return x < -1000 ? 1 : (x & 1 ? 2 : 3);
    if (x == 0)
        return 4;
    switch (x % 7) {
    case 0: return 10;
    case 1: return 11 + x;
    case 2:
    case 3: return 12;
    case 5: return x / 3;
    default: return -x;
    }
}

static int early_return(int x, int limit)
{
    if (x > limit)
        return -1;
    if ((x & 3) == 0 && x != 0)
        return x * 2;
    return x * 2 + 1;
}

int main(int argc, char **argv)
{
    struct kt t;
    int32_t in[N], out[N];
    uint32_t uin[N], uout[N];
    uint64_t rng = 99;
    size_t global = N;

    if (argc != 2) {
        fprintf(stderr, "usage: %s control.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "control", argv[1]);
    for (int i = 0; i < N; i++) {
        in[i] = i < 40 ? i - 20 : (int32_t)(kt_rand(&rng) % 4001) - 2000;
        uin[i] = (uint32_t)(kt_rand(&rng) % 1000);
    }
    cl_mem min = kt_buffer(&t, sizeof(in), in), mout = kt_buffer(&t, sizeof(out), NULL);

    cl_kernel k = kt_kernel(&t, "classify");
    kt_arg(&t, k, 0, sizeof(cl_mem), &min);
    kt_arg(&t, k, 1, sizeof(cl_mem), &mout);
    kt_run(&t, k, 1, NULL, &global, NULL);
    kt_read(&t, mout, sizeof(out), out);
    for (int i = 0; i < N; i++)
        kt_expect(&t, out[i] == classify(in[i]), "classify(%d) = %d, want %d", in[i], out[i],
                  classify(in[i]));
    clReleaseKernel(k);

    k = kt_kernel(&t, "early_return");
    int limit = 500;
    kt_arg(&t, k, 0, sizeof(cl_mem), &min);
    kt_arg(&t, k, 1, sizeof(cl_mem), &mout);
    kt_arg(&t, k, 2, sizeof(int), &limit);
    kt_run(&t, k, 1, NULL, &global, NULL);
    kt_read(&t, mout, sizeof(out), out);
    for (int i = 0; i < N; i++)
        kt_expect(&t, out[i] == early_return(in[i], limit), "early_return(%d) = %d, want %d",
                  in[i], out[i], early_return(in[i], limit));
    clReleaseKernel(k);

    k = kt_kernel(&t, "sparse_store");
    for (int i = 0; i < N; i++)
        uout[i] = 0xdead0000u + (uint32_t)i;
    cl_mem mu = kt_buffer(&t, sizeof(uin), uin), muo = kt_buffer(&t, sizeof(uout), uout);
    kt_arg(&t, k, 0, sizeof(cl_mem), &mu);
    kt_arg(&t, k, 1, sizeof(cl_mem), &muo);
    kt_run(&t, k, 1, NULL, &global, NULL);
    kt_read(&t, muo, sizeof(uout), uout);
    for (int i = 0; i < N; i++) {
        uint32_t v = uin[i];
        uint32_t want = ((v % 3 == 0 || v > 900) && !(v & 0x10)) ? v + 1 : 0xdead0000u + i;
        KT_EQ(&t, uout[i], want, "sparse_store", i);
    }
    clReleaseKernel(k);

    /* The input buffer holds exactly n ints: a load of in[n] would read past its end. */
    k = kt_kernel(&t, "guarded_load");
    int n = N;
    kt_arg(&t, k, 0, sizeof(cl_mem), &min);
    kt_arg(&t, k, 1, sizeof(cl_mem), &mout);
    kt_arg(&t, k, 2, sizeof(int), &n);
    kt_run(&t, k, 1, NULL, &global, NULL);
    kt_read(&t, mout, sizeof(out), out);
    for (int i = 0; i < N; i++)
        KT_EQ(&t, out[i], i + 1 < N ? in[i + 1] : -7, "guarded_load", i);
    clReleaseKernel(k);

    clReleaseMemObject(min);
    clReleaseMemObject(mout);
    clReleaseMemObject(mu);
    clReleaseMemObject(muo);
    return kt_finish(&t);
}
