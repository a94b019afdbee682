// SPDX-License-Identifier: MIT
// The host references of tests/rtl/fp_ref.cpp, for the floating-point unit benches.
import "DPI-C" function int unsigned fp_ref_add(int unsigned a, int unsigned b);
import "DPI-C" function int unsigned fp_ref_sub(int unsigned a, int unsigned b);
import "DPI-C" function int unsigned fp_ref_mul(int unsigned a, int unsigned b);
import "DPI-C" function int unsigned fp_ref_div(int unsigned a, int unsigned b);
import "DPI-C" function int unsigned fp_ref_sqrt(int unsigned a);
import "DPI-C" function int unsigned fp_ref_fma(int unsigned a, int unsigned b, int unsigned c);
import "DPI-C" function int unsigned fp_ref_cmp(int unsigned a, int unsigned b);
import "DPI-C" function int unsigned fp_ref_min(int unsigned a, int unsigned b);
import "DPI-C" function int unsigned fp_ref_max(int unsigned a, int unsigned b);
import "DPI-C" function int unsigned fp_ref_from_int(longint unsigned v, int is_signed, int rmode);
import "DPI-C" function longint unsigned fp_ref_to_int(int unsigned a, int w, int is_signed);
