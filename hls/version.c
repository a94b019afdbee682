// SPDX-License-Identifier: MIT
/* The compiler's version (oclhls_compiler.h): in every program file, report and cache key. */
#include "oclhls_compiler.h"

const char *oclhls_version_string(void)
{
    return "oclhls 0.1.0 (LLVM " OCLHLS_LLVM_VERSION ")";
}
