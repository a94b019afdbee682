/* SPDX-License-Identifier: MIT */
/* Library units of a sim model: which modules of a design qualify; see lib_units.h. */
#define _POSIX_C_SOURCE 200809L
#include "lib_units.h"

#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "const_expr.h"
#include "debug.h"
#include "fsutil.h"
#include "strbuf.h"
#include "verilog_scan.h"

/*
 * The rtl-lib modules that qualify (lib_units.h): clk is their only clock and every
 * output is a function of their registers alone. A module added here must keep that
 * contract; tests/unit/test_lib_units.c checks it cycle by cycle.
 *  - min_instances: a design uses the module as a unit only with at least this many
 *    instances (a unit costs two evaluations of its own model per stepped cycle);
 *  - quiet: a Verilog condition of the stub's ports (outputs hold the unit's last
 *    outputs) under which the edge cannot change the unit's state; the stub does not
 *    step the unit then. It must imply that no input the unit acts on is active;
 *  - fast: its per-cycle code is compiled at the level of large designs (-Og), where it
 *    would be inline otherwise; else at -O2, as in the small designs that use it too.
 */
struct unit_kind {
    const char *name;
    int min_instances;
    const char *quiet;
    int fast;
};

static const struct unit_kind unit_modules[] = {
    {"ocl_fp_add", 1, NULL, 0},    {"ocl_fp_mul", 1, NULL, 0},    {"ocl_fp_fma", 1, NULL, 0},
    {"ocl_fp_div", 1, NULL, 0},    {"ocl_fp_sqrt", 1, NULL, 0},   {"ocl_fp_cmp", 1, NULL, 0},
    {"ocl_fp_minmax", 1, NULL, 0}, {"ocl_fp_to_int", 1, NULL, 0}, {"ocl_fp_from_int", 1, NULL, 0},
    {"ocl_div", 1, NULL, 0},
    /* empty buffer and FIFO: only a store, or reset, changes anything */
    {"ocl_lsu_store", 8, "idle && !req_fire && !rst", 1},
    /* no request waiting (so no line requested, in flight or buffered): only a request,
     * a clear, reset, or a response (outside the contract) changes anything */
    {"ocl_lsu_load", 8, "idle && !mem_req_valid && !req_fire && !clear && !rst && !mem_rsp_valid",
     1},
};
#define N_UNIT_MODULES (sizeof(unit_modules) / sizeof(unit_modules[0]))

int oclhls_unit_port_words(const struct oclhls_unit_port *p)
{
    return p->bits <= 64 ? 2 : (p->bits + 31) / 32;
}

/* ---- a unit module's header ---------------------------------------------------------- */

/* One item of a parameter list: "parameter [integer] NAME = VALUE". */
static int parse_param(struct oclhls_unit_module *m, const char *p, const char *end)
{
    struct oclhls_unit_param *prm = &m->params[m->nparams];
    const char *w;
    size_t n;

    p = oclhls_skip_ws(p);
    if (!(w = oclhls_ident_at(p, &n)) || !oclhls_word_is(w, n, "parameter"))
        return -1;
    p = oclhls_skip_ws(p + n);
    if ((w = oclhls_ident_at(p, &n)) && oclhls_word_is(w, n, "integer"))
        p = oclhls_skip_ws(p + n);
    if (!(w = oclhls_ident_at(p, &n)) || n >= OCLHLS_UNIT_NAME_LEN ||
        m->nparams == OCLHLS_UNIT_MAX_PARAMS)
        return -1;
    memcpy(prm->name, w, n);
    prm->name[n] = '\0';
    p = oclhls_skip_ws(p + n);
    if (*p != '=')
        return -1;
    if (!oclhls_parse_int(p + 1, &prm->def, &p) || oclhls_skip_ws(p) != end)
        prm->def = OCLHLS_UNIT_PARAM_DERIVED; /* an expression: instances must not need it */
    m->nparams++;
    return 0;
}

/* One item of a port list: "input|output [wire|reg] [range] NAME". */
static int parse_port(struct oclhls_unit_module *m, const char *p, const char *end)
{
    const char *w, *last = NULL, *range = NULL, *range_end = NULL;
    size_t n, last_n = 0;
    int output;

    p = oclhls_skip_ws(p);
    if (!(w = oclhls_ident_at(p, &n)) ||
        !(oclhls_word_is(w, n, "input") || oclhls_word_is(w, n, "output")))
        return -1;
    output = oclhls_word_is(w, n, "output");
    for (p += n; p < end; p++) {
        if (*p == '[') {
            range = p + 1;
            while (p < end && *p != ']')
                p++;
            range_end = p;
        } else if ((w = oclhls_ident_at(p, &n)) != NULL) {
            last = w;
            last_n = n;
            p += n - 1;
        }
    }
    if (!last || last_n >= OCLHLS_UNIT_NAME_LEN)
        return -1;
    if (oclhls_word_is(last, last_n, "clk") && !output)
        return 1; /* the clock: driven by the stub's always block, not passed */
    if (m->nports == OCLHLS_UNIT_MAX_PORTS)
        return -1;
    struct oclhls_unit_port *port = &m->ports[m->nports++];
    memcpy(port->name, last, last_n);
    port->name[last_n] = '\0';
    port->output = output;
    if (range) {
        if ((size_t)(range_end - range) >= sizeof(port->range))
            return -1;
        memcpy(port->range, range, (size_t)(range_end - range));
    }
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
        if ((p == text || !oclhls_is_ident(p[-1])) && !oclhls_is_ident(p[6]) &&
            (w = oclhls_ident_at(oclhls_skip_ws(p + 6), &n)) && oclhls_word_is(w, n, m->name))
            break;
        p += 6;
    }
    if (!p)
        return -1;
    open = oclhls_skip_ws(w + n);
    if (*open == '#') {
        open = oclhls_skip_ws(open + 1);
        if (*open != '(' || !(close = oclhls_match_paren(open)) ||
            each_item(m, open, close, parse_param) < 0)
            return -1;
        open = oclhls_skip_ws(close + 1);
    }
    if (*open != '(' || !(close = oclhls_match_paren(open)))
        return -1;
    clk = each_item(m, open, close, parse_port);
    close = oclhls_skip_ws(close + 1);
    if (clk != 1 || *close != ';')
        return -1;
    m->header = strndup(p, (size_t)(close + 1 - p));
    return m->header ? 0 : -1;
}

/* ---- the instances in the design --------------------------------------------------- */

/* The value of an override: an integer literal, or MEM_DW when the model has one. */
static const char *override_value(const char *p, unsigned mem_dw, long long *v)
{
    const char *w;
    size_t n;

    if (oclhls_parse_int(p, v, &w))
        return w;
    w = oclhls_ident_at(oclhls_skip_ws(p), &n);
    if (!w || !mem_dw || !oclhls_word_is(w, n, "MEM_DW"))
        return NULL;
    *v = mem_dw;
    return w + n;
}

/* A parameter override ".NAME(VALUE)" of an instance into set; NULL if not understood. */
static const char *parse_override(const struct oclhls_unit_module *m, const char *p,
                                  unsigned mem_dw, long long *set)
{
    const char *w;
    size_t n;
    long long v;

    p = oclhls_skip_ws(p);
    if (*p != '.' || !(w = oclhls_ident_at(oclhls_skip_ws(p + 1), &n)))
        return NULL;
    p = oclhls_skip_ws(w + n);
    if (*p != '(' || !(p = override_value(p + 1, mem_dw, &v)) || *(p = oclhls_skip_ws(p)) != ')')
        return NULL;
    for (int i = 0; i < m->nparams; i++) {
        if (oclhls_word_is(w, n, m->params[i].name)) {
            set[i] = v;
            return p + 1;
        }
    }
    return NULL;
}

/* The parameter values of the instance whose module name ends at p; 0, or -1. */
static int parse_instance(const struct oclhls_unit_module *m, const char *p, unsigned mem_dw,
                          long long *set)
{
    const char *w;
    size_t n;

    for (int i = 0; i < m->nparams; i++)
        set[i] = m->params[i].def;
    p = oclhls_skip_ws(p);
    if (*p == '#') {
        p = oclhls_skip_ws(p + 1);
        if (*p != '(')
            return -1;
        do {
            if (!(p = parse_override(m, p + 1, mem_dw, set)))
                return -1;
            p = oclhls_skip_ws(p);
        } while (*p == ',');
        if (*p != ')')
            return -1;
        p = oclhls_skip_ws(p + 1);
    }
    if (!(w = oclhls_ident_at(p, &n)))
        return -1;
    return *oclhls_skip_ws(w + n) == '(' ? 0 : -1;
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
    return p - text >= 6 && strncmp(p - 6, "module", 6) == 0 &&
           (p - text == 6 || !oclhls_is_ident(p[-7]));
}

/* Every instance's parameter set into m; 0, or -1 when one is not understood. */
static int scan_instances(struct oclhls_unit_module *m, const char *text, unsigned mem_dw)
{
    size_t len = strlen(m->name);
    long long set[OCLHLS_UNIT_MAX_PARAMS] = {0};

    for (const char *p = text; (p = strstr(p, m->name)) != NULL; p += len) {
        if ((p > text && oclhls_is_ident(p[-1])) || oclhls_is_ident(p[len]) || declared_at(text, p))
            continue;
        if (parse_instance(m, p + len, mem_dw, set) || m->nsets == OCLHLS_UNIT_MAX_SETS)
            return -1;
        add_set(m, set);
        m->ninstances++;
    }
    return 0;
}

/* ---- the ports' widths --------------------------------------------------------------- */

struct set_values {
    const struct oclhls_unit_module *m;
    const long long *set;
};

static int set_value(void *ctx, const char *name, size_t n, long long *v)
{
    const struct set_values *sv = ctx;

    for (int i = 0; i < sv->m->nparams; i++)
        if (oclhls_word_is(name, n, sv->m->params[i].name)) {
            *v = sv->set[i];
            return *v == OCLHLS_UNIT_PARAM_DERIVED ? -1 : 0;
        }
    return -1;
}

/* Each port's width in the widest of the sets; 0, or -1 when a range is not understood. */
static int port_widths(struct oclhls_unit_module *m)
{
    for (int i = 0; i < m->nports; i++) {
        struct oclhls_unit_port *port = &m->ports[i];
        const char *colon = strchr(port->range, ':');

        port->bits = 1;
        for (int s = 0; port->range[0] && s < m->nsets; s++) {
            struct set_values sv = {m, m->sets[s]};
            long long hi, lo;

            if (!colon ||
                oclhls_const_expr(port->range, colon, set_value, &sv, &hi) ||
                oclhls_const_expr(colon + 1, port->range + strlen(port->range), set_value, &sv,
                                  &lo) ||
                hi < lo || hi - lo >= 4096)
                return -1;
            if (hi - lo + 1 > port->bits)
                port->bits = (int)(hi - lo + 1);
        }
    }
    return 0;
}

/* ---- finding the units -------------------------------------------------------------- */

/* The marker hls/emit/payload.c writes before each file, then the file, then a newline. */
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
        f->blanked = oclhls_blank_comments(text, size);
        free(text);
        if (!f->name || !f->block || !f->blanked)
            return -1;
        if (!strstr(design, f->block))
            verbatim = 0;
    }
    return verbatim;
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
                if (!used[j] && oclhls_has_word(lib->files[i].blanked, lib->files[j].name))
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
    oclhls_hashkey_init(&k, OCLHLS_UNITS_RECIPE);
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

static int find_module(struct oclhls_lib_units *u, const struct unit_kind *kind,
                       const struct library *lib, const char *blanked_design, unsigned mem_dw)
{
    struct oclhls_unit_module *m = &u->mods[u->n];
    const struct lib_file *own = NULL;

    memset(m, 0, sizeof(*m));
    m->name = kind->name;
    m->quiet = kind->quiet;
    m->fast = kind->fast;
    for (size_t i = 0; i < lib->n; i++)
        if (strcmp(lib->files[i].name, m->name) == 0)
            own = &lib->files[i];
    if (!own || parse_header(m, own->blanked) || scan_instances(m, blanked_design, mem_dw) ||
        port_widths(m)) {
        oclhls_debug("sim model: %s stays inline (its header or an instance is not understood)",
                     m->name);
        forget_module(m);
        return 0;
    }
    if (m->nsets == 0 || m->ninstances < kind->min_instances) {
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

int oclhls_lib_units_find(const char *design, size_t len, unsigned mem_dw,
                          struct oclhls_lib_units *u, struct oclhls_strbuf *log)
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
    blanked_design = oclhls_blank_comments(design, len);
    if (!u->mods || !blanked_design) {
        ret = -1;
        goto out_free;
    }
    for (size_t i = 0; i < N_UNIT_MODULES && ret == 0; i++)
        ret = find_module(u, &unit_modules[i], &lib, blanked_design, mem_dw);
out_free:
    free(blanked_design);
    release_library(&lib);
    globfree(&g);
    free(pattern);
    return ret;
}

void oclhls_lib_units_release(struct oclhls_lib_units *u)
{
    for (int i = 0; i < u->n; i++)
        forget_module(&u->mods[i]);
    free(u->mods);
    memset(u, 0, sizeof(*u));
}
