/* SPDX-License-Identifier: MIT */
/* Library units of a sim model: which modules, their stubs and DPI glue; see lib_units.h. */
#define _POSIX_C_SOURCE 200809L
#include "lib_units.h"

#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "debug.h"
#include "fsutil.h"
#include "strbuf.h"

/* Bump when the stubs, the DPI glue or the unit wrapper change. */
#define UNITS_RECIPE "oclhls-lib-units/1"

/*
 * The rtl-lib modules that qualify (lib_units.h): clk is their only clock, they have no
 * reset, every output is a register written at the rising edge of clk. A module added
 * here must keep that contract; tests/unit/test_lib_units.c checks it cycle by cycle.
 */
static const char *const unit_modules[] = {
    "ocl_fp_add", "ocl_fp_mul",    "ocl_fp_fma",    "ocl_fp_div",      "ocl_fp_sqrt",
    "ocl_fp_cmp", "ocl_fp_minmax", "ocl_fp_to_int", "ocl_fp_from_int", "ocl_div",
};
#define N_UNIT_MODULES (sizeof(unit_modules) / sizeof(unit_modules[0]))

/* ---- a little Verilog scanning, on text whose comments and strings are blanked ---------- */

/* A copy of text with comments and string literals replaced by spaces (newlines kept). */
static char *blank_comments(const char *text, size_t len)
{
    char *s = malloc(len + 1);

    if (!s)
        return NULL;
    memcpy(s, text, len);
    s[len] = '\0';
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
            for (; i < len && s[i] != '\n'; i++)
                s[i] = ' ';
        } else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
            size_t j = i;
            for (; j < len && !(s[j] == '*' && j + 1 < len && s[j + 1] == '/'); j++)
                if (s[j] != '\n')
                    s[j] = ' ';
            for (size_t k = j; k < len && k < j + 2; k++)
                s[k] = ' ';
            i = j + 1;
        } else if (s[i] == '"') {
            size_t j = i + 1;
            for (; j < len && s[j] != '"' && s[j] != '\n'; j++)
                if (s[j] == '\\' && j + 1 < len)
                    s[j++] = ' ';
            for (size_t k = i; k <= j && k < len; k++)
                if (s[k] != '\n')
                    s[k] = ' ';
            i = j;
        }
    }
    return s;
}

static int is_ident(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

static const char *skip_ws(const char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    return p;
}

/* The identifier at p (length in *n), or NULL. */
static const char *ident_at(const char *p, size_t *n)
{
    if (!isalpha((unsigned char)*p) && *p != '_')
        return NULL;
    *n = 0;
    while (is_ident(p[*n]))
        (*n)++;
    return p;
}

static int word_is(const char *p, size_t n, const char *w)
{
    return strlen(w) == n && strncmp(p, w, n) == 0;
}

/* The ')' matching the '(' at p, or NULL. */
static const char *match_paren(const char *p)
{
    int depth = 0;

    for (; *p; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')' && --depth == 0)
            return p;
    }
    return NULL;
}

/*
 * An integer literal: decimal, or sized/based ('d, 'h, 'b, 'o); underscores allowed.
 * Sets *end past it; 0 when p holds none.
 */
static int parse_int(const char *p, long long *v, const char **end)
{
    char digits[64];
    int base = 10, n = 0;
    const char *q = skip_ws(p);

    if (!isdigit((unsigned char)*q))
        return 0;
    while ((isdigit((unsigned char)*q) || *q == '_') && n < 63)
        if (*q++ != '_')
            digits[n++] = q[-1];
    q = skip_ws(q);
    if (*q == '\'') {
        q++;
        if (*q == 's' || *q == 'S')
            q++;
        switch (tolower((unsigned char)*q)) {
        case 'd':
            base = 10;
            break;
        case 'h':
            base = 16;
            break;
        case 'b':
            base = 2;
            break;
        case 'o':
            base = 8;
            break;
        default:
            return 0;
        }
        q = skip_ws(q + 1);
        n = 0;
        while ((isxdigit((unsigned char)*q) || *q == '_') && n < 63)
            if (*q++ != '_')
                digits[n++] = q[-1];
    }
    if (n == 0)
        return 0;
    digits[n] = '\0';
    *v = strtoll(digits, NULL, base);
    *end = q;
    return 1;
}

/* ---- a unit module's header ---------------------------------------------------------- */

/* One item of a parameter list: "parameter [integer] NAME = VALUE". */
static int parse_param(struct oclhls_unit_module *m, const char *p, const char *end)
{
    struct oclhls_unit_param *prm = &m->params[m->nparams];
    const char *w;
    size_t n;

    p = skip_ws(p);
    if (!(w = ident_at(p, &n)) || !word_is(w, n, "parameter"))
        return -1;
    p = skip_ws(p + n);
    if ((w = ident_at(p, &n)) && word_is(w, n, "integer"))
        p = skip_ws(p + n);
    if (!(w = ident_at(p, &n)) || n >= OCLHLS_UNIT_NAME_LEN || m->nparams == OCLHLS_UNIT_MAX_PARAMS)
        return -1;
    memcpy(prm->name, w, n);
    prm->name[n] = '\0';
    p = skip_ws(p + n);
    if (*p != '=' || !parse_int(p + 1, &prm->def, &p) || skip_ws(p) != end)
        return -1;
    m->nparams++;
    return 0;
}

/* One item of a port list: "input|output [wire|reg] [range] NAME". */
static int parse_port(struct oclhls_unit_module *m, const char *p, const char *end)
{
    const char *w, *last = NULL;
    size_t n, last_n = 0;
    int output;

    p = skip_ws(p);
    if (!(w = ident_at(p, &n)) || !(word_is(w, n, "input") || word_is(w, n, "output")))
        return -1;
    output = word_is(w, n, "output");
    for (p += n; p < end; p++) {
        if (*p == '[') {
            while (p < end && *p != ']')
                p++;
        } else if ((w = ident_at(p, &n)) != NULL) {
            last = w;
            last_n = n;
            p += n - 1;
        }
    }
    if (!last || last_n >= OCLHLS_UNIT_NAME_LEN)
        return -1;
    if (word_is(last, last_n, "clk") && !output)
        return 1; /* the clock: driven by the stub's always block, not passed */
    if (m->nports == OCLHLS_UNIT_MAX_PORTS)
        return -1;
    memcpy(m->ports[m->nports].name, last, last_n);
    m->ports[m->nports].name[last_n] = '\0';
    m->ports[m->nports++].output = output;
    return 0;
}

/* Calls item() on each comma-separated item of the list between open and close. */
static int each_item(struct oclhls_unit_module *m, const char *open, const char *close,
                     int (*item)(struct oclhls_unit_module *, const char *, const char *))
{
    const char *start = open + 1;
    int depth = 0, clk = 0;

    for (const char *p = start; p <= close; p++) {
        if (*p == '(' || *p == '[' || *p == '{')
            depth++;
        else if ((*p == ')' || *p == ']' || *p == '}') && p < close)
            depth--;
        if ((*p == ',' && depth == 0) || p == close) {
            int r = item(m, start, p);
            if (r < 0)
                return -1;
            clk += r;
            start = p + 1;
        }
    }
    return clk;
}

/* Reads "module NAME #(params) (ports);" from a library file's blanked text. */
static int parse_header(struct oclhls_unit_module *m, const char *text)
{
    const char *p = text, *w, *open, *close;
    size_t n;
    int clk;

    while ((p = strstr(p, "module")) != NULL) {
        if ((p == text || !is_ident(p[-1])) && !is_ident(p[6]) &&
            (w = ident_at(skip_ws(p + 6), &n)) && word_is(w, n, m->name))
            break;
        p += 6;
    }
    if (!p)
        return -1;
    open = skip_ws(w + n);
    if (*open == '#') {
        open = skip_ws(open + 1);
        if (*open != '(' || !(close = match_paren(open)) ||
            each_item(m, open, close, parse_param) < 0)
            return -1;
        open = skip_ws(close + 1);
    }
    if (*open != '(' || !(close = match_paren(open)))
        return -1;
    clk = each_item(m, open, close, parse_port);
    close = skip_ws(close + 1);
    if (clk != 1 || *close != ';')
        return -1;
    m->header = strndup(p, (size_t)(close + 1 - p));
    return m->header ? 0 : -1;
}

/* ---- the instances in the design --------------------------------------------------- */

/* A parameter override ".NAME(VALUE)" of an instance into set; -1 if not understood. */
static const char *parse_override(const struct oclhls_unit_module *m, const char *p, long long *set)
{
    const char *w;
    size_t n;
    long long v;

    p = skip_ws(p);
    if (*p != '.' || !(w = ident_at(skip_ws(p + 1), &n)))
        return NULL;
    p = skip_ws(w + n);
    if (*p != '(' || !parse_int(p + 1, &v, &p) || *(p = skip_ws(p)) != ')')
        return NULL;
    for (int i = 0; i < m->nparams; i++) {
        if (word_is(w, n, m->params[i].name)) {
            set[i] = v;
            return p + 1;
        }
    }
    return NULL;
}

/* The parameter values of the instance whose module name ends at p; 0, or -1. */
static int parse_instance(const struct oclhls_unit_module *m, const char *p, long long *set)
{
    const char *w;
    size_t n;

    for (int i = 0; i < m->nparams; i++)
        set[i] = m->params[i].def;
    p = skip_ws(p);
    if (*p == '#') {
        p = skip_ws(p + 1);
        if (*p != '(')
            return -1;
        do {
            if (!(p = parse_override(m, p + 1, set)))
                return -1;
            p = skip_ws(p);
        } while (*p == ',');
        if (*p != ')')
            return -1;
        p = skip_ws(p + 1);
    }
    if (!(w = ident_at(p, &n)))
        return -1;
    return *skip_ws(w + n) == '(' ? 0 : -1;
}

static void add_set(struct oclhls_unit_module *m, const long long *set)
{
    for (int s = 0; s < m->nsets; s++)
        if (memcmp(m->sets[s], set, sizeof(m->sets[s])) == 0)
            return;
    memcpy(m->sets[m->nsets++], set, sizeof(m->sets[0]));
}

/* Does `module` stand right before p (a declaration, not an instance)? */
static int declared_at(const char *text, const char *p)
{
    while (p > text && isspace((unsigned char)p[-1]))
        p--;
    return p - text >= 6 && strncmp(p - 6, "module", 6) == 0 && (p - text == 6 || !is_ident(p[-7]));
}

/* Every instance's parameter set into m; 0, or -1 when one is not understood. */
static int scan_instances(struct oclhls_unit_module *m, const char *text)
{
    size_t len = strlen(m->name);
    long long set[OCLHLS_UNIT_MAX_PARAMS] = {0};

    for (const char *p = text; (p = strstr(p, m->name)) != NULL; p += len) {
        if ((p > text && is_ident(p[-1])) || is_ident(p[len]) || declared_at(text, p))
            continue;
        if (parse_instance(m, p + len, set) || m->nsets == OCLHLS_UNIT_MAX_SETS)
            return -1;
        add_set(m, set);
    }
    return 0;
}

/* ---- finding the units -------------------------------------------------------------- */

/* The marker hls/payload.c writes before each file, then the file, then a newline. */
static char *file_block(const char *rel, const char *text)
{
    return oclhls_asprintf("// ---- %s\n%s\n", rel, text);
}

/* One rtl-lib file: its module's name (the file's), its block as in a design, blanked. */
struct lib_file {
    char *name;
    char *block;
    char *blanked;
};

struct library {
    struct lib_file *files;
    size_t n;
};

static void release_library(struct library *lib)
{
    for (size_t i = 0; i < lib->n; i++) {
        free(lib->files[i].name);
        free(lib->files[i].block);
        free(lib->files[i].blanked);
    }
    free(lib->files);
}

/* Reads every rtl-lib file; 1 when the design holds each of them verbatim, -1 on error. */
static int read_library(struct library *lib, const char *design, glob_t *g,
                        struct oclhls_strbuf *log)
{
    size_t skip = strlen(oclhls_datadir()) + 1;
    int verbatim = 1;

    lib->files = calloc(g->gl_pathc ? g->gl_pathc : 1, sizeof(*lib->files));
    if (!lib->files)
        return -1;
    for (size_t i = 0; i < g->gl_pathc; i++) {
        struct lib_file *f = &lib->files[lib->n++];
        const char *base = strrchr(g->gl_pathv[i], '/') + 1;
        char *text = NULL;
        size_t size;

        if (oclhls_read_file(g->gl_pathv[i], &text, &size)) {
            oclhls_strbuf_printf(log, "cannot read %s\n", g->gl_pathv[i]);
            return -1;
        }
        f->name = strndup(base, strlen(base) - 2); /* without ".v" */
        f->block = file_block(g->gl_pathv[i] + skip, text);
        f->blanked = blank_comments(text, size);
        free(text);
        if (!f->name || !f->block || !f->blanked)
            return -1;
        if (!strstr(design, f->block))
            verbatim = 0;
    }
    return verbatim;
}

/* Does the identifier word occur in text? */
static int has_word(const char *text, const char *word)
{
    size_t n = strlen(word);

    for (const char *p = text; (p = strstr(p, word)) != NULL; p += n)
        if ((p == text || !is_ident(p[-1])) && !is_ident(p[n]))
            return 1;
    return 0;
}

/*
 * The files a unit is Verilated from: its own and those of the modules it instantiates,
 * transitively (an identifier that names another library file's module counts). Sets the
 * unit's text and the hash of it that its keys use; 0, or -1 (unknown module, no memory).
 */
static int unit_sources(struct oclhls_unit_module *m, const struct library *lib)
{
    struct oclhls_strbuf text = {0};
    struct oclhls_hashkey k;
    char *used = calloc(lib->n ? lib->n : 1, 1);
    int changed = 1, found = 0;

    for (size_t i = 0; used && i < lib->n; i++)
        if (strcmp(lib->files[i].name, m->name) == 0)
            used[i] = found = 1;
    while (found && changed) {
        changed = 0;
        for (size_t i = 0; i < lib->n; i++)
            for (size_t j = 0; used[i] && j < lib->n; j++)
                if (!used[j] && has_word(lib->files[i].blanked, lib->files[j].name))
                    used[j] = changed = 1;
    }
    for (size_t i = 0; found && i < lib->n; i++)
        if (used[i])
            oclhls_strbuf_puts(&text, lib->files[i].block);
    free(used);
    if (!found || text.failed) {
        oclhls_strbuf_release(&text);
        return -1;
    }
    m->text = oclhls_strbuf_take(&text);
    oclhls_hashkey_init(&k, UNITS_RECIPE);
    oclhls_hashkey_add_str(&k, m->text);
    oclhls_hashkey_hex(&k, m->text_hash);
    return 0;
}

static void forget_module(struct oclhls_unit_module *m)
{
    free(m->header);
    free(m->text);
    memset(m, 0, sizeof(*m));
}

static int find_module(struct oclhls_lib_units *u, const char *name, const struct library *lib,
                       const char *blanked_design)
{
    struct oclhls_unit_module *m = &u->mods[u->n];
    const struct lib_file *own = NULL;

    memset(m, 0, sizeof(*m));
    m->name = name;
    for (size_t i = 0; i < lib->n; i++)
        if (strcmp(lib->files[i].name, name) == 0)
            own = &lib->files[i];
    if (!own || parse_header(m, own->blanked) || scan_instances(m, blanked_design)) {
        oclhls_debug("sim model: %s stays inline (its header or an instance is not understood)",
                     name);
        forget_module(m);
        return 0;
    }
    if (m->nsets == 0) {
        forget_module(m);
        return 0;
    }
    if (unit_sources(m, lib)) {
        forget_module(m);
        return -1;
    }
    u->n++;
    return 0;
}

int oclhls_lib_units_find(const char *design, size_t len, struct oclhls_lib_units *u,
                          struct oclhls_strbuf *log)
{
    struct library lib = {0};
    char *pattern, *blanked_design = NULL;
    glob_t g;
    int ret = -1, verbatim;

    memset(u, 0, sizeof(*u));
    pattern = oclhls_asprintf("%s/rtl-lib/*.v", oclhls_datadir());
    if (!pattern || glob(pattern, 0, NULL, &g)) {
        free(pattern);
        return 0; /* no library here: every module inline */
    }
    verbatim = read_library(&lib, design, &g, log);
    if (verbatim < 0)
        goto out_free;
    ret = 0;
    if (!verbatim) {
        oclhls_debug(
            "sim model: the design's rtl-lib is not this installation's; no library units");
        goto out_free;
    }
    u->mods = calloc(N_UNIT_MODULES, sizeof(*u->mods));
    blanked_design = blank_comments(design, len);
    if (!u->mods || !blanked_design) {
        ret = -1;
        goto out_free;
    }
    for (size_t i = 0; i < N_UNIT_MODULES && ret == 0; i++)
        ret = find_module(u, unit_modules[i], &lib, blanked_design);
out_free:
    free(blanked_design);
    release_library(&lib);
    globfree(&g);
    free(pattern);
    return ret;
}

/* ---- keys, stubs and glue ----------------------------------------------------------- */

void oclhls_lib_units_key(const struct oclhls_unit_module *m, int set, struct oclhls_hashkey *k)
{
    char v[32];

    oclhls_hashkey_add_str(k, UNITS_RECIPE);
    oclhls_hashkey_add_str(k, m->text_hash);
    oclhls_hashkey_add_str(k, m->name);
    for (int i = 0; i < m->nparams; i++) {
        snprintf(v, sizeof(v), "%lld", m->sets[set][i]);
        oclhls_hashkey_add_str(k, m->params[i].name);
        oclhls_hashkey_add_str(k, v);
    }
}

/* The stub of module m: its own header, then the DPI calls (lib_units.h). */
static void write_stub(const struct oclhls_unit_module *m, struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(o, "// ---- oclhls: %s as a compiled library unit\n%s\n", m->name,
                         m->header);
    oclhls_strbuf_puts(o, "    /* verilator lint_off WIDTH */\n");
    oclhls_strbuf_printf(
        o, "    import \"DPI-C\" function chandle oclhls_unit_%s_new(input int param_set);\n",
        m->name);
    oclhls_strbuf_printf(
        o, "    import \"DPI-C\" function void oclhls_unit_%s_tick(input chandle unit", m->name);
    for (int i = 0; i < m->nports; i++)
        oclhls_strbuf_printf(o, ",\n        %s longint unsigned %s_v",
                             m->ports[i].output ? "output" : "input", m->ports[i].name);
    oclhls_strbuf_puts(o, ");\n    localparam integer OCLHLS_SET =");
    for (int s = 0; s < m->nsets; s++) {
        oclhls_strbuf_puts(o, m->nparams ? " (" : " (1");
        for (int i = 0; i < m->nparams; i++)
            oclhls_strbuf_printf(o, "%s%s == %lld", i ? " && " : "", m->params[i].name,
                                 m->sets[s][i]);
        oclhls_strbuf_printf(o, ") ? %d :", s);
    }
    oclhls_strbuf_puts(o, " -1;\n    chandle oclhls_unit;\n");
    for (int i = 0; i < m->nports; i++)
        if (m->ports[i].output)
            oclhls_strbuf_printf(o, "    longint unsigned oclhls_%s;\n", m->ports[i].name);
    oclhls_strbuf_printf(o,
                         "    initial oclhls_unit = oclhls_unit_%s_new(OCLHLS_SET);\n"
                         "    always @(posedge clk) begin\n        oclhls_unit_%s_tick(oclhls_unit",
                         m->name, m->name);
    for (int i = 0; i < m->nports; i++)
        oclhls_strbuf_printf(o, ", %s%s", m->ports[i].output ? "oclhls_" : "", m->ports[i].name);
    oclhls_strbuf_puts(o, ");\n");
    for (int i = 0; i < m->nports; i++)
        if (m->ports[i].output)
            oclhls_strbuf_printf(o, "        %s <= oclhls_%s[$bits(%s)-1:0];\n", m->ports[i].name,
                                 m->ports[i].name, m->ports[i].name);
    oclhls_strbuf_puts(o, "    end\n    /* verilator lint_on WIDTH */\nendmodule\n");
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

/* The C++ parameter list of a tick function (types as Verilator's DPI header has them). */
static void tick_params(const struct oclhls_unit_module *m, struct oclhls_strbuf *o)
{
    oclhls_strbuf_puts(o, "void *unit");
    for (int i = 0; i < m->nports; i++)
        oclhls_strbuf_printf(o, ", %s %s%s",
                             m->ports[i].output ? "unsigned long long" : "unsigned long long",
                             m->ports[i].output ? "*" : "", m->ports[i].name);
}

void oclhls_lib_units_dpi(const struct oclhls_lib_units *u, const char *prefix,
                          struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(
        o,
        "// Generated by oclhls (board-support/sim/build/lib_units.c).\n"
        "#include <cstdint>\n#include \"%s__Dpi.h\"\n#include \"oclhls_unit_abi.h\"\n\n",
        prefix);
    for (int i = 0; i < u->n; i++)
        for (int s = 0; s < u->mods[i].nsets; s++)
            oclhls_strbuf_printf(o, "oclhls_unit *oclhls_unit_new_%.*s();\n",
                                 OCLHLS_UNIT_KEY_DIGITS, u->mods[i].keys[s]);
    for (int i = 0; i < u->n; i++) {
        const struct oclhls_unit_module *m = &u->mods[i];
        int nin = 0, nout = 0;

        oclhls_strbuf_printf(o, "\nvoid *oclhls_unit_%s_new(int set)\n{\n    switch (set) {\n",
                             m->name);
        for (int s = 0; s < m->nsets; s++)
            oclhls_strbuf_printf(
                o, "    case %d: return oclhls_sim_adopt_unit(oclhls_unit_new_%.*s());\n", s,
                OCLHLS_UNIT_KEY_DIGITS, m->keys[s]);
        oclhls_strbuf_printf(o, "    }\n    return oclhls_sim_no_unit(\"%s\", set);\n}\n\n",
                             m->name);
        oclhls_strbuf_printf(o, "void oclhls_unit_%s_tick(", m->name);
        tick_params(m, o);
        oclhls_strbuf_puts(o, ")\n{\n    const uint64_t in[] = {");
        for (int p = 0; p < m->nports; p++)
            if (!m->ports[p].output)
                oclhls_strbuf_printf(o, "%s%s", nin++ ? ", " : "", m->ports[p].name);
        for (int p = 0; p < m->nports; p++)
            nout += m->ports[p].output;
        oclhls_strbuf_printf(
            o, "};\n    uint64_t out[%d];\n    static_cast<oclhls_unit *>(unit)->tick(in, out);\n",
            nout ? nout : 1);
        nout = 0;
        for (int p = 0; p < m->nports; p++)
            if (m->ports[p].output)
                oclhls_strbuf_printf(o, "    *%s = out[%d];\n", m->ports[p].name, nout++);
        oclhls_strbuf_puts(o, "}\n");
    }
}

void oclhls_lib_units_wrapper(const struct oclhls_unit_module *m, const char *uprefix,
                              const char *key, struct oclhls_strbuf *o)
{
    int nin = 0, nout = 0;

    oclhls_strbuf_printf(o,
                         "// Generated by oclhls (board-support/sim/build/lib_units.c): %s.\n"
                         "#include <cstdint>\n#include \"verilated.h\"\n#include \"%s.h\"\n"
                         "#include \"oclhls_unit_abi.h\"\n\nnamespace\n{\n"
                         "class unit final : public oclhls_unit\n{\n    %s m;\n\npublic:\n"
                         "    unit() : m(Verilated::threadContextp(), \"unit\")\n    {\n"
                         "        m.clk = 0;\n        m.eval();\n    }\n"
                         "    void tick(const uint64_t *in, uint64_t *out) override\n    {\n",
                         m->name, uprefix, uprefix);
    for (int p = 0; p < m->nports; p++)
        if (!m->ports[p].output)
            oclhls_strbuf_printf(o, "        m.%s = in[%d];\n", m->ports[p].name, nin++);
    oclhls_strbuf_puts(o, "        m.clk = 1;\n        m.eval();\n");
    for (int p = 0; p < m->nports; p++)
        if (m->ports[p].output)
            oclhls_strbuf_printf(o, "        out[%d] = m.%s;\n", nout++, m->ports[p].name);
    oclhls_strbuf_printf(o,
                         "        m.clk = 0;\n        m.eval();\n    }\n};\n} // namespace\n\n"
                         "oclhls_unit *oclhls_unit_new_%.*s()\n{\n    return new unit;\n}\n",
                         OCLHLS_UNIT_KEY_DIGITS, key);
}

void oclhls_lib_units_release(struct oclhls_lib_units *u)
{
    for (int i = 0; i < u->n; i++)
        forget_module(&u->mods[i]);
    free(u->mods);
    memset(u, 0, sizeof(*u));
}
