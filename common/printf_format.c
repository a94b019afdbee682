// SPDX-License-Identifier: MIT
/*
 * Host-side formatting of OpenCL C printf records (core/printf_format.h).
 * Each conversion specification is parsed here (the OpenCL syntax has the vector specifier
 * and the hl modifier C does not know), checked against the spec's rules and its argument,
 * and then printed by the host's snprintf with a C specification for one value.
 */
#include "printf_format.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "strbuf.h"

enum { FLAG_MINUS = 1, FLAG_PLUS = 2, FLAG_SPACE = 4, FLAG_HASH = 8, FLAG_ZERO = 16 };

enum length { LEN_NONE, LEN_HH, LEN_H, LEN_HL, LEN_L };

/* What a conversion specifier converts; decides which flags, modifiers and args fit. */
enum conv_kind {
    KIND_SIGNED,
    KIND_UNSIGNED,
    KIND_FLOAT,
    KIND_CHAR,
    KIND_STRING,
    KIND_POINTER,
    KIND_PERCENT
};

/* One conversion specification, %[flags][width][.precision][vN][length]conversion. */
struct conv {
    const char *text; /* its '%' in the format */
    size_t len;       /* characters from the '%' through the conversion (or the bad one) */
    unsigned flags;   /* FLAG_* */
    long width;       /* -1: none */
    long precision;   /* -1: none */
    unsigned lanes;   /* the vector specifier's N; 0: none */
    enum length length;
    char spec; /* the conversion specifier character */
    enum conv_kind kind;
    const char *error; /* parse error (the rest of the struct is then partial), or NULL */
};

static int conv_kind_of(char c, enum conv_kind *kind)
{
    switch (c) {
    case 'd':
    case 'i':
        *kind = KIND_SIGNED;
        return 0;
    case 'o':
    case 'u':
    case 'x':
    case 'X':
        *kind = KIND_UNSIGNED;
        return 0;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
        *kind = KIND_FLOAT;
        return 0;
    case 'c':
        *kind = KIND_CHAR;
        return 0;
    case 's':
        *kind = KIND_STRING;
        return 0;
    case 'p':
        *kind = KIND_POINTER;
        return 0;
    case '%':
        *kind = KIND_PERCENT;
        return 0;
    default:
        return -1;
    }
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A decimal number at *p, saturated just above OCLHLS_PRINTF_MAX_FIELD (checked later). */
static long parse_number(const char **p)
{
    long n = 0;

    for (; is_digit(**p); (*p)++) {
        if (n <= OCLHLS_PRINTF_MAX_FIELD)
            n = n * 10 + (**p - '0');
    }
    return n;
}

/* Why character c cannot be a conversion specifier (C99 things OpenCL C left out). */
static const char *bad_specifier(char c, enum length length)
{
    if (c == '\0')
        return "the format ends inside it";
    if (c == '*')
        return "OpenCL C has no '*' field width or precision";
    if (c == 'n')
        return "the n conversion is not supported by OpenCL C";
    if (strchr("jztL", c) || (c == 'l' && length == LEN_L))
        return "the ll, j, z, t and L length modifiers are not supported by OpenCL C";
    return "not a conversion specifier";
}

/*
 * Parses the specification at s (s[0] == '%') into c. Syntax only: which combinations are
 * allowed is conv_rules'. On a syntax error c->error says why and c->len covers the text
 * up to and including the offending character (not the terminating NUL).
 */
static void parse_conv(const char *s, struct conv *c)
{
    const char *p = s + 1;
    const char *flag;

    memset(c, 0, sizeof(*c));
    c->text = s;
    c->width = -1;
    c->precision = -1;
    while (*p && (flag = strchr("-+ #0", *p)) != NULL) {
        c->flags |= 1u << (flag - "-+ #0");
        p++;
    }
    if (is_digit(*p)) /* never '0' here: a 0 was taken as a flag */
        c->width = parse_number(&p);
    if (*p == '.') {
        p++;
        c->precision = parse_number(&p); /* "." alone is a precision of 0 */
    }
    if (*p == 'v') {
        p++;
        if (*p == '0') { /* no "v04" */
            c->error = "the vector size must be 2, 3, 4, 8 or 16";
            p++;
            goto done;
        }
        c->lanes = (unsigned)parse_number(&p);
        if (c->lanes != 2 && c->lanes != 3 && c->lanes != 4 && c->lanes != 8 && c->lanes != 16) {
            c->error = "the vector size must be 2, 3, 4, 8 or 16";
            if (*p && c->lanes == 0) /* "v" followed by no digit: that character is bad */
                p++;
            goto done;
        }
    }
    if (p[0] == 'h' && p[1] == 'h') {
        c->length = LEN_HH;
        p += 2;
    } else if (p[0] == 'h' && p[1] == 'l') {
        c->length = LEN_HL;
        p += 2;
    } else if (p[0] == 'h') {
        c->length = LEN_H;
        p++;
    } else if (p[0] == 'l') {
        c->length = LEN_L;
        p++;
    }
    c->spec = *p;
    if (conv_kind_of(*p, &c->kind)) {
        c->error = bad_specifier(*p, c->length);
        if (*p)
            p++;
        goto done;
    }
    p++;
done:
    c->len = (size_t)(p - s);
}

/* The spec's rules on which flags, precision, vector specifier and length modifier go with
   which conversion (anything else is "undefined" there, an error here). */
static const char *conv_rules(const struct conv *c)
{
    int integer = c->kind == KIND_SIGNED || c->kind == KIND_UNSIGNED;
    int numeric = integer || c->kind == KIND_FLOAT;

    if (c->error)
        return c->error;
    if (c->width > OCLHLS_PRINTF_MAX_FIELD || c->precision > OCLHLS_PRINTF_MAX_FIELD)
        return "the field width or precision is too large";
    if (c->kind == KIND_PERCENT) {
        if (c->len != 2)
            return "the complete specification must be %%";
        return NULL;
    }
    if (c->lanes) {
        if (!numeric)
            return "a vector specifier only goes with d i o u x X a A e E f F g G";
        if (c->length == LEN_NONE)
            return "a vector specifier needs a length modifier (hh, h, hl or l)";
        if (c->kind == KIND_FLOAT && c->length == LEN_HH)
            return "hh does not apply to floating-point vectors";
        if (c->kind == KIND_FLOAT && c->length == LEN_H)
            return "half vectors need cl_khr_fp16, which the device does not support";
        if (c->kind == KIND_FLOAT && c->length == LEN_L)
            return "double vectors need fp64, which the device does not support";
    } else {
        if (c->length == LEN_HL)
            return "the hl length modifier needs a vector specifier";
        /* %lf as C99 has it (l changes nothing): common in code written for CPUs */
        if (c->length != LEN_NONE && !integer && !(c->length == LEN_L && c->kind == KIND_FLOAT))
            return "a length modifier without a vector specifier only goes with d i o u x X";
    }
    if ((c->flags & FLAG_HASH) && c->kind != KIND_FLOAT && !strchr("oxX", c->spec))
        return "the # flag only goes with o x X a A e E f F g G";
    if ((c->flags & FLAG_ZERO) && !numeric)
        return "the 0 flag only goes with d i o u x X a A e E f F g G";
    if (c->precision >= 0 && (c->kind == KIND_CHAR || c->kind == KIND_POINTER))
        return "a precision does not go with c or p";
    return NULL;
}

/* Words one argument takes in a record; 64-bit so that no descriptor overflows it. */
static uint64_t arg_words(const struct oclhls_printf_arg *a)
{
    switch (a->type) {
    case OCLHLS_PRINTF_INT32:
    case OCLHLS_PRINTF_FLOAT:
    case OCLHLS_PRINTF_POINTER:
        return a->lanes;
    case OCLHLS_PRINTF_INT64:
        return 2 * (uint64_t)a->lanes;
    case OCLHLS_PRINTF_STRING:
        return a->nchoices ? 1 : 0;
    default:
        return 0;
    }
}

static uint64_t record_words(const struct oclhls_printf_format *f)
{
    uint64_t n = 0;

    if (f && f->args)
        for (unsigned i = 0; i < f->nargs; i++)
            n += arg_words(&f->args[i]);
    return n;
}

unsigned oclhls_printf_record_words(const struct oclhls_printf_format *f)
{
    uint64_t n = record_words(f);

    return n > UINT_MAX ? UINT_MAX : (unsigned)n;
}

static int valid_lanes(unsigned n)
{
    return n == 1 || n == 2 || n == 3 || n == 4 || n == 8 || n == 16;
}

/* Whether a descriptor can be what the compiler emits; why not, or NULL. */
static const char *arg_error(const struct oclhls_printf_arg *a)
{
    switch (a->type) {
    case OCLHLS_PRINTF_INT32:
    case OCLHLS_PRINTF_INT64:
    case OCLHLS_PRINTF_FLOAT:
        return valid_lanes(a->lanes) ? NULL : "its lane count is not 1, 2, 3, 4, 8 or 16";
    case OCLHLS_PRINTF_POINTER:
        return a->lanes == 1 ? NULL : "a pointer must have 1 lane";
    case OCLHLS_PRINTF_STRING:
        if (a->lanes != 1)
            return "a string must have 1 lane";
        if (a->nchoices) {
            if (a->nchoices < 2 || !a->choices || a->string)
                return "a string chosen at run time needs 2 or more choices and no text";
            for (unsigned i = 0; i < a->nchoices; i++)
                if (!a->choices[i])
                    return "a string choice has no text";
            return NULL;
        }
        return a->string ? NULL : "a string argument has no text";
    default:
        return "its type is unknown";
    }
}

/* The argument a conversion needs, as a descriptor (string: don't care). */
static struct oclhls_printf_arg expected_arg(const struct conv *c)
{
    struct oclhls_printf_arg a = {OCLHLS_PRINTF_INT32, c->lanes ? c->lanes : 1, NULL, 0, NULL};

    switch (c->kind) {
    case KIND_SIGNED:
    case KIND_UNSIGNED:
        if (c->length == LEN_L)
            a.type = OCLHLS_PRINTF_INT64;
        break;
    case KIND_FLOAT:
        a.type = OCLHLS_PRINTF_FLOAT;
        break;
    case KIND_STRING:
        a.type = OCLHLS_PRINTF_STRING;
        break;
    case KIND_POINTER:
        a.type = OCLHLS_PRINTF_POINTER;
        break;
    default:
        break;
    }
    return a;
}

/* Whether an argument fits the (valid) conversion: the same storage and lane count. A
   scalar integer conversion also takes an integer of the other width (format_conv
   converts): code written for 64-bit hosts prints size_t, 32 bits here, with %lu. */
static int arg_matches(const struct conv *c, const struct oclhls_printf_arg *a)
{
    struct oclhls_printf_arg want = expected_arg(c);
    int integers = (a->type == OCLHLS_PRINTF_INT32 || a->type == OCLHLS_PRINTF_INT64) &&
                   (c->kind == KIND_SIGNED || c->kind == KIND_UNSIGNED) && !c->lanes;

    return !arg_error(a) && (a->type == want.type || integers) && a->lanes == want.lanes;
}

/* "an int", "a 4-lane float vector", ...: an argument's kind for messages. For a
   conversion's expectation (c non-NULL) the element follows its length modifier. */
static void describe(char *buf, size_t size, const struct oclhls_printf_arg *a,
                     const struct conv *c)
{
    const char *elem;

    switch (a->type) {
    case OCLHLS_PRINTF_INT32:
        elem = "int";
        if (c && c->length == LEN_HH)
            elem = "char";
        else if (c && c->length == LEN_H)
            elem = "short";
        break;
    case OCLHLS_PRINTF_INT64:
        elem = "long";
        break;
    case OCLHLS_PRINTF_FLOAT:
        elem = "float";
        break;
    case OCLHLS_PRINTF_POINTER:
        elem = "pointer";
        break;
    case OCLHLS_PRINTF_STRING:
        elem = "literal string";
        break;
    default:
        elem = "unknown";
        break;
    }
    if (a->lanes == 1)
        snprintf(buf, size, "%s %s", strchr("aeiou", elem[0]) ? "an" : "a", elem);
    else if (a->type == OCLHLS_PRINTF_INT32 && !c) /* char, short and int lanes look alike */
        snprintf(buf, size, "%s %u-lane vector of char, short or int", a->lanes == 8 ? "an" : "a",
                 a->lanes);
    else
        snprintf(buf, size, "%s %u-lane %s vector", a->lanes == 8 ? "an" : "a", a->lanes, elem);
}

int oclhls_printf_check(const struct oclhls_printf_format *f, char *err, size_t errlen)
{
    unsigned nconv = 0, argi = 0;
    const char *p;

    if (!f || !f->format)
        return oclhls_fail(err, errlen, "printf: no format string");
    if (f->nargs && !f->args)
        return oclhls_fail(err, errlen, "printf: %u arguments without descriptors", f->nargs);
    for (unsigned i = 0; i < f->nargs; i++) {
        const char *why = arg_error(&f->args[i]);

        if (why)
            return oclhls_fail(err, errlen, "printf argument %u is invalid: %s", i + 1, why);
    }
    for (p = strchr(f->format, '%'); p; p = strchr(p, '%')) {
        struct conv c;
        const char *why;
        char want[64], have[64];

        parse_conv(p, &c);
        nconv++;
        why = conv_rules(&c);
        if (why)
            return oclhls_fail(err, errlen, "conversion %u (%.*s) is invalid: %s", nconv,
                               (int)c.len, c.text, why);
        p += c.len;
        if (c.kind == KIND_PERCENT)
            continue;
        if (argi >= f->nargs)
            return oclhls_fail(err, errlen, "conversion %u (%.*s) has no argument (there %s %u)",
                               nconv, (int)c.len, c.text, f->nargs == 1 ? "is" : "are", f->nargs);
        if (!arg_matches(&c, &f->args[argi])) {
            struct oclhls_printf_arg w = expected_arg(&c);

            describe(want, sizeof(want), &w, &c);
            describe(have, sizeof(have), &f->args[argi], NULL);
            return oclhls_fail(err, errlen, "conversion %u (%.*s) expects %s, the argument is %s",
                               nconv, (int)c.len, c.text, want, have);
        }
        argi++;
    }
    return 0;
}

/*
 * The host C specification for one value of c: the flags, width and precision as written,
 * then host_length ("ll" for integers, "" otherwise) and conv. Only flags in keep are
 * copied (e.g. '+' means nothing to %s). buf has room for every such spec.
 */
static void host_spec(char *buf, size_t size, const struct conv *c, unsigned keep,
                      const char *host_length, char conv)
{
    static const char flag_chars[] = "-+ #0";
    size_t n = 0;

    buf[n++] = '%';
    for (unsigned i = 0; i < 5; i++)
        if (c->flags & keep & (1u << i))
            buf[n++] = flag_chars[i];
    buf[n] = '\0';
    if (c->width >= 0)
        n += (size_t)snprintf(buf + n, size - n, "%ld", c->width);
    if (c->precision >= 0)
        n += (size_t)snprintf(buf + n, size - n, ".%ld", c->precision);
    snprintf(buf + n, size - n, "%s%c", host_length, conv);
}

/* The value's low bits as a signed number: the length modifier says how many bits the
   argument had before the promotions (hh: 8, h: 16, none or hl: 32, l: 64). */
static long long sign_extend(uint64_t v, unsigned bits)
{
    uint64_t sign = (uint64_t)1 << (bits - 1);

    v &= bits == 64 ? ~(uint64_t)0 : (sign << 1) - 1;
    /* negative: -(magnitude - 1) - 1, which also reaches LLONG_MIN without overflow */
    return v & sign ? -(long long)(~v & (sign - 1)) - 1 : (long long)v;
}

static unsigned length_bits(enum length length)
{
    switch (length) {
    case LEN_HH:
        return 8;
    case LEN_H:
        return 16;
    case LEN_L:
        return 64;
    default:
        return 32;
    }
}

/* Prints one lane (its words at w: one, or two for l) of a valid conversion. */
static void format_lane(const struct conv *c, const uint32_t *w, struct oclhls_strbuf *out)
{
    const unsigned all = FLAG_MINUS | FLAG_PLUS | FLAG_SPACE | FLAG_HASH | FLAG_ZERO;
    char spec[48];

    switch (c->kind) {
    case KIND_SIGNED:
    case KIND_UNSIGNED: {
        unsigned bits = length_bits(c->length);
        uint64_t v = bits == 64 ? (w[0] | (uint64_t)w[1] << 32) : w[0];

        host_spec(spec, sizeof(spec), c, all, "ll", c->spec);
        if (c->kind == KIND_SIGNED)
            oclhls_strbuf_printf(out, spec, sign_extend(v, bits));
        else
            oclhls_strbuf_printf(
                out, spec, (unsigned long long)(bits == 64 ? v : v & (((uint64_t)1 << bits) - 1)));
        break;
    }
    case KIND_FLOAT: {
        float x;

        memcpy(&x, w, sizeof(x)); /* the binary32 bits, promoted as the spec says */
        host_spec(spec, sizeof(spec), c, all, "", c->spec);
        oclhls_strbuf_printf(out, spec, (double)x);
        break;
    }
    case KIND_CHAR:
        host_spec(spec, sizeof(spec), c, FLAG_MINUS, "", 'c');
        oclhls_strbuf_printf(out, spec, (int)(unsigned char)w[0]);
        break;
    case KIND_POINTER: {
        char addr[16];

        /* A device address: the host's %p would format a host pointer's way. */
        snprintf(addr, sizeof(addr), "0x%x", (unsigned)w[0]);
        host_spec(spec, sizeof(spec), c, FLAG_MINUS, "", 's');
        oclhls_strbuf_printf(out, spec, addr);
        break;
    }
    default:
        break;
    }
}

/* Prints a valid conversion with its matching argument (words: the argument's words). */
static void format_conv(const struct conv *c, const struct oclhls_printf_arg *a,
                        const uint32_t *words, struct oclhls_strbuf *out)
{
    char spec[48];

    if (c->kind == KIND_STRING) {
        const char *text = a->string;
        if (a->nchoices) /* the record's word picks the literal; a bad one prints as such */
            text = words[0] < a->nchoices ? a->choices[words[0]] : "(no such string)";
        host_spec(spec, sizeof(spec), c, FLAG_MINUS, "", 's');
        oclhls_strbuf_printf(out, spec, text);
        return;
    }
    for (unsigned lane = 0; lane < a->lanes; lane++) {
        const uint32_t *w = words + lane * (a->type == OCLHLS_PRINTF_INT64 ? 2 : 1);
        uint32_t wide[2];
        if (a->type == OCLHLS_PRINTF_INT32 && c->length == LEN_L) {
            /* a 32-bit integer for %l: extended as the conversion reads it */
            wide[0] = w[0];
            wide[1] = c->kind == KIND_SIGNED && (w[0] >> 31) ? 0xffffffffu : 0;
            w = wide;
        }
        if (lane)
            oclhls_strbuf_puts(out, ","); /* the spec's vector separator */
        format_lane(c, w, out);           /* a 64-bit integer for a narrower one: its low bits */
    }
}

int oclhls_printf_format_record(const struct oclhls_printf_format *f, const uint32_t *words,
                                unsigned nwords, struct oclhls_strbuf *out)
{
    unsigned nargs = f && f->args ? f->nargs : 0;
    unsigned argi = 0;
    uint64_t wpos = 0; /* the next argument's first word */
    const char *p;

    if (record_words(f) > nwords)
        return -1;
    if (!f || !f->format)
        return 0;
    for (p = f->format; *p;) {
        const char *pct = strchr(p, '%');
        struct conv c;

        if (!pct) {
            oclhls_strbuf_puts(out, p);
            break;
        }
        oclhls_strbuf_append(out, p, (size_t)(pct - p));
        parse_conv(pct, &c);
        p = pct + c.len;
        if (conv_rules(&c)) {
            oclhls_strbuf_append(out, c.text, c.len); /* invalid: shown as written */
        } else if (c.kind == KIND_PERCENT) {
            oclhls_strbuf_puts(out, "%");
        } else if (argi < nargs) {
            const struct oclhls_printf_arg *a = &f->args[argi++];

            /* record_words(f) <= nwords, so every argument's words are inside words[] */
            if (arg_matches(&c, a))
                format_conv(&c, a, words + wpos, out);
            else
                oclhls_strbuf_append(out, c.text, c.len);
            wpos += arg_words(a);
        } else {
            oclhls_strbuf_append(out, c.text, c.len); /* no argument left */
        }
    }
    return 0;
}
