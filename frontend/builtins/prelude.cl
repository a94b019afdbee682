// SPDX-License-Identifier: MIT
// First part of the builtin library: what every later file uses.
//
// OCLHLS_OVL marks a library definition: overloadable like opencl-c.h's declarations, and
// a GNU extern inline, so clang emits a function only where a kernel calls it (as an
// available_externally body that the frontend inlines). Without it clang would generate
// every one of the library's functions for every kernel.
#define OCLHLS_OVL __attribute__((overloadable, gnu_inline)) extern inline
