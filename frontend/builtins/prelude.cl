// SPDX-License-Identifier: MIT
// First part of the builtin library: what every later file uses.
//
// OCLHLS_OVL marks a library definition, overloadable like opencl-c.h's declarations.
// - The device build (OCLHLS_LIBRARY_BITCODE, frontend/CMakeLists.txt) compiles the library
//   once into bitcode: every definition is an external function, which the frontend links
//   into a kernel only when the kernel calls it (library_link.c).
// - The host build (tests/unit/math) includes the files into each test: GNU extern inline,
//   so clang emits only what a test calls. always_inline: a gnu_inline function that clang
//   declines to inline would be an undefined reference.
#ifdef OCLHLS_LIBRARY_BITCODE
#define OCLHLS_OVL __attribute__((overloadable, always_inline))
#else
#define OCLHLS_OVL __attribute__((overloadable, gnu_inline, always_inline)) extern inline
#endif
