/* SPDX-License-Identifier: MIT */
/* kernels.cli.build_units_hls_error*: helpers the hardware stages refuse (a line in this
   file, not in units_error_a.cl, which holds the kernels). */
#ifdef II_ERROR
int recurrence(__global const uint *a, int n)
{
    uint x = 1;
#pragma ii 1
    for (int i = 0; i < n; i++) /* line 9: its divider's recurrence needs a larger II */
        x = (x * 7 + a[i]) / (1 + (x & 15));
    return x;
}
#else
int recurrence(__global const uint *a, int n) { return a[n]; }
#endif

int table_sum(__global const int *a, int n)
{
#ifdef ARRAY_ERROR
    int table[80000]; /* line 20: more private memory than a work-item has */
#else
    int table[8];
#endif
    for (int i = 0; i < 8; i++)
        table[i] = a[i];
    return table[n & 7];
}
