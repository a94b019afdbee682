/* SPDX-License-Identifier: MIT */
/* Library units of a sim model: keys, stubs, the DPI glue and the wrappers; see lib_units.h. */
#define _POSIX_C_SOURCE 200809L
#include "lib_units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

void oclhls_lib_units_key(const struct oclhls_unit_module *m, int set, struct oclhls_hashkey *k)
{
    char v[32];

    oclhls_hashkey_add_str(k, OCLHLS_UNITS_RECIPE);
    oclhls_hashkey_add_str(k, m->text_hash);
    oclhls_hashkey_add_str(k, m->name);
    oclhls_hashkey_add_str(k, m->fast ? "per-cycle FAST" : "per-cycle HOT");
    for (int i = 0; i < m->nparams; i++) {
        snprintf(v, sizeof(v), "%lld", m->sets[set][i]);
        oclhls_hashkey_add_str(k, m->params[i].name);
        oclhls_hashkey_add_str(k, v);
    }
    /* A port passes as wide as the design's widest set of the module makes it (port_widths),
     * so one set in two designs can have two wrappers: a unit built for the other design's
     * widths would read and write the wrong words. */
    for (int i = 0; i < m->nports; i++) {
        snprintf(v, sizeof(v), "%d", m->ports[i].bits);
        oclhls_hashkey_add_str(k, m->ports[i].name);
        oclhls_hashkey_add_str(k, v);
    }
}

#define STUB_LINT(on_off)                                                                          \
    "/* verilator lint_" on_off " WIDTH */\n/* verilator lint_" on_off " UNUSEDSIGNAL */\n"        \
    "/* verilator lint_" on_off " UNUSEDPARAM */\n/* verilator lint_" on_off " INITIALDLY */\n"

/* A port's SystemVerilog type in the DPI calls. */
static void dpi_type(const struct oclhls_unit_port *p, struct oclhls_strbuf *o)
{
    if (p->bits <= 64)
        oclhls_strbuf_puts(o, "longint unsigned");
    else
        oclhls_strbuf_printf(o, "bit [%d:0]", 32 * oclhls_unit_port_words(p) - 1);
}

/* The DPI import of the tick (every port) or peek (outputs only) function. */
static void write_import(const struct oclhls_unit_module *m, const char *fn, int outputs_only,
                         struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(
        o, "    import \"DPI-C\" function void oclhls_unit_%s_%s(input chandle unit", m->name, fn);
    for (int i = 0; i < m->nports; i++) {
        if (outputs_only && !m->ports[i].output)
            continue;
        oclhls_strbuf_printf(o, ",\n        %s ", m->ports[i].output ? "output" : "input");
        dpi_type(&m->ports[i], o);
        oclhls_strbuf_printf(o, " %s_v", m->ports[i].name);
    }
    oclhls_strbuf_puts(o, ");\n");
}

/* The call of fn with the stub's ports (outputs into oclhls_<port>), then the outputs. */
static void write_call(const struct oclhls_unit_module *m, const char *fn, int outputs_only,
                       const char *indent, struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(o, "%soclhls_unit_%s_%s(oclhls_unit", indent, m->name, fn);
    for (int i = 0; i < m->nports; i++)
        if (!outputs_only || m->ports[i].output)
            oclhls_strbuf_printf(o, ", %s%s", m->ports[i].output ? "oclhls_" : "",
                                 m->ports[i].name);
    oclhls_strbuf_puts(o, ");\n");
    for (int i = 0; i < m->nports; i++)
        if (m->ports[i].output)
            oclhls_strbuf_printf(o, "%s%s <= oclhls_%s[$bits(%s)-1:0];\n", indent, m->ports[i].name,
                                 m->ports[i].name, m->ports[i].name);
}

/* The header of m with its outputs as variables (the stub assigns them in always blocks). */
static void write_header(const struct oclhls_unit_module *m, struct oclhls_strbuf *o)
{
    for (const char *p = m->header, *at; *p; p = at + 11) {
        if (!(at = strstr(p, "output wire"))) {
            oclhls_strbuf_puts(o, p);
            break;
        }
        oclhls_strbuf_append(o, p, (size_t)(at - p));
        oclhls_strbuf_puts(o, "output reg  ");
    }
}

/* Set s's condition: its parameters' values (those given: a derived one follows). */
static void write_set_condition(const struct oclhls_unit_module *m, int s, struct oclhls_strbuf *o)
{
    int n = 0;

    oclhls_strbuf_puts(o, " (");
    for (int i = 0; i < m->nparams; i++)
        if (m->sets[s][i] != OCLHLS_UNIT_PARAM_DERIVED)
            oclhls_strbuf_printf(o, "%s%s == %lld", n++ ? " && " : "", m->params[i].name,
                                 m->sets[s][i]);
    oclhls_strbuf_printf(o, "%s) ? %d :", n ? "" : "1", s);
}

static int has_derived(const struct oclhls_unit_module *m, int s)
{
    for (int i = 0; i < m->nparams; i++)
        if (m->sets[s][i] == OCLHLS_UNIT_PARAM_DERIVED)
            return 1;
    return 0;
}

/* The stub of module m: its own header, then the DPI calls (lib_units.h). */
static void write_stub(const struct oclhls_unit_module *m, struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(o, "// ---- oclhls: %s as a compiled library unit\n", m->name);
    /* the DPI words are wider than most ports, the outputs start in the initial block, a
     * derived parameter is not compared: all by design (the unit itself is linted alone) */
    oclhls_strbuf_puts(o, STUB_LINT("off"));
    write_header(m, o);
    oclhls_strbuf_puts(o, "\n");
    oclhls_strbuf_printf(
        o, "    import \"DPI-C\" function chandle oclhls_unit_%s_new(input int param_set);\n",
        m->name);
    write_import(m, "tick", 0, o);
    write_import(m, "peek", 1, o);
    /* sets with every value given first: an instance that gives them all matches its own */
    oclhls_strbuf_puts(o, "    localparam integer OCLHLS_SET =");
    for (int pass = 0; pass < 2; pass++)
        for (int s = 0; s < m->nsets; s++)
            if (has_derived(m, s) == pass)
                write_set_condition(m, s, o);
    oclhls_strbuf_puts(o, " -1;\n    chandle oclhls_unit;\n");
    for (int i = 0; i < m->nports; i++)
        if (m->ports[i].output) {
            oclhls_strbuf_puts(o, "    ");
            dpi_type(&m->ports[i], o);
            oclhls_strbuf_printf(o, " oclhls_%s;\n", m->ports[i].name);
        }
    oclhls_strbuf_printf(
        o, "    initial begin\n        oclhls_unit = oclhls_unit_%s_new(OCLHLS_SET);\n", m->name);
    write_call(m, "peek", 1, "        ", o);
    oclhls_strbuf_puts(o, "    end\n    always @(posedge clk) begin\n");
    if (m->quiet)
        oclhls_strbuf_printf(o, "        if (!(%s)) begin\n", m->quiet);
    write_call(m, "tick", 0, m->quiet ? "            " : "        ", o);
    if (m->quiet)
        oclhls_strbuf_puts(o, "        end\n");
    oclhls_strbuf_puts(o, "    end\nendmodule\n" STUB_LINT("on"));
}

int oclhls_lib_units_rewrite(const struct oclhls_lib_units *u, const char *design, size_t len,
                             struct oclhls_strbuf *out)
{
    char *text = strndup(design, len);

    if (!text)
        return -1;
    for (int i = 0; i < u->n; i++) {
        char *rel = oclhls_asprintf("rtl-lib/%s.v\n", u->mods[i].name), *at, *end;

        /* the block runs from its marker to the next marker (or the end) */
        at = rel ? strstr(text, rel) : NULL;
        if (at && at - text >= 8 && strncmp(at - 8, "// ---- ", 8) == 0) {
            at -= 8;
            end = strstr(at + 8, "\n// ---- ");
            end = end ? end + 1 : text + strlen(text);
            memmove(at, end, strlen(end) + 1);
        }
        free(rel);
    }
    oclhls_strbuf_puts(out, text);
    free(text);
    for (int i = 0; i < u->n; i++)
        write_stub(&u->mods[i], out);
    return out->failed ? -1 : 0;
}

/* The C++ parameter list of a tick or peek function (types as Verilator's DPI header has them). */
static void dpi_params(const struct oclhls_unit_module *m, int outputs_only,
                       struct oclhls_strbuf *o)
{
    oclhls_strbuf_puts(o, "void *unit");
    for (int i = 0; i < m->nports; i++) {
        const struct oclhls_unit_port *p = &m->ports[i];

        if (outputs_only && !p->output)
            continue;
        if (p->bits <= 64)
            oclhls_strbuf_printf(o, ", unsigned long long %s%s", p->output ? "*" : "", p->name);
        else
            oclhls_strbuf_printf(o, ", %ssvBitVecVal *%s", p->output ? "" : "const ", p->name);
    }
}

/* The words of the ports with this direction, in order, each from (or to) its argument. */
static int copy_words(const struct oclhls_unit_module *m, int output, struct oclhls_strbuf *o)
{
    int at = 0;

    for (int i = 0; i < m->nports; i++) {
        const struct oclhls_unit_port *p = &m->ports[i];

        if (p->output != output)
            continue;
        if (p->bits <= 64 && !output)
            oclhls_strbuf_printf(o, "    oclhls_unit_put64(in + %d, %s);\n", at, p->name);
        else if (p->bits <= 64)
            oclhls_strbuf_printf(o, "    *%s = oclhls_unit_get64(out + %d);\n", p->name, at);
        else if (output)
            oclhls_strbuf_printf(o, "    oclhls_unit_copy(%s, out + %d, %d);\n", p->name, at,
                                 oclhls_unit_port_words(p));
        else
            oclhls_strbuf_printf(o, "    oclhls_unit_copy(in + %d, %s, %d);\n", at, p->name,
                                 oclhls_unit_port_words(p));
        at += oclhls_unit_port_words(p);
    }
    return at;
}

/* The words of all ports with this direction. */
static int port_words(const struct oclhls_unit_module *m, int output)
{
    int n = 0;

    for (int i = 0; i < m->nports; i++)
        if (m->ports[i].output == output)
            n += oclhls_unit_port_words(&m->ports[i]);
    return n ? n : 1;
}

static void write_glue(const struct oclhls_unit_module *m, struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(o, "\nvoid *oclhls_unit_%s_new(int set)\n{\n    switch (set) {\n",
                         m->name);
    for (int s = 0; s < m->nsets; s++)
        oclhls_strbuf_printf(o,
                             "    case %d: return oclhls_sim_adopt_unit(oclhls_unit_new_%.*s());\n",
                             s, OCLHLS_UNIT_KEY_DIGITS, m->keys[s]);
    oclhls_strbuf_printf(o, "    }\n    return oclhls_sim_no_unit(\"%s\", set);\n}\n\n", m->name);
    oclhls_strbuf_printf(o, "void oclhls_unit_%s_tick(", m->name);
    dpi_params(m, 0, o);
    oclhls_strbuf_printf(o, ")\n{\n    uint32_t in[%d], out[%d];\n", port_words(m, 0),
                         port_words(m, 1));
    copy_words(m, 0, o);
    oclhls_strbuf_puts(o, "    static_cast<oclhls_unit *>(unit)->tick(in, out);\n");
    copy_words(m, 1, o);
    oclhls_strbuf_printf(o, "}\n\nvoid oclhls_unit_%s_peek(", m->name);
    dpi_params(m, 1, o);
    oclhls_strbuf_printf(o, ")\n{\n    uint32_t out[%d];\n", port_words(m, 1));
    oclhls_strbuf_puts(o, "    static_cast<oclhls_unit *>(unit)->peek(out);\n");
    copy_words(m, 1, o);
    oclhls_strbuf_puts(o, "}\n");
}

void oclhls_lib_units_dpi(const struct oclhls_lib_units *u, const char *prefix,
                          struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(
        o,
        "// Generated by oclhls (board-support/sim/flow/lib_units.c).\n"
        "#include <cstdint>\n#include \"%s__Dpi.h\"\n#include \"oclhls_unit_abi.h\"\n\n",
        prefix);
    for (int i = 0; i < u->n; i++)
        for (int s = 0; s < u->mods[i].nsets; s++)
            oclhls_strbuf_printf(o, "oclhls_unit *oclhls_unit_new_%.*s();\n",
                                 OCLHLS_UNIT_KEY_DIGITS, u->mods[i].keys[s]);
    for (int i = 0; i < u->n; i++)
        write_glue(&u->mods[i], o);
}

/* A Verilated port from its words, and back (the port may be narrower than its slot). */
static const char wrapper_helpers[] =
    "template <typename T> void from_words(T &d, const uint32_t *s)\n"
    "{\n    d = static_cast<T>(s[0] | static_cast<uint64_t>(s[1]) << 32);\n}\n"
    "template <std::size_t N> void from_words(VlWide<N> &d, const uint32_t *s)\n"
    "{\n    for (std::size_t i = 0; i < N; i++)\n        d[i] = s[i];\n}\n"
    "template <typename T> void to_words(const T &v, uint32_t *d, int words)\n"
    "{\n    const uint64_t x = v;\n    d[0] = static_cast<uint32_t>(x);\n"
    "    d[1] = static_cast<uint32_t>(x >> 32);\n    for (int i = 2; i < words; i++)\n"
    "        d[i] = 0;\n}\n"
    "template <std::size_t N> void to_words(const VlWide<N> &v, uint32_t *d, int words)\n"
    "{\n    for (int i = 0; i < words; i++)\n"
    "        d[i] = i < static_cast<int>(N) ? v[i] : 0;\n}\n\n";

void oclhls_lib_units_wrapper(const struct oclhls_unit_module *m, const char *uprefix,
                              const char *key, struct oclhls_strbuf *o)
{
    int at = 0;

    oclhls_strbuf_printf(o,
                         "// Generated by oclhls (board-support/sim/flow/lib_units.c): %s.\n"
                         "#include <cstddef>\n#include <cstdint>\n#include \"verilated.h\"\n"
                         "#include \"%s.h\"\n#include \"oclhls_unit_abi.h\"\n\nnamespace\n{\n%s"
                         "class unit final : public oclhls_unit\n{\n    %s m;\n\npublic:\n"
                         "    unit() : m(Verilated::threadContextp(), \"unit\")\n    {\n"
                         "        m.clk = 0;\n        m.eval();\n    }\n"
                         "    void peek(uint32_t *out) override\n    {\n",
                         m->name, uprefix, wrapper_helpers, uprefix);
    for (int p = 0; p < m->nports; p++)
        if (m->ports[p].output) {
            oclhls_strbuf_printf(o, "        to_words(m.%s, out + %d, %d);\n", m->ports[p].name, at,
                                 oclhls_unit_port_words(&m->ports[p]));
            at += oclhls_unit_port_words(&m->ports[p]);
        }
    oclhls_strbuf_puts(o,
                       "    }\n    void tick(const uint32_t *in, uint32_t *out) override\n    {\n");
    at = 0;
    for (int p = 0; p < m->nports; p++)
        if (!m->ports[p].output) {
            oclhls_strbuf_printf(o, "        from_words(m.%s, in + %d);\n", m->ports[p].name, at);
            at += oclhls_unit_port_words(&m->ports[p]);
        }
    oclhls_strbuf_printf(o,
                         "        m.clk = 1;\n        m.eval();\n        peek(out);\n"
                         "        m.clk = 0;\n        m.eval();\n    }\n};\n} // namespace\n\n"
                         "oclhls_unit *oclhls_unit_new_%.*s()\n{\n    return new unit;\n}\n",
                         OCLHLS_UNIT_KEY_DIGITS, key);
}
