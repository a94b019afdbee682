// SPDX-License-Identifier: MIT
// Atomic call sites that may touch the same words share one unit (rtl-lib/ocl_atomic_share.v)
// and stay atomic with each other: test_atomics_shared.c hammers one word from several sites.

// Three sites on one counter in different branches, and one on another word of the buffer.
__kernel void hammer(__global int *c, __global const int *sel)
{
    int g = get_global_id(0);
    int s = sel[g];
    if (s == 0)
        atomic_add(&c[0], 3);
    else if (s == 1)
        atomic_dec(&c[0]);
    else
        atomic_sub(&c[0], 2);
    atomic_max(&c[1], g);
}

// Two sites on buffers that may be the same one (no restrict): the host passes one buffer
// for both, then two.
__kernel void two_buffers(__global int *hits, __global int *sums, __global const int *x)
{
    int v = x[get_global_id(0)];
    atomic_inc(hits);
    atomic_add(sums, v);
}

// Tickets from one site and a flag from another, on one word: the incrementing work-items
// must get different tickets 0 .. n-1 (an OR that did not see them would lose some).
__kernel void tickets(volatile __global uint *counter, __global uint *ticket,
                      __global const int *sel)
{
    int g = get_global_id(0);
    if (sel[g] & 1)
        ticket[g] = atomic_inc(counter);
    else
        ticket[g] = atomic_or(counter, 0x80000000u);
}

// One work-item's three atomics on one word, from three sites of one shared unit: each must
// see the work-item's earlier ones (program order), so a < b < c, and with an OR-only site
// on the word as well, every value of the count is handed out once.
__kernel void in_order(volatile __global uint *counter, __global uint4 *seen)
{
    uint a = atomic_inc(counter);
    uint b = atomic_add(counter, 2u);
    uint c = atomic_inc(counter);
    uint d = atomic_or(counter, 0u);
    seen[get_global_id(0)] = (uint4)(a, b, c, d);
}

// The float atomic add real code writes: a load and a compare-and-swap until it holds.
__kernel void float_sum(__global float *sum, __global const float *v)
{
    union {
        float f;
        uint u;
    } o, n;
    volatile __global uint *p = (volatile __global uint *)sum;
    do {
        o.f = *sum;
        n.f = o.f + v[get_global_id(0)];
    } while (atomic_cmpxchg(p, o.u, n.u) != o.u);
}

// The book's image histogram: three atomic_inc on one __local array per pixel (R, G, B bins),
// then every work-group merges its bins into the global histogram.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void histogram_rgb(__global const uchar4 *pixels, __global uint *hist, int n)
{
    __local uint bins[3 * 16];
    int l = get_local_id(0), g = get_global_id(0);
    if (l < 3 * 16)
        bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (g < n) {
        uchar4 p = pixels[g];
        atomic_inc(&bins[p.x >> 4]);
        atomic_inc(&bins[16 + (p.y >> 4)]);
        atomic_inc(&bins[32 + (p.z >> 4)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 3 * 16)
        atomic_add(&hist[l], bins[l]);
}

// The last work-group to finish sums every group's partial result (the "threadfence
// reduction"): each group's partial is stored, fenced, then counted with atomic_inc; the
// group that counts last must read every other group's partial, not a stale word.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void last_group_sum(__global const int *in, __global int *partial, volatile __global uint *count,
                    __global int *out)
{
    __local int s[64];
    __local int last;
    int l = get_local_id(0), g = get_group_id(0), ng = get_num_groups(0);
    s[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 32; k > 0; k >>= 1) {
        if (l < k)
            s[l] += s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        partial[g] = s[0];
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        last = atomic_inc(count) == ng - 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (last && l == 0) {
        int t = 0;
        for (int i = 0; i < ng; i++)
            t += partial[i];
        out[0] = t;
    }
}

// Several atomic sites on one __local word or array, each reading and writing in its own
// pipeline stages: every site must see the words the others wrote (none lost), and the
// tickets two sites hand out from one counter must all differ.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void local_contend(__global const uchar4 *px, __global int *sums, __global uint *tickets,
                   __global uint *hist)
{
    __local int c;
    __local uint d;
    __local uint bins[16];
    int l = get_local_id(0), g = get_group_id(0);
    if (l == 0) {
        c = 0;
        d = 0;
    }
    if (l < 16)
        bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l & 1)
        atomic_add(&c, 3);
    else
        atomic_sub(&c, 1);
    uint t0 = atomic_inc(&d);
    uint t1 = atomic_inc(&d);
    tickets[2 * get_global_id(0)] = t0;
    tickets[2 * get_global_id(0) + 1] = t1;
    uchar4 p = px[get_global_id(0)];
    atomic_inc(&bins[p.x >> 4]);
    atomic_inc(&bins[p.y >> 4]);
    atomic_inc(&bins[p.z >> 4]);
    atomic_inc(&bins[p.w >> 4]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        sums[g] = c;
    if (l < 16)
        hist[16 * g + l] = bins[l];
}

// The compare-and-swap retry loop on a __local float, beside an atomic_xchg on the same array.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void local_float_sum(__global const float *v, __global float *out, __global uint *last)
{
    __local float s[2];
    int l = get_local_id(0);
    if (l == 0) {
        s[0] = 0.0f;
        s[1] = 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    volatile __local uint *p = (volatile __local uint *)&s[0];
    union { float f; uint u; } o, n;
    do {
        o.f = s[0];
        n.f = o.f + v[get_global_id(0)];
    } while (atomic_cmpxchg(p, o.u, n.u) != o.u);
    atomic_xchg((volatile __local uint *)&s[1], (uint)l);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        out[get_group_id(0)] = s[0];
        last[get_group_id(0)] = as_uint(s[1]);
    }
}

// atomic_xchg on float words, __global and __local: the old values handed back and the last
// word hold every value exactly once (none lost, none doubled).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void float_xchg(volatile __global float *g, __global float *old_g, __global float *old_l,
                __global float *last_l)
{
    __local float lf;
    int i = get_global_id(0), l = get_local_id(0);
    if (l == 0)
        lf = -1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    old_g[i] = atomic_xchg(g, (float)i + 0.5f);
    old_l[i] = atomic_xchg(&lf, (float)l + 0.25f);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        last_l[get_group_id(0)] = lf;
}
