/* SPDX-License-Identifier: MIT */
/*
 * oclhls_sim_lint (sim_lint.h): `verilator --lint-only -Wall` on a complete design.
 * The payload is one file holding many modules, so DECLFILENAME (module name vs file
 * name) is the one warning left out; each source file lints clean on its own with it.
 */
#include "sim_lint.h"

#include <stdlib.h>
#include <string.h>

#include "argv.h"
#include "cache.h"
#include "fsutil.h"
#include "strbuf.h"
#include "subprocess.h"
#include "tools.h"

static int run_lint(const char *file, const char *top, unsigned mem_dw,
                    struct oclhls_strbuf *log)
{
    struct oclhls_argv a = {0};
    char *out = NULL, *mem_dw_param = mem_dw ? oclhls_asprintf("-GMEM_DW=%u", mem_dw) : NULL;
    int status = -1;

    oclhls_tools_verilator_argv(oclhls_tools_verilator_path(), &a);
    oclhls_argv_addv(&a, (const char *const[]){"--lint-only", "-Wall", "-Wno-DECLFILENAME",
                                               "--top-module", top ? top : "sim_shell", NULL});
    if (mem_dw_param)
        oclhls_argv_add(&a, mem_dw_param);
    oclhls_argv_add(&a, file);
    if (!a.failed)
        status = oclhls_run(a.v, &out);
    if (status != 0) {
        oclhls_argv_to_log(log, a.v);
        oclhls_strbuf_puts(log, out ? out : "");
        oclhls_strbuf_printf(log, "(exit status %d)\n", status);
    }
    free(out);
    free(mem_dw_param);
    oclhls_argv_release(&a);
    return status == 0 ? 0 : -1;
}

static int lint_in(const char *dir, const char *verilog, size_t len, const char *top,
                   unsigned mem_dw, struct oclhls_strbuf *log)
{
    char *file = oclhls_asprintf("%s/design.v", dir);
    int ret = -1;

    if (!file || oclhls_write_file(file, verilog, len))
        oclhls_strbuf_printf(log, "cannot write the design into %s\n", dir);
    else
        ret = run_lint(file, top, mem_dw, log);
    free(file);
    return ret;
}

int oclhls_sim_lint(const char *verilog, size_t len, const char *top, unsigned mem_dw,
                    char **log)
{
    struct oclhls_strbuf sb = {0};
    char *parent, *dir = NULL;
    int ret = -1;

    if (log)
        *log = NULL;
    if (!verilog || !len) {
        oclhls_strbuf_puts(&sb, "lint: the design is empty\n");
        goto out_log;
    }
    parent = oclhls_cache_subdir("tmp", &sb);
    if (parent)
        dir = oclhls_cache_mkdtemp(parent, &sb);
    if (dir)
        ret = lint_in(dir, verilog, len, top, mem_dw, &sb);
    if (dir)
        oclhls_rm_rf(dir);
    free(dir);
    free(parent);
out_log:
    if (log && ret)
        *log = oclhls_strbuf_take(&sb);
    oclhls_strbuf_release(&sb);
    return ret;
}
