/* SPDX-License-Identifier: MIT */
/*
 * Separate compilation (clCompileProgram, clLinkProgram): one translation unit to bitcode,
 * and compiled objects linked as separate translation units, C's rules: internal symbols stay
 * in their unit (LLVM's linker renames them), an external function, kernel or program-scope
 * variable is defined once, and an executable calls no function that nothing defines. A
 * unit's #pragma ii / ivdep travel in its module, tagged with the unit (fe_read_unit_hints).
 */
#include "fe_internal.h"
#include "frontend.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Linker.h>

/* LLVM's errors (reading bitcode, linking) into the log, never to stderr: LLVM's default
   handler exits the process on an error, and the process is the user's application. */
static void link_diag(LLVMDiagnosticInfoRef di, void *opaque)
{
    char *desc;

    if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || !(desc = LLVMGetDiagInfoDescription(di)))
        return;
    oclhls_strbuf_printf(opaque, "error: %s\n", desc);
    LLVMDisposeMessage(desc);
}

/* FNV-1a over a string and its NUL, for the unit's tag. */
static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return (h ^ 0xff) * 1099511628211ull; /* the field's end */
}

/* The unit's tag: its debug-info directory, the same for the same unit (bitcode stays a
   cache key), another for another unit, so a loop hint finds its unit's loop after a link. */
static void unit_tag(const struct fe_request *req, char *tag, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    const char *opt = req->options ? req->options : "";
    const char *name = req->source_name ? req->source_name : "";

    h = fnv1a(h, name, strlen(name));
    h = fnv1a(h, opt, strlen(opt));
    h = fnv1a(h, req->source, req->source_len);
    for (unsigned i = 0; i < req->num_headers; i++) {
        const char *hn = req->headers[i].name ? req->headers[i].name : "";
        const char *ht = req->headers[i].text ? req->headers[i].text : "";

        h = fnv1a(fnv1a(h, hn, strlen(hn)), ht, strlen(ht));
    }
    snprintf(tag, n, "oclhls-unit-%016llx", (unsigned long long)h);
}

#define HINTS_MD "oclhls.loop_hints"

/* The unit's #pragma ii / ivdep as named metadata, one node per hint: !{tag, pragma line,
   loop line, ii, ivdep}; linking appends the units' nodes. */
static void keep_hints(LLVMModuleRef mod, const char *tag, const struct fe_result *hints)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);

    for (unsigned i = 0; i < hints->nloop_hints; i++) {
        const struct fe_loop_hint *h = &hints->loop_hints[i];
        unsigned v[4] = {h->pragma_line, h->loop_line, h->ii, (unsigned)h->ivdep};
        LLVMMetadataRef ops[5] = {LLVMMDStringInContext2(ctx, tag, strlen(tag))};

        for (int k = 0; k < 4; k++)
            ops[k + 1] = LLVMValueAsMetadata(LLVMConstInt(i32, v[k], 0));
        LLVMAddNamedMetadataOperand(mod, HINTS_MD,
                                    LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, ops, 5)));
    }
}

int fe_read_unit_hints(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    unsigned n = LLVMGetNamedMetadataNumOperands(mod, HINTS_MD);
    LLVMValueRef *nodes = n ? calloc(n, sizeof(*nodes)) : NULL;

    if (!n)
        return 0;
    res->loop_hints = calloc(n, sizeof(*res->loop_hints));
    if (!nodes || !res->loop_hints) {
        free(nodes);
        oclhls_strbuf_puts(log, "error: out of memory\n");
        return -1;
    }
    LLVMGetNamedMetadataOperands(mod, HINTS_MD, nodes);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef ops[5];
        unsigned len = 0;
        const char *tag;

        if (LLVMGetMDNodeNumOperands(nodes[i]) != 5)
            continue;
        LLVMGetMDNodeOperands(nodes[i], ops);
        tag = LLVMGetMDString(ops[0], &len);
        if (!tag || !len || !LLVMIsAConstantInt(ops[1]) || !LLVMIsAConstantInt(ops[4]))
            continue;
        res->loop_hints[res->nloop_hints++] = (struct fe_loop_hint){
            .pragma_line = (unsigned)LLVMConstIntGetZExtValue(ops[1]),
            .loop_line = (unsigned)LLVMConstIntGetZExtValue(ops[2]),
            .ii = (unsigned)LLVMConstIntGetZExtValue(ops[3]),
            .ivdep = LLVMConstIntGetZExtValue(ops[4]) != 0,
            .unit = tag, /* MDStrings end in a NUL (debug_loc.c) */
        };
    }
    free(nodes);
    return 0;
}

int fe_compile_unit(const struct fe_request *req, void **bitcode, size_t *size, char **log_out)
{
    struct oclhls_strbuf log = {0};
    struct fe_result hints = {0};
    struct fe_request clean = *req;
    LLVMContextRef ctx = NULL;
    LLVMModuleRef mod = NULL;
    char *text = NULL, tag[40];
    int ret = -1;

    *bitcode = NULL;
    *size = 0;
    if (!req->source) {
        oclhls_strbuf_puts(&log, "error: no source\n");
        goto out;
    }
    if (fe_loop_pragmas(req, &text, &clean.source_len, &hints, &log))
        goto out;
    unit_tag(req, tag, sizeof(tag));
    clean.source = text;
    clean.unit_tag = tag;
    ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, link_diag, &log);
    if (fe_run_clang(&clean, fe_channels_prepare(text, clean.source_len), ctx, &mod, &log))
        goto out;
    keep_hints(mod, tag, &hints);
    LLVMMemoryBufferRef mb = LLVMWriteBitcodeToMemoryBuffer(mod);
    size_t n = mb ? LLVMGetBufferSize(mb) : 0;
    *bitcode = n ? malloc(n) : NULL;
    if (*bitcode) {
        memcpy(*bitcode, LLVMGetBufferStart(mb), n);
        *size = n;
        ret = 0;
    } else {
        oclhls_strbuf_puts(&log, "error: out of memory\n");
    }
    if (mb)
        LLVMDisposeMemoryBuffer(mb);
out:
    if (mod)
        LLVMDisposeModule(mod);
    if (ctx)
        LLVMContextDispose(ctx);
    free(hints.loop_hints);
    free(text);
    *log_out = log.len || log.failed ? oclhls_strbuf_take(&log) : strdup("");
    oclhls_strbuf_release(&log);
    return *log_out ? ret : -1;
}

int fe_bitcode_check(const void *bitcode, size_t size, char *err, size_t errlen)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(bitcode, size, "object", 0);
    LLVMModuleRef mod = NULL;
    struct oclhls_strbuf why = {0};
    int ret = -1;

    LLVMContextSetDiagnosticHandler(ctx, link_diag, &why);
    /* lazily: the header, the symbol table and the target, not every body */
    if (!mb || LLVMGetBitcodeModuleInContext2(ctx, mb, &mod))
        snprintf(err, errlen, "the object's LLVM bitcode does not parse%s%.*s", why.len ? ": " : "",
                 (int)strcspn(why.buf ? why.buf + 7 : "", "\n"),
                 why.buf ? why.buf + 7 : ""); /* past "error: " */
    else if (strncmp(LLVMGetTarget(mod), "spir", 4) != 0)
        snprintf(err, errlen, "the object's bitcode is for target '%s', not spir",
                 LLVMGetTarget(mod));
    else
        ret = 0;
    if (mod)
        LLVMDisposeModule(mod); /* owns mb */
    LLVMContextDispose(ctx);
    oclhls_strbuf_release(&why);
    return ret;
}

/* The link's -cl-* math options as fast-math flags (5.8.7: "The linker may apply these
   options to all compiled program objects"); -cl-denorms-are-zero is a hint we leave. */
static LLVMFastMathFlags math_flags(const char *options)
{
    LLVMFastMathFlags f = 0;
    const char *s = options ? options : "";

    while (*s) {
        size_t n;

        s += strspn(s, " \t\n\r");
        n = strcspn(s, " \t\n\r");
#define IS(o) (n == strlen(o) && !strncmp(s, o, n))
        if (IS("-cl-no-signed-zeros") || IS("-cl-no-signed-zeroes"))
            f |= LLVMFastMathNoSignedZeros;
        else if (IS("-cl-finite-math-only"))
            f |= LLVMFastMathNoNaNs | LLVMFastMathNoInfs;
        else if (IS("-cl-unsafe-math-optimizations"))
            f |= LLVMFastMathNoSignedZeros | LLVMFastMathAllowReciprocal |
                 LLVMFastMathAllowContract | LLVMFastMathAllowReassoc | LLVMFastMathApproxFunc;
        else if (IS("-cl-fast-relaxed-math"))
            f |= LLVMFastMathAll;
#undef IS
        s += n;
    }
    return f;
}

static void apply_math_flags(LLVMModuleRef mod, LLVMFastMathFlags f)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); f && fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
                if (LLVMCanValueUseFastMathFlags(i))
                    LLVMSetFastMathFlags(i, LLVMGetFastMathFlags(i) | f);
}

/* An external definition: what another unit may refer to, and may define only once. */
static bool external_definition(LLVMValueRef v)
{
    return v && !LLVMIsDeclaration(v) && LLVMGetLinkage(v) == LLVMExternalLinkage;
}

static LLVMValueRef find_symbol(LLVMModuleRef m, const char *name, bool function)
{
    return function ? LLVMGetNamedFunction(m, name) : LLVMGetNamedGlobal(m, name);
}

static const char *symbol_kind(LLVMValueRef v)
{
    if (LLVMIsAFunction(v))
        return LLVMGetFunctionCallConv(v) == LLVMSPIRKERNELCallConv ? "kernel" : "function";
    return "program-scope variable";
}

/* Symbol v of unit i defined by an earlier unit too: an error naming both. */
static int check_one(LLVMModuleRef *mods, const struct fe_object *objs, unsigned i, LLVMValueRef v,
                     struct oclhls_strbuf *log)
{
    const char *name = LLVMGetValueName(v);
    bool function = LLVMIsAFunction(v) != NULL;

    for (unsigned j = 0; j < i; j++) {
        LLVMValueRef w = find_symbol(mods[j], name, function);

        if (!external_definition(w))
            continue;
        unsigned lw = function ? fe_function_line(w, NULL) : 0;
        unsigned lv = function ? fe_function_line(v, NULL) : 0;
        oclhls_strbuf_printf(log, "error: %s '%s' is defined in %s", symbol_kind(v), name,
                             objs[j].name);
        if (lw)
            oclhls_strbuf_printf(log, " line %u", lw);
        oclhls_strbuf_printf(log, " and again in %s", objs[i].name);
        if (lv)
            oclhls_strbuf_printf(log, " line %u", lv);
        oclhls_strbuf_puts(log, ": an external symbol is defined once (a static one is "
                                "private to its unit)\n");
        return -1;
    }
    return 0;
}

static int check_duplicates(LLVMModuleRef *mods, const struct fe_object *objs, unsigned n,
                            struct oclhls_strbuf *log)
{
    int bad = 0;

    for (unsigned i = 1; i < n; i++) {
        for (LLVMValueRef f = LLVMGetFirstFunction(mods[i]); f; f = LLVMGetNextFunction(f))
            if (external_definition(f))
                bad |= check_one(mods, objs, i, f, log);
        for (LLVMValueRef g = LLVMGetFirstGlobal(mods[i]); g; g = LLVMGetNextGlobal(g))
            if (external_definition(g))
                bad |= check_one(mods, objs, i, g, log);
    }
    return bad;
}

/* Whether some unit (or the builtin library) defines what v declares. */
static bool defined_somewhere(LLVMModuleRef *mods, unsigned n, LLVMModuleRef lib, LLVMValueRef v)
{
    const char *name = LLVMGetValueName(v);
    bool function = LLVMIsAFunction(v) != NULL;

    for (unsigned j = 0; j < n; j++) {
        LLVMValueRef w = find_symbol(mods[j], name, function);

        if (w && !LLVMIsDeclaration(w) && LLVMGetLinkage(w) != LLVMInternalLinkage &&
            LLVMGetLinkage(w) != LLVMPrivateLinkage)
            return true;
    }
    /* unmaterialised library functions are not declarations */
    return function && lib && LLVMGetNamedFunction(lib, name) &&
           !LLVMIsDeclaration(LLVMGetNamedFunction(lib, name));
}

/* Declarations the source wrote: not LLVM's, not the overloaded (mangled) builtins, not the
   reserved "__" names clang's builtins lower to, not printf (printf.c rewrites it). */
static bool user_declaration(LLVMValueRef v)
{
    const char *name = LLVMGetValueName(v);

    return LLVMIsDeclaration(v) && LLVMGetFirstUse(v) && strncmp(name, "llvm.", 5) != 0 &&
           strncmp(name, "_Z", 2) != 0 && strncmp(name, "__", 2) != 0 &&
           strcmp(name, "printf") != 0;
}

static void report_undefined(LLVMValueRef v, const struct fe_object *obj, struct oclhls_strbuf *log)
{
    const char *file = NULL;
    unsigned line = 0;

    for (LLVMUseRef u = LLVMGetFirstUse(v); u && !line; u = LLVMGetNextUse(u))
        line = fe_inst_line(LLVMGetUser(u), &file);
    fe_log_location(log, file, line);
    oclhls_strbuf_printf(log,
                         "error: undefined %s '%s' (used in %s): no compiled object or library "
                         "of the link defines it\n",
                         LLVMIsAFunction(v) ? "function" : "program-scope variable",
                         LLVMGetValueName(v), obj->name);
}

static int check_undefined(LLVMModuleRef *mods, const struct fe_object *objs, unsigned n,
                           struct oclhls_strbuf *log)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mods[0]);
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(
        (const char *)fe_builtins_bc, fe_builtins_bc_size(), "oclhls_builtins.bc", 0);
    LLVMModuleRef lib = NULL;
    int bad = 0;

    if (!mb || LLVMGetBitcodeModuleInContext2(ctx, mb, &lib)) {
        oclhls_strbuf_puts(log, "internal error: the builtin library's bitcode does not parse\n");
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        for (LLVMValueRef f = LLVMGetFirstFunction(mods[i]); f; f = LLVMGetNextFunction(f))
            if (user_declaration(f) && !defined_somewhere(mods, n, lib, f)) {
                report_undefined(f, &objs[i], log);
                bad = -1;
            }
        for (LLVMValueRef g = LLVMGetFirstGlobal(mods[i]); g; g = LLVMGetNextGlobal(g))
            if (user_declaration(g) && !defined_somewhere(mods, n, NULL, g)) {
                report_undefined(g, &objs[i], log);
                bad = -1;
            }
    }
    LLVMDisposeModule(lib);
    return bad;
}

int fe_link_units(const struct fe_request *req, LLVMContextRef ctx, int executable,
                  LLVMModuleRef *out, struct oclhls_strbuf *log)
{
    unsigned n = req->num_objects;
    LLVMModuleRef *mods = calloc(n, sizeof(*mods));
    LLVMFastMathFlags math = math_flags(req->options);
    int ret = -1;

    *out = NULL;
    if (!mods) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        const struct fe_object *o = &req->objects[i];
        LLVMMemoryBufferRef mb =
            LLVMCreateMemoryBufferWithMemoryRangeCopy(o->bitcode, o->size, o->name);

        if (!mb || LLVMParseBitcodeInContext2(ctx, mb, &mods[i])) {
            oclhls_strbuf_printf(log, "error: %s: the compiled object's bitcode does not parse\n",
                                 o->name);
            mods[i] = NULL;
            if (mb)
                LLVMDisposeMemoryBuffer(mb);
            goto out;
        }
        LLVMDisposeMemoryBuffer(mb);
        if (o->link_options)
            apply_math_flags(mods[i], math);
    }
    if (check_duplicates(mods, req->objects, n, log) ||
        (executable && check_undefined(mods, req->objects, n, log)))
        goto out;
    for (unsigned i = 1; i < n; i++) {
        LLVMModuleRef src = mods[i];

        mods[i] = NULL; /* LLVMLinkModules2 consumes it */
        if (LLVMLinkModules2(mods[0], src)) {
            oclhls_strbuf_printf(log, "error: cannot link %s\n", req->objects[i].name);
            goto out;
        }
    }
    *out = mods[0];
    mods[0] = NULL;
    ret = 0;
out:
    for (unsigned i = 0; i < n; i++)
        if (mods[i])
            LLVMDisposeModule(mods[i]);
    free(mods);
    return ret;
}

int fe_link_objects(const struct fe_request *req, void **bitcode, size_t *size, char **log_out)
{
    struct oclhls_strbuf log = {0};
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef mod = NULL;
    int ret = -1;

    *bitcode = NULL;
    *size = 0;
    LLVMContextSetDiagnosticHandler(ctx, link_diag, &log);
    if (fe_link_units(req, ctx, 0, &mod, &log) == 0) {
        LLVMMemoryBufferRef mb = LLVMWriteBitcodeToMemoryBuffer(mod);
        size_t n = mb ? LLVMGetBufferSize(mb) : 0;

        *bitcode = n ? malloc(n) : NULL;
        if (*bitcode) {
            memcpy(*bitcode, LLVMGetBufferStart(mb), n);
            *size = n;
            ret = 0;
        } else {
            oclhls_strbuf_puts(&log, "error: out of memory\n");
        }
        if (mb)
            LLVMDisposeMemoryBuffer(mb);
        LLVMDisposeModule(mod);
    }
    LLVMContextDispose(ctx);
    *log_out = log.len || log.failed ? oclhls_strbuf_take(&log) : strdup("");
    oclhls_strbuf_release(&log);
    return *log_out ? ret : -1;
}
