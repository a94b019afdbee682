// SPDX-License-Identifier: MIT
// The exp/log family of the builtin library under plain C names, for test_math_exp_log.c.
#define LIB1(f) float lib_##f(float x) { return f(x); }
#define LIB2(f) float lib_##f(float x, float y) { return f(x, y); }
#define LIBN(f) float lib_##f(float x, int n) { return f(x, n); }

LIB1(exp) LIB1(exp2) LIB1(exp10) LIB1(expm1)
LIB1(log) LIB1(log2) LIB1(log10) LIB1(log1p)
LIB1(sqrt) LIB1(rsqrt) LIB1(cbrt)
LIB1(sinh) LIB1(cosh) LIB1(tanh) LIB1(asinh) LIB1(acosh) LIB1(atanh)
LIB2(pow) LIB2(powr) LIBN(pown) LIBN(rootn)
LIB1(native_exp) LIB1(native_exp2) LIB1(native_exp10) LIB1(native_log) LIB1(native_log2)
LIB1(native_log10) LIB2(native_powr) LIB1(native_rsqrt) LIB1(native_sqrt)
LIB1(half_exp) LIB1(half_exp2) LIB1(half_exp10) LIB1(half_log) LIB1(half_log2)
LIB1(half_log10) LIB2(half_powr) LIB1(half_rsqrt) LIB1(half_sqrt)
LIB1(erf) LIB1(erfc) LIB1(tgamma) LIB1(lgamma)
float lib_lgamma_r(float x, int *signp) { return lgamma_r(x, signp); }
