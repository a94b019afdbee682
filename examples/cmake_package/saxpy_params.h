// SPDX-License-Identifier: MIT
// The scale saxpy.cl applies (the host knows it too, and checks the result with it).
#define SAXPY_A 2.5f
