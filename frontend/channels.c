/* SPDX-License-Identifier: MIT */
/*
 * Intel FPGA channels (cl_intel_channels; the older cl_altera_channels names as well): FIFOs
 * between kernels, declared at program scope and known at build time.
 *
 *   channel int c __attribute__((depth(8)));      channel float4 d[4][2];
 *   int x = read_channel_intel(c);                write_channel_intel(d[1][0], v);
 *   int y = read_channel_nb_intel(c, &valid);     bool ok = write_channel_nb_intel(c, x);
 *
 * Clang knows none of it. When the source names the extension, clang_driver.c adds the macros
 * below: a channel becomes an annotated program-scope __global variable (OpenCL C 2.0 and later
 * allow those), depth(N) an annotation, and each channel function a statement expression that
 * passes the channel's address and a private copy of the value to a raw function
 * (__oclhls_channel_*_raw). Here the raw calls become value-based calls on the channel's
 * address (fe_rewrite_channels, before the pass pipeline), and after the pipeline, when
 * unrolled loops have made array indices constant, the address becomes the channel's id: its
 * index in fe_result.channels (fe_resolve_channels). The channel variables are then deleted.
 */
#include "fe_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#define FE_ANNOT_CHANNEL "oclhls.channel"
#define FE_ANNOT_DEPTH "oclhls.depth"
#define FE_MAX_CHANNELS 4096 /* elements of all channel arrays together */

/* Value-based calls on the channel's address, before it is resolved to an id. */
#define CHAN_ADDR_PREFIX "__oclhls_chanp_"
#define CHAN_PREFIX "__oclhls_chan_"

/*
 * The channel functions as statement expressions around raw calls (see above); the raw
 * functions are declared inside, so no header is needed. __typeof_unqual__ drops the channel's
 * __global (__typeof__ would keep it, and a private variable cannot be __global).
 */
#define VALUE_OF_C "__typeof_unqual__(c) __oclhls_v"
#define RAW_ARGS "&(c), &__oclhls_v, sizeof(__oclhls_v)"

const char *const fe_channel_macros[] = {
    "-Dchannel=__attribute__((annotate(\"" FE_ANNOT_CHANNEL "\"))) __global",
    "-Ddepth(...)=annotate(\"" FE_ANNOT_DEPTH "\",__VA_ARGS__)",
    "-Dautorun=annotate(\"" FE_ANNOT_AUTORUN "\")",
    "-D__autorun__=annotate(\"" FE_ANNOT_AUTORUN "\")",
    "-Dread_channel_intel(c)=({ void __oclhls_channel_read_raw(const __global void *, "
    "__private void *, uint); " VALUE_OF_C "; __oclhls_channel_read_raw(" RAW_ARGS
    "); __oclhls_v; })",
    "-Dread_channel_nb_intel(c,valid)=({ int __oclhls_channel_read_nb_raw(const __global void *, "
    "__private void *, uint, bool *); " VALUE_OF_C "; __oclhls_channel_read_nb_raw(" RAW_ARGS
    ", (valid)); __oclhls_v; })",
    "-Dwrite_channel_intel(c,x)=({ void __oclhls_channel_write_raw(const __global void *, "
    "__private void *, uint); " VALUE_OF_C " = (x); __oclhls_channel_write_raw(" RAW_ARGS "); })",
    "-Dwrite_channel_nb_intel(c,x)=({ bool __oclhls_channel_write_nb_raw(const __global void *, "
    "__private void *, uint); " VALUE_OF_C " = (x); __oclhls_channel_write_nb_raw(" RAW_ARGS
    "); })",
    "-Dread_channel_altera(c)=read_channel_intel(c)",
    "-Dread_channel_nb_altera(c,valid)=read_channel_nb_intel(c,valid)",
    "-Dwrite_channel_altera(c,x)=write_channel_intel(c,x)",
    "-Dwrite_channel_nb_altera(c,x)=write_channel_nb_intel(c,x)",
    NULL,
};

/* ---- the source: does it use channels? ---- */

static const char *const extension_names[] = {"cl_intel_channels", "cl_altera_channels", NULL};

/* Skips blanks (not newlines) from p. */
static const char *skip_blanks(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* p starts with word (then not an identifier character): just after it, else NULL. */
static const char *skip_word(const char *p, const char *end, const char *word)
{
    size_t n = strlen(word);

    if ((size_t)(end - p) < n || memcmp(p, word, n))
        return NULL;
    p += n;
    if (p < end && (*p == '_' || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
                    (*p >= 'A' && *p <= 'Z')))
        return NULL;
    return p;
}

/* "#pragma OPENCL EXTENSION cl_intel_channels ..." from p to end. */
static int is_channel_pragma(const char *p, const char *end)
{
    static const char *const words[] = {"pragma", "OPENCL", "EXTENSION"};

    if (p >= end || *p != '#')
        return 0;
    for (size_t i = 0; i < 3; i++)
        if (!(p = skip_word(skip_blanks(i ? p : p + 1, end), end, words[i])))
            return 0;
    p = skip_blanks(p, end);
    for (const char *const *e = extension_names; *e; e++)
        if (skip_word(p, end, *e))
            return 1;
    return 0;
}

unsigned fe_channels_prepare(char *text, size_t len)
{
    struct fe_line_scan sc = {.s = text, .len = len};
    struct fe_src_line li;
    unsigned first = 0;

    while (fe_next_line(&sc, &li)) {
        const char *line = text + li.begin;
        size_t n = li.end - li.begin;

        for (const char *const *e = extension_names; *e && !first; e++)
            if (memmem(line, n, *e, strlen(*e)))
                first = sc.line;
        /* clang warns that it does not know the extension: the pragma goes (line kept) */
        if (li.code >= 0 && !li.spliced && !li.continuation &&
            is_channel_pragma(text + li.code, text + li.end))
            memset(text + li.code, ' ', li.end - (size_t)li.code);
    }
    return first;
}

/* ---- the channel table, from the annotations ---- */

/* An annotated channel variable: its entries are res->channels[first .. first + count). */
static int add_channel(LLVMModuleRef mod, LLVMValueRef g, unsigned line, struct fe_result *res,
                       struct oclhls_strbuf *log)
{
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    unsigned dims[8], nd = 0, count = 1;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    struct fe_channel *grown;

    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind && nd < 8) {
        dims[nd] = (unsigned)LLVMGetArrayLength2(t);
        count *= dims[nd];
        nd++;
        t = LLVMGetElementType(t);
        if (count > FE_MAX_CHANNELS)
            break;
    }
    if (count > FE_MAX_CHANNELS || res->nchannels + count > FE_MAX_CHANNELS) {
        oclhls_strbuf_printf(log, "%s:%u: error: more than %d channels\n",
                             LLVMGetSourceFileName(mod, &len), line, FE_MAX_CHANNELS);
        return -1;
    }
    grown = realloc(res->channels, (res->nchannels + count) * sizeof(*grown));
    if (!grown)
        return -1;
    res->channels = grown;
    for (unsigned i = 0; i < count; i++) {
        struct fe_channel *c = &res->channels[res->nchannels];
        struct oclhls_strbuf sb = {0};
        unsigned rest = i, stride = count;

        oclhls_strbuf_puts(&sb, name);
        for (unsigned d = 0; d < nd; d++) { /* row-major, like C */
            stride /= dims[d];
            oclhls_strbuf_printf(&sb, "[%u]", rest / stride);
            rest %= stride;
        }
        c->name = sb.failed ? NULL : sb.buf ? sb.buf : strdup("");
        c->bytes = (unsigned)LLVMABISizeOfType(LLVMGetModuleDataLayout(mod), t);
        c->depth = 0;
        c->line = line;
        if (!c->name)
            return -1;
        res->nchannels++;
    }
    return 0;
}

static LLVMValueRef strip_casts(LLVMValueRef v)
{
    while (v && LLVMIsAConstantExpr(v))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* The entries of channel variable g: first index and count; 0 entries when g is none. */
static unsigned channel_entries(struct fe_result *res, LLVMValueRef g, unsigned *first)
{
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    unsigned n = 0;

    for (unsigned i = 0; i < res->nchannels; i++) {
        const char *c = res->channels[i].name;

        if (!strncmp(c, name, len) && (c[len] == '\0' || c[len] == '[')) {
            if (!n)
                *first = i;
            n++;
        }
    }
    return n;
}

/* depth(N) of a channel variable: every entry of it. */
static int apply_depth(LLVMValueRef entry, LLVMValueRef g, struct fe_result *res,
                       struct oclhls_strbuf *log)
{
    LLVMValueRef args, c = NULL;
    unsigned first = 0, n = channel_entries(res, g, &first);
    unsigned line = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(entry, 3));
    size_t len;

    if (fe_annotation_args(entry, &args) == 1)
        c = LLVMGetAggregateElement(args, 0);
    if (!c || !LLVMIsAConstantInt(c) || LLVMConstIntGetSExtValue(c) < 0 ||
        LLVMConstIntGetSExtValue(c) > (1 << 24)) {
        oclhls_strbuf_printf(log, "%s:%u: error: 'depth' takes one integer constant from 0 to %d\n",
                             LLVMGetSourceFileName(LLVMGetGlobalParent(g), &len), line, 1 << 24);
        return -1;
    }
    if (!n) {
        oclhls_strbuf_printf(log, "%s:%u: warning: 'depth' only applies to channels; ignored\n",
                             LLVMGetSourceFileName(LLVMGetGlobalParent(g), &len), line);
        return 0;
    }
    for (unsigned i = first; i < first + n; i++)
        res->channels[i].depth = (unsigned)LLVMConstIntGetZExtValue(c);
    return 0;
}

/* Walks @llvm.global.annotations twice: the channels first, then their depths. */
static int read_channel_table(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    LLVMValueRef table = LLVMGetNamedGlobal(mod, "llvm.global.annotations");
    LLVMValueRef init = table ? LLVMGetInitializer(table) : NULL;
    int n = init ? LLVMGetNumOperands(init) : 0, ret = 0;

    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n && !ret; i++) {
            LLVMValueRef entry = LLVMGetOperand(init, (unsigned)i);
            LLVMValueRef g = LLVMGetNumOperands(entry) >= 5
                                 ? LLVMIsAGlobalVariable(strip_casts(LLVMGetOperand(entry, 0)))
                                 : NULL;

            if (!g)
                continue;
            if (!pass && fe_annotation_is(entry, FE_ANNOT_CHANNEL))
                ret = add_channel(
                    mod, g, (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(entry, 3)), res, log);
            if (pass && fe_annotation_is(entry, FE_ANNOT_DEPTH))
                ret = apply_depth(entry, g, res, log);
        }
    if (ret && !log->len)
        oclhls_strbuf_puts(log, "error: out of memory\n");
    return ret;
}

/* ---- raw calls into value-based calls on the channel's address ---- */

enum raw_op { RAW_READ, RAW_READ_NB, RAW_WRITE, RAW_WRITE_NB };

static const struct {
    const char *raw, *call;
    enum raw_op op;
} raw_functions[] = {
    {"__oclhls_channel_read_raw", "read", RAW_READ},
    {"__oclhls_channel_read_nb_raw", "read_nb", RAW_READ_NB},
    {"__oclhls_channel_write_raw", "write", RAW_WRITE},
    {"__oclhls_channel_write_nb_raw", "write_nb", RAW_WRITE_NB},
};

/* (chan, bytes[, chunks]) -> status; writes carry the packet's size in the name. */
static LLVMValueRef emit_addr_call(LLVMModuleRef mod, LLVMBuilderRef b, const char *op,
                                   LLVMValueRef *args, unsigned n, unsigned bytes, int has_chunks)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTypeRef types[2 + FE_MAX_PACKET_BYTES / 8];
    LLVMTypeRef ret =
        strcmp(op, "write") ? LLVMInt32TypeInContext(ctx) : LLVMVoidTypeInContext(ctx);
    char name[64];

    for (unsigned i = 0; i < n; i++)
        types[i] = LLVMTypeOf(args[i]);
    if (has_chunks)
        snprintf(name, sizeof(name), CHAN_ADDR_PREFIX "%s.b%u", op, bytes);
    else
        snprintf(name, sizeof(name), CHAN_ADDR_PREFIX "%s", op);
    return fe_stream_call(b, fe_stream_function(mod, name, ret, types, n, 0), args, n);
}

static int rewrite_raw_call(LLVMModuleRef mod, LLVMValueRef call, size_t which,
                            struct oclhls_strbuf *log)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    enum raw_op op = raw_functions[which].op;
    LLVMValueRef args[2 + FE_MAX_PACKET_BYTES / 8], status, seen, valid = NULL;
    unsigned bytes, n = 2;
    LLVMBuilderRef b;

    if (fe_const_operand(call, 2, &bytes) || !bytes || bytes > FE_MAX_PACKET_BYTES) {
        fe_call_error(call, log, "channel packets of %u bytes: at most %d", bytes,
                      FE_MAX_PACKET_BYTES);
        return -1;
    }
    b = fe_builder_at(call);
    args[0] = LLVMGetOperand(call, 0);
    args[1] = LLVMConstInt(i32, bytes, 0);
    if (op == RAW_WRITE || op == RAW_WRITE_NB) {
        fe_load_chunks(b, mod, LLVMGetOperand(call, 1), bytes, 1, args + 2);
        n += fe_packet_chunks(bytes);
    }
    status = emit_addr_call(mod, b, raw_functions[which].call, args, n, bytes, n > 2);
    seen = op == RAW_READ || op == RAW_READ_NB ? fe_status_copy(b, mod, status) : status;
    if (op != RAW_WRITE)
        valid = LLVMBuildICmp(b, LLVMIntNE, seen, LLVMConstInt(i32, 0, 0), "");
    if (op == RAW_READ || op == RAW_READ_NB)
        fe_store_chunks(b, mod, LLVMGetOperand(call, 1), bytes, 1, status,
                        op == RAW_READ_NB ? valid : NULL);
    if (op == RAW_READ_NB) { /* the bool *valid out-parameter */
        LLVMValueRef flag = LLVMBuildZExt(b, valid, LLVMInt8TypeInContext(ctx), "");

        LLVMSetAlignment(LLVMBuildStore(b, flag, LLVMGetOperand(call, 3)), 1);
    }
    if (op == RAW_READ_NB)
        LLVMReplaceAllUsesWith(call, seen);
    else if (op == RAW_WRITE_NB)
        LLVMReplaceAllUsesWith(call, valid);
    LLVMInstructionEraseFromParent(call);
    LLVMDisposeBuilder(b);
    return 0;
}

int fe_rewrite_channels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    int ret = read_channel_table(mod, res, log);

    for (size_t i = 0; i < sizeof(raw_functions) / sizeof(raw_functions[0]); i++) {
        LLVMValueRef fn = LLVMGetNamedFunction(mod, raw_functions[i].raw), *calls;
        unsigned n;

        if (!fn)
            continue;
        n = fe_collect_calls(fn, &calls);
        for (unsigned j = 0; j < n && !ret; j++)
            ret = rewrite_raw_call(mod, calls[j], i, log);
        free(calls);
        if (!LLVMGetFirstUse(fn))
            LLVMDeleteFunction(fn);
    }
    return ret;
}

/* ---- after the pipeline: addresses become channel ids ---- */

/* A constant GEP index, or -1 (as *ok = 0) when it is not one. */
static long long const_index(LLVMValueRef v, int *ok)
{
    if (!LLVMIsAConstantInt(v)) {
        *ok = 0;
        return 0;
    }
    return LLVMConstIntGetSExtValue(v);
}

/* The byte offset a GEP (instruction or constant) adds; *ok = 0 when an index varies. */
static long long gep_offset(LLVMValueRef gep, LLVMTargetDataRef td, int *ok)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);
    long long off = const_index(LLVMGetOperand(gep, 1), ok) * (long long)LLVMABISizeOfType(td, t);

    for (int i = 2; i < n && *ok; i++) {
        long long idx = const_index(LLVMGetOperand(gep, (unsigned)i), ok);

        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            off += (long long)LLVMOffsetOfElement(td, t, (unsigned)idx);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)idx);
        } else {
            t = LLVMGetElementType(t);
            off += idx * (long long)LLVMABISizeOfType(td, t);
        }
    }
    return off;
}

static int is_gep(LLVMValueRef v)
{
    return LLVMIsAGetElementPtrInst(v) ||
           (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr);
}

static int is_cast(LLVMValueRef v)
{
    return LLVMIsACastInst(v) ||
           (LLVMIsAConstantExpr(v) &&
            (LLVMGetConstOpcode(v) == LLVMBitCast || LLVMGetConstOpcode(v) == LLVMAddrSpaceCast));
}

/* Channel variable + constant byte offset; NULL when the address is not such. */
static LLVMValueRef channel_address(LLVMValueRef p, LLVMTargetDataRef td, long long *offset)
{
    int ok = 1;

    *offset = 0;
    while (ok && !LLVMIsAGlobalVariable(p)) {
        if (is_gep(p))
            *offset += gep_offset(p, td, &ok);
        else if (!is_cast(p))
            return NULL;
        p = LLVMGetOperand(p, 0);
    }
    return ok ? p : NULL;
}

static int channel_id(LLVMValueRef call, struct fe_result *res, LLVMTargetDataRef td, unsigned *id,
                      struct oclhls_strbuf *log)
{
    long long off;
    LLVMValueRef g = channel_address(LLVMGetOperand(call, 0), td, &off);
    unsigned first = 0, n = g ? channel_entries(res, g, &first) : 0;
    unsigned bytes = n ? res->channels[first].bytes : 0;

    if (!g) {
        fe_call_error(call, log,
                      "channels must be indexed by constants (or in a loop "
                      "that #pragma unroll unrolls fully)");
        return -1;
    }
    if (!n || off < 0 || off % bytes || off / bytes >= n) {
        fe_call_error(call, log, "internal: not the address of a channel");
        return -1;
    }
    *id = first + (unsigned)(off / bytes);
    return 0;
}

static int resolve_call(LLVMModuleRef mod, LLVMValueRef call, LLVMValueRef fn,
                        struct fe_result *res, struct oclhls_strbuf *log)
{
    LLVMValueRef args[2 + FE_MAX_PACKET_BYTES / 8], final;
    LLVMTypeRef types[2 + FE_MAX_PACKET_BYTES / 8];
    unsigned n = (unsigned)LLVMGetNumArgOperands(call), id;
    size_t len;
    char name[64];
    LLVMBuilderRef b;

    if (channel_id(call, res, LLVMGetModuleDataLayout(mod), &id, log))
        return -1;
    snprintf(name, sizeof(name), CHAN_PREFIX "%s",
             LLVMGetValueName2(fn, &len) + strlen(CHAN_ADDR_PREFIX));
    args[0] = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(mod)), id, 0);
    types[0] = LLVMTypeOf(args[0]);
    for (unsigned i = 1; i < n; i++) {
        args[i] = LLVMGetOperand(call, i);
        types[i] = LLVMTypeOf(args[i]);
    }
    b = fe_builder_at(call);
    final =
        fe_stream_call(b, fe_stream_function(mod, name, LLVMTypeOf(call), types, n, 0), args, n);
    LLVMReplaceAllUsesWith(call, final);
    LLVMInstructionEraseFromParent(call);
    LLVMDisposeBuilder(b);
    return 0;
}

/* What is left of a channel variable after the rewrite must be dead constants. */
static int delete_channel_variable(LLVMValueRef g, struct oclhls_strbuf *log)
{
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);

        if (LLVMIsAInstruction(user) || (LLVMIsAConstantExpr(user) && LLVMGetFirstUse(user))) {
            size_t len;

            fe_call_error(LLVMIsAInstruction(user) ? user : g, log,
                          "channel '%s' can only be used by the channel functions",
                          LLVMGetValueName2(g, &len));
            return -1;
        }
    }
    LLVMReplaceAllUsesWith(g, LLVMGetPoison(LLVMTypeOf(g)));
    LLVMDeleteGlobal(g);
    return 0;
}

int fe_resolve_channels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    int ret = 0;
    LLVMValueRef fn, next;

    for (fn = LLVMGetFirstFunction(mod); fn; fn = next) {
        size_t len;
        const char *name = LLVMGetValueName2(fn, &len);
        LLVMValueRef *calls;
        unsigned n;

        next = LLVMGetNextFunction(fn);
        if (strncmp(name, CHAN_ADDR_PREFIX, strlen(CHAN_ADDR_PREFIX)))
            continue;
        n = fe_collect_calls(fn, &calls);
        for (unsigned j = 0; j < n; j++)
            if (resolve_call(mod, calls[j], fn, res, log))
                ret = -1;
        free(calls);
        if (!LLVMGetFirstUse(fn))
            LLVMDeleteFunction(fn);
    }
    for (unsigned i = 0; i < res->nchannels && !ret; i++) {
        /* "c[1][0]" is an element of the variable "c" (deleted with the first of them) */
        const char *name = res->channels[i].name;
        char *base = strndup(name, strcspn(name, "["));
        LLVMValueRef g = base ? LLVMGetNamedGlobal(mod, base) : NULL;

        free(base);
        if (g && delete_channel_variable(g, log))
            ret = -1;
    }
    return ret;
}
