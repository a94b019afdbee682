// SPDX-License-Identifier: MIT
// printf (test_printf.c): scalars of every kind, vectors, strings, one work-item's lines in
// program order, a loop in a task, and a buffer that overflows.

__kernel void scalars(__global const int *x, __global const float *f, __global const long *l)
{
    int g = get_global_id(0);
    printf("wi %d: %d %5u %#010x %o %c|%-6s|%.3f %e %G %ld\n", g, x[g], (uint)x[g] & 0xffff,
           x[g], g & 63, 'A' + (g & 15), "str", f[g], f[g], f[g] * 1000.0f, l[g]);
}

__kernel void vectors(__global const int4 *v, __global const float4 *f)
{
    int g = get_global_id(0);
    short2 s = convert_short2(v[g].xy);
    printf("%d: %v4hld %v2hd %v3hlf %#v2hlx\n", g, v[g], s, f[g].xyz, as_uint2(v[g].zw));
}

// Three lines per work-item: they must come out in this order for each work-item. The
// second prints a string chosen at run time: a ternary, and a variable set in an if/else.
__kernel void in_order(__global const int *x)
{
    int g = get_global_id(0);
    __constant char *size = "big";
    if (x[g] < 100)
        size = "small";
    else if (x[g] < 10000)
        size = "medium";
    printf("%d a %d\n", g, x[g]);
    printf("%d b %s %s %s\n", g, "mid", x[g] & 1 ? "odd" : "even", size);
    printf("%d c %d\n", g, x[g] * 3);
}

__kernel __attribute__((max_global_work_dim(0))) void task_loop(int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sum += i * i;
        printf("i=%d sum=%d\n", i, sum);
    }
}

// Every work-item prints one record of 9 words (36 bytes) and keeps printf's result.
__kernel void overflow(__global int *result)
{
    int g = get_global_id(0);
    result[g] = printf("line %d %d %d %d %d %d %d %d\n", g, g + 1, g + 2, g + 3, g + 4, g + 5,
                       g + 6, g + 7);
}
