// SPDX-License-Identifier: MIT
/*
 * The fit failure's "units that cost most" (board-support/ice40/flow): netlist cells
 * grouped by unit, and a kernel's own cells by the value they compute, then traced through
 * the design text to modules and the compiler's comments; and the logic cells after packing
 * that a placement failure reports, from nextpnr's log. Runs without the iCE40 tools.
 */
#include <stdio.h>
#include <string.h>

#include "ice40_netlist.h"
#include "ice40_report.h"
#include "ice40_trace.h"

/* The shapes the shell and the compiler write: parameters over several lines. */
static const char design[] = "module top (input wire clk);\n"
                             "    shell #(\n"
                             "        .W(64)\n"
                             "    ) u_shell (\n"
                             "        .clk(clk));\n"
                             "endmodule\n"
                             "module shell #(parameter W = 8) (input wire clk);\n"
                             "    oclhls_system #(.MEM_DW(W)) u_system (.clk(clk));\n"
                             "endmodule\n"
                             "module oclhls_system #(parameter MEM_DW = 8) (input wire clk);\n"
                             "    oclk_fir u_k0 (.clk(clk));\n"
                             "endmodule\n"
                             "module oclk_fir (input wire clk);\n"
                             "    wire [31:0] v34;  // add, line 11\n"
                             "    wire [31:0] v35;  // mul, line 12\n"
                             "    // load, line 7: issued in stage 0\n"
                             "    wire lsu0_fire = s0_valid[0] & v5[0];\n"
                             "    ocl_lsu_load #(\n"
                             "        .DW(32)\n"
                             "    ) u_lsu0 (\n"
                             "        .clk(clk));\n"
                             "\n"
                             "    // fdiv, line 8: stage 3, result at stage 40\n"
                             "    //   shared with fdiv, line 9: stage 4\n"
                             "    /* verilator lint_off UNUSED */\n"
                             "    wire [31:0] fp12_y;\n"
                             "    /* verilator lint_on UNUSED */\n"
                             "    ocl_fp_div u_fp12 (\n"
                             "        .clk(clk));\n"
                             "    ocl_fifo u_bare (\n"
                             "        .clk(clk));\n"
                             "    // Launch registers. A kernel reads only the launch values it "
                             "uses, so the\n"
                             "    // others cost nothing.\n"
                             "    ocl_kernel_csr u_csr (\n"
                             "        .clk(clk));\n"
                             "endmodule\n";

/* Cells named as yosys names them after flattening. */
static const char netlist[] =
    "{\"modules\": {\"top\": {\"cells\": {"
    "\"u_shell.u_system.u_k0.v35_s3_SB_DFFE_Q_21_DFFLC\": {\"type\": \"SB_DFFE\"},"
    "\"u_shell.u_system.u_k0.v35_s4_SB_DFFE_Q\": {\"type\": \"SB_DFFE\"},"
    "\"u_shell.u_system.u_k0.v35_SB_LUT4_O\": {\"type\": \"SB_LUT4\"},"
    "\"u_shell.u_system.u_k0.v34_SB_CARRY_CO\": {\"type\": \"SB_CARRY\"},"
    "\"u_shell.u_system.u_k0.valid_SB_LUT4_O\": {\"type\": \"SB_LUT4\"},"
    "\"u_shell.u_system.u_k0.u_lsu0.u_req.x_SB_LUT4_O\": {\"type\": \"SB_LUT4\"},"
    "\"u_shell.u_system.u_k0.u_lsu0.y_SB_DFF_Q\": {\"type\": \"SB_DFF\"},"
    "\"clk_SB_LUT4_O\": {\"type\": \"SB_LUT4\"}"
    "}}}}";

static int failures;

static void expect(const char *what, const char *got, const char *want)
{
    if (strcmp(got, want)) {
        printf("FAIL: %s: \"%s\", expected \"%s\"\n", what, got, want);
        failures++;
    }
}

static unsigned cells_of(const struct ice40_netlist *n, const char *inst)
{
    for (int i = 0; i < n->n_groups; i++)
        if (!strcmp(n->groups[i].inst, inst))
            return n->groups[i].cells;
    return 0;
}

int main(void)
{
    struct ice40_netlist n;
    char out[256], err[160];
    static const struct {
        const char *inst, *want;
    } traces[] = {
        {"u_shell.u_system.u_k0.u_lsu0", "shell > oclk_fir > ocl_lsu_load: load, line 7: issued "
                                         "in stage 0"},
        {"u_shell.u_system.u_k0.v35", "shell > oclk_fir > value v35: mul, line 12"},
        {"u_shell.u_system.u_k0.u_fp12",
         "shell > oclk_fir > ocl_fp_div: fdiv, line 8: stage 3, result at stage 40"},
        {"u_shell.u_system.u_k0.u_bare", "shell > oclk_fir > ocl_fifo"},
        /* one line of a longer comment: its first sentence */
        {"u_shell.u_system.u_k0.u_csr", "shell > oclk_fir > ocl_kernel_csr: Launch registers."},
        {"u_shell.u_system.u_k0", "shell > oclk_fir"},
        {"u_shell.u_nowhere", "shell"},
    };

    for (size_t i = 0; i < sizeof(traces) / sizeof(traces[0]); i++) {
        ice40_trace_describe(design, sizeof(design) - 1, "top", traces[i].inst, out, sizeof(out));
        expect(traces[i].inst, out, traces[i].want);
    }
    if (ice40_netlist_read(netlist, "top", &n, err, sizeof(err))) {
        printf("FAIL: netlist: %s\n", err);
        return 1;
    }
    static const struct {
        const char *inst;
        unsigned cells;
    } groups[] = {{"u_shell.u_system.u_k0.v35", 3},
                  {"u_shell.u_system.u_k0.v34", 1},
                  {"u_shell.u_system.u_k0", 1},
                  {"u_shell.u_system.u_k0.u_lsu0", 2},
                  {"(top)", 1}};
    for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
        unsigned got = cells_of(&n, groups[i].inst);
        if (got != groups[i].cells) {
            printf("FAIL: group %s has %u cells, expected %u\n", groups[i].inst, got,
                   groups[i].cells);
            failures++;
        }
    }
    /* A placement failure reports nextpnr's count after packing, read from its log. */
    static const char log[] = "Info: Device utilisation:\n"
                              "Info: \t         ICESTORM_LC:  6397/ 5280   121%\n"
                              "Info: \t        ICESTORM_RAM:    30/   30   100%\n"
                              "ERROR: Unable to place cell 'x', no BELs remaining\n";
    unsigned packed = ice40_report_packed_lcs(log);
    if (packed != 6397 || ice40_report_packed_lcs("ERROR: no utilisation") != 0) {
        printf("FAIL: packed logic cells %u from the log, expected 6397 (and 0 without)\n",
               packed);
        failures++;
    }
    printf("%d failed\n%s\n", failures, failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
