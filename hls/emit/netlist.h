/* SPDX-License-Identifier: MIT */
/*
 * A module as data between the IR and its Verilog (netlist.c, netlist_instance.c): its header,
 * ports, then an ordered list of items (comments, nets and other declarations, continuous
 * assignments, instances of rtl-lib units with their parameters and connections, always
 * blocks, generate loops, Verilog functions, lint pragmas, blank lines) that one printer,
 * nl_print (netlist_print.c), writes as text. Every module the compiler writes is built this
 * way: kernel modules (emit_kernel.c and the emitters it calls), line kernels
 * (emit_line_kernel.c) and the system top (emit_system.c); no emitter writes text into a
 * module. The planners read and change the instances before the module is printed (the
 * block-RAM planner sets a FIFO's BLOCK_RAM, emit_pipeline_regs.c), and the report prices
 * the units from them (metadata_area.c), never from the text.
 *
 * What stays text inside an item, on purpose: expressions (an assignment's right-hand side,
 * a connection, a wire's value), an always block's statements and a function's body, which
 * are behaviour the netlist carries but does not look into. Where lines break and how a
 * table's columns are padded is part of the data (line_break, name_break, one_line,
 * param_indent, pad, trail): they keep the Verilog byte for byte what the emitters wrote as
 * text before the netlist (tests/tools/verilog_snapshot.sh).
 */
#ifndef OCLHLS_EMIT_NETLIST_H
#define OCLHLS_EMIT_NETLIST_H

#include <stddef.h>

#include "strbuf.h"

enum nl_item_kind {
    NL_COMMENT,  /* "    // <line>" per line of its text */
    NL_NET,      /* "    wire|reg [W-1:0] <names>;" */
    NL_ASSIGN,   /* "    assign <lhs> = <rhs>;" */
    NL_INSTANCE, /* "    <module> #(<parameters>) <name> (<connections>);" */
    NL_ALWAYS,   /* "    always @(posedge <clock>) begin ... end" */
    NL_LINT,     /* a Verilator lint_on or lint_off pragma (then " // <note>") */
    NL_BLANK,    /* an empty line between groups of items */
    NL_MODULE,   /* "// <comment>" lines, "module <name> #(<parameter>) (<ports>);" */
    NL_END,      /* "endmodule" */
    NL_FUNCTION, /* a Verilog function's definition, behavioural code printed as it is */
    NL_GENERATE, /* "generate" and a loop's header "for (...) begin : <label>" */
    NL_GENERATE_END, /* the loop's "end", "endgenerate" */
};

/* A port of the module: "    <dir> wire <range> <name>"; aligned ports pad dir and range
   to columns (the CSR and memory ports), the others only dir. */
struct nl_port {
    char *dir, *range, *name;
    int aligned;
};

/* A parameter: a number (sized "<width>'d<value>" when width > 0) or an expression. */
struct nl_param {
    char *name;
    long long value;
    unsigned width;
    char *expr;     /* when set, printed instead of the value (e.g. MEM_DW) */
    int line_break; /* the parameter starts a new line, under the first */
};

struct nl_conn {
    char *port, *expr;
    int line_break; /* the connection starts a new line */
};

struct nl_instance {
    char *module, *name;
    int name_break; /* the name on a line of its own, under the connections */
    int one_line;   /* the connections on the header's line */
    int param_indent; /* a parameter's line break indents this much (0: under the first) */
    struct nl_param *params;
    int nparams;
    struct nl_conn *conns;
    int nconns;
};

struct nl_item {
    enum nl_item_kind kind;
    char *text;  /* text, comment; net: names; assign: rhs; always: statements; lint: rule */
    char *first; /* net: "wire" or "reg"; assign: lhs; always: clock; lint: "on" or "off" */
    char *note;  /* lint: a comment after it; net: the value it is declared with */
    char *reset; /* always: the reset signal and its statements, when it has one */
    char *reset_text;
    unsigned width; /* net: bits (0: a scalar) */
    char *range;    /* net: its range ("[W-1:0]", or any), "" for none */
    int pad;        /* net: the range padded to this many characters (a table's columns) */
    char *trail;    /* net, assign: what follows the ";" on its line (a comment: "  // why") */
    int form;       /* always: NL_ALWAYS_* */
    struct nl_instance inst;
    struct nl_port *ports; /* module */
    int nports;
    int indent; /* spaces before each of its lines beyond the module's own (inside a generate) */
};

/* How an always block's statements are laid out. */
enum {
    NL_ALWAYS_BLOCK, /* "begin", the statements one a line, "end" */
    NL_ALWAYS_LINE,  /* one statement on the always line */
    NL_ALWAYS_BARE,  /* the statement (an if/else) on the lines after, no begin/end */
};

struct nl_module {
    struct nl_item **items;
    int n, cap;
    int header;                /* the NL_MODULE item the ports go to, plus 1 (0: none) */
    int indent;                /* the indent of items added now (8 inside a generate loop) */
    int failed;                /* out of memory */
};

void nl_comment(struct nl_module *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A wire or reg ("wire"/"reg") of width bits (0: no range) named by the printf list. */
void nl_net(struct nl_module *m, const char *kind, unsigned width, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A wire declared with its value: "wire [W-1:0] name = <printf expression>;". */
void nl_wire_init(struct nl_module *m, unsigned width, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void nl_assign(struct nl_module *m, const char *lhs, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An assignment with a comment after it: trail follows the ";" as it is ("  // why"). */
void nl_assign_note(struct nl_module *m, const char *lhs, const char *trail, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same with the right-hand side given and the left-hand side (or the wire's name) the
   printf list: for emitters that build an expression first. */
void nl_assign_to(struct nl_module *m, const char *rhs, const char *lhs_fmt, ...)
    __attribute__((format(printf, 3, 4)));
void nl_wire_to(struct nl_module *m, unsigned width, const char *rhs, const char *name_fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A Verilator lint pragma for the items after it: on (1) or off (0); note may be NULL. */
void nl_lint(struct nl_module *m, int on, const char *rule, const char *note);
/* An always block on clock's rising edge; reset may be NULL. Statements are lines of text. */
void nl_always(struct nl_module *m, const char *clock, const char *reset, const char *on_reset,
               const char *statements);
/* An always block laid out as form says (NL_ALWAYS_*); clock "*" is "always @(*)". */
void nl_always_form(struct nl_module *m, int form, const char *clock, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A declaration of any kind ("wire", "reg ", "integer"), range ("" for none) padded to pad
   characters; init and trail (after the ";", e.g. "  // why") may be NULL. Names: the printf
   list. */
struct nl_decl {
    const char *kind, *range;
    int pad;
    const char *init, *trail;
};
void nl_declare(struct nl_module *m, const struct nl_decl *d, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void nl_blank(struct nl_module *m);
/* A function definition (its lines, indented, each ending in a newline): the one kind of
   item whose body the netlist does not model, as an always block's statements. */
void nl_function(struct nl_module *m, const char *definition);

/* The module's header: comment lines, its name, one parameter ("MEM_DW = 512", or NULL);
   nl_port adds its ports in order. nl_end closes it ("endmodule"). */
void nl_module_begin(struct nl_module *m, const char *name, const char *parameter,
                     const char *comment_fmt, ...) __attribute__((format(printf, 4, 5)));
/* A port ("input", "output") of the module begun last; range "" for a scalar. */
void nl_port(struct nl_module *m, const char *dir, int aligned, const char *range,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void nl_end(struct nl_module *m);
/* A generate loop: its header (the printf text, "for (...) begin : label"); the items up to
   nl_generate_end are its body, indented under it. */
void nl_generate_begin(struct nl_module *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void nl_generate_end(struct nl_module *m);

/* An instance of module (rtl-lib) named name; NULL when out of memory (the calls below then
   do nothing and the module has failed). */
struct nl_instance *nl_instance(struct nl_module *m, const char *module, const char *name);
void nl_param(struct nl_module *m, struct nl_instance *in, const char *name, long long value);
void nl_param_sized(struct nl_module *m, struct nl_instance *in, const char *name, unsigned width,
                    long long value);
/* A parameter on a new line of the parameter list. */
void nl_param_break(struct nl_module *m, struct nl_instance *in, const char *name, long long value);
void nl_param_expr(struct nl_module *m, struct nl_instance *in, const char *name, const char *expr);
/* Port port to the printf expression; nl_connect_break starts a new line of connections. */
void nl_connect(struct nl_module *m, struct nl_instance *in, const char *port, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void nl_connect_break(struct nl_module *m, struct nl_instance *in, const char *port,
                      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* An output port left unconnected: ".port()". */
void nl_connect_open(struct nl_module *m, struct nl_instance *in, const char *port);

/* The planners' view: parameter name of in (NULL if it has none). */
struct nl_param *nl_param_of(const struct nl_instance *in, const char *name);
/* Parameter name's value, or dflt when in has none or it is an expression. */
long long nl_param_value(const struct nl_instance *in, const char *name, long long dflt);
/* The instance named name in m, or NULL. */
struct nl_instance *nl_instance_named(const struct nl_module *m, const char *name);
/* The i-th instance of module (NULL: any module) in m, or NULL after the last. */
struct nl_instance *nl_instance_at(const struct nl_module *m, const char *module, int i);

/* The module's Verilog, appended to out. 0, -1 out of memory. */
int nl_print(const struct nl_module *m, struct oclhls_strbuf *out);
void nl_release(struct nl_module *m);

/*
 * The register copies v<value>_s<stage> a module reads, recorded as emit_ref writes their
 * names (emit_reads_record): which copies the pipeline-register planner may leave out or put
 * in a delay line. Recording is per thread, between emit_reads_begin and emit_reads_end.
 */
struct emit_reads {
    int nvalues, nstages;
    unsigned char *read; /* [value * nstages + stage] */
};

/* Starts recording into r (nvalues x nstages, all unread); 0, -1 out of memory. */
int emit_reads_begin(struct emit_reads *r, int nvalues, int nstages);
/* Marks v<value>_s<stage> read, when a recording is on and it is within its tables. */
void emit_reads_record(int value, int stage);
/* Stops recording (r keeps what it recorded). */
void emit_reads_end(void);
int emit_reads_has(const struct emit_reads *r, int value, int stage);
void emit_reads_release(struct emit_reads *r);

#endif
