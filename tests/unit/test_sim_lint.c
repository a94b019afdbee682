/* SPDX-License-Identifier: MIT */
/*
 * oclhls_sim_lint: the sim shell + test system lints clean under -Wall; a design with a
 * lint warning (an unused signal) fails with the warning in the log; an empty design fails.
 *
 * usage: test_sim_lint <test_system.v>
 */
#include "test_design.h"

#include "sim_model_build.h"

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
    return test_result();
}
