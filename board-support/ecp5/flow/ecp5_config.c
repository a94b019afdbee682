/* SPDX-License-Identifier: MIT */
/* The kernel PLL's divider words in a Trellis text configuration (ecp5_config.h). */
#include "ecp5_config.h"

#include <stdio.h>
#include <string.h>

#define WORD_BITS 7

enum { W_CLKI_DIV, W_CLKFB_DIV, W_CLKOP_DIV, W_CLKOP_CPHASE, NWORDS };
static const char *const word_name[NWORDS] = {"CLKI_DIV", "CLKFB_DIV", "CLKOP_DIV", "CLKOP_CPHASE"};

/* The words as nextpnr-ecp5 writes an EHXPLLL's parameters: the dividers less one, the
   phase as it is, 7 bits with the most significant first. */
static void encode(const struct ecp5_pll *p, char bits[NWORDS][WORD_BITS])
{
    const unsigned v[NWORDS] = {p->clki_div - 1, p->clkfb_div - 1, p->clkop_div - 1,
                                p->clkop_cphase};

    for (int w = 0; w < NWORDS; w++)
        for (int i = 0; i < WORD_BITS; i++)
            bits[w][i] = (char)('0' + ((v[w] >> (WORD_BITS - 1 - i)) & 1));
}

/* One ".tile_group" block: where each word's bits are (NULL when absent). */
struct group {
    char *bits[NWORDS];
    int is_pll; /* "enum: MODE EHXPLLL" */
};

static int line_is(const char *line, size_t n, const char *text)
{
    return n == strlen(text) && !memcmp(line, text, n);
}

static void read_line(struct group *g, char *line, size_t n)
{
    static const char word[] = "word: ";

    if (line_is(line, n, "enum: MODE EHXPLLL"))
        g->is_pll = 1;
    for (int w = 0; w < NWORDS; w++) {
        size_t k = strlen(word_name[w]), at = strlen(word) + k + 1;
        if (n == at + WORD_BITS && !memcmp(line, word, strlen(word)) &&
            !memcmp(line + strlen(word), word_name[w], k) && line[at - 1] == ' ')
            g->bits[w] = line + at;
    }
}

static int holds(const struct group *g, char want[NWORDS][WORD_BITS])
{
    if (!g->is_pll)
        return 0;
    for (int w = 0; w < NWORDS; w++)
        if (!g->bits[w] || memcmp(g->bits[w], want[w], WORD_BITS))
            return 0;
    return 1;
}

/* A block of the text ends: count cur if it is the group sought. */
static void end_block(const struct group *cur, char want[NWORDS][WORD_BITS], struct group *found,
                      int *nfound)
{
    if (holds(cur, want)) {
        *found = *cur;
        (*nfound)++;
    }
}

int ecp5_config_set_pll(char *text, size_t len, const struct ecp5_pll *from,
                        const struct ecp5_pll *to, char *why, size_t why_len)
{
    static const char group_line[] = ".tile_group ";
    char want[NWORDS][WORD_BITS], put[NWORDS][WORD_BITS];
    struct group cur = {0}, found = {0};
    char *end = text + len;
    int in_group = 0, nfound = 0;

    encode(from, want);
    encode(to, put);
    for (char *line = text; line < end;) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t n = (size_t)((nl ? nl : end) - line);

        if (line[0] == '.') {
            if (in_group)
                end_block(&cur, want, &found, &nfound);
            in_group = n > strlen(group_line) && !memcmp(line, group_line, strlen(group_line));
            memset(&cur, 0, sizeof(cur));
        } else if (in_group) {
            read_line(&cur, line, n);
        }
        line = nl ? nl + 1 : end;
    }
    if (in_group)
        end_block(&cur, want, &found, &nfound);
    if (nfound != 1) {
        snprintf(why, why_len,
                 "%s EHXPLLL tile group of nextpnr-ecp5's configuration has the dividers of "
                 "the routed clock (%u / %u / %u)",
                 nfound ? "more than one" : "no", from->clki_div, from->clkfb_div, from->clkop_div);
        return -1;
    }
    for (int w = 0; w < NWORDS; w++)
        memcpy(found.bits[w], put[w], WORD_BITS);
    return 0;
}
