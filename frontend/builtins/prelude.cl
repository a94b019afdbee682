// SPDX-License-Identifier: MIT
// First part of the builtin library: what every later file uses.
//
// OCLHLS_OVL marks a library definition: overloadable like opencl-c.h's declarations, and
// a GNU extern inline, so clang emits a function only where a kernel calls it (as an
// available_externally body that the frontend inlines). Without it clang would generate
// every one of the library's functions for every kernel. always_inline: the kernel pipeline
// inlines everything anyway, and the host build of the library (tests/unit/math) must too,
// since a gnu_inline function that clang declines to inline is an undefined reference.
#define OCLHLS_OVL __attribute__((overloadable, gnu_inline, always_inline)) extern inline
