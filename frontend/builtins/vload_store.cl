// SPDX-License-Identifier: MIT
// vload<n> and vstore<n> (OpenCL C 3.0, "Vector Data Load and Store Functions") for the
// integer element types and float, n = 2, 3, 4, 8, 16, through __global, __local, __constant (loads)
// and __private pointers. They need only the element's alignment, so they read and write
// element by element: HLS sees n scalar accesses at consecutive addresses.
// The half forms (vload_half, vstore_half) convert, so they are in convert_float.cl.


// The n elements from p[b] on, read as a vector literal's list, or written from d.
#define OCLHLS_READ2(p, b) p[b + 0], p[b + 1]
#define OCLHLS_READ3(p, b) p[b + 0], p[b + 1], p[b + 2]
#define OCLHLS_READ4(p, b) p[b + 0], p[b + 1], p[b + 2], p[b + 3]
#define OCLHLS_READ8(p, b) p[b + 0], p[b + 1], p[b + 2], p[b + 3], p[b + 4], p[b + 5], p[b + 6], p[b + 7]
#define OCLHLS_READ16(p, b) p[b + 0], p[b + 1], p[b + 2], p[b + 3], p[b + 4], p[b + 5], p[b + 6], p[b + 7], p[b + 8], p[b + 9], p[b + 10], p[b + 11], p[b + 12], p[b + 13], p[b + 14], p[b + 15]
#define OCLHLS_WRITE2(p, b, d) p[b + 0] = d.s0; p[b + 1] = d.s1;
#define OCLHLS_WRITE3(p, b, d) p[b + 0] = d.s0; p[b + 1] = d.s1; p[b + 2] = d.s2;
#define OCLHLS_WRITE4(p, b, d) p[b + 0] = d.s0; p[b + 1] = d.s1; p[b + 2] = d.s2; p[b + 3] = d.s3;
#define OCLHLS_WRITE8(p, b, d) p[b + 0] = d.s0; p[b + 1] = d.s1; p[b + 2] = d.s2; p[b + 3] = d.s3; p[b + 4] = d.s4; p[b + 5] = d.s5; p[b + 6] = d.s6; p[b + 7] = d.s7;
#define OCLHLS_WRITE16(p, b, d) p[b + 0] = d.s0; p[b + 1] = d.s1; p[b + 2] = d.s2; p[b + 3] = d.s3; p[b + 4] = d.s4; p[b + 5] = d.s5; p[b + 6] = d.s6; p[b + 7] = d.s7; p[b + 8] = d.s8; p[b + 9] = d.s9; p[b + 10] = d.sa; p[b + 11] = d.sb; p[b + 12] = d.sc; p[b + 13] = d.sd; p[b + 14] = d.se; p[b + 15] = d.sf;

#define OCLHLS_VLOAD(T, N, AS)                                                                 \
    T##N OCLHLS_OVL vload##N(size_t offset, const AS T *p)                                     \
    {                                                                                          \
        size_t b = offset * N;                                                                 \
        return (T##N)(OCLHLS_READ##N(p, b));                                                   \
    }

#define OCLHLS_VSTORE(T, N, AS)                                                                \
    void OCLHLS_OVL vstore##N(T##N data, size_t offset, AS T *p)                               \
    {                                                                                          \
        size_t b = offset * N;                                                                 \
        OCLHLS_WRITE##N(p, b, data)                                                            \
    }

#define OCLHLS_VLOAD_STORE_N(T, N)                                                             \
    OCLHLS_VLOAD(T, N, __global)                                                               \
    OCLHLS_VLOAD(T, N, __local)                                                                \
    OCLHLS_VLOAD(T, N, __constant)                                                             \
    OCLHLS_VLOAD(T, N, __private)                                                              \
    OCLHLS_VSTORE(T, N, __global)                                                              \
    OCLHLS_VSTORE(T, N, __local)                                                               \
    OCLHLS_VSTORE(T, N, __private)

#define OCLHLS_VLOAD_STORE(T)                                                                  \
    OCLHLS_VLOAD_STORE_N(T, 2)                                                                 \
    OCLHLS_VLOAD_STORE_N(T, 3)                                                                 \
    OCLHLS_VLOAD_STORE_N(T, 4)                                                                 \
    OCLHLS_VLOAD_STORE_N(T, 8)                                                                 \
    OCLHLS_VLOAD_STORE_N(T, 16)

OCLHLS_VLOAD_STORE(char)
OCLHLS_VLOAD_STORE(uchar)
OCLHLS_VLOAD_STORE(short)
OCLHLS_VLOAD_STORE(ushort)
OCLHLS_VLOAD_STORE(int)
OCLHLS_VLOAD_STORE(uint)
OCLHLS_VLOAD_STORE(long)
OCLHLS_VLOAD_STORE(ulong)
OCLHLS_VLOAD_STORE(float)
