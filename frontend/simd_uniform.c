// SPDX-License-Identifier: MIT
/*
 * Which branches of a kernel go the same way for every work-item of a work-group, for
 * simd_lanes.c: a barrier under such a branch is reached by the whole group or by none of it,
 * so the lanes may take the branch together. A value may differ between work-items
 * (diverges) when it is
 *   - a local or global id, a load, an atomic, or the result of any other call than the
 *     work-group's own queries (group id, sizes, offsets, dimensions) and LLVM's intrinsics;
 *   - computed from a value that diverges;
 *   - a phi where the ways from a diverging branch meet again (before the branch's nearest
 *     post-dominator, where every work-item has come back): which way a work-item came
 *     differs;
 *   - defined in a cycle that a diverging branch leaves and used outside it (work-items leave
 *     the loop after different iterations).
 * Everything else is uniform: constants, kernel arguments, what is computed from them, and
 * the counters of loops whose exits are uniform. Computed optimistically (all uniform, then
 * diverging until nothing changes), so that a loop counter is uniform when its loop is.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

struct uni {
    unsigned n; /* blocks */
    LLVMBasicBlockRef *bb;
    unsigned *soff, *sidx; /* block b's successors: sidx[soff[b] .. soff[b + 1]) */
    unsigned char *reach;  /* [a * n + b]: a path of at least one edge */
    unsigned char *join;   /* [c * n + b]: ways from c's successors meet at b */
};

static unsigned bindex(const struct uni *u, LLVMBasicBlockRef b)
{
    for (unsigned i = 0; i < u->n; i++)
        if (u->bb[i] == b)
            return i;
    return 0;
}

static unsigned nsucc(LLVMBasicBlockRef b)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    return t ? LLVMGetNumSuccessors(t) : 0;
}

/* Block b's successors by index, once (bindex is a linear search). */
static int index_successors(struct uni *u)
{
    unsigned total = 0;
    u->soff = calloc(u->n + 1, sizeof(*u->soff));
    for (unsigned b = 0; u->soff && b < u->n; b++)
        total += nsucc(u->bb[b]);
    u->sidx = calloc(total + 1, sizeof(*u->sidx));
    if (!u->soff || !u->sidx)
        return -1;
    for (unsigned b = 0, at = 0; b < u->n; b++) {
        u->soff[b] = at;
        for (unsigned k = 0, ns = nsucc(u->bb[b]); k < ns; k++)
            u->sidx[at++] = bindex(u, LLVMGetSuccessor(LLVMGetBasicBlockTerminator(u->bb[b]), k));
        u->soff[b + 1] = at;
    }
    return 0;
}

/* The blocks reachable from `from` (itself included) without going on from a block of
   `stop` (those are reached, not passed), into seen. */
static void flood(const struct uni *u, unsigned from, const unsigned char *stop,
                  unsigned char *seen, unsigned *stack)
{
    unsigned sp = 0;
    memset(seen, 0, u->n);
    seen[from] = 1;
    stack[sp++] = from;
    while (sp) {
        unsigned x = stack[--sp];
        if (stop && stop[x])
            continue;
        for (unsigned k = u->soff[x]; k < u->soff[x + 1]; k++) {
            unsigned j = u->sidx[k];
            if (!seen[j]) {
                seen[j] = 1;
                stack[sp++] = j;
            }
        }
    }
}

static int build(struct uni *u, LLVMValueRef fn)
{
    unsigned n = u->n = LLVMCountBasicBlocks(fn);
    u->bb = calloc(n, sizeof(*u->bb));
    u->reach = calloc((size_t)n * n, 1);
    u->join = calloc((size_t)n * n, 1);
    unsigned char *seen = calloc(n, 1), *pdom = calloc(n, 1), *count = calloc(n, 1);
    unsigned char *ret = calloc(n, 1), *tmp = calloc(n, 1);
    unsigned *stack = calloc(n + 1, sizeof(*stack));
    int ok = u->bb && u->reach && u->join && seen && pdom && count && ret && tmp && stack;
    if (ok) {
        LLVMGetBasicBlocks(fn, u->bb);
        ok = !index_successors(u);
    }
    for (unsigned a = 0; ok && a < n; a++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(u->bb[a]);
        ret[a] = t && LLVMGetInstructionOpcode(t) == LLVMRet;
    }
    for (unsigned a = 0; ok && a < n; a++) /* reach: from a's successors */
        for (unsigned k = u->soff[a]; k < u->soff[a + 1]; k++) {
            flood(u, u->sidx[k], NULL, seen, stack);
            for (unsigned b = 0; b < n; b++)
                u->reach[(size_t)a * n + b] |= seen[b];
        }
    for (unsigned c = 0; ok && c < n; c++) {
        unsigned first = u->soff[c], ns = u->soff[c + 1] - first;
        if (ns < 2)
            continue;
        /* c's post-dominators: the blocks every way from c to a return passes */
        for (unsigned p = 0; p < n; p++) {
            memset(tmp, 0, n);
            tmp[p] = 1;
            /* flood from c, not going on from p: does a return stay reachable? */
            pdom[p] = 0;
            if (p == c)
                continue;
            flood(u, c, tmp, seen, stack);
            int escapes = 0;
            for (unsigned b = 0; b < n && !escapes; b++)
                escapes = seen[b] && ret[b] && b != p;
            pdom[p] = !escapes;
        }
        /* from each successor up to the post-dominators: blocks reached from two meet */
        memset(count, 0, n);
        for (unsigned k = 0; k < ns; k++) {
            unsigned s = u->sidx[first + k];
            int dup = 0;
            for (unsigned k2 = 0; k2 < k; k2++)
                dup |= u->sidx[first + k2] == s;
            if (dup)
                continue;
            flood(u, s, pdom, seen, stack);
            for (unsigned b = 0; b < n; b++)
                count[b] += seen[b] && count[b] < 2;
        }
        for (unsigned b = 0; b < n; b++)
            u->join[(size_t)c * n + b] = count[b] >= 2;
    }
    free(seen), free(pdom), free(count), free(ret), free(tmp), free(stack);
    return ok ? 0 : -1;
}

/* Work-item functions whose value is the same for the whole work-group. */
static int uniform_call(LLVMValueRef call)
{
    static const char *const names[] = {
        "_Z12get_group_idj",   "_Z14get_local_sizej",  "_Z23get_enqueued_local_sizej",
        "_Z14get_num_groupsj", "_Z15get_global_sizej", "_Z17get_global_offsetj",
        "_Z12get_work_dimv",
    };
    LLVMValueRef f = LLVMGetCalledValue(call);
    size_t len;
    const char *n = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
    if (!n)
        return 0;
    for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(n, names[i]))
            return 1;
    return !strncmp(n, "llvm.", 5) && LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind;
}

/* An instruction's value may differ between work-items: a source of divergence, or from a
   diverging operand; div[k]: instruction k (by number) is known to diverge. */
struct numbered {
    LLVMValueRef v;
    unsigned num;
};
struct state {
    struct uni u;
    LLVMValueRef *inst;      /* by number */
    struct numbered *sorted; /* by address, for num_of */
    unsigned ninst;
    unsigned char *div;
};

static int by_address(const void *a, const void *b)
{
    const struct numbered *x = a, *y = b;
    return x->v < y->v ? -1 : x->v > y->v;
}

static unsigned num_of(const struct state *st, LLVMValueRef v)
{
    struct numbered key = {v, 0};
    const struct numbered *f = bsearch(&key, st->sorted, st->ninst, sizeof(key), by_address);
    return f ? f->num + 1 : 0;
}

static int diverges_op(const struct state *st, LLVMValueRef v)
{
    unsigned k = LLVMIsAInstruction(v) ? num_of(st, v) : 0;
    return k && st->div[k - 1];
}

/* Is the condition of block c's terminator diverging? */
static int branch_diverges(const struct state *st, unsigned c)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(st->u.bb[c]);
    if (!t || LLVMGetNumSuccessors(t) < 2)
        return 0;
    return diverges_op(st, LLVMGetOperand(t, 0));
}

static int diverges(const struct state *st, LLVMValueRef i)
{
    const struct uni *u = &st->u;
    if (LLVMIsALoadInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
        LLVMIsAAllocaInst(i) || (LLVMIsACallInst(i) && !uniform_call(i)))
        return 1;
    unsigned nops = (unsigned)LLVMGetNumOperands(i);
    for (unsigned o = 0; o < nops; o++)
        if (diverges_op(st, LLVMGetOperand(i, o)))
            return 1;
    unsigned b = bindex(u, LLVMGetInstructionParent(i));
    for (unsigned c = 0; c < u->n; c++) {
        if (!branch_diverges(st, c))
            continue;
        if (LLVMIsAPHINode(i) && u->join[(size_t)c * u->n + b])
            return 1;
        /* defined in a cycle c leaves, used outside it */
        int in_cycle = u->reach[(size_t)c * u->n + b] && u->reach[(size_t)b * u->n + c];
        int leaves = 0;
        for (unsigned k = u->soff[c]; in_cycle && k < u->soff[c + 1]; k++) {
            unsigned x = u->sidx[k];
            leaves |= x != b && !(u->reach[(size_t)x * u->n + b] && u->reach[(size_t)b * u->n + x]);
        }
        if (!leaves)
            continue;
        for (LLVMUseRef use = LLVMGetFirstUse(i); use; use = LLVMGetNextUse(use)) {
            LLVMValueRef user = LLVMGetUser(use);
            unsigned ub = bindex(u, LLVMGetInstructionParent(user));
            if (!(u->reach[(size_t)c * u->n + ub] && u->reach[(size_t)ub * u->n + c]))
                return 1;
        }
    }
    return 0;
}

LLVMValueRef *fe_simd_uniform_branches(LLVMValueRef fn, unsigned *nout)
{
    struct state st = {0};
    LLVMValueRef *out = NULL;
    *nout = 0;
    if (build(&st.u, fn))
        goto done;
    for (unsigned b = 0; b < st.u.n; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(st.u.bb[b]); i; i = LLVMGetNextInstruction(i))
            st.ninst++;
    st.inst = calloc(st.ninst + 1, sizeof(*st.inst));
    st.div = calloc(st.ninst + 1, 1);
    st.sorted = calloc(st.ninst + 1, sizeof(*st.sorted));
    out = calloc(st.u.n + 1, sizeof(*out));
    if (!st.inst || !st.div || !st.sorted || !out)
        goto done;
    st.ninst = 0;
    for (unsigned b = 0; b < st.u.n; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(st.u.bb[b]); i; i = LLVMGetNextInstruction(i))
            st.inst[st.ninst++] = i;
    for (unsigned k = 0; k < st.ninst; k++)
        st.sorted[k] = (struct numbered){st.inst[k], k};
    qsort(st.sorted, st.ninst, sizeof(*st.sorted), by_address);
    for (int changed = 1; changed;) {
        changed = 0;
        for (unsigned k = 0; k < st.ninst; k++)
            if (!st.div[k] && diverges(&st, st.inst[k]))
                st.div[k] = changed = 1;
    }
    for (unsigned c = 0; c < st.u.n; c++)
        if (nsucc(st.u.bb[c]) >= 2 && !branch_diverges(&st, c))
            out[(*nout)++] = LLVMGetBasicBlockTerminator(st.u.bb[c]);
done:
    free(st.u.bb), free(st.u.soff), free(st.u.sidx), free(st.u.reach), free(st.u.join),
        free(st.inst), free(st.div), free(st.sorted);
    return out;
}
