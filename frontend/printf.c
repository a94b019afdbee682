// SPDX-License-Identifier: MIT
/*
 * printf (docs/printf.md): each call becomes a record in a buffer of device memory that the
 * host formats when the command completes. Here, before the library link, a call
 *     printf("x=%d v=%v4f\n", x, v)
 * becomes
 *     at = __oclhls_printf_begin(id, 5);   // reserve 1 + 5 words, write the id
 *     __oclhls_printf_word(at, 0, x);       // one call per argument word
 *     __oclhls_printf_word(at, 1, bits(v.s0)); ...
 *     result = at == ~0u ? -1 : 0;
 * (builtins/printf.cl), and the call site's format and argument kinds go into
 * fe_result.printfs, indexed by id, for the program file. The format must be a string
 * literal. A %s argument is a literal, or a choice between literals at run time (its index
 * is then a word of the record).
 */
#include "debug_loc.h"
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RECORD_WORDS 1024 /* argument words of one call (runtime/core/meta_printf.h) */

int fe_is_printf_function(const char *name)
{
    return !strcmp(name, "__oclhls_printf_counter") || !strcmp(name, "__oclhls_printf_records") ||
           !strcmp(name, "__oclhls_printf_capacity");
}

/* The text of a string literal that v points to (NUL-terminated, malloc'ed), or NULL. */
static char *literal_string(LLVMValueRef v)
{
    while (v && LLVMIsAConstantExpr(v) &&
           (LLVMGetConstOpcode(v) == LLVMGetElementPtr ||
            LLVMGetConstOpcode(v) == LLVMAddrSpaceCast || LLVMGetConstOpcode(v) == LLVMBitCast)) {
        /* only the literal's start: every index 0 */
        for (int i = 1; i < LLVMGetNumOperands(v); i++) {
            LLVMValueRef idx = LLVMGetOperand(v, (unsigned)i);
            if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) != 0)
                return NULL;
        }
        v = LLVMGetOperand(v, 0);
    }
    if (!v || !LLVMIsAGlobalVariable(v) || !LLVMIsGlobalConstant(v))
        return NULL;
    LLVMValueRef init = LLVMGetInitializer(v);
    if (!init || !LLVMIsAConstantDataSequential(init) || !LLVMIsConstantString(init))
        return NULL;
    size_t len;
    const char *s = LLVMGetAsString(init, &len);
    size_t n = strnlen(s, len);
    char *out = malloc(n + 1);
    if (out) {
        memcpy(out, s, n);
        out[n] = '\0';
    }
    return out;
}

#define MAX_CHOICES 64 /* literals one %s argument may choose between */
#define MAX_CHOICE_DEPTH 8

/* The index of literal s among a's choices, added when new; -1 when there are too many. */
static int choice_index(struct fe_printf_arg *a, char *s)
{
    for (unsigned i = 0; i < a->nchoices; i++)
        if (!strcmp(a->choices[i], s)) {
            free(s);
            return (int)i;
        }
    char **grown =
        a->nchoices < MAX_CHOICES ? realloc(a->choices, (a->nchoices + 1) * sizeof(*grown)) : NULL;
    if (!grown) {
        free(s);
        return -1;
    }
    a->choices = grown;
    a->choices[a->nchoices] = s;
    return (int)a->nchoices++;
}

/*
 * A choice between string literals at run time (c ? "odd" : "even": selects and phis whose
 * every input is a literal or such a choice): its literals into a->choices; 0, or -1 when v
 * is something else.
 */
static int collect_choices(LLVMValueRef v, struct fe_printf_arg *a, int depth)
{
    char *s = literal_string(v);
    if (s)
        return choice_index(a, s) < 0 ? -1 : 0;
    if (depth > MAX_CHOICE_DEPTH || (!LLVMIsASelectInst(v) && !LLVMIsAPHINode(v)))
        return -1;
    for (int i = LLVMIsASelectInst(v) ? 1 : 0; i < LLVMGetNumOperands(v); i++)
        if (collect_choices(LLVMGetOperand(v, (unsigned)i), a, depth + 1))
            return -1;
    return 0;
}

/* The index (i32) of the literal v chooses, built before `before` (a select chooses where
   it is; a phi's inputs are built at the end of their blocks, for a phi of indexes). */
static LLVMValueRef choice_value(LLVMValueRef v, struct fe_printf_arg *a, LLVMValueRef before)
{
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(v));
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    char *s = literal_string(v);
    if (s)
        return LLVMConstInt(i32, (unsigned long long)choice_index(a, s), 0);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMValueRef out;
    if (LLVMIsASelectInst(v)) {
        LLVMValueRef t = choice_value(LLVMGetOperand(v, 1), a, before);
        LLVMValueRef f = choice_value(LLVMGetOperand(v, 2), a, before);
        LLVMPositionBuilderBefore(b, before);
        out = LLVMBuildSelect(b, LLVMGetOperand(v, 0), t, f, "");
    } else { /* a phi (collect_choices accepted nothing else) */
        LLVMPositionBuilderBefore(b, v);
        out = LLVMBuildPhi(b, i32, "");
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
            LLVMBasicBlockRef from = LLVMGetIncomingBlock(v, i);
            LLVMValueRef x =
                choice_value(LLVMGetIncomingValue(v, i), a, LLVMGetBasicBlockTerminator(from));
            LLVMAddIncoming(out, &x, &from, 1);
        }
    }
    LLVMDisposeBuilder(b);
    return out;
}

/* The kind of a scalar (or a vector's lane) type; -1 when printf cannot pass it. */
static int scalar_kind(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
        return LLVMGetIntTypeWidth(t) <= 32   ? OCLHLS_PRINTF_INT32
               : LLVMGetIntTypeWidth(t) == 64 ? OCLHLS_PRINTF_INT64
                                              : -1;
    case LLVMFloatTypeKind:
        return OCLHLS_PRINTF_FLOAT;
    case LLVMPointerTypeKind:
        return OCLHLS_PRINTF_POINTER;
    default:
        return -1;
    }
}

static unsigned words_of(const struct fe_printf_arg *a)
{
    return a->type == OCLHLS_PRINTF_STRING  ? (a->nchoices ? 1 : 0)
           : a->type == OCLHLS_PRINTF_INT64 ? 2 * a->lanes
                                            : a->lanes;
}

/* Argument i of call (1 is the first after the format) into a; 0, -1 logged. */
static int describe_arg(LLVMValueRef call, unsigned i, struct fe_printf_arg *a,
                        struct oclhls_strbuf *log)
{
    LLVMValueRef v = LLVMGetOperand(call, i);
    LLVMTypeRef t = LLVMTypeOf(v);
    int kind;

    a->lanes = 1;
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        a->lanes = LLVMGetVectorSize(t);
        t = LLVMGetElementType(t);
        kind = scalar_kind(t);
        if (kind == OCLHLS_PRINTF_POINTER)
            kind = -1;
    } else {
        kind = scalar_kind(t);
    }
    if (kind < 0) {
        LLVMTypeKind tk = LLVMGetTypeKind(t);
        fe_call_error(call, log, "printf argument %u: %s", i,
                      tk == LLVMDoubleTypeKind ? "double values need cl_khr_fp64, which the "
                                                 "device does not support"
                      : tk == LLVMHalfTypeKind ? "half values need cl_khr_fp16, which the device "
                                                 "does not support"
                                               : "printf prints integers, floats, pointers and "
                                                 "vectors of them");
        return -1;
    }
    a->type = (enum oclhls_printf_type)kind;
    if (kind == OCLHLS_PRINTF_POINTER && LLVMGetPointerAddressSpace(t) == FE_AS_CONSTANT) {
        a->string = literal_string(v);
        if (a->string)
            a->type = OCLHLS_PRINTF_STRING;
        else if (collect_choices(v, a, 0) == 0) {
            a->type = OCLHLS_PRINTF_STRING; /* one of a->choices, its index in the record */
            if (a->nchoices == 1) {         /* c ? "a" : "a": the one literal */
                a->string = a->choices[0];
                free(a->choices);
                a->choices = NULL;
                a->nchoices = 0;
            }
        } else if (a->nchoices) {
            fe_call_error(call, log,
                          "printf argument %u chooses a string at run time among more than "
                          "string literals (%%s takes literals, or a choice of up to %d)",
                          i, MAX_CHOICES);
            return -1;
        }
    }
    return 0;
}

/* The argument words of value v (described by a) appended to words[*n], built before call
   (b is there). */
static void value_words(LLVMBuilderRef b, LLVMValueRef call, LLVMValueRef v,
                        struct fe_printf_arg *a, LLVMValueRef *words, unsigned *n)
{
    if (a->type == OCLHLS_PRINTF_STRING && a->nchoices) {
        words[(*n)++] = choice_value(v, a, call);
        return;
    }
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(v));
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);

    for (unsigned lane = 0; lane < a->lanes; lane++) {
        LLVMValueRef x = v;
        if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind)
            x = LLVMBuildExtractElement(b, v, LLVMConstInt(i32, lane, 0), "");
        switch (a->type) {
        case OCLHLS_PRINTF_INT32: /* char and short lanes sign-extended: the host reads low bits */
            words[(*n)++] = LLVMBuildIntCast2(b, x, i32, 1, "");
            break;
        case OCLHLS_PRINTF_INT64:
            words[(*n)++] = LLVMBuildTrunc(b, x, i32, "");
            words[(*n)++] = LLVMBuildTrunc(
                b, LLVMBuildLShr(b, x, LLVMConstInt(LLVMTypeOf(x), 32, 0), ""), i32, "");
            break;
        case OCLHLS_PRINTF_FLOAT:
            words[(*n)++] = LLVMBuildBitCast(b, x, i32, "");
            break;
        case OCLHLS_PRINTF_POINTER:
            words[(*n)++] = LLVMBuildPtrToInt(b, x, i32, "");
            break;
        case OCLHLS_PRINTF_STRING:
            break;
        }
    }
}

static void free_site(struct fe_printf *p)
{
    for (unsigned i = 0; p->args && i < p->nargs; i++) {
        free(p->args[i].string);
        for (unsigned c = 0; c < p->args[i].nchoices; c++)
            free(p->args[i].choices[c]);
        free(p->args[i].choices);
    }
    free(p->args);
    free(p->format);
    memset(p, 0, sizeof(*p));
}

void fe_printf_free(struct fe_result *res)
{
    for (unsigned i = 0; i < res->nprintfs; i++)
        free_site(&res->printfs[i]);
    free(res->printfs);
    res->printfs = NULL;
    res->nprintfs = 0;
}

/* The call site's table entry in *p; 0, -1 logged. */
static int describe_call(LLVMValueRef call, struct fe_printf *p, struct oclhls_strbuf *log)
{
    const char *file;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);

    p->line = fe_inst_line(call, &file);
    p->format = literal_string(LLVMGetOperand(call, 0));
    if (!p->format) {
        fe_call_error(call, log, "printf's format must be a string literal");
        return -1;
    }
    p->nargs = nargs - 1;
    p->args = calloc(p->nargs ? p->nargs : 1, sizeof(*p->args));
    if (!p->args) {
        fe_call_error(call, log, "out of memory");
        return -1;
    }
    for (unsigned i = 1; i < nargs; i++) {
        if (describe_arg(call, i, &p->args[i - 1], log))
            return -1;
        p->words += words_of(&p->args[i - 1]);
    }
    /* the format against the arguments, as the runtime will format them */
    struct oclhls_printf_arg *args = calloc(p->nargs ? p->nargs : 1, sizeof(*args));
    char why[256] = "out of memory";
    for (unsigned i = 0; args && i < p->nargs; i++)
        args[i] = (struct oclhls_printf_arg){.type = p->args[i].type,
                                             .lanes = p->args[i].lanes,
                                             .string = p->args[i].string,
                                             .nchoices = p->args[i].nchoices,
                                             .choices = (const char *const *)p->args[i].choices};
    struct oclhls_printf_format f = {p->format, p->nargs, args};
    int bad = !args || oclhls_printf_check(&f, why, sizeof(why));
    free(args);
    if (bad) {
        fe_call_error(call, log, "printf: %s", why);
        return -1;
    }
    if (p->words > MAX_RECORD_WORDS) {
        fe_call_error(call, log, "printf with %u words of arguments: at most %d", p->words,
                      MAX_RECORD_WORDS);
        return -1;
    }
    return 0;
}

static int rewrite_call(LLVMModuleRef mod, LLVMValueRef call, struct fe_result *res,
                        struct oclhls_strbuf *log)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), vd = LLVMVoidTypeInContext(ctx);
    LLVMTypeRef params[3] = {i32, i32, i32};
    struct fe_printf site = {0};

    if (describe_call(call, &site, log)) {
        free_site(&site);
        return -1;
    }
    struct fe_printf *grown = realloc(res->printfs, (res->nprintfs + 1) * sizeof(*grown));
    LLVMValueRef *words = malloc((site.words ? site.words : 1) * sizeof(*words));
    if (!grown || !words) {
        if (grown)
            res->printfs = grown;
        free(words);
        free_site(&site);
        fe_call_error(call, log, "out of memory");
        return -1;
    }
    res->printfs = grown;
    unsigned id = res->nprintfs++;
    res->printfs[id] = site;

    LLVMBuilderRef b = fe_builder_at(call);
    LLVMValueRef begin = fe_stream_function(mod, "__oclhls_printf_begin", i32, params, 2, 0);
    LLVMValueRef put = fe_stream_function(mod, "__oclhls_printf_word", vd, params, 3, 0);
    unsigned n = 0;
    for (unsigned i = 0; i < site.nargs; i++)
        value_words(b, call, LLVMGetOperand(call, i + 1), &res->printfs[id].args[i], words, &n);
    LLVMValueRef args[3] = {LLVMConstInt(i32, id, 0), LLVMConstInt(i32, n, 0), NULL};
    LLVMValueRef at = fe_stream_call(b, begin, args, 2);
    for (unsigned k = 0; k < n; k++) {
        LLVMValueRef w[3] = {at, LLVMConstInt(i32, k, 0), words[k]};
        fe_stream_call(b, put, w, 3);
    }
    LLVMValueRef failed = LLVMBuildICmp(b, LLVMIntEQ, at, LLVMConstInt(i32, ~0ull, 0), "");
    LLVMValueRef result =
        LLVMBuildSelect(b, failed, LLVMConstInt(i32, ~0ull, 1), LLVMConstInt(i32, 0, 0), "");
    LLVMReplaceAllUsesWith(call, result);
    LLVMInstructionEraseFromParent(call);
    LLVMDisposeBuilder(b);
    free(words);
    return 0;
}

int fe_rewrite_printf(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "printf"), *calls;
    int ret = 0;

    if (!fn)
        return 0;
    /* local variables out of memory first, so that a format or a string kept in one
       (const char *s = c ? "a" : "b") is seen as the literal it is */
    if (LLVMGetFirstUse(fn) && fe_run_pipeline(mod, "function(sroa)", log))
        return -1;
    unsigned n = fe_collect_calls(fn, &calls);
    for (unsigned i = n; i-- > 0;) /* uses are listed last first: ids in source order */
        if (rewrite_call(mod, calls[i], res, log))
            ret = -1;
    free(calls);
    if (!LLVMGetFirstUse(fn))
        LLVMDeleteFunction(fn);
    return ret;
}
