// SPDX-License-Identifier: MIT
// The OpenCL C work-group functions (OpenCL C 3.0, "Work-group Collective Functions") and
// async_work_group_copy, written with __local memory and barriers so that the hardware
// needs nothing new for them; and prefetch.
//
// A work-group function needs a __local scratch array of one word per work-item, which a
// function other than a kernel cannot declare. __oclhls_wg_scratch32/64 stand for it: the
// frontend (work_group_scratch.c) replaces their calls by a hidden __local array of the
// kernel, and HLS gives that array one word per work-item of the largest work-group the
// kernel's hardware holds. Every function ends with a barrier, so the next call may reuse
// the scratch at once.
//
// Types: int, uint, long, ulong and float (a float scratch is the 32-bit one, viewed as float).

local uint *__oclhls_wg_scratch32(void);
local ulong *__oclhls_wg_scratch64(void);

// get_local_linear_id is OpenCL 2.0: spelt out for 1.2 kernels too.
#define OCLHLS_WG_ID()                                                                          \
    ((uint)(get_local_id(0) +                                                                  \
            get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2))))
#define OCLHLS_WG_SIZE() ((uint)(get_local_size(0) * get_local_size(1) * get_local_size(2)))
#define OCLHLS_LOCAL_FENCE() barrier(CLK_LOCAL_MEM_FENCE)

#define OCLHLS_OP_add(T, a, b) ((a) + (b))
#define OCLHLS_OP_min(T, a, b) ((T)(a) < (T)(b) ? (a) : (b))
#define OCLHLS_OP_max(T, a, b) ((T)(a) > (T)(b) ? (a) : (b))

// Identity of each operation in T: what an exclusive scan gives work-item 0.
#define OCLHLS_ID_add(T, LO, HI) ((T)0)
#define OCLHLS_ID_min(T, LO, HI) (HI)
#define OCLHLS_ID_max(T, LO, HI) (LO)

// Tree reduction over s[0..n): at each step the lower half takes in the upper half.
#define OCLHLS_WG_REDUCE(T, W, SCRATCH, OP)                                                    \
    T OCLHLS_OVL work_group_reduce_##OP(T x)                               \
    {                                                                                          \
        local W *s = (local W *)SCRATCH();                                                     \
        uint l = OCLHLS_WG_ID(), n = OCLHLS_WG_SIZE();                                         \
        uint step = n <= 1 ? 0 : 1u << (31 - __builtin_clz(n - 1));                            \
        s[l] = (W)x;                                                                           \
        OCLHLS_LOCAL_FENCE();                                                                  \
        for (; step > 0; step >>= 1) {                                                         \
            if (l < step && l + step < n)                                                      \
                s[l] = OCLHLS_OP_##OP(T, s[l], s[l + step]);                                   \
            OCLHLS_LOCAL_FENCE();                                                              \
        }                                                                                      \
        T r = (T)s[0];                                                                         \
        OCLHLS_LOCAL_FENCE();                                                                  \
        return r;                                                                              \
    }

// Inclusive prefix: every work-item leaves its value in the scratch, and the first one
// combines them in order in a pipelined loop while the others wait at the barrier. A
// work-group's items pass each pipeline stage one per cycle, so each of the log2(n) rounds
// of a parallel prefix costs a pass of all n items and two barriers; this loop is one pass
// of n iterations between 2 barriers, about 4x faster for groups of 256 (bench.local).
#define OCLHLS_WG_PREFIX(T, W, SCRATCH, OP, l, n)                                              \
    local W *s = (local W *)SCRATCH();                                                         \
    uint l = OCLHLS_WG_ID(), n = OCLHLS_WG_SIZE();                                             \
    s[l] = (W)x;                                                                               \
    OCLHLS_LOCAL_FENCE();                                                                      \
    if (l == 0) {                                                                              \
        T acc = x;                                                                             \
        for (uint i = 1; i < n; i++) {                                                         \
            acc = OCLHLS_OP_##OP(T, acc, (T)s[i]);                                             \
            s[i] = (W)acc;                                                                     \
        }                                                                                      \
    }                                                                                          \
    OCLHLS_LOCAL_FENCE();

#define OCLHLS_WG_SCANS(T, W, SCRATCH, OP, LO, HI)                                             \
    T OCLHLS_OVL work_group_scan_inclusive_##OP(T x)                       \
    {                                                                                          \
        OCLHLS_WG_PREFIX(T, W, SCRATCH, OP, l, n)                                              \
        T r = (T)s[l];                                                                         \
        OCLHLS_LOCAL_FENCE();                                                                  \
        return r;                                                                              \
    }                                                                                          \
    T OCLHLS_OVL work_group_scan_exclusive_##OP(T x)                       \
    {                                                                                          \
        OCLHLS_WG_PREFIX(T, W, SCRATCH, OP, l, n)                                              \
        T r = l == 0 ? OCLHLS_ID_##OP(T, LO, HI) : (T)s[l - 1];                                \
        OCLHLS_LOCAL_FENCE();                                                                  \
        return r;                                                                              \
    }

// One work-item's value to all: the scratch's first word carries it.
#define OCLHLS_WG_BROADCAST(T, W, SCRATCH)                                                     \
    T OCLHLS_OVL __oclhls_broadcast_##T(T a, uint from)                                         \
    {                                                                                          \
        local W *s = (local W *)SCRATCH();                                                     \
        if (OCLHLS_WG_ID() == from)                                                            \
            s[0] = (W)a;                                                                       \
        OCLHLS_LOCAL_FENCE();                                                                  \
        T r = (T)s[0];                                                                         \
        OCLHLS_LOCAL_FENCE();                                                                  \
        return r;                                                                              \
    }                                                                                          \
    T OCLHLS_OVL work_group_broadcast(T a, size_t x)                        \
    {                                                                                          \
        return __oclhls_broadcast_##T(a, (uint)x);                                             \
    }                                                                                          \
    T OCLHLS_OVL work_group_broadcast(T a, size_t x, size_t y)              \
    {                                                                                          \
        return __oclhls_broadcast_##T(a, (uint)(x + y * get_local_size(0)));                   \
    }                                                                                          \
    T OCLHLS_OVL work_group_broadcast(T a, size_t x, size_t y, size_t z)    \
    {                                                                                          \
        return __oclhls_broadcast_##T(                                                         \
            a, (uint)(x + (y + z * get_local_size(1)) * get_local_size(0)));                   \
    }

#define OCLHLS_WG_TYPE(T, W, SCRATCH, LO, HI)                                                  \
    OCLHLS_WG_REDUCE(T, W, SCRATCH, add)                                                       \
    OCLHLS_WG_REDUCE(T, W, SCRATCH, min)                                                       \
    OCLHLS_WG_REDUCE(T, W, SCRATCH, max)                                                       \
    OCLHLS_WG_SCANS(T, W, SCRATCH, add, LO, HI)                                                \
    OCLHLS_WG_SCANS(T, W, SCRATCH, min, LO, HI)                                                \
    OCLHLS_WG_SCANS(T, W, SCRATCH, max, LO, HI)                                                \
    OCLHLS_WG_BROADCAST(T, W, SCRATCH)

#ifdef __opencl_c_work_group_collective_functions
OCLHLS_WG_TYPE(int, uint, __oclhls_wg_scratch32, INT_MIN, INT_MAX)
OCLHLS_WG_TYPE(uint, uint, __oclhls_wg_scratch32, 0u, UINT_MAX)
OCLHLS_WG_TYPE(long, ulong, __oclhls_wg_scratch64, LONG_MIN, LONG_MAX)
OCLHLS_WG_TYPE(ulong, ulong, __oclhls_wg_scratch64, 0ul, ULONG_MAX)
OCLHLS_WG_TYPE(float, float, __oclhls_wg_scratch32, -INFINITY, INFINITY)

// any/all: a reduction of "predicate is non-zero" with or / and.
int OCLHLS_OVL work_group_any(int predicate)
{
    return work_group_reduce_max((uint)(predicate != 0)) != 0;
}

int OCLHLS_OVL work_group_all(int predicate)
{
    return work_group_reduce_min((uint)(predicate != 0)) != 0;
}
#endif

// async_work_group_copy: the work-items copy in turn (a strided loop each), synchronously;
// the event is only a token, and wait_group_events is the barrier that makes the copy
// visible to the whole work-group (and lets the source be overwritten afterwards).
#define OCLHLS_ASYNC_COPY(T)                                                                   \
    event_t OCLHLS_OVL                                                      \
        async_work_group_copy(local T *dst, const global T *src, size_t n, event_t e)          \
    {                                                                                          \
        for (size_t i = OCLHLS_WG_ID(); i < n; i += OCLHLS_WG_SIZE())                          \
            dst[i] = src[i];                                                                   \
        return e;                                                                              \
    }                                                                                          \
    event_t OCLHLS_OVL                                                      \
        async_work_group_copy(global T *dst, const local T *src, size_t n, event_t e)          \
    {                                                                                          \
        for (size_t i = OCLHLS_WG_ID(); i < n; i += OCLHLS_WG_SIZE())                          \
            dst[i] = src[i];                                                                   \
        return e;                                                                              \
    }                                                                                          \
    event_t OCLHLS_OVL async_work_group_strided_copy(                       \
        local T *dst, const global T *src, size_t n, size_t stride, event_t e)                 \
    {                                                                                          \
        for (size_t i = OCLHLS_WG_ID(); i < n; i += OCLHLS_WG_SIZE())                          \
            dst[i] = src[i * stride];                                                          \
        return e;                                                                              \
    }                                                                                          \
    event_t OCLHLS_OVL async_work_group_strided_copy(                       \
        global T *dst, const local T *src, size_t n, size_t stride, event_t e)                 \
    {                                                                                          \
        for (size_t i = OCLHLS_WG_ID(); i < n; i += OCLHLS_WG_SIZE())                          \
            dst[i * stride] = src[i];                                                          \
        return e;                                                                              \
    }

// Every gentype of the spec (OpenCL C 6.15.11): the scalars and their vectors.
#define OCLHLS_ASYNC_COPY_N(T)                                                                 \
    OCLHLS_ASYNC_COPY(T) OCLHLS_ASYNC_COPY(T##2) OCLHLS_ASYNC_COPY(T##3)                       \
    OCLHLS_ASYNC_COPY(T##4) OCLHLS_ASYNC_COPY(T##8) OCLHLS_ASYNC_COPY(T##16)

OCLHLS_ASYNC_COPY_N(float)
OCLHLS_ASYNC_COPY_N(char)
OCLHLS_ASYNC_COPY_N(uchar)
OCLHLS_ASYNC_COPY_N(short)
OCLHLS_ASYNC_COPY_N(ushort)
OCLHLS_ASYNC_COPY_N(int)
OCLHLS_ASYNC_COPY_N(uint)
OCLHLS_ASYNC_COPY_N(long)
OCLHLS_ASYNC_COPY_N(ulong)

void OCLHLS_OVL wait_group_events(int num_events, event_t *event_list)
{
    (void)num_events;
    (void)event_list;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

// prefetch: a hint with no effect on results. A load unit reads a memory line when a load
// asks for it and keeps only its latest line, so a line fetched ahead would have nowhere to
// wait: nothing to do.
#define OCLHLS_PREFETCH_N(T) void OCLHLS_OVL prefetch(const global T *p, size_t n) {}
#define OCLHLS_PREFETCH(T)                                                                     \
    OCLHLS_PREFETCH_N(T) OCLHLS_PREFETCH_N(T##2) OCLHLS_PREFETCH_N(T##3)                       \
    OCLHLS_PREFETCH_N(T##4) OCLHLS_PREFETCH_N(T##8) OCLHLS_PREFETCH_N(T##16)

OCLHLS_PREFETCH(char)
OCLHLS_PREFETCH(uchar)
OCLHLS_PREFETCH(short)
OCLHLS_PREFETCH(ushort)
OCLHLS_PREFETCH(int)
OCLHLS_PREFETCH(uint)
OCLHLS_PREFETCH(long)
OCLHLS_PREFETCH(ulong)
OCLHLS_PREFETCH(float)
