/* SPDX-License-Identifier: MIT */
/*
 * Host-side formatting of OpenCL C printf records (OpenCL C 2.0 spec, section 1.13.13); in
 * the common layer because the compiler checks each format with it (frontend/printf.c) and
 * the runtime formats the records with it (runtime/core/launch_printf.c).
 *
 * A kernel's printf call is compiled into hardware that writes a record of the call's
 * argument words into device memory; after the kernel completes, the runtime turns each
 * record into text with the call's format string (known at compile time) and these
 * functions.
 *
 * What the formatter accepts (oclhls_printf_check), following 1.13.13 strictly:
 *  - %[flags][width][.precision][vN][length]conversion, flags from "-+ #0", width and
 *    precision decimal numbers (no '*': the spec only has "a nonnegative decimal integer"),
 *    each at most OCLHLS_PRINTF_MAX_FIELD.
 *  - conversions d i o u x X c s p f F e E g G a A and %% (exactly "%%", nothing between).
 *  - without a vector specifier: hh, h or l with d i o u x X only ("l" = 64-bit long); no
 *    length modifier with c s p or the floating conversions, but for C99's l that changes
 *    nothing on a floating conversion (%lf is %f: code written for CPUs has it).
 *  - vN (N = 2, 3, 4, 8, 16) with d i o u x X a A e E f F g G only, and always with a length
 *    modifier (the spec: "required with a vector specifier"): hh, h, hl or l for integers;
 *    hl for floats (h = halfN needs cl_khr_fp16, l = doubleN needs fp64: neither supported).
 *    So %v4d and %v4f are invalid; write %v4hld and %v4hlf.
 *  - flags and precision only where the spec defines them: '#' with o x X and the floating
 *    conversions, '0' with integer and floating conversions, a precision with anything but
 *    c and p. '-', '+' and ' ' are accepted everywhere ('+' and ' ' only affect signed
 *    conversions).
 *
 * Output:
 *  - a vector conversion formats every lane with the whole specification (flags, width,
 *    precision) and joins the lanes with ',' ("%2.2v4hlf" -> "1.00,2.00,3.00,4.00").
 *  - floats are stored as binary32 and printed as the double of the same value (the device
 *    has no doubles: the spec's "the argument will be a float instead of a double").
 *  - %c prints the low 8 bits of the int (possibly a NUL byte: write out->len bytes, not a
 *    C string).
 *  - %p prints "0x" and the 32-bit device address in lowercase hex, without leading zeros
 *    ("0x0" for NULL), padded to the width ('-' honoured); the host's %p is not used as a
 *    host pointer's format says nothing about a device address.
 *  - inf and NaN print as the host C library prints the double (glibc: inf, -nan, INF).
 *
 * Invalid input to oclhls_printf_format_record (a format that was not checked): a malformed
 * or invalid conversion specification is copied to the output as text, from the '%' through
 * the character that made it invalid, and takes no argument; a valid conversion whose
 * argument is missing or of the wrong kind is also copied as text (and takes the argument,
 * if there is one).
 */
#ifndef OCLHLS_PRINTF_FORMAT_H
#define OCLHLS_PRINTF_FORMAT_H

#include <stddef.h>
#include <stdint.h>

struct oclhls_strbuf;

/* Largest field width or precision accepted (C99 only requires 4095 characters per
   conversion; this keeps every number an int and a record's text reasonably sized). */
#define OCLHLS_PRINTF_MAX_FIELD 100000

/* How one printf argument is stored in a record (32-bit words). */
enum oclhls_printf_type {
    OCLHLS_PRINTF_INT32,   /* an integer of up to 32 bits (char, short, int after C's
                              promotions, and vector lanes of char/short/int): one word; the
                              bits are the value's low bits, the rest of the word unspecified
                              (sign or zero extended); the conversion's length modifier and
                              signedness decide how the low bits are read */
    OCLHLS_PRINTF_INT64,   /* long/ulong: two words, low word first */
    OCLHLS_PRINTF_FLOAT,   /* float: one word, IEEE-754 binary32 bits */
    OCLHLS_PRINTF_POINTER, /* a pointer: one word, the 32-bit device address */
    OCLHLS_PRINTF_STRING,  /* a literal string (for %s): no words, the text is in the
                              descriptor; or one of several literals chosen at run time
                              (c ? "yes" : "no"): one word, the index of the choice */
};

struct oclhls_printf_arg {
    enum oclhls_printf_type type;
    unsigned lanes;     /* 1 for a scalar; 2, 3, 4, 8 or 16 for a vector (each lane stored as
                           its type says, lane 0 first) */
    const char *string; /* OCLHLS_PRINTF_STRING: the literal's text; else NULL */
    unsigned nchoices;  /* OCLHLS_PRINTF_STRING chosen at run time: 2 or more literals, the
                           record's word is the index (string is then NULL); else 0 */
    const char *const *choices;
};

struct oclhls_printf_format {
    const char *format; /* the format string as written in the kernel */
    unsigned nargs;
    const struct oclhls_printf_arg *args;
};

/* Words one record's arguments take (the sum over args of lanes * (1 or 2 or 0)); UINT_MAX
   when the descriptors are so wrong that the sum does not fit. */
unsigned oclhls_printf_record_words(const struct oclhls_printf_format *f);

/*
 * Checks a format against its arguments when a program file is loaded: every conversion
 * well formed (flags, width, precision, vector specifier, length modifier, conversion as the
 * spec allows them, see above), each argument descriptor valid, and each conversion's
 * argument of a matching kind (a vector conversion a vector argument of as many lanes, %s a
 * STRING, %p a POINTER, %f..%A a FLOAT, %d..%X and %c an integer; %d..%X take an integer
 * of either width, converted to the conversion's: size_t, 32 bits here, is often printed
 * with %lu by code written for 64-bit hosts ...). Returns 0,
 * or -1 with a message naming the conversion (e.g. "conversion 2 (%v4hlf) expects a 4-lane
 * float vector, the argument is int") in err. Conversions are numbered from 1 in the order
 * they appear, %% included. Missing arguments are an error; extra arguments are allowed (the
 * spec: evaluated and ignored).
 */
int oclhls_printf_check(const struct oclhls_printf_format *f, char *err, size_t errlen);

/*
 * Appends the text of one record (words: its argument words, nwords of them) to out.
 * Returns 0, or -1 when nwords is too small for the arguments (nothing appended). Never
 * reads past words[nwords-1]; never crashes on any format (see "Invalid input" above).
 * Out-of-memory is reported by out->failed, as strbuf does.
 */
int oclhls_printf_format_record(const struct oclhls_printf_format *f, const uint32_t *words,
                                unsigned nwords, struct oclhls_strbuf *out);

#endif
