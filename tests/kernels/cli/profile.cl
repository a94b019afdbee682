// SPDX-License-Identifier: MIT
// The profile a kernel sees is its board's (board-support/common/board_profile.c): built with
// -DEXPECT_EMBEDDED for a board whose memories are below the full profile's minimums.
#if defined(EXPECT_EMBEDDED) != defined(__EMBEDDED_PROFILE__)
#error "__EMBEDDED_PROFILE__ does not match the board's profile"
#endif
#if defined(__EMBEDDED_PROFILE__) != defined(cles_khr_int64)
#error "cles_khr_int64 (64-bit integers on an embedded device) does not match the profile"
#endif
__kernel void profile(__global long *out) { out[0] = (long)get_global_id(0) << 33; }
