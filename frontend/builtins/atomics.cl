// SPDX-License-Identifier: MIT
// Definitions of the OpenCL atomic functions that clang's opencl-c.h only declares. Each
// becomes one LLVM atomic instruction (atomicrmw, cmpxchg, atomic load or store) on a
// __global or __local 32-bit word, which HLS maps to an atomic unit (hls/lower/lower_atomic.c).
//
// Covered: the OpenCL 1.x atomic_* functions and the cl_khr_*_int32_* atom_* names on int
// and uint, atomic_xchg on float; the OpenCL 2.0/3.0 atomic_init/store/load/exchange/
// compare_exchange_{strong,weak}/fetch_{add,sub,or,xor,and,min,max} with and without
// _explicit, on atomic_int and atomic_uint through __global and __local pointers, and
// atomic_work_item_fence.
// Memory orders and scopes are accepted and not needed: the hardware performs each atomic
// site's operations one at a time, in order (sequentially consistent).
// Left out: 64-bit atomics, atomic_flag, float fetch operations, and pointers in the
// generic address space (a kernel that calls those gets "call to ... is not supported").

#pragma clang diagnostic ignored "-Watomic-alignment" // no lock-free limit for spir

#define OCLHLS_SC __ATOMIC_SEQ_CST

// ---------------------------------------------------------------- OpenCL 1.x

#define OCLHLS_ATOMIC_1X(PFX, AS, T)                                                          \
    T OCLHLS_OVL PFX##_add(volatile AS T *p, T v) { return __atomic_fetch_add(p, v, OCLHLS_SC); } \
    T OCLHLS_OVL PFX##_sub(volatile AS T *p, T v) { return __atomic_fetch_sub(p, v, OCLHLS_SC); } \
    T OCLHLS_OVL PFX##_xchg(volatile AS T *p, T v)                                             \
    {                                                                                          \
        return __atomic_exchange_n(p, v, OCLHLS_SC);                                           \
    }                                                                                          \
    T OCLHLS_OVL PFX##_inc(volatile AS T *p) { return __atomic_fetch_add(p, (T)1, OCLHLS_SC); } \
    T OCLHLS_OVL PFX##_dec(volatile AS T *p) { return __atomic_fetch_sub(p, (T)1, OCLHLS_SC); } \
    T OCLHLS_OVL PFX##_cmpxchg(volatile AS T *p, T cmp, T v)                                   \
    {                                                                                          \
        __atomic_compare_exchange_n(p, &cmp, v, 0, OCLHLS_SC, OCLHLS_SC);                      \
        return cmp; /* the old value either way */                                            \
    }                                                                                          \
    T OCLHLS_OVL PFX##_min(volatile AS T *p, T v) { return __atomic_fetch_min(p, v, OCLHLS_SC); } \
    T OCLHLS_OVL PFX##_max(volatile AS T *p, T v) { return __atomic_fetch_max(p, v, OCLHLS_SC); } \
    T OCLHLS_OVL PFX##_and(volatile AS T *p, T v) { return __atomic_fetch_and(p, v, OCLHLS_SC); } \
    T OCLHLS_OVL PFX##_or(volatile AS T *p, T v) { return __atomic_fetch_or(p, v, OCLHLS_SC); }   \
    T OCLHLS_OVL PFX##_xor(volatile AS T *p, T v) { return __atomic_fetch_xor(p, v, OCLHLS_SC); }

OCLHLS_ATOMIC_1X(atomic, __global, int)
OCLHLS_ATOMIC_1X(atomic, __global, uint)
OCLHLS_ATOMIC_1X(atomic, __local, int)
OCLHLS_ATOMIC_1X(atomic, __local, uint)
OCLHLS_ATOMIC_1X(atom, __global, int)
OCLHLS_ATOMIC_1X(atom, __global, uint)
OCLHLS_ATOMIC_1X(atom, __local, int)
OCLHLS_ATOMIC_1X(atom, __local, uint)

float OCLHLS_OVL atomic_xchg(volatile __global float *p, float v)
{
    return as_float(__atomic_exchange_n((volatile __global uint *)p, as_uint(v), OCLHLS_SC));
}

float OCLHLS_OVL atomic_xchg(volatile __local float *p, float v)
{
    return as_float(__atomic_exchange_n((volatile __local uint *)p, as_uint(v), OCLHLS_SC));
}

// ---------------------------------------------------------------- OpenCL 2.0 / 3.0

#if __OPENCL_C_VERSION__ >= 300

// The operations on AS AT (atomic_int or atomic_uint, holding a T), through a plain
// pointer Q to the same word so that the __atomic builtins apply.
#define OCLHLS_Q(AS, T, p) ((volatile AS T *)(p))

#define OCLHLS_FETCH(AS, AT, T, OP)                                                            \
    T OCLHLS_OVL atomic_fetch_##OP(volatile AS AT *p, T v)                                     \
    {                                                                                          \
        return __atomic_fetch_##OP(OCLHLS_Q(AS, T, p), v, OCLHLS_SC);                          \
    }                                                                                          \
    T OCLHLS_OVL atomic_fetch_##OP##_explicit(volatile AS AT *p, T v, memory_order o)          \
    {                                                                                          \
        (void)o;                                                                               \
        return __atomic_fetch_##OP(OCLHLS_Q(AS, T, p), v, OCLHLS_SC);                          \
    }                                                                                          \
    T OCLHLS_OVL atomic_fetch_##OP##_explicit(volatile AS AT *p, T v, memory_order o,          \
                                              memory_scope s)                                  \
    {                                                                                          \
        (void)o;                                                                               \
        (void)s;                                                                               \
        return __atomic_fetch_##OP(OCLHLS_Q(AS, T, p), v, OCLHLS_SC);                          \
    }

// compare_exchange with `expected` in address space EAS; weak never fails spuriously here.
#define OCLHLS_CAS(AS, AT, T, EAS, KIND)                                                       \
    bool OCLHLS_OVL atomic_compare_exchange_##KIND(volatile AS AT *p, EAS T *expected, T v)    \
    {                                                                                          \
        T e = *expected;                                                                       \
        bool ok = __atomic_compare_exchange_n(OCLHLS_Q(AS, T, p), &e, v, 0, OCLHLS_SC,         \
                                              OCLHLS_SC);                                      \
        *expected = e;                                                                         \
        return ok;                                                                             \
    }                                                                                          \
    bool OCLHLS_OVL atomic_compare_exchange_##KIND##_explicit(                                 \
        volatile AS AT *p, EAS T *expected, T v, memory_order so, memory_order fo)             \
    {                                                                                          \
        (void)so;                                                                              \
        (void)fo;                                                                              \
        return atomic_compare_exchange_##KIND(p, expected, v);                                 \
    }                                                                                          \
    bool OCLHLS_OVL atomic_compare_exchange_##KIND##_explicit(                                 \
        volatile AS AT *p, EAS T *expected, T v, memory_order so, memory_order fo,             \
        memory_scope s)                                                                        \
    {                                                                                          \
        (void)so;                                                                              \
        (void)fo;                                                                              \
        (void)s;                                                                               \
        return atomic_compare_exchange_##KIND(p, expected, v);                                 \
    }

#define OCLHLS_ATOMIC_2X(AS, AT, T)                                                            \
    void OCLHLS_OVL atomic_init(volatile AS AT *p, T v) { *OCLHLS_Q(AS, T, p) = v; }          \
    void OCLHLS_OVL atomic_store(volatile AS AT *p, T v)                                       \
    {                                                                                          \
        __atomic_store_n(OCLHLS_Q(AS, T, p), v, OCLHLS_SC);                                    \
    }                                                                                          \
    void OCLHLS_OVL atomic_store_explicit(volatile AS AT *p, T v, memory_order o)              \
    {                                                                                          \
        (void)o;                                                                               \
        atomic_store(p, v);                                                                    \
    }                                                                                          \
    void OCLHLS_OVL atomic_store_explicit(volatile AS AT *p, T v, memory_order o,              \
                                          memory_scope s)                                      \
    {                                                                                          \
        (void)o;                                                                               \
        (void)s;                                                                               \
        atomic_store(p, v);                                                                    \
    }                                                                                          \
    T OCLHLS_OVL atomic_load(volatile AS AT *p)                                                \
    {                                                                                          \
        return __atomic_load_n(OCLHLS_Q(AS, T, p), OCLHLS_SC);                                 \
    }                                                                                          \
    T OCLHLS_OVL atomic_load_explicit(volatile AS AT *p, memory_order o)                       \
    {                                                                                          \
        (void)o;                                                                               \
        return atomic_load(p);                                                                 \
    }                                                                                          \
    T OCLHLS_OVL atomic_load_explicit(volatile AS AT *p, memory_order o, memory_scope s)       \
    {                                                                                          \
        (void)o;                                                                               \
        (void)s;                                                                               \
        return atomic_load(p);                                                                 \
    }                                                                                          \
    T OCLHLS_OVL atomic_exchange(volatile AS AT *p, T v)                                       \
    {                                                                                          \
        return __atomic_exchange_n(OCLHLS_Q(AS, T, p), v, OCLHLS_SC);                          \
    }                                                                                          \
    T OCLHLS_OVL atomic_exchange_explicit(volatile AS AT *p, T v, memory_order o)              \
    {                                                                                          \
        (void)o;                                                                               \
        return atomic_exchange(p, v);                                                          \
    }                                                                                          \
    T OCLHLS_OVL atomic_exchange_explicit(volatile AS AT *p, T v, memory_order o,              \
                                          memory_scope s)                                      \
    {                                                                                          \
        (void)o;                                                                               \
        (void)s;                                                                               \
        return atomic_exchange(p, v);                                                          \
    }                                                                                          \
    OCLHLS_FETCH(AS, AT, T, add)                                                               \
    OCLHLS_FETCH(AS, AT, T, sub)                                                               \
    OCLHLS_FETCH(AS, AT, T, or)                                                                \
    OCLHLS_FETCH(AS, AT, T, xor)                                                               \
    OCLHLS_FETCH(AS, AT, T, and)                                                               \
    OCLHLS_FETCH(AS, AT, T, min)                                                               \
    OCLHLS_FETCH(AS, AT, T, max)                                                               \
    OCLHLS_CAS(AS, AT, T, __global, strong)                                                    \
    OCLHLS_CAS(AS, AT, T, __local, strong)                                                     \
    OCLHLS_CAS(AS, AT, T, __private, strong)                                                   \
    OCLHLS_CAS(AS, AT, T, __global, weak)                                                      \
    OCLHLS_CAS(AS, AT, T, __local, weak)                                                       \
    OCLHLS_CAS(AS, AT, T, __private, weak)

OCLHLS_ATOMIC_2X(__global, atomic_int, int)
OCLHLS_ATOMIC_2X(__global, atomic_uint, uint)
OCLHLS_ATOMIC_2X(__local, atomic_int, int)
OCLHLS_ATOMIC_2X(__local, atomic_uint, uint)

// A fence of any order but relaxed (which orders nothing) is mem_fence on the same flags
// (hls/lower/lower_call.c); its scope changes nothing, as for the operations above.
void OCLHLS_OVL atomic_work_item_fence(cl_mem_fence_flags flags, memory_order order,
                                       memory_scope scope)
{
    if (order != memory_order_relaxed)
        mem_fence(flags);
}

#endif
