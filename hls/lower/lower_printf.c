// SPDX-License-Identifier: MIT
/*
 * printf's buffer (docs/printf.md). frontend/printf.c turns printf calls into an atomic add
 * on __oclhls_printf_counter() and stores through __oclhls_printf_records(); here those two
 * become hidden argument words after the kernel's own (metadata "printf_csr": the counter's
 * address, then the records'), which the runtime writes at each launch, and
 * __oclhls_printf_capacity() the board's buffer less the counter word. The records argument
 * is HIR_ARG_OWN_BYTES: every record is reserved by the counter, so no store waits for
 * another.
 */
#include <string.h>

#include "lower_shared.h"

static int calls_printf(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            if (!LLVMIsACallInst(in))
                continue;
            LLVMValueRef callee = LLVMGetCalledValue(in);
            size_t len;
            const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
            if (!strcmp(name, "__oclhls_printf_counter") ||
                !strcmp(name, "__oclhls_printf_records"))
                return 1;
        }
    return 0;
}

int lower_printf_arguments(struct lower *l, unsigned *offset)
{
    struct hir_kernel *k = l->k;
    l->printf_base[0] = l->printf_base[1] = HIR_NONE;
    if (!calls_printf(l->fk->function))
        return 0;
    if (l->fk->autorun) /* no launch gives it a buffer, and none ends to print it */
        return lower_error(l, l->fk->line,
                           "kernel '%s' is autorun and calls printf: its output would have no "
                           "launch to go with (print from a launched kernel)",
                           k->name);
    if (lower_argument_room(l, *offset + 8, l->fk->line))
        return -1;
    k->printf_arg = k->nargs;
    for (int i = 0; i < 2; i++) {
        int arg = k->nargs++; /* the argument arrays have room for three more */
        k->arg_width[arg] = 32;
        k->arg_csr_offset[arg] = *offset;
        k->arg_flags[arg] = HIR_ARG_BUFFER | HIR_ARG_RESTRICT | (i ? HIR_ARG_OWN_BYTES : 0);
        *offset += 4;
        int id = hir_emit(k, HIR_ARG, 32, 0, NULL);
        if (id == HIR_NONE)
            return lower_error(l, l->fk->line, "out of memory");
        k->ops[id].imm = (uint64_t)arg;
        k->ops[id].line = l->fk->line;
        l->printf_base[i] = id;
        if (lower_set_base_arg(l, id, arg))
            return -1;
    }
    return 0;
}

int lower_printf_call(struct lower *l, LLVMValueRef call, const char *name, unsigned line)
{
    int v = HIR_NONE;
    if (!strcmp(name, "__oclhls_printf_counter"))
        v = l->printf_base[0];
    else if (!strcmp(name, "__oclhls_printf_records"))
        v = l->printf_base[1];
    else if (!strcmp(name, "__oclhls_printf_capacity"))
        v = hir_const(l->k, 32, l->ctx->board->printf_buffer_bytes - 4);
    else
        return lower_error(l, line, "call to '%s' is not supported yet", name);
    if (v == HIR_NONE || valmap_put(&l->values, call, v))
        return lower_error(l, line, "out of memory");
    return 0;
}
