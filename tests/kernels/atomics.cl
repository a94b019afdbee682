// SPDX-License-Identifier: MIT
// Atomic operations on __global and __local 32-bit words (test_atomics.c checks each
// against C). Every atomic call site is its own unit, so the kernels with several sites
// keep them on words that are provably apart (constant offsets) or in separate buffers.

// Every work-item increments one of 16 bins: many work-items hit one word back to back.
kernel void histogram16(global const uint *in, global uint *hist)
{
    size_t i = get_global_id(0);
    atomic_inc(&hist[in[i] & 15]);
}

// Each work-item takes a ticket; `out` is not restrict, so its store waits for the atomic.
kernel void tickets(global uint *counter, global uint *out)
{
    out[get_global_id(0)] = atomic_inc(counter);
}

// Every 1.x operation folds all inputs into its own word.
kernel void fold_all(global const int *restrict in, global int *restrict s,
                       global uint *restrict u)
{
    int v = in[get_global_id(0)];
    atomic_add(&s[0], v);
    atomic_sub(&s[1], v);
    atomic_min(&s[2], v);
    atomic_max(&s[3], v);
    atomic_and(&s[4], v | 0x10000);
    atomic_or(&s[5], v & 0x7ff);
    atomic_xor(&s[6], v);
    atomic_dec(&s[7]);
    atom_add(&u[0], (uint)v & 0xff);
    atomic_min(&u[1], (uint)v);
    atomic_max(&u[2], (uint)v);
}

// The first work-item to reach owner[g % 8] claims it; old values say who lost.
kernel void claim(global int *owner, global int *restrict seen)
{
    int g = (int)get_global_id(0);
    seen[g] = atomic_cmpxchg(&owner[g % 8], -1, g);
}

// A chain of exchanges: every work-item gets the id its predecessor left.
kernel void pass_on(global int *last, global int *restrict got)
{
    int g = (int)get_global_id(0);
    got[g] = atomic_xchg(last, g);
}

// OpenCL 2.0 forms: explicit orders and scopes, compare-exchange with an `expected` in
// private memory, atomic loads and stores.
kernel void fetch_explicit(volatile global atomic_int *restrict sums,
                           volatile global atomic_int *restrict flags, global int *restrict out)
{
    int g = (int)get_global_id(0);
    atomic_fetch_add_explicit(&sums[g & 3], g, memory_order_relaxed, memory_scope_device);
    int expected = 0;
    int won = atomic_compare_exchange_strong(&flags[g & 7], &expected, g + 1);
    out[g] = won ? -1 : expected;
}

kernel void load_store(volatile global atomic_int *a, volatile global atomic_int *restrict b,
                       global int *restrict out)
{
    int g = (int)get_global_id(0);
    out[g] = atomic_load(&a[g]);
    // Fences change nothing here: a release, a relaxed one (no effect) and one whose order
    // is known at run time only.
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_relaxed, memory_scope_work_group);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE,
                           g & 1 ? memory_order_acq_rel : memory_order_relaxed,
                           memory_scope_device);
    atomic_store_explicit(&b[g], g * 3, memory_order_release, memory_scope_device);
}

// A single work-item loop: the atomic site is reused every iteration.
kernel void histogram_task(global const uint *restrict in, global uint *restrict hist, int n)
{
    for (int i = 0; i < n; i++)
        atomic_inc(&hist[in[i] & 7]);
}

// 256 bins in __local memory per work-group of 64, then merged into the global histogram.
kernel void histogram256(global const uint *restrict in, global uint *restrict hist,
                         int per_item)
{
    local uint bins[256];
    int l = (int)get_local_id(0);
    for (int b = l; b < 256; b += 64)
        bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int base = (int)get_group_id(0) * 64 * per_item;
    for (int i = 0; i < per_item; i++)
        atomic_inc(&bins[in[base + i * 64 + l] & 255]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = l; b < 256; b += 64)
        atomic_add(&hist[b], bins[b]);
}

// Every operation on __local words, then one work-item writes them out.
kernel void local_ops(global const int *restrict in, global int *restrict out)
{
    local int w[12];
    int l = (int)get_local_id(0);
    if (l < 12)
        w[l] = l == 2 ? 0x7fffffff : l == 3 ? (int)0x80000000 : l == 4 ? -1 : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[get_global_id(0)];
    atomic_add(&w[0], v);
    atomic_sub(&w[1], v);
    atomic_min(&w[2], v);
    atomic_max(&w[3], v);
    atomic_and(&w[4], v | 0x100);
    atomic_or(&w[5], v & 0xff0);
    atomic_xor(&w[6], v);
    atomic_inc(&w[7]);
    atomic_dec(&w[8]);
    atomic_xchg(&w[9], l);
    atomic_cmpxchg(&w[10], l, l + 1); // advances only when work-items arrive in order
    atomic_max((local uint *)&w[11], (uint)v);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 12)
        out[get_group_id(0) * 12 + l] = w[l];
}

// Counting, then a global fence: work-item 0 of each group sees at least its own group's
// increments (and those of the groups before it) in memory.
kernel void fence_count(global uint *restrict counter, global uint *restrict seen)
{
    atomic_inc(counter);
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        seen[get_group_id(0)] = *counter;
}
