// SPDX-License-Identifier: MIT
/*
 * Integer instructions: arithmetic, logic and comparisons, and the instructions that pass
 * bits of any type on: select, casts, freeze. Division and remainder by a constant become
 * a multiplication (divide_by_constant.c).
 */
#include "lower_shared.h"

static enum hir_opcode binary_opcode(LLVMOpcode opc)
{
    switch (opc) {
    case LLVMAdd:
        return HIR_ADD;
    case LLVMSub:
        return HIR_SUB;
    case LLVMMul:
        return HIR_MUL;
    case LLVMUDiv:
        return HIR_UDIV;
    case LLVMSDiv:
        return HIR_SDIV;
    case LLVMURem:
        return HIR_UREM;
    case LLVMSRem:
        return HIR_SREM;
    case LLVMShl:
        return HIR_SHL;
    case LLVMLShr:
        return HIR_LSHR;
    case LLVMAShr:
        return HIR_ASHR;
    case LLVMAnd:
        return HIR_AND;
    case LLVMOr:
        return HIR_OR;
    case LLVMXor:
        return HIR_XOR;
    default:
        return HIR_OPCODE_COUNT;
    }
}

static enum hir_opcode icmp_opcode(LLVMIntPredicate p)
{
    switch (p) {
    case LLVMIntEQ:
        return HIR_EQ;
    case LLVMIntNE:
        return HIR_NE;
    case LLVMIntUGT:
        return HIR_UGT;
    case LLVMIntUGE:
        return HIR_UGE;
    case LLVMIntULT:
        return HIR_ULT;
    case LLVMIntULE:
        return HIR_ULE;
    case LLVMIntSGT:
        return HIR_SGT;
    case LLVMIntSGE:
        return HIR_SGE;
    case LLVMIntSLT:
        return HIR_SLT;
    default:
        return HIR_SLE;
    }
}

/* Operations whose result is one operand unchanged in width and bits. */
static int lower_identity(struct lower *l, LLVMValueRef inst, unsigned line)
{
    int v = lower_operand(l, LLVMGetOperand(inst, 0), line);
    if (v == HIR_NONE)
        return -1;
    return lower_define(l, inst, v, line);
}

static int lower_cast(struct lower *l, LLVMValueRef inst, LLVMOpcode opc, unsigned line)
{
    unsigned to = lower_type_width(l, LLVMTypeOf(inst), line);
    unsigned from = lower_type_width(l, LLVMTypeOf(LLVMGetOperand(inst, 0)), line);
    if (!to || !from)
        return -1;
    int v = lower_operand(l, LLVMGetOperand(inst, 0), line);
    if (v == HIR_NONE)
        return -1;
    if (to == from)
        return lower_define(l, inst, v, line); /* provenance is kept: same bits, same object */
    enum hir_opcode op = to < from ? HIR_TRUNC : (opc == LLVMSExt ? HIR_SEXT : HIR_ZEXT);
    return lower_define(l, inst, hir_emit(l->k, op, to, 1, &v), line);
}

int lower_integer_instruction(struct lower *l, LLVMValueRef inst, LLVMOpcode opc, unsigned line)
{
    enum hir_opcode bin = binary_opcode(opc);

    if (bin != HIR_OPCODE_COUNT) {
        unsigned w = lower_type_width(l, LLVMTypeOf(inst), line);
        if (!w)
            return -1;
        int ops[2] = {lower_operand(l, LLVMGetOperand(inst, 0), line),
                      lower_operand(l, LLVMGetOperand(inst, 1), line)};
        if (ops[0] == HIR_NONE || ops[1] == HIR_NONE)
            return -1;
        if (bin == HIR_UDIV || bin == HIR_SDIV || bin == HIR_UREM || bin == HIR_SREM) {
            int q = lower_divide_by_constant(l, bin, w, ops[0], ops[1]);
            if (q != HIR_NONE)
                return lower_define(l, inst, q, line);
        }
        return lower_define(l, inst, hir_emit(l->k, bin, w, 2, ops), line);
    }
    switch (opc) {
    case LLVMICmp: {
        if (!lower_type_width(l, LLVMTypeOf(LLVMGetOperand(inst, 0)), line))
            return -1;
        int ops[2] = {lower_operand(l, LLVMGetOperand(inst, 0), line),
                      lower_operand(l, LLVMGetOperand(inst, 1), line)};
        if (ops[0] == HIR_NONE || ops[1] == HIR_NONE)
            return -1;
        return lower_define(
            l, inst, hir_emit(l->k, icmp_opcode(LLVMGetICmpPredicate(inst)), 1, 2, ops), line);
    }
    case LLVMSelect: {
        unsigned w = lower_type_width(l, LLVMTypeOf(inst), line);
        if (!w)
            return -1;
        int ops[3];
        for (int i = 0; i < 3; i++)
            if ((ops[i] = lower_operand(l, LLVMGetOperand(inst, (unsigned)i), line)) == HIR_NONE)
                return -1;
        int r = hir_emit(l->k, HIR_SELECT, w, 3, ops);
        if (r != HIR_NONE && lower_base_arg(l, ops[1]) == lower_base_arg(l, ops[2]) &&
            lower_base_arg(l, ops[1]) != HIR_NONE &&
            lower_set_base_arg(l, r, lower_base_arg(l, ops[1])))
            return -1;
        return lower_define(l, inst, r, line);
    }
    case LLVMZExt:
    case LLVMSExt:
    case LLVMTrunc:
    case LLVMPtrToInt:
    case LLVMIntToPtr:
        return lower_cast(l, inst, opc, line);
    default: /* bitcast (not of vectors), addrspacecast, freeze */
        if (!lower_type_width(l, LLVMTypeOf(inst), line))
            return -1;
        return lower_identity(l, inst, line);
    }
}
