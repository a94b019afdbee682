// SPDX-License-Identifier: MIT
/*
 * oclhls report FILE.oclbin [-o OUT] [--json] [--profile RUN.json]: the program file's report
 * (with --profile also what a run measured, report_profile.c), one self-contained
 * HTML page (report_html.c) or the report model it is drawn from as JSON (report_model.c),
 * written to OUT (default: the program's name with .html or .json, in the current directory).
 * `oclhls build --report DIR` calls oclhls_report_write for the program it wrote.
 */
#include "cmd_report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "report.h"

int oclhls_report_write(const void *data, size_t size, const char *name, const char *path, int json)
{
    return oclhls_report_write_profiled(data, size, name, path, json, NULL);
}

int oclhls_report_write_profiled(const void *data, size_t size, const char *name,
                                 const char *path, int json, const char *profile)
{
    struct oclhls_strbuf page = {0};
    char err[512];
    char *text = NULL;
    int rc = -1;
    cJSON *model = report_model(data, size, name, err, sizeof(err));

    if (!model || (profile && report_profile_add(model, profile, err, sizeof(err)))) {
        fprintf(stderr, "oclhls report: %s\n", err);
        cJSON_Delete(model);
        return -1;
    }
    if (json) {
        text = cJSON_Print(model);
    } else {
        report_html(model, &page);
        text = page.failed ? NULL : oclhls_strbuf_take(&page);
    }
    if (!text) {
        fprintf(stderr, "oclhls report: out of memory\n");
        goto out;
    }
    if (!strcmp(path, "-") ? fputs(text, stdout) < 0 || (json && fputc('\n', stdout) < 0)
                           : oclhls_write_file(path, text, strlen(text)) != 0) {
        fprintf(stderr, "oclhls report: cannot write '%s': %s\n", path, strerror(errno));
        goto out;
    }
    rc = 0;
out:
    free(text);
    oclhls_strbuf_release(&page);
    cJSON_Delete(model);
    return rc;
}

/* FILE.oclbin -> FILE.html (or .json), in the current directory. */
static char *default_output(const char *input, int json)
{
    const char *base = strrchr(input, '/') ? strrchr(input, '/') + 1 : input;
    size_t n = strlen(base);
    if (n > 7 && !strcmp(base + n - 7, ".oclbin"))
        n -= 7;
    return oclhls_asprintf("%.*s.%s", (int)n, base, json ? "json" : "html");
}

int oclhls_cmd_report(int argc, char **argv)
{
    const char *input = NULL, *output = NULL, *profile = NULL;
    char *data = NULL, *out = NULL;
    size_t size = 0;
    int json = 0, rc = 1;

    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (!strcmp(argv[i], "-o")) {
            if (++i >= argc) {
                fprintf(stderr, "oclhls report: option '-o' needs a file ('-': stdout)\n");
                return 2;
            }
            output = argv[i];
        } else if (!strcmp(argv[i], "--profile")) {
            if (++i >= argc) {
                fprintf(stderr, "oclhls report: option '--profile' needs the file a run wrote "
                                "(OCLHLS_PROFILE)\n");
                return 2;
            }
            profile = argv[i];
        } else if (argv[i][0] == '-' || input) {
            fprintf(stderr, "oclhls report: unexpected argument '%s' (see oclhls --help)\n",
                    argv[i]);
            return 2;
        } else {
            input = argv[i];
        }
    }
    if (!input) {
        fprintf(stderr, "oclhls report: no program file (oclhls report KERNEL.oclbin)\n");
        return 2;
    }
    if (oclhls_read_file(input, &data, &size)) {
        fprintf(stderr, "oclhls report: cannot read '%s': %s\n", input, strerror(errno));
        return 1;
    }
    if (!(out = output ? strdup(output) : default_output(input, json))) {
        fprintf(stderr, "oclhls report: out of memory\n");
        goto out;
    }
    if (oclhls_report_write_profiled(data, size, input, out, json, profile))
        goto out;
    if (strcmp(out, "-"))
        fprintf(stderr, "wrote %s\n", out);
    rc = 0;
out:
    free(out);
    free(data);
    return rc;
}
