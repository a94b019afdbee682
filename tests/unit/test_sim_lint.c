/* SPDX-License-Identifier: MIT */
/*
 * oclhls_sim_lint: the sim shell + test system lints clean under -Wall; a design with a
 * lint warning (an unused signal) fails with the warning in the log; an empty design fails.
 * oclhls_sim_model_build_lint: the same verdicts from a model built now (linted by its own
 * Verilator run) and from the same model found in the cache (linted on its own).
 *
 * usage: test_sim_lint <test_system.v>
 */
#include "test_design.h"

#include <time.h>
#include <unistd.h>

#include "sim_lint.h"
#include "sim_model_build.h"

/* The design with an unused wire in its last module (before its last endmodule). */
static char *with_spare_wire(const char *design)
{
    const char *end = design, *at;
    char *text;

    while ((at = strstr(end, "endmodule")) != NULL)
        end = at + 1;
    if (end == design)
        return NULL;
    text = malloc(strlen(design) + 64);
    if (text)
        sprintf(text, "%.*s    wire [7:0] spare_wire = 8'd3;\n%s", (int)(end - 1 - design), design,
                end - 1);
    return text;
}

/* Builds (then finds) the model of the design, linting it; 1 when lint's verdict matches. */
static void check_model_lint(const char *design, size_t len, int clean, const char *what)
{
    for (int pass = 0; pass < 2; pass++) {
        char *so = NULL, *lint = NULL, *log = NULL;
        int ret = oclhls_sim_model_build_lint(design, len, 512, &so, &lint, &log);

        CHECK(ret == 0 && so, "%s: model %s%s%s", what, pass ? "from the cache" : "built",
              log && ret ? ":\n" : "", log && ret ? log : "");
        if (clean)
            CHECK(lint == NULL, "%s (%s): lints clean%s%s", what,
                  pass ? "linted alone" : "linted by the build", lint ? ":\n" : "",
                  lint ? lint : "");
        else
            CHECK(lint && strstr(lint, "UNUSED") && strstr(lint, "spare_wire"),
                  "%s (%s): the unused wire is reported", what,
                  pass ? "linted alone" : "linted by the build");
        free(so);
        free(lint);
        free(log);
    }
}

static const char unused_signal[] = "module sim_shell(input wire clk, output wire q);\n"
                                    "    wire [7:0] spare = 8'd3;\n"
                                    "    reg r;\n"
                                    "    always @(posedge clk) r <= ~r;\n"
                                    "    assign q = r;\n"
                                    "endmodule\n";

int main(int argc, char **argv)
{
    char *design, *log = NULL;
    size_t len;
    int ret;

    if (argc < 2) {
        fprintf(stderr, "usage: %s <test_system.v>\n", argv[0]);
        return 2;
    }
    design = test_design(argv[1], NULL, &len);
    CHECK(design != NULL, "assemble shell_files of the sim board + %s", argv[1]);
    ret = design ? oclhls_sim_lint(design, len, NULL, 0, &log) : -1;
    CHECK(ret == 0 && log == NULL, "sim_shell + shell_regs + test_system lint clean%s%s",
          log ? ":\n" : "", log ? log : "");
    free(log);
    log = NULL;
    ret = oclhls_sim_lint(unused_signal, sizeof(unused_signal) - 1, NULL, 0, &log);
    CHECK(ret == -1 && log && strstr(log, "UNUSED") && strstr(log, "spare"),
          "an unused signal is reported (UNUSED...)");
    free(log);
    log = NULL;
    ret = oclhls_sim_lint("", 0, NULL, 0, &log);
    CHECK(ret == -1 && log, "an empty design is refused: %s", log ? log : "");
    free(log);
    free(design);

    /* a salt of its own: this run builds the models, so the build's lint runs */
    char salt[64];
    snprintf(salt, sizeof(salt), "lint %ld %ld", (long)getpid(), (long)time(NULL));
    design = test_design(argv[1], salt, &len);
    char *spare = design ? with_spare_wire(design) : NULL;
    CHECK(spare != NULL, "a design with an unused wire");
    if (design)
        check_model_lint(design, len, 1, "the test system");
    if (spare)
        check_model_lint(spare, strlen(spare), 0, "the test system with an unused wire");
    free(spare);
    free(design);
    return test_result();
}
