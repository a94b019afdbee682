// SPDX-License-Identifier: MIT
/*
 * Random integer kernels for a differential test of the compiler.
 *
 *   gen_random_kernels SEED OUTDIR [--loop-free]
 *
 * writes OUTDIR/random_SEED.cl (kernels rk0 .. rkK-1) and OUTDIR/random_SEED_ref.h (the
 * same kernel bodies as host C functions, plus a table of the kernels' argument types, launch
 * sizes and buffer sizes for test_random.c). The output depends only on SEED.
 *
 * Every kernel has the form
 *
 *   __kernel void rkI(__global const T0 *in0, __global const T1 *in1, __global const T2 *in2,
 *                     __global R *out, S s)
 *
 * (pointers sometimes restrict: the host passes distinct buffers) and is one of:
 *  - loop-free (K_PLAIN): a random integer expression DAG (locals reused as subexpressions),
 *    an if/else tree and sometimes a switch assigning a variable, and one or two results per
 *    work-item, sometimes stored only under a condition (the host fills out with a sentinel
 *    first); 200 work-items;
 *  - NDRange with loops (K_LOOP): the same statements, plus for/while/do loops nested up to
 *    two deep (sometimes inside an if), trip counts from s or from data masked small (zero
 *    included), break/continue/return under random conditions (some carrying a value out),
 *    loop-carried accumulators (+ - * ^ shifts, guarded / %, conditional updates), loads of the
 *    inputs at counter-derived indices masked into their 64 elements, stores to and loads from
 *    the work-item's own M elements of out (out[gid * M + ...]; M = 1..16; also through a
 *    pointer window `out + gid * M + ...` with constant offsets), private arrays in registers
 *    (<= 256 bytes) or block RAM (> 256 bytes) initialised by a loop or an initialiser list,
 *    updated (also read-modify-write: histograms) at data-dependent masked indices in the
 *    loops and read back into the result; at most 64 iterations per work-item (plus the
 *    initialisation loops of arrays) and at most 64 work-items;
 *  - single work-item (K_TASK, max_global_work_dim(0), no gid, launched with global size 1
 *    or clEnqueueTask): a loop over up to 64 elements of the inputs storing out[A * i + C],
 *    with recurrences through registers and through memory (out[i - 1], out[B * i + E],
 *    pointer windows), or a grid of up to 8 x 8 where out[i * 8 + j] depends on the element
 *    above and to the left; the same statements and arrays as above; out has 256 elements.
 * A program is loop-free (6 kernels, 15% of seeds) or mixed (5 kernels of the three kinds).
 * The loop-free kernels draw from their own random stream exactly as before loops existed, so
 * a loop-free program is the same text as the generator made then for that seed. --loop-free
 * makes every seed's program loop-free (random_SEED_loopfree.cl): the programs of the
 * generator before loops existed, seed for seed.
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
 *    clang both wrap; the test is compiled with -fwrapv);
 *  - every index is in bounds by construction: masked (& (M - 1)), reduced (% M, unsigned),
 *    or a loop counter whose range is known; loops end because their counter only moves
 *    towards a bound that a mask keeps small, whatever the data;
 *  - every variable is assigned before it is read (an if/else tree assigns on every path).
 * Work-items never touch each other's elements of out, so the reference may run them one
 * after the other (a work-item reading back its own stores sees the same values).
 * gid is only used through an explicit cast: size_t is 32 bits in the kernel (spir) and 64
 * on the host.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define K 6              /* kernels in a loop-free program */
#define K_MIXED 5        /* kernels in a program with loops */
#define PLAIN_PERCENT 15 /* programs without loops */
#define MAX_DEPTH 5      /* expression DAG depth */
#define MAX_DIV 2        /* dividers per kernel */
#define MAX_VARS 256

enum { T_CHAR, T_UCHAR, T_SHORT, T_USHORT, T_INT, T_UINT, T_LONG, T_ULONG, NTYPES };
static const char *const cl_names[NTYPES] = {"char", "uchar", "short", "ushort",
                                             "int",  "uint",  "long",  "ulong"};
static const char *const c_names[NTYPES] = {"int8_t",  "uint8_t",  "int16_t", "uint16_t",
                                            "int32_t", "uint32_t", "int64_t", "uint64_t"};
static const char *const type_enums[NTYPES] = {"RK_CHAR", "RK_UCHAR", "RK_SHORT", "RK_USHORT",
                                               "RK_INT",  "RK_UINT",  "RK_LONG",  "RK_ULONG"};

static int bits(int t)
{
    return 8 << (t / 2);
}
static int is_signed(int t)
{
    return t % 2 == 0;
}
static int unsigned_of(int t)
{
    return t | 1;
}
static int promote(int t)
{
    return t < T_INT ? T_INT : t;
}

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
static int rnd(int n)
{
    return (int)(rnd64() % (uint64_t)n);
}
static int chance(int percent)
{
    return rnd(100) < percent;
}

/* ---- strings ---- */
/* Expressions are shared between the statements of a kernel, so every string fmt makes
 * lives until the generator exits: fmt keeps them all and free_strings (atexit) frees them. */
static char **strings;
static size_t n_strings, strings_cap;
static void free_strings(void)
{
    for (size_t i = 0; i < n_strings; i++)
        free(strings[i]);
    free(strings);
}
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
    if (n_strings == strings_cap) {
        strings_cap = strings_cap ? strings_cap * 2 : 256;
        strings = realloc(strings, strings_cap * sizeof(*strings));
        if (!strings)
            abort();
    }
    strings[n_strings++] = s;
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

/* Prints generated text with the type placeholders (and `G, the address space of a pointer
 * to global memory) spelled for the kernel (cl_names) or the host (c_names). */
static void print_typed(FILE *f, const char *s, const char *const *names)
{
    for (; *s; s++) {
        if (*s == '`' && s[1] >= '0' && s[1] < '0' + NTYPES)
            fputs(names[*++s - '0'], f);
        else if (*s == '`' && s[1] == 'G' && ++s)
            fputs(names == cl_names ? "__global " : "", f);
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
static int no_gid; /* a single work-item kernel: no gid */

static const uint64_t edge_values[] = {0,
                                       1,
                                       2,
                                       3,
                                       5,
                                       7,
                                       31,
                                       63,
                                       100,
                                       0x7f,
                                       0x80,
                                       0xff,
                                       0x7fff,
                                       0x8000,
                                       0xffff,
                                       0x7fffffff,
                                       0x80000000,
                                       0xffffffff,
                                       0x7fffffffffffffffull,
                                       0x8000000000000000ull,
                                       (uint64_t)-1,
                                       (uint64_t)-2,
                                       (uint64_t)-7,
                                       (uint64_t)-128,
                                       (uint64_t)-32768,
                                       0xffffffff80000000ull,
                                       0x123456789abcdef0ull};
#define NEDGE (sizeof(edge_values) / sizeof(edge_values[0]))

/* A literal of type t with value v (truncated to t). */
static char *literal(int t, uint64_t v)
{
    if (bits(t) < 64)
        v &= (1ull << bits(t)) - 1;
    if (!is_signed(t))
        return fmt("((%s)0x%llxUL)", T(t), (unsigned long long)v);
    int64_t sv =
        bits(t) < 64 && (v >> (bits(t) - 1)) ? (int64_t)(v - (1ull << bits(t))) : (int64_t)v;
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

static int max2(int a, int b)
{
    return a > b ? a : b;
}

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
    if (r < 21 && !no_gid) {
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
        guard = fmt("(((%s)%s) != 0 && !(((%s)%s) == %s && ((%s)%s) == -1))", T(c), d.s, T(c), n.s,
                    literal(c, 1ull << (bits(c) - 1)), T(c), d.s);
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
        return mk(fmt("(%s %s %s)", a.s, chance(50) ? "&&" : "||", b.s), T_INT, max2(a.d, b.d) + 1);
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
        return mk(fmt("(%s %s %s)", conv(x, c), ops[rnd(3)], conv(y, c)), c, max2(x.d, y.d) + 1);
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
    return mk(fmt("(%s %s %s)", x.s, chance(50) ? "&&" : "||", y.s), T_INT, max2(x.d, y.d) + 1);
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
            out("%s = %s;\n", vars[w].name,
                arith(chance(50) ? "+" : "-", mk(vars[w].name, vars[w].t, vars[w].d), e).s);
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

enum { K_PLAIN, K_LOOP, K_TASK }; /* loop-free NDRange, NDRange with loops, single work-item */

struct kernel {
    int tin[3], tout, ts, nout;
    int kind;   /* K_* */
    int global; /* work-items */
    int nin;    /* elements per input buffer */
    int restr;  /* bit i: argument i (in0, in1, in2, out) is restrict (the buffers are distinct) */
};

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

/* ==== Loop kernels and single work-item kernels ====
 *
 * These are generated from a second random stream (see main), so the loop-free kernels above
 * are the same text as before loops existed. Every loop is bounded by construction: a counter
 * that only counts up (or down from a bound read once) against a bound masked to at most T, so
 * no condition or data can make it run longer; the iterations per work-item stay within a
 * budget (64 for an NDRange kernel, 256 for a task) except the initialisation loops of private
 * arrays (one iteration per element).
 */
#define N_PLAIN 200  /* work-items of a loop-free kernel (and elements of its inputs) */
#define NIN 64       /* elements per input buffer of a loop kernel or a task */
#define TASK_OUT 256 /* out elements of a task */
#define MAX_ARRAYS 2
#define MAX_MEM 12 /* global and private-array access sites per kernel (design size) */
#ifndef WINDOW_PERCENT
#define WINDOW_PERCENT 6 /* loop statements that are a window of out (see window()) */
#endif

static struct kernel *cur; /* the kernel being generated */
static int nmem;           /* access sites so far */

struct array {
    char name[8];
    int t, m; /* element type, elements */
};
static struct array arrays[MAX_ARRAYS];
static int narrays;

/* The loops around the statement being generated, innermost last. */
struct loop {
    int var;    /* the counter in vars[] */
    int lo, hi; /* its range in the body */
    int scope;  /* nvars where the body starts: older locals are carried across iterations */
};
static struct loop loops[3];
static int nloops;

static int room(void)
{
    return nvars < MAX_VARS - 16;
}

static int add_named(const char *prefix, int t, int d, int local)
{
    struct var *v = &vars[nvars];
    snprintf(v->name, sizeof(v->name), "%s%d", prefix, nlocals++);
    v->t = t;
    v->d = d;
    v->local = local;
    return nvars++;
}

static struct expr var_expr(int i)
{
    return mk(vars[i].name, vars[i].t, 0);
}

/* T vN = e; with an optional cast to another type. */
static int declare_expr(int ind, struct expr e)
{
    int t = chance(75) ? e.t : rnd(NTYPES);
    indent(ind);
    if (t != e.t && chance(50))
        out("%s v%d = (%s)%s;\n", T(t), nlocals, T(t), e.s);
    else
        out("%s v%d = %s;\n", T(t), nlocals, e.s);
    return add_var(t, e.d > MAX_DEPTH ? MAX_DEPTH : e.d);
}

/* e as an index in [0, m): through uint, masked (m a power of two) or reduced modulo m. */
static char *index_of(struct expr e, int m)
{
    if (!(m & (m - 1)))
        return fmt("(((%s)%s) & %du)", T(T_UINT), e.s, m - 1);
    return fmt("(((%s)%s) %% %du)", T(T_UINT), e.s, m);
}

/* A data-dependent index in [0, m): often from the innermost loop's counter. */
static char *index_in(int m)
{
    struct loop *l = nloops ? &loops[nloops - 1] : NULL;
    if (l && l->lo >= 0 && l->hi < m && chance(40))
        return fmt("%s", vars[l->var].name); /* in range by construction: a direct index */
    int r = rnd(100);
    if (l && r < 55) {
        struct expr j = var_expr(l->var);
        if (chance(30))
            j = arith("*", j, mk(literal(T_INT, 1 + rnd(5)), T_INT, 0));
        if (chance(60)) {
            struct expr o =
                !no_gid && chance(40) ? mk(fmt("((%s)gid)", T(T_UINT)), T_UINT, 0) : atom(1);
            j = arith(chance(75) ? "+" : "-", j, o);
        }
        return index_of(j, m);
    }
    return index_of(gen(1 + rnd(2)), m);
}

/* The out element of this work-item for an index in [0, out_m). */
static char *out_at(const char *idx)
{
    if (cur->kind == K_TASK)
        return fmt("out[%s]", idx);
    if (cur->nout == 1)
        return fmt("out[gid]");
    return fmt("out[gid * %d + %s]", cur->nout, idx);
}

static int out_pos(void)
{
    return rnd(cur->nout);
}

/* x / d or x % d, guarded as in divide(), with a given numerator. */
static struct expr divide_by(struct expr n, int budget)
{
    const char *op = chance(50) ? "/" : "%";
    struct expr d = chance(40) ? mk(literal(T_INT, 1 + rnd(100)), T_INT, 0) : atom(budget);
    int c = usual(n.t, d.t);
    char *guard;
    if (is_signed(c))
        guard = fmt("(((%s)%s) != 0 && !(((%s)%s) == %s && ((%s)%s) == -1))", T(c), d.s, T(c), n.s,
                    literal(c, 1ull << (bits(c) - 1)), T(c), d.s);
    else
        guard = fmt("(((%s)%s) != 0)", T(c), d.s);
    struct expr alt = chance(50) ? leaf(budget) : gen(budget);
    ndiv++;
    return mk(fmt("(%s ? (%s %s %s) : %s)", guard, conv(n, c), op, conv(d, c), alt.s),
              usual(c, alt.t), max2(max2(n.d, d.d), alt.d) + 1);
}

/* A local to update in a loop: preferably one declared outside the innermost loop (so the
 * update is carried to the next iteration). -1 if none. */
static int pick_carried(void)
{
    int cand[MAX_VARS], n = 0, scope = nloops ? loops[nloops - 1].scope : nvars;
    for (int i = 0; i < nvars; i++)
        if (vars[i].local && (i < scope || chance(20)))
            cand[n++] = i;
    return n ? cand[rnd(n)] : -1;
}

/* acc = f(acc, e): a loop-carried recurrence. */
static void accumulate(int ind, int w)
{
    struct var *v = &vars[w];
    struct expr a = var_expr(w), e = gen(1 + rnd(3)), r;
    int k = rnd(100);
    if (k < 35) {
        static const char *const ops[] = {"+", "-", "*"};
        r = arith(ops[rnd(3)], a, e);
    } else if (k < 50) {
        int c = usual(a.t, e.t);
        r = mk(fmt("(%s ^ %s)", conv(a, c), conv(e, c)), c, e.d + 1);
    } else if (k < 60 && ndiv < MAX_DIV) {
        r = divide_by(chance(60) ? a : arith("+", a, e), 2);
    } else if (k < 72) {
        struct expr c = gen_cond(1 + rnd(2));
        r = mk(fmt("(%s ? %s : %s)", c.s, a.s, e.s), usual(a.t, e.t), max2(c.d, e.d) + 1);
    } else if (k < 80) {
        int p = promote(a.t), wd = bits(p);
        char *cnt = chance(40) ? fmt("%d", rnd(wd)) : fmt("(%s & %d)", e.s, wd - 1);
        if (chance(50))
            r = mk(fmt("(%s >> %s)", a.s, cnt), p, e.d + 1);
        else if (is_signed(p))
            r = mk(fmt("((%s)(((%s)%s) << %s))", T(p), T(unsigned_of(p)), a.s, cnt), p, e.d + 1);
        else
            r = mk(fmt("(%s << %s)", a.s, cnt), p, e.d + 1);
    } else {
        r = e; /* a plain reassignment (often of an expression of the variable itself) */
    }
    indent(ind);
    out("%s = %s;\n", v->name, chance(30) ? fmt("(%s)%s", T(v->t), r.s) : r.s);
    v->d = max2(v->d, r.d);
    if (v->d > MAX_DEPTH)
        v->d = MAX_DEPTH; /* still a leaf candidate: it is one name */
}

static void loop_stmt(int ind, int budget);
static void loop_or_if_loop(int ind, int budget);
static char *affine(const char *i, int a, int c);

/* A private array: T aN[m]; initialised by a loop (or, when small, an initialiser list). */
static void declare_array(int ind, int big)
{
    struct array *a = &arrays[narrays];
    int t = rnd(NTYPES), es = bits(t) / 8, m;
    if (big) {
        /* more than 256 bytes: block RAM; at most 512 bytes so the init loop stays short */
        static const int extra[] = {4, 32, 64, 128, 256};
        int b = 256 + extra[rnd(5)];
        m = b / es;
        if (m * es <= 256)
            m++;
    } else if (chance(10)) {
        m = 256 / es; /* exactly 256 bytes: the largest register array */
        if (m > 64)
            m = 64;
    } else {
        static const int sizes[] = {1, 2, 3, 4, 5, 8, 8, 12, 16, 16};
        m = sizes[rnd(10)];
    }
    a->t = t;
    a->m = m;
    snprintf(a->name, sizeof(a->name), "a%d", nlocals++);
    narrays++;
    indent(ind);
    /* Not for arrays of 2, 4 or 8 bytes: clang initialises those with one wide store that
     * the compiler cannot split into the array's registers yet (a build error). */
    int wide = m * es == 2 || m * es == 4 || m * es == 8;
    if (!big && m <= 16 && !wide && chance(30)) {
        if (chance(40)) {
            out("%s %s[%d] = {0};\n", T(t), a->name, m);
            return;
        }
        int n = 1 + rnd(m); /* the rest are zero */
        out("%s %s[%d] = {", T(t), a->name, m);
        for (int i = 0; i < n; i++)
            out("%s%s", i ? ", " : "", literal(t, random_value()));
        out("};\n");
        return;
    }
    out("%s %s[%d];\n", T(t), a->name, m);
    int it = chance(70) ? T_INT : T_UINT;
    int save = nvars, k = add_named("k", it, 0, 0);
    indent(ind);
    out("for (%s %s = 0; %s < %d; %s++)\n", T(it), vars[k].name, vars[k].name, m, vars[k].name);
    struct expr e = gen(1 + rnd(3));
    indent(ind + 1);
    out("%s[%s] = %s;\n", a->name, vars[k].name, e.s);
    nvars = save;
    nmem++;
}

/* a[idx] = a[idx] op e: a recurrence through the array when a later iteration hits the same
 * element (a histogram). */
static void array_rmw(int ind, struct array *a, char *idx)
{
    int i = add_named("v", T_UINT, 0, 0);
    indent(ind);
    out("%s %s = %s;\n", T(T_UINT), vars[i].name, idx);
    struct expr old = mk(fmt("%s[%s]", a->name, vars[i].name), a->t, 0);
    struct expr e = chance(30) ? mk(literal(T_INT, 1), T_INT, 0) : gen(1 + rnd(2)), nv;
    if (chance(70))
        nv = arith(chance(50) ? "+" : chance(50) ? "-" : "*", old, e);
    else
        nv = mk(fmt("(%s ^ %s)", conv(old, usual(a->t, e.t)), conv(e, usual(a->t, e.t))),
                usual(a->t, e.t), 1);
    indent(ind);
    out("%s[%s] = %s;\n", a->name, vars[i].name, nv.s);
    nmem += 2;
}

/* A window of this work-item's out that moves with the innermost counter j,
 * `__global R *p = out + (A * j + B)` (a task) or `out + gid * M + (j & (M/2 - 1))`, and a few
 * loads and stores of p[c] at constant offsets: one root plus constant offsets, so the accesses
 * of one iteration are disjoint and only those of different iterations may meet. */
static void window(int ind)
{
    struct loop *l = &loops[nloops - 1];
    const char *j = vars[l->var].name;
    int span;
    indent(ind);
    if (cur->kind == K_TASK) {
        int a = 1 + rnd(3), b = rnd(8);
        out("`G%s *p%d = out + %s;\n", T(cur->tout), nlocals, affine(j, a, b));
        span = 8; /* a * 63 + 7 + 8 < TASK_OUT */
    } else {
        int half = cur->nout / 2;
        out("`G%s *p%d = out + gid * %d + (%s & %d);\n", T(cur->tout), nlocals, cur->nout, j,
            half - 1);
        span = half;
    }
    int pn = nlocals++, n = 2 + rnd(3);
    for (int i = 0; i < n && nmem < MAX_MEM + 2; i++) {
        int c = rnd(span);
        if (chance(50) && room()) {
            indent(ind);
            out("%s v%d = p%d[%d];\n", T(cur->tout), nlocals, pn, c);
            add_var(cur->tout, 0);
        } else {
            struct expr e = gen(1 + rnd(2));
            int cond = chance(50); /* conditional: LLVM cannot forward it to the next
                                      iteration's load */
            if (cond) {
                indent(ind);
                out("if (%s)\n", gen_cond(1 + rnd(2)).s);
            }
            indent(ind + cond);
            out("p%d[%d] = %s;\n", pn, c, e.s);
        }
        nmem++;
    }
}

/* One statement of a loop body. */
static void body_stmt(int ind, int depth, int budget)
{
    struct loop *l = &loops[nloops - 1];
    int r = rnd(100 + WINDOW_PERCENT);
    if (r < 14 && nmem < MAX_MEM && room()) {
        int i = rnd(3);
        indent(ind);
        out("%s v%d = in%d[%s];\n", T(cur->tin[i]), nlocals, i, index_in(cur->nin));
        add_var(cur->tin[i], 0);
        nmem++;
    } else if (r < 26 && room()) {
        declare_expr(ind, gen(1 + rnd(3)));
    } else if (r < 46) {
        int w = pick_carried();
        if (w >= 0)
            accumulate(ind, w);
    } else if (r < 52 && room()) {
        if_block(ind);
    } else if (r < 62 && nmem < MAX_MEM) {
        char *at = out_at(index_in(cur->nout));
        struct expr e = gen(1 + rnd(3));
        if (chance(30)) {
            indent(ind);
            out("if (%s)\n", gen_cond(1 + rnd(2)).s);
            ind++;
        }
        indent(ind);
        out("%s = %s;\n", at, chance(40) ? fmt("(%s)%s", T(cur->tout), e.s) : e.s);
        nmem++;
    } else if (r < 68 && nmem < MAX_MEM && room()) {
        /* read back this work-item's out: what an earlier iteration (or statement) stored */
        struct var *j = &vars[l->var];
        indent(ind);
        if (l->lo >= 0 && l->hi <= cur->nout && chance(50)) {
            /* out[j - 1], written by the previous iteration */
            char *prev = out_at(cur->nout == 1 ? "0" : fmt("(%s - 1)", j->name));
            out("%s v%d = %s > 0 ? %s : %s;\n", T(cur->tout), nlocals, j->name, prev, atom(1).s);
        } else {
            out("%s v%d = %s;\n", T(cur->tout), nlocals, out_at(index_in(cur->nout)));
        }
        add_var(cur->tout, 0);
        nmem++;
    } else if (r < 80 && narrays && nmem < MAX_MEM && room()) {
        struct array *a = &arrays[rnd(narrays)];
        int k = rnd(3);
        if (k == 0) { /* read */
            indent(ind);
            out("%s v%d = %s[%s];\n", T(a->t), nlocals, a->name, index_in(a->m));
            add_var(a->t, 0);
            nmem++;
        } else if (k == 1) { /* write */
            struct expr e = gen(1 + rnd(3));
            indent(ind);
            out("%s[%s] = %s;\n", a->name, index_in(a->m), e.s);
            nmem++;
        } else {
            array_rmw(ind, a, index_in(a->m));
        }
    } else if (r >= 80 && r < 80 + WINDOW_PERCENT && nmem < MAX_MEM && l->lo >= 0 &&
               (cur->kind == K_TASK ? l->hi <= 63 : cur->nout >= 4)) {
        window(ind);
    } else if (r < 88 + WINDOW_PERCENT) {
        const char *jump = chance(50) ? "break;\n" : "continue;\n";
        int w = chance(40) ? pick_carried() : -1;
        indent(ind);
        out("if (%s)%s\n", gen_cond(1 + rnd(3)).s, w >= 0 ? " {" : "");
        if (w >= 0) /* a value that only this exit (or skip) carries */
            accumulate(ind + 1, w);
        indent(ind + 1);
        out("%s", jump);
        if (w >= 0) {
            indent(ind);
            out("}\n");
        }
    } else if (r < 95 + WINDOW_PERCENT && depth < 2 && budget >= 2 && nloops < 2) {
        loop_or_if_loop(ind, budget);
    } else if (r < 97 + WINDOW_PERCENT && nmem < MAX_MEM) {
        indent(ind);
        out("if (%s) {\n", gen_cond(1 + rnd(3)).s);
        indent(ind + 1);
        out("%s = %s;\n", out_at(fmt("%du", out_pos())), gen(1 + rnd(3)).s);
        indent(ind + 1);
        out("return;\n");
        indent(ind);
        out("}\n");
        nmem++;
    } else if (room()) {
        switch_block(ind);
    }
}

/* A bound in [0, t] (or [1, t]) for a loop counter: from s, from data, or a constant. */
static char *trip_bound(int t, int *lo, int *hi)
{
    int r = rnd(100);
    *lo = 0;
    *hi = t - 1;
    if (r < 25) {
        *lo = 1;
        *hi = t;
        return fmt("((s & %d) + 1)", t - 1);
    }
    if (r < 40)
        return fmt("(s & %d)", t - 1);
    if (r < 85) {
        /* data: an input value, a local, an outer loop's counter, an accumulator... */
        struct expr e = chance(60) ? leaf(MAX_DEPTH) : gen(1 + rnd(2));
        return fmt("(%s & %d)", e.s, t - 1);
    }
    *lo = *hi = chance(10) ? 0 : 1 + rnd(t);
    return fmt("%d", *lo);
}

static const int counter_types[] = {T_INT,  T_INT,   T_INT,   T_INT,  T_UINT,
                                    T_UINT, T_UCHAR, T_SHORT, T_LONG, T_ULONG};

/* A loop of at most budget iterations per entry (its body's loops included). */
static void loop_stmt(int ind, int budget)
{
    int lg = 1;
    while ((2 << lg) <= budget && lg < 6)
        lg++;
    int t = 1 << (1 + rnd(lg)); /* the trip count's bound: 2 .. budget */
    if (t > budget)
        t = budget;
    int it = counter_types[rnd(10)], lo, hi;
    char *bound = trip_bound(t, &lo, &hi);
    int save = nvars, form = rnd(100), j;
    char *cond = NULL;
    struct loop *l = &loops[nloops];
    if (form < 45) { /* for, counting up from 0 */
        int step = chance(80) ? 1 : 2 + rnd(2);
        if (chance(15))
            cond = gen_cond(1 + rnd(2)).s;
        j = add_named("j", it, 0, 0);
        const char *jn = vars[j].name;
        if (chance(8)) /* unrolled: by a factor, or fully when the bound is a constant */
            out(lo == hi && lo <= 8 && chance(50) ? "#pragma unroll\n" : "#pragma unroll %d\n",
                2 << rnd(2));
        indent(ind);
        out("for (%s %s = 0; %s < %s%s%s; ", T(it), jn, jn, bound, cond ? " && " : "",
            cond ? cond : "");
        out(step == 1 ? "%s++) {\n" : "%s += %d) {\n", jn, step);
        l->lo = 0;
        l->hi = hi - 1;
    } else if (form < 60) { /* for, counting down from the bound */
        j = add_named("j", it, 0, 0);
        const char *jn = vars[j].name;
        indent(ind);
        out("for (%s %s = %s; %s > 0; %s--) {\n", T(it), jn, bound, jn, jn);
        l->lo = 1;
        l->hi = hi;
    } else { /* while or do: the counter is declared before the loop and counts first */
        int is_do = form >= 82;
        if (chance(40))
            cond = gen_cond(1 + rnd(2)).s;
        j = add_named("j", it, 0, 0);
        const char *jn = vars[j].name;
        indent(ind);
        out("%s %s = 0;\n", T(it), jn);
        indent(ind);
        if (is_do)
            out("do {\n");
        else
            out("while (%s < %s%s%s) {\n", jn, bound, cond ? " && " : "", cond ? cond : "");
        indent(ind + 1);
        out("%s++;\n", jn);
        l->lo = 1;
        l->hi = hi > 1 ? hi : 1;
        form = is_do ? 100 : 99;
    }
    l->var = j;
    l->scope = nvars;
    nloops++;
    int inner = budget / t, n = 2 + rnd(4);
    for (int i = 0; i < n; i++)
        body_stmt(ind + 1, nloops, inner);
    /* Make sure something is carried or stored. */
    int w = pick_carried();
    if (w >= 0 && chance(70))
        accumulate(ind + 1, w);
    nloops--;
    indent(ind);
    if (form == 100)
        out("} while (%s < %s%s%s);\n", vars[j].name, bound, cond ? " && " : "", cond ? cond : "");
    else
        out("}\n");
    /* The body's locals go out of scope; the counter of while and do stays (it was the first
     * variable after save): how far the loop got. */
    nvars = form >= 99 ? save + 1 : save;
}

/* A loop, sometimes inside an if (a work-item that skips it passes through with its side
 * effects off). */
static void loop_or_if_loop(int ind, int budget)
{
    if (!chance(20)) {
        loop_stmt(ind, budget);
        return;
    }
    int save = nvars;
    indent(ind);
    out("if (%s) {\n", gen_cond(1 + rnd(3)).s);
    loop_stmt(ind + 1, budget);
    indent(ind);
    out("}\n");
    nvars = save;
}

/* The body of an NDRange kernel with loops (and maybe private arrays). */
static void gen_loop_kernel(struct kernel *k)
{
    for (int i = 0; i < 3; i++) {
        snprintf(vars[nvars].name, sizeof(vars[0].name), "x%d", i);
        vars[nvars].t = k->tin[i];
        vars[nvars].d = 0;
        vars[nvars++].local = 0;
        out("    %s x%d = in%d[gid];\n", T(k->tin[i]), i, i);
    }
    nmem = 3;
    snprintf(vars[nvars].name, sizeof(vars[0].name), "s");
    vars[nvars].t = k->ts;
    vars[nvars].d = 0;
    vars[nvars++].local = 0;
    static const int sizes[] = {1, 2, 4, 4, 8, 8, 16};
    k->nout = sizes[rnd(7)];
    static const int globals[] = {64, 64, 48, 40, 33, 17, 8, 1};
    k->global = globals[rnd(8)];
    k->nin = NIN;

    int n1 = 1 + rnd(3);
    for (int i = 0; i < n1; i++)
        declare_expr(1, gen(1 + rnd(4)));
    if (chance(50)) {
        int big = chance(45);
        declare_array(1, big);
        if (big && bits(arrays[0].t) <= 16 && k->global > 24)
            k->global = 24; /* a long init loop per work-item */
        if (chance(25))
            declare_array(1, !big && chance(50));
    }
    if (chance(30))
        if_block(1);
    int nacc = 1 + rnd(2), acc[2];
    for (int i = 0; i < nacc; i++)
        acc[i] = declare_expr(1, gen(1 + rnd(3)));
    int nl = chance(75) ? 1 : 2;
    for (int i = 0; i < nl; i++)
        loop_or_if_loop(1, nl == 1 ? 64 : 32);
    int live1 = acc[0], live2 = nacc > 1 ? acc[1] : -1;
    if (narrays && chance(70)) {
        struct array *a = &arrays[rnd(narrays)];
        indent(1);
        out("%s v%d = %s[%s];\n", T(a->t), nlocals, a->name, index_of(gen(1 + rnd(2)), a->m));
        live2 = add_var(a->t, 0);
    } else if (chance(40)) {
        live2 = declare_expr(1, gen(1 + rnd(3)));
    }
    int c = out_pos();
    out("    %s = %s;\n", out_at(fmt("%du", c)), result(k->tout, live1, live2));
    if (k->nout > 1 && chance(40)) {
        int c2 = (c + 1 + rnd(k->nout - 1)) % k->nout;
        if (chance(40))
            out("    if (%s)\n    ", gen_cond(1 + rnd(3)).s);
        out("    %s = %s;\n", out_at(fmt("%du", c2)),
            result(k->tout, live2 >= 0 ? live2 : live1, -1));
    }
}

/* out[A * i + C] for a counter i in [0, 63] (A <= 3, C < 8: within TASK_OUT). */
static char *affine(const char *i, int a, int c)
{
    if (a == 1)
        return c ? fmt("%s + %d", i, c) : fmt("%s", i);
    return c ? fmt("%d * %s + %d", a, i, c) : fmt("%d * %s", a, i);
}

/* T v = i >= G ? out[B * i + E] : e;  an element an earlier (or later) step stores. */
static int read_affine(int ind, const char *i, int hi)
{
    int b = 1 + rnd(3), e = rnd(17) - 8, g = 0;
    if (e < 0)
        g = (-e + b - 1) / b; /* B * i + E >= 0 from i >= G */
    if (b * hi + e >= TASK_OUT)
        e = 0;
    char *idx = e < 0 ? fmt("%s - %d", affine(i, b, 0), -e) : affine(i, b, e);
    indent(ind);
    if (g)
        out("%s v%d = %s >= %d ? out[%s] : %s;\n", T(cur->tout), nlocals, i, g, idx, atom(1).s);
    else
        out("%s v%d = out[%s];\n", T(cur->tout), nlocals, idx);
    nmem++;
    return add_var(cur->tout, 0);
}

/* Common start of a task: s, maybe a value from memory, locals, arrays, accumulators. */
static int task_prologue(struct kernel *k, int *acc)
{
    no_gid = 1;
    nmem = 0;
    snprintf(vars[nvars].name, sizeof(vars[0].name), "s");
    vars[nvars].t = k->ts;
    vars[nvars].d = 0;
    vars[nvars++].local = 0;
    k->nout = TASK_OUT;
    k->global = 1;
    k->nin = NIN;
    if (chance(50)) { /* a value from memory before the loop */
        int i = rnd(3);
        out("    %s x%d = in%d[%s];\n", T(k->tin[i]), i, i, index_of(var_expr(0), NIN));
        snprintf(vars[nvars].name, sizeof(vars[0].name), "x%d", i);
        vars[nvars].t = k->tin[i];
        vars[nvars].d = 0;
        vars[nvars++].local = 0;
        nmem++;
    }
    int n1 = rnd(3);
    for (int i = 0; i < n1; i++)
        declare_expr(1, gen(1 + rnd(3)));
    if (chance(45)) {
        int big = chance(50);
        declare_array(1, big);
        if (chance(20))
            declare_array(1, !big && chance(50));
    }
    int nacc = 1 + rnd(2);
    for (int i = 0; i < nacc; i++)
        acc[i] = declare_expr(1, gen(1 + rnd(3)));
    return nacc;
}

static void task_epilogue(struct kernel *k, int *acc, int nacc)
{
    if (chance(25)) /* a second loop, e.g. a reduction over the results */
        loop_or_if_loop(1, 64);
    int live2 = -1;
    if (narrays && chance(60)) {
        struct array *a = &arrays[rnd(narrays)];
        indent(1);
        out("%s v%d = %s[%s];\n", T(a->t), nlocals, a->name, index_of(gen(1 + rnd(2)), a->m));
        live2 = add_var(a->t, 0);
    }
    out("    out[%d] = %s;\n", rnd(TASK_OUT), result(k->tout, acc[nacc - 1], live2));
}

/* A single work-item kernel: a loop over (up to) 64 elements producing out[A * i + C], with
 * recurrences through registers and often through memory (elements an earlier step stored). */
static void gen_task_kernel(struct kernel *k)
{
    int acc[2], nacc = task_prologue(k, acc);
    static const char *const bounds[] = {"((s & 63) + 1)", "(s & 63)", "64", "((s & 31) + 1)",
                                         "(s & 15)"};
    static const int his[] = {63, 62, 63, 31, 14};
    int b = rnd(5);
    int it = chance(70) ? T_INT : counter_types[rnd(10)];
    int save = nvars, i = add_named("i", it, 0, 0);
    const char *iv = vars[i].name;
    if (chance(10))
        out("#pragma unroll %d\n", 2 << rnd(2));
    out("    for (%s %s = 0; %s < %s; %s++) {\n", T(it), iv, iv, bounds[b], iv);
    struct loop *l = &loops[nloops++];
    l->var = i;
    l->lo = 0;
    l->hi = his[b];
    int nx = 1 + rnd(3); /* the elements of this step */
    for (int x = 0; x < nx; x++) {
        int w = rnd(3);
        out("        %s v%d = in%d[%s];\n", T(k->tin[w]), nlocals, w, iv);
        add_var(k->tin[w], 0);
        nmem++;
    }
    /* what the step stores: out[i] mostly */
    int sa = chance(70) ? 1 : 1 + rnd(3), sc = chance(60) ? 0 : rnd(8);
    if (chance(50)) { /* a recurrence through memory: out[i - 1] */
        out("        %s v%d = %s > 0 ? out[%s] : %s;\n", T(k->tout), nlocals, iv,
            sa == 1 && sc == 0 ? fmt("%s - 1", iv) : affine(fmt("(%s - 1)", iv), sa, sc),
            atom(1).s);
        add_var(k->tout, 0);
        nmem++;
    }
    if (chance(30))
        read_affine(2, iv, l->hi);
    if (narrays && chance(60)) { /* a histogram of the step's values */
        struct array *a = &arrays[rnd(narrays)];
        array_rmw(2, a, index_of(var_expr(nvars - 1 - rnd(nx)), a->m));
    }
    l->scope = nvars;
    int n = 1 + rnd(4);
    for (int s = 0; s < n; s++)
        body_stmt(2, 1, 4);
    accumulate(2, acc[rnd(nacc)]);
    out("        out[%s] = %s;\n", affine(iv, sa, sc),
        result(k->tout, acc[0], nacc > 1 ? acc[1] : -1));
    nmem++;
    nloops--;
    out("    }\n");
    nvars = save;
    task_epilogue(k, acc, nacc);
}

/* A single work-item kernel over a grid of up to 8 x 8: out[i * 8 + j] from its neighbours
 * above (out[(i - 1) * 8 + j]) and to the left, stored by earlier steps of the inner loop and
 * by earlier invocations of it. */
static void gen_grid_task(struct kernel *k)
{
    int acc[2], nacc = task_prologue(k, acc);
    static const char *const rows[] = {"((s & 7) + 1)", "8", "(s & 7)", "((s >> 3) & 7)"};
    int save = nvars, it = chance(70) ? T_INT : counter_types[rnd(10)];
    int i = add_named("i", it, 0, 0);
    const char *iv = vars[i].name;
    out("    for (%s %s = 0; %s < %s; %s++) {\n", T(it), iv, iv, rows[rnd(4)], iv);
    struct loop *l = &loops[nloops++];
    l->var = i;
    l->lo = 0;
    l->hi = 7;
    l->scope = nvars;
    if (chance(50)) {
        int w = rnd(3);
        out("        %s v%d = in%d[%s];\n", T(k->tin[w]), nlocals, w, iv);
        add_var(k->tin[w], 0);
        nmem++;
    }
    int racc = -1; /* carried by the outer loop into each inner invocation */
    if (chance(40))
        racc = declare_expr(2, gen(1 + rnd(2)));
    const char *const cols[] = {"((s & 7) + 1)", "8", fmt("(%s + 1)", iv),
                                fmt("(%s & 7)", leaf(MAX_DEPTH).s)};
    int jt = chance(70) ? T_INT : counter_types[rnd(10)];
    int save_inner = nvars, j = add_named("j", jt, 0, 0);
    const char *jv = vars[j].name;
    if (chance(10))
        out("#pragma unroll 2\n");
    out("        for (%s %s = 0; %s < %s; %s++) {\n", T(jt), jv, jv, cols[rnd(4)], jv);
    l = &loops[nloops++];
    l->var = j;
    l->lo = 0;
    l->hi = 7;
    char *here = fmt("%s * 8 + %s", iv, jv);
    if (chance(70)) {
        out("            %s v%d = %s > 0 ? out[(%s - 1) * 8 + %s] : %s;\n", T(k->tout), nlocals, iv,
            iv, jv, atom(1).s);
        add_var(k->tout, 0);
        nmem++;
    }
    if (chance(60)) {
        out("            %s v%d = %s > 0 ? out[%s - 1] : %s;\n", T(k->tout), nlocals, jv, here,
            atom(1).s);
        add_var(k->tout, 0);
        nmem++;
    }
    int w = rnd(3);
    out("            %s v%d = in%d[%s];\n", T(k->tin[w]), nlocals, w, here);
    add_var(k->tin[w], 0);
    nmem++;
    l->scope = nvars;
    int n = 1 + rnd(3);
    for (int s = 0; s < n; s++)
        body_stmt(3, 2, 1);
    accumulate(3, racc >= 0 && chance(50) ? racc : acc[rnd(nacc)]);
    out("            out[%s] = %s;\n", here,
        result(k->tout, acc[0],
               racc >= 0  ? racc
               : nacc > 1 ? acc[1]
                          : -1));
    nmem++;
    nloops--;
    out("        }\n");
    nvars = save_inner;
    if (chance(50))
        accumulate(2, acc[rnd(nacc)]);
    nloops--;
    out("    }\n");
    nvars = save;
    task_epilogue(k, acc, nacc);
}

static void gen_kernel_of(struct kernel *k, int kind)
{
    body_len = 0;
    if (body)
        body[0] = 0;
    nvars = ndiv = nlocals = 0;
    narrays = nloops = 0;
    no_gid = 0;
    cur = k;
    k->kind = kind;
    if (kind == K_PLAIN) {
        gen_kernel(k);
        k->global = N_PLAIN;
        k->nin = N_PLAIN;
        k->restr = 0;
        return;
    }
    for (int i = 0; i < 3; i++)
        k->tin[i] = rnd(NTYPES);
    k->ts = rnd(NTYPES);
    k->tout = rnd(NTYPES);
    /* restrict lets the compiler reorder the accesses of different buffers, so the ordering
     * that remains (within a buffer, across iterations) is what the test exercises */
    int r = rnd(100);
    k->restr = r < 35 ? 15 : r < 55 ? rnd(16) : 0;
    if (kind == K_LOOP)
        gen_loop_kernel(k);
    else if (chance(30))
        gen_grid_task(k);
    else
        gen_task_kernel(k);
}

int main(int argc, char **argv)
{
    int loop_free = argc == 4 && !strcmp(argv[3], "--loop-free");
    if (argc != 3 && !loop_free) {
        fprintf(stderr, "usage: %s SEED OUTDIR [--loop-free]\n", argv[0]);
        return 2;
    }
    atexit(free_strings);
    char *end;
    unsigned long long seed = strtoull(argv[1], &end, 0);
    if (*end) {
        fprintf(stderr, "%s: bad seed '%s'\n", argv[0], argv[1]);
        return 2;
    }
    /* Two streams: the loop-free kernels draw from the first exactly as before loops existed
     * (so a loop-free program is the same text as then); the program's shape and the kernels
     * with loops draw from the second. */
    uint64_t rng_plain = seed * 0x2545F4914F6CDD1Dull + 12345;
    uint64_t rng_loops = (seed ^ 0x5851F42D4C957F2Dull) * 0x9E3779B97F4A7C15ull + 0x1234567;
    rng_state = rng_loops;
    int nk = K, kinds[K];
    if (chance(PLAIN_PERCENT) || loop_free) {
        for (int i = 0; i < K; i++)
            kinds[i] = K_PLAIN;
    } else {
        nk = K_MIXED;
        for (int i = 0; i < nk; i++) {
            int r = rnd(100);
            kinds[i] = r < 15 ? K_PLAIN : r < 62 ? K_LOOP : K_TASK;
        }
    }
    rng_loops = rng_state;

    const char *suffix = loop_free ? "_loopfree" : "";
    char *cl_path = fmt("%s/random_%llu%s.cl", argv[2], seed, suffix);
    char *h_path = fmt("%s/random_%llu%s_ref.h", argv[2], seed, suffix);
    FILE *cl = fopen(cl_path, "w"), *h = fopen(h_path, "w");
    if (!cl || !h) {
        perror(cl ? h_path : cl_path);
        return 1;
    }
    fprintf(cl, "// Generated by gen_random_kernels %llu%s: do not edit.\n", seed,
            loop_free ? " --loop-free" : "");
    fprintf(h,
            "/* Generated by gen_random_kernels %llu: do not edit. */\n"
            "#include <stddef.h>\n#include <stdint.h>\n\n"
            "enum { RK_CHAR, RK_UCHAR, RK_SHORT, RK_USHORT, RK_INT, RK_UINT, RK_LONG, "
            "RK_ULONG };\n"
            "struct rk_kernel {\n"
            "    const char *name;\n"
            "    int in[3], out, scalar; /* RK_* types */\n"
            "    int nout;               /* results per work-item (a task: in all) */\n"
            "    int task;               /* single work-item kernel: launched once */\n"
            "    int global;             /* work-items */\n"
            "    int nin;                /* elements per input buffer */\n"
            "    void (*ref)(const void *in0, const void *in1, const void *in2, void *out,\n"
            "                uint64_t s, size_t gid);\n"
            "};\n\n"
            "#define RK_PROGRAM \"random_%llu%s\"\n\n"
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
            "#pragma GCC diagnostic ignored \"-Wmaybe-uninitialized\"\n"
            "#pragma GCC diagnostic ignored \"-Wmisleading-indentation\"\n"
            "#pragma GCC diagnostic ignored \"-Wdiv-by-zero\" /* guarded: never done */\n"
            "#pragma GCC diagnostic ignored \"-Wunknown-pragmas\" /* unroll */\n\n",
            seed, seed, suffix);
    struct kernel ks[K];
    for (int i = 0; i < nk; i++) {
        struct kernel *k = &ks[i];
        rng_state = kinds[i] == K_PLAIN ? rng_plain : rng_loops;
        gen_kernel_of(k, kinds[i]);
        if (kinds[i] == K_PLAIN)
            rng_plain = rng_state;
        else
            rng_loops = rng_state;
#define RESTRICT(i) (k->restr >> (i)&1 ? "restrict " : "")
        fprintf(cl,
                "\n%s__kernel void rk%d(__global const %s *%sin0, __global const %s *%sin1,\n"
                "                  __global const %s *%sin2, __global %s *%sout, %s s)\n{\n",
                k->kind == K_TASK ? "__attribute__((max_global_work_dim(0)))\n" : "", i,
                cl_names[k->tin[0]], RESTRICT(0), cl_names[k->tin[1]], RESTRICT(1),
                cl_names[k->tin[2]], RESTRICT(2), cl_names[k->tout], RESTRICT(3), cl_names[k->ts]);
#undef RESTRICT
        if (k->kind != K_TASK)
            fprintf(cl, "    size_t gid = get_global_id(0);\n");
        print_typed(cl, body, cl_names);
        fprintf(cl, "}\n");
        fprintf(h,
                "static void ref_rk%d(const void *in0_, const void *in1_, const void *in2_, "
                "void *out_,\n                     uint64_t s_, size_t gid)\n{\n"
                "    const %s *in0 = in0_;\n    const %s *in1 = in1_;\n"
                "    const %s *in2 = in2_;\n    %s *out = out_;\n    %s s = (%s)s_;\n",
                i, c_names[k->tin[0]], c_names[k->tin[1]], c_names[k->tin[2]], c_names[k->tout],
                c_names[k->ts], c_names[k->ts]);
        if (k->kind == K_TASK)
            fprintf(h, "    (void)gid;\n");
        print_typed(h, body, c_names);
        fprintf(h, "}\n\n");
    }
    fprintf(h, "#pragma GCC diagnostic pop\n\nstatic const struct rk_kernel rk_kernels[] = {\n");
    for (int i = 0; i < nk; i++)
        fprintf(h, "    {\"rk%d\", {%s, %s, %s}, %s, %s, %d, %d, %d, %d, ref_rk%d},\n", i,
                type_enums[ks[i].tin[0]], type_enums[ks[i].tin[1]], type_enums[ks[i].tin[2]],
                type_enums[ks[i].tout], type_enums[ks[i].ts], ks[i].nout, ks[i].kind == K_TASK,
                ks[i].global, ks[i].nin, i);
    fprintf(h, "};\n#define RK_COUNT %d\n", nk);
    if (fclose(cl) || fclose(h)) {
        perror("write");
        return 1;
    }
    return 0;
}
