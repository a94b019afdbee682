/* SPDX-License-Identifier: MIT */
/*
 * fe_compile: loop pragmas out of the source → clang → bitcode → checks → inlining → pass
 * pipeline → kernel metadata.
 */
#include "fe_internal.h"
#include "frontend.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"

/* The log when even it could not be allocated; never freed. */
static const char fe_no_memory_log[] = "error: out of memory\n";

/* Length of a leading "file:line[:col]" in an LLVM diagnostic, 0 when there is none. */
static size_t location_prefix(const char *desc)
{
    const char *sep = strstr(desc, ": ");

    if (!sep || sep == desc || !isdigit((unsigned char)sep[-1]) || memchr(desc, ' ', sep - desc))
        return 0;
    return (size_t)(sep - desc);
}

/*
 * LLVM's own diagnostics (e.g. "loop not vectorized") go to the log, never to stderr, in
 * clang's "file:line:col: warning: text" form.
 */
static void diag_handler(LLVMDiagnosticInfoRef di, void *opaque)
{
    struct oclhls_strbuf *log = opaque;
    const char *sev;
    char *desc;
    size_t loc;

    switch (LLVMGetDiagInfoSeverity(di)) {
    case LLVMDSError:
        sev = "error";
        break;
    case LLVMDSWarning:
        sev = "warning";
        break;
    default:
        return; /* remarks and notes */
    }
    desc = LLVMGetDiagInfoDescription(di);
    if (!desc)
        return;
    loc = location_prefix(desc);
    if (loc)
        oclhls_strbuf_printf(log, "%.*s: %s: %s\n", (int)loc, desc, sev, desc + loc + 2);
    else
        oclhls_strbuf_printf(log, "%s: %s\n", sev, desc);
    LLVMDisposeMessage(desc);
}

/* Everything after clang, on a module that parsed. */
static int process_module(const struct fe_request *req, struct fe_result *res,
                          struct oclhls_strbuf *log)
{
    LLVMModuleRef mod = res->module;
    double t0 = 1e3 * oclhls_now_s();

    /* pipes and channels (issue 8), printf: before the link, which brings the work-group
       reservations and printf's record writers */
    if (fe_rewrite_pipes(mod, log) || fe_rewrite_channels(mod, res, log) ||
        fe_rewrite_printf(mod, res, log))
        return -1;
    if (fe_link_library(mod, log))
        return -1;
    if (req->verbose)
        oclhls_strbuf_printf(log, "frontend: builtin library linked: %.1f ms\n",
                             1e3 * oclhls_now_s() - t0);
    if (fe_check_recursion(mod, log) || fe_read_kernels(mod, res, log) ||
        fe_read_annotations(mod, res, log))
        return -1;
    if (fe_check_unroll(mod, log))
        return -1;
    fe_work_group_scratch(mod);
    fe_prepare_inlining(mod);
    t0 = 1e3 * oclhls_now_s();
    if (fe_run_passes(mod, log))
        return -1;
    if (req->verbose)
        oclhls_strbuf_printf(log, "frontend: passes %s: %.1f ms\n", fe_pass_pipeline,
                             1e3 * oclhls_now_s() - t0);
    fe_finish_inlining(mod);
    fe_drop_status_copies(mod);
    if (fe_resolve_reserve_ids(mod, log) || fe_resolve_channels(mod, res, log))
        return -1;
    if (fe_check_calls(mod, log) || fe_simd_lanes(mod, res, log) ||
        fe_refresh_kernels(mod, res, log))
        return -1;
    fe_mark_single_work_items(res);
    if (fe_widen_unrolled(mod, res)) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        return -1;
    }
    return 0;
}

/* Everything but the log. */
static void release_results(struct fe_result *res)
{
    free(res->loop_hints);
    res->loop_hints = NULL;
    res->nloop_hints = 0;
    for (unsigned i = 0; i < res->nchannels; i++)
        free(res->channels[i].name);
    free(res->channels);
    res->channels = NULL;
    res->nchannels = 0;
    fe_printf_free(res);
    for (unsigned i = 0; i < res->nkernels; i++)
        fe_kernel_free(&res->kernels[i]);
    free(res->kernels);
    res->kernels = NULL;
    res->nkernels = 0;
    if (res->module)
        LLVMDisposeModule(res->module);
    if (res->context)
        LLVMContextDispose(res->context);
    res->module = NULL;
    res->context = NULL;
}

static int check_request(const struct fe_request *req, struct oclhls_strbuf *log)
{
    if (!req || (!req->source && req->source_len)) {
        oclhls_strbuf_puts(log, "error: no source\n");
        return -1;
    }
    return 0;
}

/* The log for fe_result: "" when empty (oclhls_strbuf_take gives NULL), NULL when out of memory. */
static char *take_log(struct oclhls_strbuf *log)
{
    if (!log->len && !log->failed) {
        oclhls_strbuf_release(log);
        return strdup("");
    }
    return oclhls_strbuf_take(log);
}

int fe_compile(const struct fe_request *req, struct fe_result *res)
{
    struct oclhls_strbuf log = {0};
    struct fe_request clean;
    char *text = NULL;
    unsigned channels_line;
    int ret = -1;

    memset(res, 0, sizeof(*res));
    if (req && req->num_objects) { /* clLinkProgram: the units' modules instead of clang */
        res->context = LLVMContextCreate();
        LLVMContextSetDiagnosticHandler(res->context, diag_handler, &log);
        if (fe_link_units(req, res->context, 1, &res->module, &log) == 0 &&
            fe_read_unit_hints(res->module, res, &log) == 0)
            ret = process_module(req, res, &log);
        goto out_release;
    }
    if (check_request(req, &log))
        goto out_log;
    /* #pragma ii / ivdep lines emptied (loop_pragmas.c): clang compiles what is left */
    clean = *req;
    if (fe_loop_pragmas(req, &text, &clean.source_len, res, &log)) {
        release_results(res);
        goto out_log;
    }
    clean.source = text;
    channels_line = fe_channels_prepare(text, clean.source_len);
    res->context = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(res->context, diag_handler, &log);
    if (fe_run_clang(&clean, channels_line, res->context, &res->module, &log))
        goto out_release;
    ret = process_module(req, res, &log);
out_release:
    /* the handler points at our stack: the caller's later uses of the context must not */
    LLVMContextSetDiagnosticHandler(res->context, NULL, NULL);
    if (ret)
        release_results(res);
out_log:
    free(text);
    res->log = take_log(&log);
    if (!res->log) {
        res->log = (char *)fe_no_memory_log;
        release_results(res);
        ret = -1;
    }
    return ret;
}

void fe_result_free(struct fe_result *res)
{
    if (!res)
        return;
    release_results(res);
    if (res->log != fe_no_memory_log)
        free(res->log);
    res->log = NULL;
}
