// SPDX-License-Identifier: MIT
// Branches without loops: nested if/else, switch, early return, short-circuit logic,
// and predicated loads and stores.

__kernel void classify(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    int r;
    if (x < 0) {
        if (x < -1000)
            r = 1;
        else
            r = x & 1 ? 2 : 3;
    } else if (x == 0) {
        r = 4;
    } else {
        switch (x % 7) {
        case 0: r = 10; break;
        case 1: r = 11 + x; break;
        case 2:
        case 3: r = 12; break;
        case 5: r = x / 3; break;
        default: r = -x; break;
        }
    }
    out[i] = r;
}

__kernel void early_return(__global const int *in, __global int *out, int limit)
{
    size_t i = get_global_id(0);
    out[i] = -1;
    if (in[i] > limit)
        return;
    out[i] = in[i] * 2;
    if ((in[i] & 3) == 0 && in[i] != 0)
        return;
    out[i] += 1;
}

// Only some work-items store; the others must leave the output untouched.
__kernel void sparse_store(__global const uint *in, __global uint *out)
{
    size_t i = get_global_id(0);
    uint v = in[i];
    if ((v % 3 == 0 || v > 900) && !(v & 0x10))
        out[i] = v + 1;
}

// A load behind a bounds check must not be issued past the end.
__kernel void guarded_load(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0);
    out[i] = i + 1 < n ? in[i + 1] : -7;
}
