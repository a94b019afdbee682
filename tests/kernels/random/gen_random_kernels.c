// SPDX-License-Identifier: MIT
/*
 * Random integer kernels for a differential test of the compiler.
 *
 *   gen_random_kernels SEED OUTDIR
 *
 * writes OUTDIR/random_SEED.cl (K kernels rk0 .. rk<K-1>) and OUTDIR/random_SEED_ref.h (the
 * same kernel bodies as host C functions, plus a table of the kernels' argument types for
 * test_random.c). The output depends only on SEED.
 *
 * Every kernel has the form
 *
 *   __kernel void rkI(__global const T0 *in0, __global const T1 *in1, __global const T2 *in2,
 *                     __global R *out, S s)
 *
 * and computes a random integer expression DAG (locals reused as subexpressions), an if/else
 * tree and sometimes a switch assigning a variable, and stores one or two results per
 * work-item, sometimes only under a condition (the host fills out with a sentinel first).
 *
 * The body is written once, with type placeholders, and printed twice: with OpenCL C type
 * names for the kernel and with <stdint.h> names for the reference. OpenCL C follows C99 for
 * scalar integers (promotions, usual arithmetic conversions, int-valued comparisons), so the
 * host compiler computes the reference with the same text. The body has no undefined
 * behaviour in either language:
 *  - signed + - * and unary - are done on the unsigned type of the same width and converted
 *    back: (int)((uint)x * (uint)y); so is << of a signed value;
 *  - shift counts are masked explicitly to the width of the promoted left operand;
 *  - / and % are guarded: (d != 0 && !(n == MIN && d == -1)) ? n / d : other, on the
 *    common type of n and d;
 *  - conversions to narrower types are modulo 2^N (implementation-defined in C; gcc and
 *    clang both wrap; the test is compiled with -fwrapv).
 * gid is only used through an explicit cast: size_t is 32 bits in the kernel (spir) and 64
 * on the host.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define K 6          /* kernels per program */
#define MAX_DEPTH 5  /* expression DAG depth */
#define MAX_DIV 2    /* dividers per kernel */
#define MAX_VARS 64

enum { T_CHAR, T_UCHAR, T_SHORT, T_USHORT, T_INT, T_UINT, T_LONG, T_ULONG, NTYPES };
static const char *const cl_names[NTYPES] = {"char", "uchar", "short", "ushort",
                                             "int",  "uint",  "long",  "ulong"};
static const char *const c_names[NTYPES] = {"int8_t",  "uint8_t",  "int16_t", "uint16_t",
                                            "int32_t", "uint32_t", "int64_t", "uint64_t"};
static const char *const type_enums[NTYPES] = {"RK_CHAR", "RK_UCHAR", "RK_SHORT", "RK_USHORT",
                                               "RK_INT",  "RK_UINT",  "RK_LONG",  "RK_ULONG"};

static int bits(int t) { return 8 << (t / 2); }
static int is_signed(int t) { return t % 2 == 0; }
static int unsigned_of(int t) { return t | 1; }
static int promote(int t) { return t < T_INT ? T_INT : t; }

/* C99 6.3.1.8 for these types (LP64 host, OpenCL C: long is 64 bits in both). */
static int usual(int a, int b)
{
    a = promote(a);
    b = promote(b);
    if (a == b)
        return a;
    if (is_signed(a) == is_signed(b))
        return bits(a) > bits(b) ? a : b;
    int u = is_signed(a) ? b : a, s = is_signed(a) ? a : b;
    return bits(u) >= bits(s) ? u : s; /* a wider signed type holds every unsigned value */
}

/* ---- deterministic random numbers (splitmix64) ---- */
static uint64_t rng_state;
static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int rnd(int n) { return (int)(rnd64() % (uint64_t)n); }
static int chance(int percent) { return rnd(100) < percent; }

/* ---- strings ---- */
static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    char *s = malloc((size_t)n + 1);
    if (!s)
        abort();
    va_start(ap, f);
    vsnprintf(s, (size_t)n + 1, f, ap);
    va_end(ap);
    return s;
}

/* A type placeholder in generated text: '`' and the type's digit; printed per target. */
static char tbuf[NTYPES][3];
static const char *T(int t)
{
    tbuf[t][0] = '`';
    tbuf[t][1] = (char)('0' + t);
    tbuf[t][2] = 0;
    return tbuf[t];
}

/* The kernel body being generated (with placeholders). */
static char *body;
static size_t body_len, body_cap;
static void out(const char *f, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    if (body_len + (size_t)n + 1 > body_cap) {
        body_cap = (body_len + (size_t)n + 1) * 2;
        body = realloc(body, body_cap);
        if (!body)
            abort();
    }
    va_start(ap, f);
    vsnprintf(body + body_len, (size_t)n + 1, f, ap);
    va_end(ap);
    body_len += (size_t)n;
}

static void print_typed(FILE *f, const char *s, const char *const *names)
{
    for (; *s; s++) {
        if (*s == '`' && s[1] >= '0' && s[1] < '0' + NTYPES)
            fputs(names[*++s - '0'], f);
        else
            fputc(*s, f);
    }
}

/* ---- expressions ---- */
struct expr {
    char *s; /* fully parenthesised unless a name or a literal */
    int t;   /* C type of the value */
    int d;   /* DAG depth */
};

struct var {
    char name[8];
    int t;
    int d;
    int local; /* may be reassigned in a branch */
};
static struct var vars[MAX_VARS];
static int nvars, ndiv, nlocals;

static const uint64_t edge_values[] = {
    0, 1, 2, 3, 5, 7, 31, 63, 100, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff,
    0x80000000, 0xffffffff, 0x7fffffffffffffffull, 0x8000000000000000ull, (uint64_t)-1,
    (uint64_t)-2, (uint64_t)-7, (uint64_t)-128, (uint64_t)-32768, 0xffffffff80000000ull,
    0x123456789abcdef0ull};
#define NEDGE (sizeof(edge_values) / sizeof(edge_values[0]))

/* A literal of type t with value v (truncated to t). */
static char *literal(int t, uint64_t v)
{
    if (bits(t) < 64)
        v &= (1ull << bits(t)) - 1;
    if (!is_signed(t))
        return fmt("((%s)0x%llxUL)", T(t), (unsigned long long)v);
    int64_t sv = bits(t) < 64 && (v >> (bits(t) - 1)) ? (int64_t)(v - (1ull << bits(t)))
                                                      : (int64_t)v;
    if (sv == INT64_MIN)
        return fmt("((%s)(-9223372036854775807L - 1))", T(t));
    if (sv < 0)
        return fmt("((%s)(-%lldL))", T(t), (long long)-sv);
    return fmt("((%s)%lldL)", T(t), (long long)sv);
}

static uint64_t random_value(void)
{
    if (chance(60))
        return edge_values[rnd(NEDGE)];
    uint64_t v = rnd64() >> rnd(64);
    return chance(30) ? (uint64_t)0 - v : v;
}

static struct expr mk(char *s, int t, int d)
{
    struct expr e = {s, t, d};
    return e;
}

static int max2(int a, int b) { return a > b ? a : b; }

/* e as an operand of type c: an explicit cast or the implicit conversion. */
static char *conv(struct expr e, int c)
{
    if (e.t == c || chance(50))
        return e.s;
    return fmt("((%s)%s)", T(c), e.s);
}

static struct expr leaf(int budget)
{
    int r = rnd(100);
    if (r < 18) {
        int t = rnd(NTYPES);
        return mk(literal(t, random_value()), t, 0);
    }
    if (r < 21) {
        int t = rnd(NTYPES);
        return mk(fmt("((%s)gid)", T(t)), t, 0);
    }
    int cand[MAX_VARS], n = 0;
    for (int i = 0; i < nvars; i++)
        if (vars[i].d <= budget)
            cand[n++] = i;
    /* Prefer recent locals so the DAG gets deep. */
    int i = cand[chance(50) ? n - 1 - rnd(n < 3 ? n : 3) : rnd(n)];
    return mk(fmt("%s", vars[i].name), vars[i].t, vars[i].d);
}

static struct expr atom(int budget)
{
    struct expr e = leaf(budget);
    if (chance(25)) {
        int t = rnd(NTYPES);
        e = mk(fmt("((%s)%s)", T(t), e.s), t, e.d);
    }
    return e;
}

/* x op y for + - * on the common type; signed: through the unsigned type. */
static struct expr arith(const char *op, struct expr x, struct expr y)
{
    int c = usual(x.t, y.t), d = max2(x.d, y.d) + 1;
    if (is_signed(c)) {
        int u = unsigned_of(c);
        return mk(fmt("((%s)(((%s)%s) %s ((%s)%s)))", T(c), T(u), x.s, op, T(u), y.s), c, d);
    }
    return mk(fmt("(%s %s %s)", conv(x, c), op, conv(y, c)), c, d);
}

static struct expr gen(int budget);
static struct expr gen_cond(int budget);

static struct expr divide(int budget)
{
    const char *op = chance(50) ? "/" : "%";
    struct expr n = atom(budget - 1), d;
    if (chance(40)) {
        int t = rnd(NTYPES);
        uint64_t v;
        do
            v = random_value();
        while (bits(t) < 64 ? !(v & ((1ull << bits(t)) - 1)) : !v);
        d = mk(literal(t, v), t, 0);
    } else {
        d = atom(budget - 1);
    }
    int c = usual(n.t, d.t);
    char *guard;
    if (is_signed(c))
        guard = fmt("(((%s)%s) != 0 && !(((%s)%s) == %s && ((%s)%s) == -1))", T(c), d.s, T(c),
                    n.s, literal(c, 1ull << (bits(c) - 1)), T(c), d.s);
    else
        guard = fmt("(((%s)%s) != 0)", T(c), d.s);
    struct expr alt = chance(50) ? leaf(budget - 1) : gen(budget - 1);
    int rt = usual(c, alt.t);
    ndiv++;
    return mk(fmt("(%s ? (%s %s %s) : %s)", guard, conv(n, c), op, conv(d, c), alt.s), rt,
              max2(max2(n.d, d.d), alt.d) + 1);
}

static struct expr shift(int budget)
{
    struct expr x = gen(budget - 1);
    int p = promote(x.t), w = bits(p);
    char *count;
    int cd = 0;
    if (chance(25)) {
        count = fmt("%d", rnd(w));
    } else {
        struct expr y = gen(budget - 1);
        count = fmt("(%s & %d)", y.s, w - 1);
        cd = y.d;
    }
    int d = max2(x.d, cd) + 1;
    if (chance(50))
        return mk(fmt("(%s >> %s)", x.s, count), p, d);
    if (is_signed(p))
        return mk(fmt("((%s)(((%s)%s) << %s))", T(p), T(unsigned_of(p)), x.s, count), p, d);
    return mk(fmt("(%s << %s)", x.s, count), p, d);
}

static const char *const cmp_ops[] = {"==", "!=", "<", "<=", ">", ">="};

static struct expr compare(int budget)
{
    struct expr x = gen(budget - 1), y = gen(budget - 1);
    for (int i = 0; i < 3 && !strcmp(x.s, y.s); i++)
        y = gen(budget - 1); /* x < x is constant */
    int c = usual(x.t, y.t);
    return mk(fmt("(%s %s %s)", conv(x, c), cmp_ops[rnd(6)], conv(y, c)), T_INT,
              max2(x.d, y.d) + 1);
}

static struct expr gen_cond(int budget)
{
    if (budget < 2)
        return compare(budget < 1 ? 1 : budget);
    int r = rnd(100);
    if (r < 65)
        return compare(budget);
    if (r < 80) {
        struct expr a = compare(budget - 1), b = compare(budget - 1);
        return mk(fmt("(%s %s %s)", a.s, chance(50) ? "&&" : "||", b.s), T_INT,
                  max2(a.d, b.d) + 1);
    }
    if (r < 88) {
        struct expr a = compare(budget - 1);
        return mk(fmt("(!%s)", a.s), T_INT, a.d + 1);
    }
    struct expr x = gen(budget - 1); /* an integer as a truth value */
    return mk(fmt("(%s & %s)", x.s, literal(x.t, 1ull << rnd(bits(x.t)))), usual(x.t, x.t),
              x.d + 1);
}

static struct expr gen(int budget)
{
    if (budget <= 0 || chance(20))
        return leaf(budget);
    int r = rnd(100);
    if (r < 24) {
        static const char *const ops[] = {"+", "-", "*"};
        struct expr x = gen(budget - 1), y = gen(budget - 1);
        return arith(ops[rnd(3)], x, y);
    }
    if (r < 32 && ndiv < MAX_DIV)
        return divide(budget);
    if (r < 44)
        return shift(budget);
    if (r < 56) {
        static const char *const ops[] = {"&", "|", "^"};
        struct expr x = gen(budget - 1), y = gen(budget - 1);
        int c = usual(x.t, y.t);
        return mk(fmt("(%s %s %s)", conv(x, c), ops[rnd(3)], conv(y, c)), c,
                  max2(x.d, y.d) + 1);
    }
    if (r < 63) {
        struct expr x = gen(budget - 1);
        int p = promote(x.t);
        if (chance(50))
            return mk(fmt("(~%s)", x.s), p, x.d + 1);
        if (is_signed(p))
            return mk(fmt("((%s)(-((%s)%s)))", T(p), T(unsigned_of(p)), x.s), p, x.d + 1);
        return mk(fmt("(-%s)", x.s), p, x.d + 1);
    }
    if (r < 71)
        return compare(budget);
    if (r < 80) {
        struct expr c = gen_cond(budget - 1), x = gen(budget - 1), y = gen(budget - 1);
        return mk(fmt("(%s ? %s : %s)", c.s, x.s, y.s), usual(x.t, y.t),
                  max2(c.d, max2(x.d, y.d)) + 1);
    }
    if (r < 94) {
        struct expr x = gen(budget - 1);
        int t = rnd(NTYPES);
        return mk(fmt("((%s)%s)", T(t), x.s), t, x.d + 1);
    }
    struct expr x = gen(budget - 1), y = gen(budget - 1);
    if (chance(30))
        return mk(fmt("(!%s)", x.s), T_INT, x.d + 1);
    return mk(fmt("(%s %s %s)", x.s, chance(50) ? "&&" : "||", y.s), T_INT,
              max2(x.d, y.d) + 1);
}

/* ---- statements ---- */
static int add_var(int t, int d)
{
    struct var *v = &vars[nvars];
    snprintf(v->name, sizeof(v->name), "v%d", nlocals++);
    v->t = t;
    v->d = d;
    v->local = 1;
    return nvars++;
}

static void indent(int n)
{
    for (int i = 0; i < n; i++)
        out("    ");
}

/* A new local: T v = expr; */
static int declare(int ind)
{
    int budget = 1 + rnd(MAX_DEPTH);
    struct expr e = gen(budget);
    int t = chance(70) ? e.t : rnd(NTYPES);
    indent(ind);
    if (t != e.t && chance(50))
        out("%s v%d = (%s)%s;\n", T(t), nlocals, T(t), e.s);
    else
        out("%s v%d = %s;\n", T(t), nlocals, e.s);
    return add_var(t, e.d);
}

/* Reassigns an earlier local (inside a branch). */
static void reassign(int ind)
{
    int cand[MAX_VARS], n = 0;
    for (int i = 0; i < nvars; i++)
        if (vars[i].local)
            cand[n++] = i;
    if (!n)
        return;
    struct var *v = &vars[cand[rnd(n)]];
    struct expr e = gen(1 + rnd(3));
    indent(ind);
    out("%s = %s;\n", v->name, e.s);
    v->d = max2(v->d, e.d);
}

/* Assigns vars[w] on every path of a random if/else tree. */
static void branch(int w, int ind, int level)
{
    if (level > 0 && (level >= 3 || chance(40))) {
        if (chance(25))
            reassign(ind);
        struct expr e = gen(1 + rnd(4));
        indent(ind);
        out("%s = %s;\n", vars[w].name, e.s);
        vars[w].d = max2(vars[w].d, e.d + 1);
        return;
    }
    struct expr c = gen_cond(1 + rnd(3));
    indent(ind);
    out("if (%s) {\n", c.s);
    branch(w, ind + 1, level + 1);
    indent(ind);
    if (chance(30)) {
        struct expr c2 = gen_cond(1 + rnd(2));
        out("} else if (%s) {\n", c2.s);
        branch(w, ind + 1, level + 1);
        indent(ind);
    }
    out("} else {\n");
    branch(w, ind + 1, level + 1);
    indent(ind);
    out("}\n");
}

static void if_block(int ind)
{
    int t = rnd(NTYPES);
    indent(ind);
    out("%s v%d;\n", T(t), nlocals);
    /* Not yet a leaf candidate: it has no value until the branches assign it. */
    int w = add_var(t, 0);
    nvars--;
    branch(w, ind, 0);
    nvars++;
}

static void switch_block(int ind)
{
    int w = declare(ind);
    struct expr x = atom(MAX_DEPTH);
    indent(ind);
    out("switch (%s & 3) {\n", x.s);
    int fell = 0;
    for (int k = 0; k < 4; k++) {
        if (chance(20) && !fell)
            continue; /* no case: keeps the initial value (or falls to default) */
        indent(ind);
        if (k == 3 && chance(40))
            out("default:\n");
        else
            out("case %d:\n", k);
        struct expr e = gen(1 + rnd(3));
        indent(ind + 1);
        if (chance(30))
            out("%s = %s;\n", vars[w].name, arith(chance(50) ? "+" : "-", mk(vars[w].name,
                                                   vars[w].t, vars[w].d), e).s);
        else
            out("%s = %s;\n", vars[w].name, e.s);
        vars[w].d = max2(vars[w].d, e.d + 1);
        fell = k < 3 && chance(20);
        indent(ind + 1);
        out(fell ? "/* fall through */\n" : "break;\n");
    }
    indent(ind);
    out("}\n");
}

/* The value to store: a random expression mixed with the kernel's last results. */
static char *result(int rt, int live1, int live2)
{
    struct expr e = gen(1 + rnd(3));
    static const char *const ops[] = {"+", "-", "^"};
    if (live1 >= 0)
        e = ops[rnd(3)][0] == '^'
                ? mk(fmt("(%s ^ %s)", e.s, vars[live1].name), usual(e.t, vars[live1].t), 0)
                : arith(ops[rnd(2)], e, mk(vars[live1].name, vars[live1].t, 0));
    if (live2 >= 0)
        e = arith(ops[rnd(2)], mk(vars[live2].name, vars[live2].t, 0), e);
    return chance(50) ? fmt("(%s)%s", T(rt), e.s) : e.s;
}

struct kernel {
    int tin[3], tout, ts, nout;
};

static void gen_kernel(struct kernel *k)
{
    body_len = 0;
    if (body)
        body[0] = 0;
    nvars = ndiv = nlocals = 0;
    for (int i = 0; i < 3; i++) {
        k->tin[i] = rnd(NTYPES);
        snprintf(vars[nvars].name, sizeof(vars[0].name), "x%d", i);
        vars[nvars].t = k->tin[i];
        vars[nvars].d = 0;
        vars[nvars++].local = 0;
        out("    %s x%d = in%d[gid];\n", T(k->tin[i]), i, i);
    }
    k->ts = rnd(NTYPES);
    k->tout = rnd(NTYPES);
    snprintf(vars[nvars].name, sizeof(vars[0].name), "s");
    vars[nvars].t = k->ts;
    vars[nvars].d = 0;
    vars[nvars++].local = 0;

    int n1 = 2 + rnd(4);
    for (int i = 0; i < n1; i++)
        declare(1);
    int live1 = -1, live2 = -1;
    if (chance(85)) {
        if_block(1);
        live1 = nvars - 1;
    }
    if (chance(50)) {
        switch_block(1);
        live2 = nvars - 1;
    }
    int n2 = rnd(3);
    for (int i = 0; i < n2; i++)
        declare(1);
    if (n2 && chance(50))
        live2 = nvars - 1;

    /* A store condition that cannot fold to "never": the input's low bit decides too. (A
     * kernel whose stores all fold away has no memory access left, and the compiler's
     * design for that does not lint clean: its unused 'drain' signal.) */
    int xi = rnd(3);
    int rt = k->tout;
    k->nout = 1;
    switch (rnd(6)) {
    case 0:
    case 1:
        out("    out[gid] = %s;\n", result(rt, live1, live2));
        break;
    case 2:
        k->nout = 2;
        out("    out[2 * gid] = %s;\n", result(rt, live1, -1));
        if (chance(40))
            out("    if (%s)\n    ", gen_cond(1 + rnd(3)).s);
        out("    out[2 * gid + 1] = %s;\n", result(rt, live2, -1));
        break;
    case 3:
        out("    if (%s || (x%d & 1))\n", gen_cond(1 + rnd(4)).s, xi);
        out("        out[gid] = %s;\n", result(rt, live1, live2));
        break;
    case 4:
        out("    out[gid] = %s;\n", result(rt, live1, -1));
        out("    if (%s)\n", gen_cond(1 + rnd(3)).s);
        out("        out[gid] = %s;\n", result(rt, live2, -1));
        break;
    default:
        out("    if (%s && !(x%d & 1))\n        return;\n", gen_cond(1 + rnd(3)).s, xi);
        out("    out[gid] = %s;\n", result(rt, live1, live2));
        break;
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s SEED OUTDIR\n", argv[0]);
        return 2;
    }
    char *end;
    unsigned long long seed = strtoull(argv[1], &end, 0);
    if (*end) {
        fprintf(stderr, "%s: bad seed '%s'\n", argv[0], argv[1]);
        return 2;
    }
    rng_state = seed * 0x2545F4914F6CDD1Dull + 12345;
    char *cl_path = fmt("%s/random_%llu.cl", argv[2], seed);
    char *h_path = fmt("%s/random_%llu_ref.h", argv[2], seed);
    FILE *cl = fopen(cl_path, "w"), *h = fopen(h_path, "w");
    if (!cl || !h) {
        perror(cl ? h_path : cl_path);
        return 1;
    }
    fprintf(cl, "// Generated by gen_random_kernels %llu: do not edit.\n", seed);
    fprintf(h,
            "/* Generated by gen_random_kernels %llu: do not edit. */\n"
            "#include <stddef.h>\n#include <stdint.h>\n\n"
            "enum { RK_CHAR, RK_UCHAR, RK_SHORT, RK_USHORT, RK_INT, RK_UINT, RK_LONG, "
            "RK_ULONG };\n"
            "struct rk_kernel {\n"
            "    const char *name;\n"
            "    int in[3], out, scalar; /* RK_* types */\n"
            "    int nout;               /* results per work-item */\n"
            "    void (*ref)(const void *in0, const void *in1, const void *in2, void *out,\n"
            "                uint64_t s, size_t gid);\n"
            "};\n\n"
            "#define RK_PROGRAM \"random_%llu\"\n\n"
            "#pragma GCC diagnostic push\n"
            "#pragma GCC diagnostic ignored \"-Wsign-compare\"\n"
            "#pragma GCC diagnostic ignored \"-Wtype-limits\"\n"
            "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
            "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n"
            "#pragma GCC diagnostic ignored \"-Wimplicit-fallthrough\"\n"
            "#pragma GCC diagnostic ignored \"-Wparentheses\"\n"
            "#pragma GCC diagnostic ignored \"-Wbool-operation\"\n"
            "#pragma GCC diagnostic ignored \"-Wint-in-bool-context\"\n"
            "#pragma GCC diagnostic ignored \"-Wbool-compare\"\n"
            "#pragma GCC diagnostic ignored \"-Woverflow\"\n"
            "#pragma GCC diagnostic ignored \"-Wtautological-compare\"\n"
            "#pragma GCC diagnostic ignored \"-Wlogical-not-parentheses\"\n"
            "#pragma GCC diagnostic ignored \"-Wmaybe-uninitialized\"\n\n",
            seed, seed);
    struct kernel ks[K];
    for (int i = 0; i < K; i++) {
        struct kernel *k = &ks[i];
        gen_kernel(k);
        fprintf(cl,
                "\n__kernel void rk%d(__global const %s *in0, __global const %s *in1,\n"
                "                  __global const %s *in2, __global %s *out, %s s)\n{\n"
                "    size_t gid = get_global_id(0);\n",
                i, cl_names[k->tin[0]], cl_names[k->tin[1]], cl_names[k->tin[2]],
                cl_names[k->tout], cl_names[k->ts]);
        print_typed(cl, body, cl_names);
        fprintf(cl, "}\n");
        fprintf(h,
                "static void ref_rk%d(const void *in0_, const void *in1_, const void *in2_, "
                "void *out_,\n                     uint64_t s_, size_t gid)\n{\n"
                "    const %s *in0 = in0_;\n    const %s *in1 = in1_;\n"
                "    const %s *in2 = in2_;\n    %s *out = out_;\n    %s s = (%s)s_;\n",
                i, c_names[k->tin[0]], c_names[k->tin[1]], c_names[k->tin[2]],
                c_names[k->tout], c_names[k->ts], c_names[k->ts]);
        print_typed(h, body, c_names);
        fprintf(h, "}\n\n");
    }
    fprintf(h, "#pragma GCC diagnostic pop\n\nstatic const struct rk_kernel rk_kernels[] = {\n");
    for (int i = 0; i < K; i++)
        fprintf(h, "    {\"rk%d\", {%s, %s, %s}, %s, %s, %d, ref_rk%d},\n", i,
                type_enums[ks[i].tin[0]], type_enums[ks[i].tin[1]], type_enums[ks[i].tin[2]],
                type_enums[ks[i].tout], type_enums[ks[i].ts], ks[i].nout, i);
    fprintf(h, "};\n#define RK_COUNT %d\n", K);
    if (fclose(cl) || fclose(h)) {
        perror("write");
        return 1;
    }
    return 0;
}
