// SPDX-License-Identifier: MIT
// convert_<type> and convert_<type>_sat (with rounding suffixes, which change nothing
// between integers) from each integer type into all eight; test_convert.c checks them.
// out[i * 16 + j]: j < 8 the plain conversion into type j, j >= 8 the saturating one, each
// widened back to long by its own type's rules.

#define CONVERT_FROM(FROM)                                                                     \
    kernel void from_##FROM(global const FROM *restrict x, global long *restrict out)         \
    {                                                                                          \
        size_t i = get_global_id(0);                                                           \
        FROM v = x[i];                                                                         \
        long r[16] = {convert_char(v),       convert_uchar_rte(v),     convert_short(v),      \
                      convert_ushort_rtz(v), convert_int(v),           convert_uint_rtp(v),   \
                      convert_long(v),       (long)convert_ulong_rtn(v), convert_char_sat(v), \
                      convert_uchar_sat(v),  convert_short_sat_rte(v), convert_ushort_sat(v), \
                      convert_int_sat_rtz(v), convert_uint_sat(v),     convert_long_sat_rtp(v), \
                      (long)convert_ulong_sat(v)};                                             \
        for (int j = 0; j < 16; j++) /* one store site */                                      \
            out[i * 16 + j] = r[j];                                                            \
    }

CONVERT_FROM(char)
CONVERT_FROM(uchar)
CONVERT_FROM(short)
CONVERT_FROM(ushort)
CONVERT_FROM(int)
CONVERT_FROM(uint)
CONVERT_FROM(long)
CONVERT_FROM(ulong)

// Vector conversions: int4 into uchar4 (saturating), short4 (wrapping, with a rounding
// suffix) and ulong4 (saturating), as lanes of out (16 longs per work-item).
kernel void vector_from_int(global const int4 *restrict x, global long *restrict out)
{
    size_t i = get_global_id(0);
    int4 v = x[i];
    uchar4 a = convert_uchar4_sat(v);
    short4 b = convert_short4_rtz(v);
    ulong4 c = convert_ulong4_sat_rte(v);
    long4 d = convert_long4(v);
    long r[16] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w,
                  (long)c.x, (long)c.y, (long)c.z, (long)c.w, d.x, d.y, d.z, d.w};
    for (int j = 0; j < 16; j++)
        out[i * 16 + j] = r[j];
}
