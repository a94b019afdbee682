// SPDX-License-Identifier: MIT
//
// Host references for the benches of rtl-lib's floating-point units (tb_ocl_fp_*.sv,
// imported through fp_ref.svh). Each function computes one binary32 result with the host's
// IEEE-754 arithmetic (SSE, no flush-to-zero), which is what the units must match bit for
// bit. Values travel as their bit patterns.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>

static float f_of(uint32_t u)
{
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

static uint32_t u_of(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// The rounding modes as the units number them: 0 to nearest even, 1 toward zero,
// 2 toward +inf, 3 toward -inf.
static int fe_mode(int rmode)
{
    static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
    return modes[rmode & 3];
}

extern "C" {
unsigned int fp_ref_add(unsigned int a, unsigned int b) { return u_of(f_of(a) + f_of(b)); }
unsigned int fp_ref_sub(unsigned int a, unsigned int b) { return u_of(f_of(a) - f_of(b)); }
unsigned int fp_ref_mul(unsigned int a, unsigned int b) { return u_of(f_of(a) * f_of(b)); }
unsigned int fp_ref_div(unsigned int a, unsigned int b) { return u_of(f_of(a) / f_of(b)); }
unsigned int fp_ref_sqrt(unsigned int a) { return u_of(std::sqrt(f_of(a))); }
unsigned int fp_ref_fma(unsigned int a, unsigned int b, unsigned int c)
{
    return u_of(std::fma(f_of(a), f_of(b), f_of(c)));
}

// Comparison flags: bit 0 a < b, bit 1 a == b, bit 2 unordered (either is NaN).
unsigned int fp_ref_cmp(unsigned int a, unsigned int b)
{
    float x = f_of(a), y = f_of(b);
    return (x < y ? 1u : 0u) | (x == y ? 2u : 0u) | (std::isnan(x) || std::isnan(y) ? 4u : 0u);
}

// OpenCL fmin/fmax (C99 F.9.9.2): a NaN operand, quiet or signalling, gives the other operand
// (glibc's fminf answers NaN for a signalling one); two NaNs give the canonical NaN.
static unsigned int min_max(unsigned int a, unsigned int b, bool max)
{
    float x = f_of(a), y = f_of(b);
    if (std::isnan(x) && std::isnan(y))
        return 0x7fc00000u;
    if (std::isnan(x))
        return b;
    if (std::isnan(y))
        return a;
    return u_of(max ? std::fmax(x, y) : std::fmin(x, y));
}
unsigned int fp_ref_min(unsigned int a, unsigned int b) { return min_max(a, b, false); }
unsigned int fp_ref_max(unsigned int a, unsigned int b) { return min_max(a, b, true); }

// Integer (w bits, zero- or sign-extended to 64 in v) to float in rounding mode rmode.
unsigned int fp_ref_from_int(unsigned long long v, int is_signed, int rmode)
{
    std::fesetround(fe_mode(rmode));
    volatile float f = is_signed ? (float)(int64_t)v : (float)(uint64_t)v;
    std::fesetround(FE_TONEAREST);
    return u_of(f);
}

// Float to a w-bit integer, truncating toward zero and saturating: NaN gives 0, values
// beyond the range give its nearest end. The result is returned sign- or zero-extended.
unsigned long long fp_ref_to_int(unsigned int a, int w, int is_signed)
{
    double x = std::trunc((double)f_of(a));
    if (std::isnan(x))
        return 0;
    if (is_signed) {
        double lim = std::ldexp(1.0, w - 1); /* 2^(w-1) - 1 is not a double for w = 64 */
        if (x >= lim)
            return (1ull << (w - 1)) - 1;
        if (x < -lim)
            x = -lim;
        return (unsigned long long)(long long)x;
    }
    double hi = std::ldexp(1.0, w) - 1;
    if (x < 0)
        return 0;
    if (x >= std::ldexp(1.0, w))
        return w == 64 ? ~0ull : (unsigned long long)hi;
    return (unsigned long long)x;
}
}
