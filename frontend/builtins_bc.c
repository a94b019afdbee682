/* SPDX-License-Identifier: MIT */
/*
 * The builtin library's bitcode (frontend/CMakeLists.txt builds it from the builtins/ files), part
 * of the binary so that an installed oclhls needs no data file for it. The assembler's
 * .incbin copies the file in as it is; a C array of it would be several megabytes of source.
 */
#include "builtins_bc.h"

#ifndef OCLHLS_BUILTINS_BC
#error "OCLHLS_BUILTINS_BC (the path of the library's bitcode) must be defined"
#endif

__asm__(".section .rodata\n"
        ".balign 16\n"
        ".globl fe_builtins_bc\n"
        ".type fe_builtins_bc, @object\n"
        "fe_builtins_bc:\n"
        ".incbin \"" OCLHLS_BUILTINS_BC "\"\n"
        ".globl fe_builtins_bc_end\n"
        "fe_builtins_bc_end:\n"
        ".previous\n");

size_t fe_builtins_bc_size(void)
{
    return (size_t)(fe_builtins_bc_end - fe_builtins_bc);
}
