/* SPDX-License-Identifier: MIT */
/*
 * A little Verilog scanning for the sim flow (library units, lib_units.h): identifiers,
 * integer literals and balanced parentheses in text whose comments and string literals
 * were blanked first, so that neither can fake or hide a token. Internal to oclhls_boards.
 */
#ifndef OCLHLS_VERILOG_SCAN_H
#define OCLHLS_VERILOG_SCAN_H

#include <stddef.h>

/* A copy of text (len bytes) with comments and string literals replaced by spaces
 * (newlines kept); malloc'ed, NUL-terminated, or NULL. */
char *oclhls_blank_comments(const char *text, size_t len);

/* A character of an identifier (letters, digits, _ and $). */
int oclhls_is_ident(char c);

/* p past any white space. */
const char *oclhls_skip_ws(const char *p);

/* The identifier starting at p (its length in *n), or NULL. */
const char *oclhls_ident_at(const char *p, size_t *n);

/* 1 when the n characters at p are the word w. */
int oclhls_word_is(const char *p, size_t n, const char *w);

/* The ')' matching the '(' at p, or NULL. */
const char *oclhls_match_paren(const char *p);

/*
 * An integer literal at p (after white space): decimal, or sized/based ('d, 'h, 'b, 'o);
 * underscores allowed. 1 with *v and *end (just past it) set, 0 when there is none.
 */
int oclhls_parse_int(const char *p, long long *v, const char **end);

/* 1 when the identifier word occurs in text as a whole token. */
int oclhls_has_word(const char *text, const char *word);

#endif
