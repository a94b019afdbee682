/* SPDX-License-Identifier: MIT */
/* Source lines from an LLVM module's debug information (debug_loc.c). */
#ifndef OCLHLS_FE_DEBUG_LOC_H
#define OCLHLS_FE_DEBUG_LOC_H

#include <llvm-c/Core.h>

/*
 * Source location of an instruction from its debug info: file name and line (0 when
 * unknown). The file string is borrowed from the module.
 */
unsigned fe_inst_line(LLVMValueRef inst, const char **file);

/*
 * Source line of a loop statement (its for/while/do keyword) from the !llvm.loop metadata of
 * the loop's latch branch; 0 when absent (remainder loops of runtime unrolling have none).
 */
unsigned fe_loop_start_line(LLVMValueRef latch_terminator);
/* The file of that line (borrowed from the module); NULL when unknown. */
const char *fe_loop_start_file(LLVMValueRef latch_terminator);

/*
 * The unit a loop comes from in a linked program: the debug-info directory of its start
 * location (each separately compiled unit has its own, fe_request.unit_tag); NULL when
 * unknown. Borrowed from the module.
 */
const char *fe_loop_start_unit(LLVMValueRef latch_terminator);

#endif
