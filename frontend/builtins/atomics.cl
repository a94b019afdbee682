// SPDX-License-Identifier: MIT
// Definitions of the OpenCL atomic functions. clang's opencl-c.h declares them and nothing
// defines them (an OpenCL runtime would link its own library), so without this file a kernel
// calling atomic_add stops at "call to 'atomic_add' is not supported". Each function here is
// one LLVM atomic instruction on a 32-bit word, which HLS maps to an atomic unit
// (hls/lower_atomic.c):
//   add sub xchg inc dec min max and or xor, fetch_*, exchange  atomicrmw volatile <op>
//   cmpxchg, compare_exchange_*                                cmpxchg volatile (+ the store
//                                                              of the old value to *expected
//                                                              when it fails)
//   load, store                                                load/store atomic volatile
//   atomic_init                                                a plain (volatile) store
// all seq_cst, in the default (system) sync scope, on the word's own address space
// (addrspace(1) __global, (3) __local, (4) generic). Memory orders and scopes are accepted and
// not passed on: the hardware performs each atomic site's operations one at a time, in order,
// which is what seq_cst asks, and a constant order keeps every call one instruction (clang
// turns a run-time order into a switch over five copies). For clang's spir target every scope
// is the system scope anyway. min/max are signed on int (min, max), unsigned on uint (umin,
// umax). Float words (atomic_xchg on float, atomic_float) are handled as their uint bits.
//
// Which overloads: clang declares the OpenCL builtins from its own tables when a name is first
// looked up (the driver adds -fdeclare-opencl-builtins), so once this file defines a name, a
// kernel's call to it sees exactly the overloads defined here. They are a subset of what
// opencl-c.h declares for the options in effect, under the same conditions (every definition
// here redeclares one of its declarations: checked by compiling with -include opencl-c.h):
//   OpenCL 1.x  atomic_{add,sub,xchg,inc,dec,cmpxchg,min,max,and,or,xor} on volatile __global
//               and __local int and uint, atomic_xchg on float too: always;
//               atom_{add,sub,xchg,inc,dec,cmpxchg} under
//               cl_khr_{global,local}_int32_base_atomics, atom_{min,max,and,or,xor} under
//               cl_khr_{global,local}_int32_extended_atomics
//   OpenCL 2.0+ atomic_init, atomic_{store,load,exchange}, atomic_compare_exchange_{strong,weak},
//               atomic_fetch_{add,sub,or,xor,and,min,max}: on atomic_int and atomic_uint, and
//               init/store/load/exchange/compare_exchange on atomic_float too;
//               the forms without an order under __opencl_c_atomic_order_seq_cst and
//               __opencl_c_atomic_scope_device, _explicit with an order under
//               __opencl_c_atomic_scope_device, _explicit with order and scope always;
//               generic pointers under __opencl_c_generic_address_space (all of OpenCL 2.0's
//               forms), __global and __local pointers from OpenCL 3.0 on, with `expected` of
//               compare_exchange in __global, __local or __private memory.
//
// Left out: 64-bit atomics (cl_khr_int64_*_atomics: atomic_long/ulong/double; the atomic units
// are 32 bits wide), atomic_flag_test_and_set/clear, atomic_work_item_fence, half and the float
// fetch operations (cl_ext_float_atomics), and the generic 1.x overloads that exist only in C++
// for OpenCL. The intptr_t/uintptr_t/size_t forms are 32-bit on spir and need nothing of their
// own: their calls resolve to the int and uint forms (same words, the operand converted). A call
// to a name defined here with other argument types is a compile error (no matching or ambiguous
// call); a call to a name not defined here stops at "call to ... is not supported".

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Watomic-alignment" // spir declares no lock-free size

#define OCLHLS_SC __ATOMIC_SEQ_CST
#define OCLHLS_SAME(x) (x)

// ---------------------------------------------------------------- OpenCL 1.x

// The functions of cl_khr_*_int32_base_atomics (and their atomic_ names) on an AS T word.
#define OCLHLS_1X_BASE(PFX, AS, T)                                                                 \
    T OCLHLS_OVL PFX##_add(volatile AS T *p, T v)                                                  \
    {                                                                                              \
        return __atomic_fetch_add(p, v, OCLHLS_SC);                                                \
    }                                                                                              \
    T OCLHLS_OVL PFX##_sub(volatile AS T *p, T v)                                                  \
    {                                                                                              \
        return __atomic_fetch_sub(p, v, OCLHLS_SC);                                                \
    }                                                                                              \
    T OCLHLS_OVL PFX##_xchg(volatile AS T *p, T v)                                                 \
    {                                                                                              \
        return __atomic_exchange_n(p, v, OCLHLS_SC);                                               \
    }                                                                                              \
    T OCLHLS_OVL PFX##_inc(volatile AS T *p)                                                       \
    {                                                                                              \
        return __atomic_fetch_add(p, (T)1, OCLHLS_SC);                                             \
    }                                                                                              \
    T OCLHLS_OVL PFX##_dec(volatile AS T *p)                                                       \
    {                                                                                              \
        return __atomic_fetch_sub(p, (T)1, OCLHLS_SC);                                             \
    }                                                                                              \
    T OCLHLS_OVL PFX##_cmpxchg(volatile AS T *p, T cmp, T v)                                       \
    {                                                                                              \
        /* cmp becomes the old value when the exchange fails, and equals it when it succeeds */    \
        __atomic_compare_exchange_n(p, &cmp, v, 0, OCLHLS_SC, OCLHLS_SC);                          \
        return cmp;                                                                                \
    }

// ... and of cl_khr_*_int32_extended_atomics. __atomic_fetch_min/max compare as T compares:
// signed for int, unsigned for uint.
#define OCLHLS_1X_EXTENDED(PFX, AS, T)                                                             \
    T OCLHLS_OVL PFX##_min(volatile AS T *p, T v)                                                  \
    {                                                                                              \
        return __atomic_fetch_min(p, v, OCLHLS_SC);                                                \
    }                                                                                              \
    T OCLHLS_OVL PFX##_max(volatile AS T *p, T v)                                                  \
    {                                                                                              \
        return __atomic_fetch_max(p, v, OCLHLS_SC);                                                \
    }                                                                                              \
    T OCLHLS_OVL PFX##_and(volatile AS T *p, T v)                                                  \
    {                                                                                              \
        return __atomic_fetch_and(p, v, OCLHLS_SC);                                                \
    }                                                                                              \
    T OCLHLS_OVL PFX##_or(volatile AS T *p, T v)                                                   \
    {                                                                                              \
        return __atomic_fetch_or(p, v, OCLHLS_SC);                                                 \
    }                                                                                              \
    T OCLHLS_OVL PFX##_xor(volatile AS T *p, T v)                                                  \
    {                                                                                              \
        return __atomic_fetch_xor(p, v, OCLHLS_SC);                                                \
    }

#define OCLHLS_1X_BOTH(PFX, AS)                                                                    \
    OCLHLS_1X_BASE(PFX, AS, int)                                                                   \
    OCLHLS_1X_BASE(PFX, AS, uint)                                                                  \
    OCLHLS_1X_EXTENDED(PFX, AS, int)                                                               \
    OCLHLS_1X_EXTENDED(PFX, AS, uint)

OCLHLS_1X_BOTH(atomic, __global)
OCLHLS_1X_BOTH(atomic, __local)

float OCLHLS_OVL atomic_xchg(volatile __global float *p, float v)
{
    return as_float(__atomic_exchange_n((volatile __global uint *)p, as_uint(v), OCLHLS_SC));
}

float OCLHLS_OVL atomic_xchg(volatile __local float *p, float v)
{
    return as_float(__atomic_exchange_n((volatile __local uint *)p, as_uint(v), OCLHLS_SC));
}

#if defined(cl_khr_global_int32_base_atomics)
OCLHLS_1X_BASE(atom, __global, int)
OCLHLS_1X_BASE(atom, __global, uint)
#endif
#if defined(cl_khr_local_int32_base_atomics)
OCLHLS_1X_BASE(atom, __local, int)
OCLHLS_1X_BASE(atom, __local, uint)
#endif
#if defined(cl_khr_global_int32_extended_atomics)
OCLHLS_1X_EXTENDED(atom, __global, int)
OCLHLS_1X_EXTENDED(atom, __global, uint)
#endif
#if defined(cl_khr_local_int32_extended_atomics)
OCLHLS_1X_EXTENDED(atom, __local, int)
OCLHLS_1X_EXTENDED(atom, __local, uint)
#endif

// ---------------------------------------------------------------- OpenCL 2.0 / 3.0

#if defined(__OPENCL_C_VERSION__) && __OPENCL_C_VERSION__ >= CL_VERSION_2_0

#define OCLHLS_ARGS(...) __VA_ARGS__

// The forms opencl-c.h declares only when the device has seq_cst order and device scope.
#if defined(__opencl_c_atomic_order_seq_cst) && defined(__opencl_c_atomic_scope_device)
#define OCLHLS_IF_SEQ_CST(...) __VA_ARGS__
#else
#define OCLHLS_IF_SEQ_CST(...)
#endif
// The _explicit forms with an order and no scope: device scope is implied.
#if defined(__opencl_c_atomic_scope_device)
#define OCLHLS_IF_DEVICE_SCOPE(...) __VA_ARGS__
#else
#define OCLHLS_IF_DEVICE_SCOPE(...)
#endif

// NAME(PARAMS), NAME_explicit(PARAMS, ORDERS) and NAME_explicit(PARAMS, ORDERS, memory_scope),
// all with the body given last. PARAMS and ORDERS are parenthesised lists.
#define OCLHLS_FORMS(RET, NAME, PARAMS, ORDERS, ...)                                               \
    OCLHLS_IF_SEQ_CST(RET OCLHLS_OVL NAME(OCLHLS_ARGS PARAMS) __VA_ARGS__)                         \
    OCLHLS_IF_DEVICE_SCOPE(RET OCLHLS_OVL NAME##_explicit(OCLHLS_ARGS PARAMS, OCLHLS_ARGS ORDERS)  \
                               __VA_ARGS__)                                                        \
    RET OCLHLS_OVL NAME##_explicit(OCLHLS_ARGS PARAMS, OCLHLS_ARGS ORDERS,                         \
                                   memory_scope oclhls_scope) __VA_ARGS__

#define OCLHLS_ORDER (memory_order oclhls_order)
#define OCLHLS_ORDERS2 (memory_order oclhls_success, memory_order oclhls_failure)

// The word behind an AS AT pointer p as a plain volatile AS W pointer (W: int, uint, or uint
// for float), which the __atomic builtins take. TO_W and FROM_W convert a T to W and back.
#define OCLHLS_WORD(AS, W, p) ((volatile AS W *)(p))

// atomic_init, store, load, exchange on AS AT (holding T).
#define OCLHLS_2X_ACCESS(AS, AT, T, W, TO_W, FROM_W)                                               \
    void OCLHLS_OVL atomic_init(volatile AS AT *p, T v)                                            \
    {                                                                                              \
        *OCLHLS_WORD(AS, W, p) = TO_W(v);                                                          \
    }                                                                                              \
    OCLHLS_FORMS(void, atomic_store, (volatile AS AT *p, T v), OCLHLS_ORDER,                      \
                 { __atomic_store_n(OCLHLS_WORD(AS, W, p), TO_W(v), OCLHLS_SC); })                 \
    OCLHLS_FORMS(T, atomic_load, (volatile AS AT *p), OCLHLS_ORDER,                               \
                 { return FROM_W(__atomic_load_n(OCLHLS_WORD(AS, W, p), OCLHLS_SC)); })            \
    OCLHLS_FORMS(T, atomic_exchange, (volatile AS AT *p, T v), OCLHLS_ORDER, {                    \
        return FROM_W(__atomic_exchange_n(OCLHLS_WORD(AS, W, p), TO_W(v), OCLHLS_SC));             \
    })

// compare_exchange_KIND with `expected` in address space EAS. Weak never fails spuriously
// here: both are one cmpxchg, which writes the old value to *expected only when it fails.
// Float words compare as their bits, as C11's compare_exchange does.
#define OCLHLS_2X_CAS(AS, AT, T, W, TO_W, EAS, KIND)                                               \
    OCLHLS_FORMS(bool, atomic_compare_exchange_##KIND,                                             \
                 (volatile AS AT *p, EAS T *expected, T desired), OCLHLS_ORDERS2, {              \
                     return __atomic_compare_exchange_n(OCLHLS_WORD(AS, W, p), (EAS W *)expected,  \
                                                        TO_W(desired), 0, OCLHLS_SC, OCLHLS_SC);   \
                 })

#define OCLHLS_2X_FETCH(AS, AT, T, OP)                                                             \
    OCLHLS_FORMS(T, atomic_fetch_##OP, (volatile AS AT *p, T v), OCLHLS_ORDER,                    \
                 { return __atomic_fetch_##OP(OCLHLS_WORD(AS, T, p), v, OCLHLS_SC); })

#define OCLHLS_2X_FETCH_ALL(AS, AT, T)                                                             \
    OCLHLS_2X_FETCH(AS, AT, T, add)                                                                \
    OCLHLS_2X_FETCH(AS, AT, T, sub)                                                                \
    OCLHLS_2X_FETCH(AS, AT, T, or)                                                                 \
    OCLHLS_2X_FETCH(AS, AT, T, xor)                                                                \
    OCLHLS_2X_FETCH(AS, AT, T, and)                                                                \
    OCLHLS_2X_FETCH(AS, AT, T, min)                                                                \
    OCLHLS_2X_FETCH(AS, AT, T, max)

// Everything on the three word types in address space AS, `expected` in EAS.
#define OCLHLS_2X_CAS_ALL(AS, EAS)                                                                 \
    OCLHLS_2X_CAS(AS, atomic_int, int, int, OCLHLS_SAME, EAS, strong)                              \
    OCLHLS_2X_CAS(AS, atomic_int, int, int, OCLHLS_SAME, EAS, weak)                                \
    OCLHLS_2X_CAS(AS, atomic_uint, uint, uint, OCLHLS_SAME, EAS, strong)                           \
    OCLHLS_2X_CAS(AS, atomic_uint, uint, uint, OCLHLS_SAME, EAS, weak)                             \
    OCLHLS_2X_CAS(AS, atomic_float, float, uint, as_uint, EAS, strong)                             \
    OCLHLS_2X_CAS(AS, atomic_float, float, uint, as_uint, EAS, weak)

#define OCLHLS_2X_ALL(AS)                                                                          \
    OCLHLS_2X_ACCESS(AS, atomic_int, int, int, OCLHLS_SAME, OCLHLS_SAME)                           \
    OCLHLS_2X_ACCESS(AS, atomic_uint, uint, uint, OCLHLS_SAME, OCLHLS_SAME)                        \
    OCLHLS_2X_ACCESS(AS, atomic_float, float, uint, as_uint, as_float)                             \
    OCLHLS_2X_FETCH_ALL(AS, atomic_int, int)                                                       \
    OCLHLS_2X_FETCH_ALL(AS, atomic_uint, uint)

#if defined(__opencl_c_generic_address_space)
// Generic pointers (and a generic `expected`): after inlining, the atomic instruction is on
// addrspace(4), through an addrspacecast of the caller's pointer.
OCLHLS_2X_ALL()
OCLHLS_2X_CAS_ALL(, )
#endif

#if __OPENCL_C_VERSION__ >= CL_VERSION_3_0
OCLHLS_2X_ALL(__global)
OCLHLS_2X_ALL(__local)
OCLHLS_2X_CAS_ALL(__global, __global)
OCLHLS_2X_CAS_ALL(__global, __local)
OCLHLS_2X_CAS_ALL(__global, __private)
OCLHLS_2X_CAS_ALL(__local, __global)
OCLHLS_2X_CAS_ALL(__local, __local)
OCLHLS_2X_CAS_ALL(__local, __private)
#endif

#endif // OpenCL 2.0 and later

#pragma clang diagnostic pop
