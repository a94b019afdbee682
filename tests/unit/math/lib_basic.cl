// SPDX-License-Identifier: MIT
// Plain-C-named wrappers of the library's basic float functions (frontend/builtins/
// math_basic.cl) for test_math_basic.c. Vector arguments and results travel through float
// arrays, pointer results through the generic pointers of the host build.

#define WRAP1(F) float lib_##F(float x) { return F(x); }
#define WRAP2(F) float lib_##F(float x, float y) { return F(x, y); }
#define WRAP3(F) float lib_##F(float x, float y, float z) { return F(x, y, z); }
#define WRAP_REL1(F) int lib_##F(float x) { return F(x); }
#define WRAP_REL2(F) int lib_##F(float x, float y) { return F(x, y); }

WRAP1(fabs) WRAP2(copysign) WRAP1(ceil) WRAP1(floor) WRAP1(trunc) WRAP1(round) WRAP1(rint)
WRAP1(logb) WRAP2(nextafter) WRAP2(fdim) WRAP2(fmax) WRAP2(fmin) WRAP3(fma) WRAP3(mad)
WRAP2(maxmag) WRAP2(minmag)

float lib_fract(float x, float *iptr) { return fract(x, iptr); }
float lib_modf(float x, float *iptr) { return modf(x, iptr); }
float lib_frexp(float x, int *exp) { return frexp(x, exp); }
float lib_ldexp(float x, int n) { return ldexp(x, n); }
int lib_ilogb(float x) { return ilogb(x); }
float lib_nan(uint nancode) { return nan(nancode); }

WRAP3(clamp) WRAP1(degrees) WRAP1(radians) WRAP2(max) WRAP2(min) WRAP3(mix) WRAP2(step)
WRAP3(smoothstep) WRAP1(sign)

WRAP_REL2(isequal) WRAP_REL2(isnotequal) WRAP_REL2(isgreater) WRAP_REL2(isgreaterequal)
WRAP_REL2(isless) WRAP_REL2(islessequal) WRAP_REL2(islessgreater) WRAP_REL1(isfinite)
WRAP_REL1(isinf) WRAP_REL1(isnan) WRAP_REL1(isnormal) WRAP_REL2(isordered)
WRAP_REL2(isunordered) WRAP_REL1(signbit)

float lib_select_i(float a, float b, int c) { return select(a, b, c); }
float lib_select_u(float a, float b, uint c) { return select(a, b, c); }
WRAP3(bitselect)

// Geometric functions of n = 1..4 components: p[0..n-1], q[0..n-1], results in r[].
#define LOAD1(p) p[0]
#define LOAD2(p) (float2)(p[0], p[1])
#define LOAD3(p) (float3)(p[0], p[1], p[2])
#define LOAD4(p) (float4)(p[0], p[1], p[2], p[3])
#define STORE1(r, v) r[0] = v;
#define STORE2(r, v) STORE1(r, v.x) r[1] = v.y;
#define STORE3(r, v) STORE2(r, v) r[2] = v.z;
#define STORE4(r, v) STORE3(r, v) r[3] = v.w;
#define WRAP_GEO(N)                                                                            \
    float lib_dot##N(const float *p, const float *q) { return dot(LOAD##N(p), LOAD##N(q)); }   \
    float lib_length##N(const float *p) { return length(LOAD##N(p)); }                         \
    float lib_fast_length##N(const float *p) { return fast_length(LOAD##N(p)); }               \
    float lib_distance##N(const float *p, const float *q)                                      \
    {                                                                                          \
        return distance(LOAD##N(p), LOAD##N(q));                                               \
    }                                                                                          \
    float lib_fast_distance##N(const float *p, const float *q)                                 \
    {                                                                                          \
        return fast_distance(LOAD##N(p), LOAD##N(q));                                          \
    }                                                                                          \
    void lib_normalize##N(const float *p, float *r) { STORE##N(r, normalize(LOAD##N(p))) }     \
    void lib_fast_normalize##N(const float *p, float *r)                                       \
    {                                                                                          \
        STORE##N(r, fast_normalize(LOAD##N(p)))                                                \
    }
WRAP_GEO(1) WRAP_GEO(2) WRAP_GEO(3) WRAP_GEO(4)

void lib_cross3(const float *p, const float *q, float *r) { STORE3(r, cross(LOAD3(p), LOAD3(q))) }
void lib_cross4(const float *p, const float *q, float *r) { STORE4(r, cross(LOAD4(p), LOAD4(q))) }
