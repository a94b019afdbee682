// SPDX-License-Identifier: MIT
/*
 * Lowering of one LLVM kernel function to the hardware IR, the top of lower/: the kernel's
 * arguments, then its blocks in reverse post-order, each instruction handed to the file of
 * its family. ifconvert.c turns control flow into predicates as we go, so the result is one
 * straight-line list of operations. Anything the hardware cannot do yet is reported with its
 * source line, never lowered to something that computes a different result.
 */
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "lower_shared.h"

/*
 * Instructions LLVM made or moved (a load hoisted out of a loop, stores merged) may have no
 * location: the report points at the first operand computed on a known line, else at the
 * nearest instruction before them in lowering order.
 */
static unsigned line_of(struct lower *l, LLVMValueRef inst)
{
    const char *file;
    unsigned line = fe_inst_line(inst, &file);
    for (int i = 0; !line && i < LLVMGetNumOperands(inst); i++)
        line = fe_inst_line(LLVMGetOperand(inst, (unsigned)i), &file);
    if (!line)
        return l->last_line;
    l->last_line = line;
    l->last_file = lower_file_index(l, file);
    return line;
}

static int lower_instruction(struct lower *l, LLVMValueRef inst)
{
    unsigned line = line_of(l, inst);
    LLVMOpcode opc = LLVMGetInstructionOpcode(inst);
    l->k->cur_line = line;
    l->k->cur_file = l->last_file;
    switch (opc) {
    case LLVMAdd:
    case LLVMSub:
    case LLVMMul:
    case LLVMUDiv:
    case LLVMSDiv:
    case LLVMURem:
    case LLVMSRem:
    case LLVMShl:
    case LLVMLShr:
    case LLVMAShr:
    case LLVMAnd:
    case LLVMOr:
    case LLVMXor:
    case LLVMICmp:
    case LLVMSelect:
    case LLVMZExt:
    case LLVMSExt:
    case LLVMTrunc:
    case LLVMPtrToInt:
    case LLVMIntToPtr:
    case LLVMAddrSpaceCast:
        return lower_integer_instruction(l, inst, opc, line);
    case LLVMFreeze:
        if (LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVectorTypeKind)
            return lower_vector_freeze(l, inst, line);
        return lower_integer_instruction(l, inst, opc, line);
    case LLVMBitCast:
        if (LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVectorTypeKind ||
            LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(inst, 0))) == LLVMVectorTypeKind)
            return lower_vector_bitcast(l, inst, line);
        return lower_integer_instruction(l, inst, opc, line);
    case LLVMPHI:
        return ifc_lower_phi(l, inst, line);
    case LLVMGetElementPtr:
        return lower_gep(l, inst, line);
    case LLVMLoad:
        if (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic)
            return lower_atomic_load(l, inst, line);
        if (LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVectorTypeKind)
            return lower_vector_load(l, inst, line);
        return lower_load(l, inst, line);
    case LLVMStore:
        if (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic)
            return lower_atomic_store(l, inst, line);
        if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(inst, 0))) == LLVMVectorTypeKind)
            return lower_vector_store(l, inst, line);
        return lower_store(l, inst, line);
    case LLVMCall:
        return lower_call(l, inst, line);
    case LLVMBr:
    case LLVMSwitch:
    case LLVMRet:
    case LLVMUnreachable:
        return ifc_add_out_edges(l, l->cur_block, inst);
    case LLVMAlloca:
        return lower_alloca(l, inst, line);
    case LLVMAtomicRMW:
        return lower_atomic_rmw(l, inst, line);
    case LLVMAtomicCmpXchg:
        return lower_atomic_cmpxchg(l, inst, line);
    case LLVMExtractValue: /* of a cmpxchg: defined with it */
        if (valmap_get(&l->values, inst, HIR_NONE) != HIR_NONE)
            return 0;
        return lower_error(l, line, "unsupported operation (extractvalue)");
    case LLVMFence:
        return lower_error(l, line, "memory fence instructions are not supported yet");
    case LLVMFAdd:
    case LLVMFSub:
    case LLVMFMul:
    case LLVMFDiv:
    case LLVMFRem:
    case LLVMFNeg:
    case LLVMFCmp:
    case LLVMFPToSI:
    case LLVMFPToUI:
    case LLVMSIToFP:
    case LLVMUIToFP:
    case LLVMFPTrunc:
    case LLVMFPExt:
        return lower_float_instruction(l, inst, opc, line);
    case LLVMExtractElement:
        return lower_extract_element(l, inst, line);
    case LLVMInsertElement:
        return lower_insert_element(l, inst, line);
    case LLVMShuffleVector:
        return lower_shuffle_vector(l, inst, line);
    default:
        return lower_error(l, line, "unsupported operation (LLVM opcode %d)", (int)opc);
    }
}

/* v (an operand) is, or is built from, one of the program's __constant variables in memory. */
static int uses_constant(const struct hls_constant_data *d, LLVMValueRef v, int depth)
{
    if (LLVMIsAGlobalValue(v))
        return hls_constant_offset(d, v) >= 0;
    if (!LLVMIsAConstantExpr(v) || depth > 8)
        return 0;
    for (int i = 0; i < LLVMGetNumOperands(v); i++)
        if (uses_constant(d, LLVMGetOperand(v, (unsigned)i), depth + 1))
            return 1;
    return 0;
}

/*
 * A kernel that reads __constant variables in memory (constant_data.c) gets one more
 * argument word after its own: the address of the program's constant data, which the runtime
 * writes at each launch (metadata "constant_data_csr"). It is a buffer of its own that no
 * store reaches, so none of the kernel's accesses waits for its loads.
 */
static int constant_argument(struct lower *l, unsigned *offset)
{
    struct hir_kernel *k = l->k;
    int used = 0;
    l->constant_base = HIR_NONE;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(l->fk->function); bb && !used;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && !used;
             in = LLVMGetNextInstruction(in))
            for (int i = 0; i < LLVMGetNumOperands(in) && !used; i++)
                used = uses_constant(l->ctx->constants, LLVMGetOperand(in, (unsigned)i), 0);
    if (!used)
        return 0;
    if (l->fk->autorun) /* it starts at reset, before the runtime could write the word */
        return lower_error(l, l->fk->line,
                           "kernel '%s' is autorun and reads program-scope __constant data kept "
                           "in memory (over 256 bytes, or structs): it starts before the host "
                           "could give it the data's address; make the table smaller, or a "
                           "__constant argument of a launched kernel",
                           k->name);
    int arg = k->nargs++; /* the argument arrays have room for three more */
    if (lower_argument_room(l, *offset + 4, l->fk->line))
        return -1;
    k->constant_arg = arg;
    k->arg_width[arg] = 32;
    k->arg_csr_offset[arg] = *offset;
    k->arg_flags[arg] = HIR_ARG_BUFFER | HIR_ARG_RESTRICT;
    *offset += 4;
    int id = hir_emit(k, HIR_ARG, 32, 0, NULL);
    if (id == HIR_NONE)
        return lower_error(l, l->fk->line, "out of memory");
    k->ops[id].imm = (uint64_t)arg;
    k->ops[id].line = l->fk->line;
    l->constant_base = id;
    return lower_set_base_arg(l, id, arg);
}

/* Arguments: widths for the datapath and word offsets in the kernel's CSR window. */
static int layout_args(struct lower *l)
{
    struct hir_kernel *k = l->k;
    LLVMValueRef fn = l->fk->function;
    unsigned offset = 0x80;

    k->nargs = (int)LLVMCountParams(fn);
    k->arg_width = calloc((size_t)k->nargs + 3, sizeof(*k->arg_width));
    k->arg_csr_offset = calloc((size_t)k->nargs + 3, sizeof(*k->arg_csr_offset));
    k->arg_flags = calloc((size_t)k->nargs + 3, sizeof(*k->arg_flags));
    if (!k->arg_width || !k->arg_csr_offset || !k->arg_flags)
        return lower_error(l, l->fk->line, "out of memory");
    for (int i = 0; i < k->nargs; i++) {
        const struct fe_arg *a = &l->fk->args[i];
        LLVMValueRef p = LLVMGetParam(fn, (unsigned)i);
        if (i < (int)l->fk->nargs && a->type_qualifiers && strstr(a->type_qualifiers, "restrict"))
            k->arg_flags[i] |= HIR_ARG_RESTRICT;
        if (i < (int)l->fk->nargs && a->is_pointer &&
            (a->addr_space == FE_AS_GLOBAL || a->addr_space == FE_AS_CONSTANT))
            k->arg_flags[i] |= HIR_ARG_BUFFER;
        if (a->addr_space == FE_AS_LOCAL) { /* block RAM; no register: the host sets its size */
            int base = lower_local_argument(l, i, l->fk->line);
            if (base == HIR_NONE || valmap_put(&l->values, p, base))
                return -1;
            k->arg_width[i] = 0;
            k->arg_csr_offset[i] = 0;
            continue;
        }
        int byval = lower_byval_argument(l, i, &offset);
        if (byval < 0)
            return -1;
        if (byval)
            continue;
        int image = lower_image_argument(l, i, &offset);
        if (image < 0)
            return -1;
        if (image)
            continue;
        LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(p));
        if (kind == LLVMVectorTypeKind) { /* lanes side by side in the CSR window */
            if (lower_vector_argument(l, i, p, &offset))
                return -1;
            continue;
        }
        unsigned w = kind == LLVMIntegerTypeKind   ? LLVMGetIntTypeWidth(LLVMTypeOf(p))
                     : kind == LLVMPointerTypeKind ? 32
                     : kind == LLVMTargetExtTypeKind && strstr(a->type_qualifiers, "pipe")
                         ? 32 /* the pipe's address in global memory (docs/pipes.md) */
                     : kind == LLVMFloatTypeKind ? 32
                                                 : 0;
        if (!w || w > 64 || (kind == LLVMPointerTypeKind && !a->is_pointer))
            return lower_error(
                l, l->fk->line, "argument '%s' of type '%s': %s", a->name, a->type_name,
                kind == LLVMDoubleTypeKind ? "double is not supported (no cl_khr_fp64): use float"
                : kind == LLVMHalfTypeKind ? "half is a storage type: pass it in a buffer"
                                           : "this argument type is not supported yet");
        if (w > 32)
            offset = (offset + 7) & ~7u;
        k->arg_width[i] = w;
        k->arg_csr_offset[i] = offset;
        offset += w > 32 ? 8 : 4;
        if (lower_argument_room(l, offset, l->fk->line))
            return -1;
        int id = hir_emit(k, HIR_ARG, w, 0, NULL);
        if (id == HIR_NONE)
            return lower_error(l, l->fk->line, "out of memory");
        k->ops[id].imm = (uint64_t)i;
        k->ops[id].line = l->fk->line;
        if (valmap_put(&l->values, p, id))
            return lower_error(l, l->fk->line, "out of memory");
        if (a->is_pointer && lower_set_base_arg(l, id, i))
            return -1;
    }
    if (constant_argument(l, &offset) || lower_printf_arguments(l, &offset))
        return -1;
    k->arg_words = (offset - 0x80) / 4;
    if (!k->arg_words)
        k->arg_words = 1; /* the CSR block needs at least one word */
    return 0;
}

static int lower_blocks(struct lower *l)
{
    l->blocks = malloc((size_t)l->nitems * sizeof(*l->blocks));
    l->block_pred = malloc((size_t)l->nitems * sizeof(*l->block_pred));
    if (!l->blocks || !l->block_pred)
        return lower_error(l, 0, "out of memory");
    for (int i = 0; i < l->nitems; i++)
        if (l->items[i].kind == CFG_BLOCK) {
            l->block_pred[l->nblocks] = HIR_NONE;
            if (valmap_put(&l->block_index, l->items[i].block, l->nblocks))
                return lower_error(l, 0, "out of memory");
            l->blocks[l->nblocks++] = l->items[i].block;
        }
    int b = 0;
    for (int i = 0; i < l->nitems; i++) {
        const struct cfg_item *it = &l->items[i];
        if (it->kind == CFG_LOOP_BEGIN) {
            if (lower_loop_begin(l, it))
                return -1;
            continue;
        }
        if (it->kind == CFG_LOOP_END) {
            if (lower_loop_end(l))
                return -1;
            continue;
        }
        l->cur_block = b++;
        if (!l->nopen && ifc_reached_by_all(l, l->cur_block))
            l->block_pred[l->cur_block] = hir_const(l->k, 1, 1);
        LLVMValueRef inst = LLVMGetFirstInstruction(it->block);
        for (; inst; inst = LLVMGetNextInstruction(inst))
            if (lower_instruction(l, inst))
                return -1;
    }
    return 0;
}

int hls_lower_kernel(struct hls_ctx *ctx, LLVMModuleRef m, const struct fe_kernel *fk,
                     struct hir_kernel **out)
{
    struct lower l = {.ctx = ctx,
                      .fk = fk,
                      .module = m,
                      .hints = ctx->loop_hints,
                      .hints_n = ctx->nloop_hints,
                      .last_stream = HIR_NONE};
    int ret = -1;

    l.k = hir_kernel_new(fk->name);
    if (!l.k)
        return hls_error(ctx, fk->line, "out of memory");
    l.k->line = fk->line;
    /* the arguments' operations and errors are at the kernel's line */
    l.k->file = l.k->cur_file = l.last_file = lower_file_index(&l, fk->file);
    l.k->single_work_item = fk->single_work_item;
    /* the source attributes the passes size the hardware by */
    for (int d = 0; d < 3; d++)
        l.k->reqd_wg[d] = fk->reqd_work_group_size[d];
    /* SIMD lanes (frontend/simd_lanes.c): the hardware sees one token per simd work-items */
    l.k->simd = fk->simd_work_items > 1 ? fk->simd_work_items : 1;
    l.k->reqd_wg[0] /= l.k->simd;
    /* compute units: copies of the kernel's module (hls/emit/emit_units.c) */
    if (fk->compute_units > 1) {
        l.k->compute_units = fk->compute_units;
        for (int d = 0; d < 3; d++)
            l.k->cu_dims[d] = fk->compute_unit_dims[d];
    }
    l.k->attr_max_wg = fk->max_work_group_size;
    l.k->attr_wg_in_flight = fk->work_groups_in_flight;
    l.td = LLVMGetModuleDataLayout(m);
    if (hls_cfg_order(ctx, fk->function, &l.items, &l.nitems))
        goto out;
    if (layout_args(&l) || lower_blocks(&l))
        goto out;
    *out = l.k;
    l.k = NULL;
    ret = 0;
out:
    hir_kernel_free(l.k);
    for (int i = 0; i < l.nopen; i++) { /* loops left open by an error */
        free(l.open[i].phis);
        free(l.open[i].phi_ids);
    }
    free(l.items);
    free(l.blocks);
    free(l.block_pred);
    free(l.edges);
    valmap_free(&l.values);
    valmap_free(&l.block_index);
    valmap_free(&l.base_arg);
    lower_vectors_free(&l);
    return ret;
}
