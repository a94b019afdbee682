/* SPDX-License-Identifier: MIT */
/*
 * After the pipeline only calls that HLS lowers may remain: the work-item functions, barriers
 * and memory fences, and a few intrinsics that are plain operations. Anything else (printf, a
 * function declared but never defined) is reported at its source line.
 */
#include "debug_loc.h"
#include "fe_internal.h"

#include <string.h>

/* OpenCL C 2.0, 6.13.1 work-item functions, as clang mangles them for spir (size_t = uint). */
static const char *const fe_work_item_functions[] = {
    "_Z12get_work_dimv",
    "_Z15get_global_sizej",
    "_Z13get_global_idj",
    "_Z14get_local_sizej",
    "_Z23get_enqueued_local_sizej",
    "_Z12get_local_idj",
    "_Z14get_num_groupsj",
    "_Z12get_group_idj",
    "_Z17get_global_offsetj",
    "_Z20get_global_linear_idv",
    "_Z19get_local_linear_idv",
    "_Z14get_compute_idj", /* Intel FPGA SDK: the compute unit (num_compute_units) */
    NULL,
};

/*
 * Intrinsics left to HLS, matched as "llvm.<name>" or "llvm.<name>.<types>". fmuladd is what
 * clang emits for a * b + c (fp-contract=on is OpenCL's default); the saturating and min/max
 * forms come from InstCombine; noalias.scope.decl from inlining restrict arguments; fma and
 * sqrt from the builtin library (__builtin_fmaf, __builtin_sqrtf: rtl-lib units).
 */
static const char *const fe_allowed_intrinsics[] = {
    "dbg",
    "lifetime.start",
    "lifetime.end",
    "assume",
    "experimental.noalias.scope.decl",
    "umin",
    "umax",
    "smin",
    "smax",
    "abs",
    "ctpop",
    "ctlz",
    "cttz",
    "fshl",
    "fshr",
    "bswap",
    "bitreverse",
    "uadd.sat",
    "usub.sat",
    "sadd.sat",
    "ssub.sat",
    "fmuladd",
    "fma",
    "sqrt",
    "fptosi.sat",
    "fptoui.sat",
    "is.fpclass",
    "fabs",
    "copysign",
    "minnum",
    "maxnum",
    "memcpy",  /* block copies and fills from struct assignments and initialisers: HLS */
    "memmove", /* splits them into loads and stores when their length is a constant */
    "memset",
    NULL,
};

static int in_list(const char *const *list, const char *s)
{
    for (; *list; list++)
        if (!strcmp(*list, s))
            return 1;
    return 0;
}

/* OpenCL C 6.13.8 / 6.15.8 synchronisation: HLS turns barriers into work-group gathers. */
static const char *const fe_sync_functions[] = {
    "_Z7barrierj",
    "_Z18work_group_barrierj",
    "_Z18work_group_barrierj12memory_scope",
    "_Z9mem_fencej",
    "_Z14read_mem_fencej",
    "_Z15write_mem_fencej",
    NULL,
};

int fe_is_work_item_function(const char *name)
{
    return in_list(fe_work_item_functions, name);
}

int fe_is_sync_function(const char *name)
{
    return in_list(fe_sync_functions, name);
}

static int allowed_intrinsic(const char *name)
{
    name += strlen("llvm.");
    for (const char *const *a = fe_allowed_intrinsics; *a; a++) {
        size_t n = strlen(*a);

        if (!strncmp(name, *a, n) && (name[n] == '\0' || name[n] == '.'))
            return 1;
    }
    return 0;
}

static void report_intrinsic(const char *name, struct oclhls_strbuf *log)
{
    oclhls_strbuf_printf(log, "error: LLVM intrinsic '%s' is not supported\n", name);
}

/*
 * Optional features the device does not claim, by the names of their functions (demangled,
 * by prefix; clang declares them for spir whatever the device says): the error names the
 * feature and the query that says so, not an internal function such as
 * __translate_sampler_initializer.
 */
#define NO_IMAGE_FORMS                                                                             \
    "the device claims neither __opencl_c_read_write_images nor cl_khr_mipmap_image"
#define NO_ENQUEUE "CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES is 0"
#define NO_SUB_GROUPS "CL_DEVICE_MAX_NUM_SUB_GROUPS is 0"
static const struct {
    const char *prefix, *feature, *query; /* query: why the feature is absent */
} unclaimed[] = {
    /* what builtins/images.cl leaves out: read_write images, mip-map levels */
    {"read_image", "read_write images and mip-mapped reads", NO_IMAGE_FORMS},
    {"write_image", "read_write images and mip-mapped writes", NO_IMAGE_FORMS},
    {"get_image_", "read_write images and mip-maps", NO_IMAGE_FORMS},
    {"__enqueue_kernel", "device-side enqueue", NO_ENQUEUE},
    {"enqueue_kernel", "device-side enqueue", NO_ENQUEUE},
    {"enqueue_marker", "device-side enqueue", NO_ENQUEUE},
    {"get_default_queue", "device-side enqueue", NO_ENQUEUE},
    {"get_kernel_", "device-side enqueue", NO_ENQUEUE},
    {"__get_kernel_", "device-side enqueue", NO_ENQUEUE},
    {"create_user_event", "device-side enqueue", NO_ENQUEUE},
    {"set_user_event_status", "device-side enqueue", NO_ENQUEUE},
    {"capture_event_profiling_info", "device-side enqueue", NO_ENQUEUE},
    {"retain_event", "device-side enqueue", NO_ENQUEUE},
    {"release_event", "device-side enqueue", NO_ENQUEUE},
    {"is_valid_event", "device-side enqueue", NO_ENQUEUE},
    {"ndrange_", "device-side enqueue", NO_ENQUEUE},
    {"sub_group_", "sub-groups", NO_SUB_GROUPS},
    {"get_sub_group_", "sub-groups", NO_SUB_GROUPS},
    {"get_num_sub_groups", "sub-groups", NO_SUB_GROUPS},
    {"get_max_sub_group_size", "sub-groups", NO_SUB_GROUPS},
    {"get_enqueued_num_sub_groups", "sub-groups", NO_SUB_GROUPS},
    {"intel_sub_group_", "sub-groups", NO_SUB_GROUPS},
    {"atomic_flag_", "atomic_flag functions", "the device has no __opencl_c_atomic_flag"},
};

const char *fe_unclaimed_feature(const char *name, const char **query)
{
    for (size_t i = 0; i < sizeof(unclaimed) / sizeof(unclaimed[0]); i++)
        if (!strncmp(name, unclaimed[i].prefix, strlen(unclaimed[i].prefix))) {
            *query = unclaimed[i].query;
            return unclaimed[i].feature;
        }
    return NULL;
}

static void explain(LLVMValueRef callee, const char *name, struct oclhls_strbuf *msg)
{
    char buf[256];

    if (!name) {
        oclhls_strbuf_puts(msg, "error: indirect calls are not supported\n");
        return;
    }
    if (!strncmp(name, "llvm.", 5)) {
        report_intrinsic(name, msg);
        return;
    }
    const char *demangled = fe_demangle(name, buf, sizeof(buf)), *query;
    const char *feature = fe_unclaimed_feature(demangled, &query);
    if (feature) {
        oclhls_strbuf_printf(msg, "error: '%.*s': %s are not supported by this device (%s)\n",
                             (int)strcspn(demangled, "("), demangled, feature, query);
        return;
    }
    oclhls_strbuf_printf(msg, "error: call to '%s' is not supported%s\n", demangled,
                         LLVMIsDeclaration(callee) ? "" : " (it could not be inlined)");
}

/*
 * 0 when the call may stay; otherwise logs why not and returns -1. The same message for the
 * same line is logged once (a helper inlined twice, an unrolled loop).
 */
static int check_call(LLVMValueRef call, struct oclhls_strbuf *log)
{
    LLVMValueRef callee = LLVMIsAFunction(LLVMGetCalledValue(call));
    const char *file, *name = NULL;
    unsigned line = fe_inst_line(call, &file);
    struct oclhls_strbuf msg = {0};
    size_t len;

    if (callee)
        name = LLVMGetValueName2(callee, &len);
    if (name && !strncmp(name, "llvm.", 5) && allowed_intrinsic(name))
        return 0;
    if (name && (fe_is_work_item_function(name) || fe_is_sync_function(name) ||
                 fe_is_stream_function(name) || /* pipes and channels: stream_calls.c */
                 fe_is_printf_function(name) || /* printf's buffer: printf.c */
                 fe_is_image_function(name)))   /* image descriptors, samplers: images.c */
        return 0;
    fe_log_location(&msg, file, line);
    explain(callee, name, &msg);
    if (msg.buf && !(log->buf && strstr(log->buf, msg.buf)))
        oclhls_strbuf_puts(log, msg.buf);
    oclhls_strbuf_release(&msg);
    return -1;
}

int fe_check_calls(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    int ret = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (!fe_is_kernel(fn))
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
                if (LLVMIsACallInst(in) && check_call(in, log))
                    ret = -1;
    }
    return ret;
}
