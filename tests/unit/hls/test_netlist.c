// SPDX-License-Identifier: MIT
/*
 * The netlist between the IR and Verilog (hls/emit/netlist.h), without Verilator:
 * - the printer: a module built by hand prints as the Verilog written out below;
 * - the builder: data/tree.hir (a halving tree reduction with barriers and a parking loop)
 *   through the passes after liveness, for the board given, built as a netlist whose
 *   instances and parameters are printed and checked: barriers, the loop's FIFOs and admission
 *   unit agree on the loop's capacity, the park queue, the LSUs and the arbiter's N;
 * - the planner's view: a parameter changed in the netlist (BLOCK_RAM) is what prints;
 * - the report's view: an LSU's logic cells are read from its instance (metadata_area.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "emit.h"
#include "fsutil.h"
#include "hir_text.h"
#include "hls_ctx.h"
#include "metadata.h"
#include "netlist.h"
#include "passes.h"
#include "strbuf.h"
#include "target.h"

static int failures;

static void expect(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

static const char by_hand[] = "    // a FIFO\n"
                              "    // of two lines\n"
                              "    wire [7:0] a, b;\n"
                              "    reg r;\n"
                              "    /* verilator lint_off PINCONNECTEMPTY */ // why\n"
                              "    ocl_fifo #(.WIDTH(8), .DEPTH(4), .BLOCK_RAM(1)) u_f (\n"
                              "        .clk(clk), .push(a),\n"
                              "        .pop_data(b), .count());\n"
                              "    /* verilator lint_on PINCONNECTEMPTY */\n"
                              "    ocl_x #(.N(2), .MEM_DW(MEM_DW), .R(2'd1),\n"
                              "            .LAST(3)) u_x (\n"
                              "        .clk(clk));\n"
                              "    assign c = a & b;\n"
                              "    always @(posedge clk) begin\n"
                              "        if (rst) begin\n"
                              "            r <= 1'b0;\n"
                              "        end else begin\n"
                              "            if (c)\n"
                              "                r <= 1'b1;\n"
                              "        end\n"
                              "    end\n"
                              "endmodule\n";

static void test_printer(void)
{
    struct nl_module m = {0};
    struct oclhls_strbuf out = {0};

    nl_comment(&m, "a FIFO\nof two lines");
    nl_net(&m, "wire", 8, "a, b");
    nl_net(&m, "reg", 0, "r");
    nl_lint(&m, 0, "PINCONNECTEMPTY", "why");
    struct nl_instance *f = nl_instance(&m, "ocl_fifo", "u_f");
    nl_param(&m, f, "WIDTH", 8);
    nl_param(&m, f, "DEPTH", 4);
    nl_param(&m, f, "BLOCK_RAM", 0);
    nl_connect(&m, f, "clk", "clk");
    nl_connect(&m, f, "push", "%s", "a");
    nl_connect_break(&m, f, "pop_data", "b");
    nl_connect_open(&m, f, "count");
    nl_lint(&m, 1, "PINCONNECTEMPTY", NULL);
    struct nl_instance *x = nl_instance(&m, "ocl_x", "u_x");
    nl_param(&m, x, "N", 2);
    nl_param_expr(&m, x, "MEM_DW", "MEM_DW");
    nl_param_sized(&m, x, "R", 2, 1);
    nl_param_break(&m, x, "LAST", 3);
    nl_connect(&m, x, "clk", "clk");
    nl_assign(&m, "c", "a & b");
    nl_always(&m, "clk", "rst", "r <= 1'b0;", "if (c)\n    r <= 1'b1;");
    nl_end(&m);

    /* the planner's change, on the data */
    struct nl_instance *found = nl_instance_at(&m, "ocl_fifo", 0);
    expect(found == f && !nl_instance_at(&m, "ocl_fifo", 1) && nl_instance_at(&m, NULL, 1) == x,
           "nl_instance_at finds instances by module and index");
    expect(nl_param_value(f, "DEPTH", -1) == 4 && nl_param_value(x, "MEM_DW", -1) == -1 &&
               nl_param_value(x, "NONE", -7) == -7,
           "nl_param_value: numbers, expressions and missing parameters");
    if (nl_param_of(f, "BLOCK_RAM"))
        nl_param_of(f, "BLOCK_RAM")->value = 1;

    expect(!nl_print(&m, &out) && out.buf && !strcmp(out.buf, by_hand),
           "nl_print writes the module built by hand");
    if (out.buf && strcmp(out.buf, by_hand))
        printf("printed:\n%s", out.buf);
    oclhls_strbuf_release(&out);
    nl_release(&m);
}

static const char header_by_hand[] =
    "// a module\n"
    "module oclk_t #(\n"
    "    parameter MEM_DW = 512\n"
    ") (\n"
    "    input  wire              clk,\n"
    "    output wire [MEM_DW/8-1:0] mem_req_wstrb,\n"
    "    input  wire [7:0] st0_rdata,\n"
    "    output wire st0_pop\n"
    ");\n"
    "    wire        a;\n"
    "    reg  [3:1] s0_valid_r;\n"
    "    wire [95:0] x = y;  // a note\n"
    "\n"
    "    always @(posedge clk) k <= rst;\n"
    "    always @(posedge clk)\n"
    "        if (rst) p <= 1'b0;\n"
    "        else p <= q;\n"
    "    always @(*) begin\n"
    "        r = 1'b0;\n"
    "    end\n"
    "    ocl_e #(.R(1),\n"
    "        .S(2)) u_e (\n"
    "        .clk(clk));\n"
    "    function f;\n"
    "    endfunction\n"
    "    genvar lane;\n"
    "    generate\n"
    "        for (lane = 0; lane < 2; lane = lane + 1) begin : g_lane\n"
    "            assign y[lane] = x[lane];\n"
    "        end\n"
    "    endgenerate\n"
    "    assign z = 1'b1; // why\n"
    "endmodule\n";

/* The module header, its ports, declarations as tables, always forms, indented parameters,
   functions, a generate loop's body indented under it, comments after an assignment. */
static void test_printer_header(void)
{
    struct nl_module m = {0};
    struct oclhls_strbuf out = {0};

    nl_port(&m, "input", 1, "", "early");
    expect(m.failed, "a port before any module header fails the module");
    m.failed = 0;
    nl_module_begin(&m, "oclk_t", "MEM_DW = 512", "a module");
    nl_port(&m, "input", 1, "", "clk");
    nl_port(&m, "output", 1, "[MEM_DW/8-1:0]", "mem_req_wstrb");
    nl_port(&m, "input", 0, "[7:0]", "st0_rdata");
    nl_port(&m, "output", 0, "", "st0_pop");
    nl_declare(&m, &(struct nl_decl){"wire", "", 6, NULL, NULL}, "a");
    nl_declare(&m, &(struct nl_decl){"reg ", "[3:1]", 0, NULL, NULL}, "s0_valid_r");
    nl_declare(&m, &(struct nl_decl){"wire", "[95:0]", 6, "y", "  // a note"}, "x");
    nl_blank(&m);
    nl_always_form(&m, NL_ALWAYS_LINE, "clk", "k <= %s;", "rst");
    nl_always_form(&m, NL_ALWAYS_BARE, "clk", "if (rst) p <= 1'b0;\nelse p <= q;");
    nl_always_form(&m, NL_ALWAYS_BLOCK, "*", "r = 1'b0;");
    struct nl_instance *e = nl_instance(&m, "ocl_e", "u_e");
    if (e)
        e->param_indent = 8;
    nl_param(&m, e, "R", 1);
    nl_param_break(&m, e, "S", 2);
    nl_connect(&m, e, "clk", "clk");
    nl_function(&m, "    function f;\n    endfunction\n");
    nl_net(&m, "genvar", 0, "lane");
    nl_generate_begin(&m, "for (lane = 0; lane < %d; lane = lane + 1) begin : g_lane", 2);
    nl_assign(&m, "y[lane]", "x[lane]");
    nl_generate_end(&m);
    nl_assign_note(&m, "z", " // why", "1'b1");
    nl_end(&m);
    expect(!nl_print(&m, &out) && out.buf && !strcmp(out.buf, header_by_hand),
           "nl_print writes the header, ports, tables and always forms built by hand");
    if (out.buf && strcmp(out.buf, header_by_hand))
        printf("printed:\n%s", out.buf);
    oclhls_strbuf_release(&out);
    nl_release(&m);
}

/* The kernel of data/tree.hir after every pass from liveness on. */
static struct hir_kernel *scheduled_tree(const char *path, struct hls_ctx *ctx)
{
    struct hir_kernel *k = NULL;
    char *text = NULL, err[512];
    size_t len;
    if (oclhls_read_file(path, &text, &len) ||
        hir_text_read(text, len, path, &k, err, sizeof err)) {
        printf("cannot read %s\n", path);
        free(text);
        return NULL;
    }
    free(text);
    int n, after = 0;
    const struct hls_pass *p = hls_passes(&n);
    for (int i = 0; i < n; i++) {
        if (after && p[i].run(ctx, k)) {
            printf("pass %s failed: %s\n", p[i].name, ctx->log->buf ? ctx->log->buf : "");
            hir_kernel_free(k);
            return NULL;
        }
        after |= !strcmp(p[i].name, "liveness");
    }
    return k;
}

static void print_instances(const struct nl_module *m)
{
    struct nl_instance *in;
    for (int i = 0; (in = nl_instance_at(m, NULL, i)); i++) {
        printf("  %s %s", in->module, in->name);
        for (int j = 0; j < in->nparams; j++)
            if (in->params[j].expr)
                printf(" %s=%s", in->params[j].name, in->params[j].expr);
            else
                printf(" %s=%lld", in->params[j].name, in->params[j].value);
        printf(" (%d connections)\n", in->nconns);
    }
}

static int count(const struct nl_module *m, const char *module)
{
    int n = 0;
    while (nl_instance_at(m, module, n))
        n++;
    return n;
}

static struct nl_instance *named(const struct nl_module *m, const char *name)
{
    return nl_instance_named(m, name);
}

/*
 * The report's area figures come from the netlist: each global access's logic cells are its
 * LSU instance's price, and a parameter changed in the netlist changes the figure.
 */
static void test_area(const struct hir_kernel *k, const struct oclhls_board *board,
                      struct nl_module *m)
{
    struct hir_kernel *kernels[1] = {(struct hir_kernel *)k};
    struct build_info b = {.board = board, .kernels = kernels, .netlists = m};
    int checked = 0, ok = 1;
    for (int i = 0; i < k->nops; i++) {
        struct meta_unit u;
        const struct hir_op *op = &k->ops[i];
        if (!meta_unit_of(&b, 0, i, &u) || u.kind != META_UNIT_MEMORY || op->lsu == HIR_NONE)
            continue;
        char name[32];
        snprintf(name, sizeof(name), "u_lsu%d", op->lsu);
        struct nl_instance *in = named(m, name);
        int store = in && !strcmp(in->module, "ocl_lsu_store");
        int cache = in && nl_param_value(in, "CACHE", 0);
        ok &= in && u.lcs == hls_lsu_lcs(board, store, cache) && u.lcs > 0;
        if (in && !store) { /* the other kind of load LSU, in the netlist only */
            nl_param_of(in, "CACHE")->value = !cache;
            ok &= meta_unit_of(&b, 0, i, &u) && u.lcs == hls_lsu_lcs(board, 0, !cache);
            nl_param_of(in, "CACHE")->value = cache;
        }
        checked++;
    }
    expect(ok && checked > 0, "the report's LSU logic cells are priced from their instances");
}

static void test_builder(const char *path, const char *board_name)
{
    struct oclhls_board board;
    struct oclhls_strbuf log = {0}, text = {0};
    struct nl_module m = {0};
    char err[512];

    if (oclhls_board_find(board_name, &board, err, sizeof err)) {
        expect(0, err);
        return;
    }
    struct hls_ctx ctx = {.log = &log, .source_name = path, .board = &board};
    struct hir_kernel *k = hls_float_units_load(&ctx) ? NULL : scheduled_tree(path, &ctx);
    expect(k != NULL, "tree.hir through the passes");
    if (!k) {
        oclhls_strbuf_release(&log);
        return;
    }
    expect(!hls_emit_kernel_netlist(&ctx, k, &m), "the kernel module built as a netlist");
    printf("instances of oclk_%s on %s:\n", k->name, board_name);
    print_instances(&m);

    int nbar = count(&m, "ocl_barrier");
    expect(nbar == k->nbarriers && nbar >= 2, "an ocl_barrier per barrier (and the gate)");
    for (int b = 0; b < nbar; b++) {
        struct nl_instance *in = nl_instance_at(&m, "ocl_barrier", b);
        expect(nl_param_value(in, "NSLOT", 0) == k->nwg_slots &&
                   nl_param_value(in, "MAXWG", 0) == k->max_wg && nl_param_value(in, "W", 0) > 0,
               "a barrier's NSLOT and MAXWG are the kernel's");
    }
    struct nl_instance *back = named(&m, "u_l0_back"), *admit = named(&m, "u_l0_admit");
    expect(back && admit && !strcmp(back->module, "ocl_fifo") &&
               nl_param_value(back, "DEPTH", -1) == nl_param_value(admit, "CAP", -2) &&
               nl_param_value(back, "DEPTH", -1) == k->loops[0].capacity,
           "loop 0's back FIFO is as deep as its admission unit's CAP, the loop's capacity");
    struct nl_param *block_ram = back ? nl_param_of(back, "BLOCK_RAM") : NULL;
    expect(block_ram && (hls_target_of(&board).spare_block_ram || block_ram->value == 0),
           "a back FIFO has BLOCK_RAM, 0 where the board has no block RAM to spare");
    expect(named(&m, "u_l0_entry") && named(&m, "u_l0_exit"), "loop 0's entry and exit FIFOs");
    expect(k->loops[0].park.gate == HIR_NONE || named(&m, "u_l0_epq"),
           "a parking loop has its park queue");
    int nlsu = count(&m, "ocl_lsu_load") + count(&m, "ocl_lsu_store");
    struct nl_instance *arb = nl_instance_at(&m, "ocl_mem_arbiter", 0);
    expect(nlsu == k->nlsus && arb && nl_param_value(arb, "N", 0) == nlsu,
           "an LSU per access, the arbiter's N their number");

    test_area(k, &board, &m);

    /* The printed module holds each instance's header as its parameters say. */
    expect(!nl_print(&m, &text) && text.buf && strstr(text.buf, "module oclk_tree") &&
               strstr(text.buf, "endmodule"),
           "the netlist prints as one module");
    oclhls_strbuf_release(&text);
    nl_release(&m);
    hir_kernel_free(k);
    oclhls_strbuf_release(&log);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s TREE.hir BOARD...\n", argv[0]);
        return 2;
    }
    test_printer();
    test_printer_header();
    for (int i = 2; i < argc; i++)
        test_builder(argv[1], argv[i]);
    printf("netlist: %d failed\n", failures);
    return failures != 0;
}
