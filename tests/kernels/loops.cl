// SPDX-License-Identifier: MIT
// Loops in NDRange kernels: trip counts from arguments and from memory (zero included), break,
// continue, early return, while and do loops, a loop inside an if, two loops in a row, a loop
// calling a helper, a 2D convolution with a run-time mask size, and a switch state machine.

// Nested loops: the outer trip count is an argument, the inner one comes from memory.
__kernel void nested_counts(__global const int *in, __global const int *counts,
                            __global int *out, int m, int mask)
{
    int gid = get_global_id(0);
    int c = counts[gid];
    int acc = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < c; j++)
            acc += in[(gid + i * 3 + j) & mask] * (i + 1) - j;
    out[gid] = acc;
}

// break on a data condition: the index of the first element of the row above threshold, or n.
__kernel void find_first(__global const int *in, __global int *out, int n, int threshold)
{
    int gid = get_global_id(0);
    int j;
    for (j = 0; j < n; j++)
        if (in[gid * n + j] > threshold)
            break;
    out[gid] = j;
}

// continue: the sum and count of the row's elements that are neither negative nor multiples of 3.
__kernel void skip_sum(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int acc = 0, cnt = 0;
    for (int j = 0; j < n; j++) {
        int v = in[gid * n + j];
        if (v < 0)
            continue;
        if (v % 3 == 0)
            continue;
        acc += v;
        cnt++;
    }
    out[2 * gid] = acc;
    out[2 * gid + 1] = cnt;
}

// Each work-item runs gid iterations: work-item 0 runs none and keeps the seed.
__kernel void varying_trip(__global uint *out, uint seed)
{
    uint gid = get_global_id(0);
    uint x = seed ^ gid;
    for (uint j = 0; j < gid; j++)
        x = x * 5u + (j ^ gid);
    out[gid] = x;
}

// Early return inside a loop: each step stores a running sum; finding key stores its index
// and returns, so the later steps leave trace[] untouched.
__kernel void early_exit(__global const int *in, __global int *trace, __global int *out, int n,
                         int key)
{
    int gid = get_global_id(0);
    int acc = 0;
    for (int j = 0; j < n; j++) {
        int v = in[gid * n + j];
        if (v == key) {
            out[gid] = j;
            return;
        }
        acc += v;
        trace[gid * n + j] = acc;
    }
    out[gid] = -1 - (acc & 0xffff);
}

// while: Collatz steps from in[gid] until 1, at most limit steps.
__kernel void collatz(__global const uint *in, __global uint *out, uint limit)
{
    uint gid = get_global_id(0);
    uint x = in[gid], steps = 0;
    while (x != 1 && steps < limit) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        steps++;
    }
    out[gid] = steps << 16 | (x & 0xffff);
}

// do: the digit count and digit sum in a run-time base (0 has one digit).
__kernel void digits(__global const uint *in, __global uint *out, uint base)
{
    uint gid = get_global_id(0);
    uint x = in[gid], n = 0, s = 0;
    do {
        s += x % base;
        x /= base;
        n++;
    } while (x != 0);
    out[gid] = n << 16 | s;
}

// A loop inside an if: only odd rows are summed (weighted), even rows give their first element.
__kernel void loop_in_if(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int r = in[gid * n];
    if (gid & 1) {
        r = 0;
        for (int j = 0; j < n; j++)
            r += in[gid * n + j] * (j + 1);
    }
    out[gid] = r;
}

// Two loops in a row: the row's maximum, then how many elements are at least half of it.
__kernel void two_loops(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int mx = in[gid * n];
    for (int j = 1; j < n; j++)
        mx = in[gid * n + j] > mx ? in[gid * n + j] : mx;
    int cnt = 0;
    for (int j = 0; j < n; j++)
        cnt += 2 * in[gid * n + j] >= mx;
    out[2 * gid] = mx;
    out[2 * gid + 1] = cnt;
}

static int mix(int acc, int v, int j)
{
    if (v > acc)
        return (acc * 3 + v - j) & 0xffff;
    return (acc ^ v) + j;
}

// A loop whose body calls a helper (inlined).
__kernel void call_in_loop(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int acc = gid;
    for (int j = 0; j < n; j++)
        acc = mix(acc, in[gid * n + j], j);
    out[gid] = acc;
}

// 2D convolution of a w x h image with a k x k mask (k odd, a run-time argument). Out-of-range
// pixels are clamped to the edge (skip == 0) or left out of the sum (skip != 0).
__kernel void conv2d(__global const int *img, __constant int *mask, __global int *out, int w,
                     int h, int k, int skip)
{
    int x = get_global_id(0), y = get_global_id(1);
    int r = k / 2;
    int acc = 0;
    for (int ky = 0; ky < k; ky++) {
        for (int kx = 0; kx < k; kx++) {
            int sy = y + ky - r, sx = x + kx - r;
            if (skip && (sy < 0 || sy >= h || sx < 0 || sx >= w))
                continue;
            sy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
            sx = sx < 0 ? 0 : sx >= w ? w - 1 : sx;
            acc += img[sy * w + sx] * mask[ky * k + kx];
        }
    }
    out[y * w + x] = acc;
}

// A tokenizer over each work-item's string of len[gid] characters: words (runs of anything
// but spaces that do not start with a digit), numbers (runs of digits) and the numbers' sum.
enum { S_SPACE, S_NUMBER, S_WORD };

__kernel void tokenize(__global const uchar *text, __global const int *len, __global int *out,
                       int stride)
{
    int gid = get_global_id(0);
    int n = len[gid];
    int state = S_SPACE, words = 0, numbers = 0;
    uint value = 0, sum = 0; // unsigned: long digit runs wrap
    for (int i = 0; i < n; i++) {
        uchar c = text[gid * stride + i];
        int digit = c >= '0' && c <= '9';
        switch (state) {
        case S_SPACE:
            if (digit) {
                value = c - '0';
                state = S_NUMBER;
            } else if (c != ' ') {
                words++;
                state = S_WORD;
            }
            break;
        case S_NUMBER:
            if (digit) {
                value = value * 10 + (c - '0');
                break;
            }
            sum += value;
            numbers++;
            if (c != ' ')
                words++;
            state = c == ' ' ? S_SPACE : S_WORD;
            break;
        default:
            if (c == ' ')
                state = S_SPACE;
            break;
        }
    }
    if (state == S_NUMBER) {
        sum += value;
        numbers++;
    }
    out[3 * gid] = words;
    out[3 * gid + 1] = numbers;
    out[3 * gid + 2] = (int)sum;
}

// A dependency through memory between iterations of each work-item: an in-place running sum
// over the work-item's row (each iteration reads what the previous one stored).
__kernel void prefix_rows(__global int *a, int n)
{
    int gid = get_global_id(0);
    for (int j = 1; j < n; j++)
        a[gid * n + j] += a[gid * n + j - 1];
}
