// SPDX-License-Identifier: MIT
// The trig family of the builtin library under plain C names for test_math_trig.c.
float lib_sin(float x) { return sin(x); }
float lib_cos(float x) { return cos(x); }
float lib_tan(float x) { return tan(x); }
float lib_sincos(float x, float *c) { return sincos(x, c); }
float lib_asin(float x) { return asin(x); }
float lib_acos(float x) { return acos(x); }
float lib_atan(float x) { return atan(x); }
float lib_atan2(float y, float x) { return atan2(y, x); }
float lib_sinpi(float x) { return sinpi(x); }
float lib_cospi(float x) { return cospi(x); }
float lib_tanpi(float x) { return tanpi(x); }
float lib_asinpi(float x) { return asinpi(x); }
float lib_acospi(float x) { return acospi(x); }
float lib_atanpi(float x) { return atanpi(x); }
float lib_atan2pi(float y, float x) { return atan2pi(y, x); }
float lib_fmod(float x, float y) { return fmod(x, y); }
float lib_remainder(float x, float y) { return remainder(x, y); }
float lib_remquo(float x, float y, int *q) { return remquo(x, y, q); }
float lib_hypot(float x, float y) { return hypot(x, y); }
float lib_native_sin(float x) { return native_sin(x); }
float lib_native_cos(float x) { return native_cos(x); }
float lib_native_tan(float x) { return native_tan(x); }
float lib_native_divide(float x, float y) { return native_divide(x, y); }
float lib_native_recip(float x) { return native_recip(x); }
float lib_half_sin(float x) { return half_sin(x); }
float lib_half_cos(float x) { return half_cos(x); }
float lib_half_tan(float x) { return half_tan(x); }
float lib_half_divide(float x, float y) { return half_divide(x, y); }
float lib_half_recip(float x) { return half_recip(x); }
