/* SPDX-License-Identifier: MIT */
/*
 * Loop counters times a run-time value become a running sum. In
 *
 *   for (k = 0; k < n; k++) ... b[k * n + col] ...
 *
 * `k * n` is a 32-bit multiplier in every iteration's hardware (three DSPs on an iCE40UP5K,
 * or a LUT multiplier). Next to the counter's phi a second phi now counts k * n: 0 on entry,
 * plus n where the counter gets plus 1, and the product's uses read it. Both wrap modulo
 * 2^32 alike, so every value is the same. LLVM's own strength reduction (loop-reduce) needs
 * a target's addressing modes, and for SPIR it leaves the loop alone.
 *
 * The pattern: `mul P, N` (either order) where P is a phi with two incoming values, a
 * constant 0 and `add P, 1`, and N a kernel argument or a constant (so it is available at
 * the increment and needs no dominance check).
 */
#include "fe_internal.h"

/* The counter's increment among P's incoming values (`add P, 1`); the other must be 0. */
static int counter_step(LLVMValueRef phi, LLVMValueRef *inc, LLVMBasicBlockRef *latch,
                        LLVMBasicBlockRef *pre)
{
    if (!LLVMIsAPHINode(phi) || LLVMCountIncoming(phi) != 2)
        return 0;
    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef v = LLVMGetIncomingValue(phi, i), other = LLVMGetIncomingValue(phi, 1 - i);
        if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd ||
            !LLVMIsAConstantInt(other) || LLVMConstIntGetZExtValue(other) != 0)
            continue;
        LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
        LLVMValueRef step = a == phi ? b : b == phi ? a : NULL;
        if (step && LLVMIsAConstantInt(step) && LLVMConstIntGetZExtValue(step) == 1) {
            *inc = v;
            *latch = LLVMGetIncomingBlock(phi, i);
            *pre = LLVMGetIncomingBlock(phi, 1 - i);
            return 1;
        }
    }
    return 0;
}

/* Replaces mul (P * N) by a phi that adds N each time P adds 1; 1 when done. */
static int reduce(LLVMBuilderRef b, LLVMValueRef mul)
{
    for (unsigned j = 0; j < 2; j++) {
        LLVMValueRef phi = LLVMGetOperand(mul, j), n = LLVMGetOperand(mul, 1 - j), inc;
        LLVMBasicBlockRef latch, pre;
        if (!(LLVMIsAArgument(n) || LLVMIsAConstantInt(n)) ||
            !counter_step(phi, &inc, &latch, &pre))
            continue;
        LLVMBasicBlockRef header = LLVMGetInstructionParent(phi);
        LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(header));
        LLVMValueRef sum = LLVMBuildPhi(b, LLVMTypeOf(mul), "counter_times");
        LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(inc));
        LLVMValueRef next = LLVMBuildAdd(b, sum, n, "counter_times_next");
        LLVMValueRef values[2] = {LLVMConstNull(LLVMTypeOf(mul)), next};
        LLVMBasicBlockRef blocks[2] = {pre, latch};
        LLVMAddIncoming(sum, values, blocks, 2);
        LLVMReplaceAllUsesWith(mul, sum);
        LLVMInstructionEraseFromParent(mul);
        return 1;
    }
    return 0;
}

void fe_strength_reduce(LLVMModuleRef mod)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));

    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
                next = LLVMGetNextInstruction(i);
                if (LLVMGetInstructionOpcode(i) == LLVMMul &&
                    LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMIntegerTypeKind)
                    reduce(b, i);
            }
    LLVMDisposeBuilder(b);
}
