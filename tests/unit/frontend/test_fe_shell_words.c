/* SPDX-License-Identifier: MIT */
/* The build-options splitter (frontend internal): quotes and backslashes like sh, no expansion. */
#include "fe_internal.h"
#include "fe_test.h"

/* want: words separated by '|', or NULL when splitting must fail. */
static void check_split(const char *in, const char *want)
{
    struct oclhls_argv words = {0};
    struct oclhls_strbuf log = {0}, got = {0};
    int rc;

    rc = fe_shell_split(in, &words, &log);
    for (int i = 0; i < words.n; i++)
        oclhls_strbuf_printf(&got, "%s%s", i ? "|" : "", words.v[i]);
    if (!want)
        CHECK(rc == -1 && log.buf && strstr(log.buf, "error:"), "[%s] is rejected", in);
    else
        CHECK(rc == 0 && !strcmp(got.buf ? got.buf : "", want), "[%s] -> [%s] (want [%s])", in,
              got.buf ? got.buf : "", want);
    oclhls_argv_release(&words);
    oclhls_strbuf_release(&log);
    oclhls_strbuf_release(&got);
}

int main(void)
{
    check_split("", "");
    check_split("   \t\n ", "");
    check_split("-DA=1  -I dir\t-w", "-DA=1|-I|dir|-w");
    check_split("-I \"my dir\" -D'X=a b'", "-I|my dir|-DX=a b");
    check_split("-DS=\\\"hi\\\"", "-DS=\"hi\"");
    check_split("-DS='\"hi\"'", "-DS=\"hi\"");
    check_split("\"a\\\"b\\\\c\\d\"", "a\"b\\c\\d");
    check_split("'$HOME' * ~", "$HOME|*|~");
    check_split("a\\ b c\\\nd", "a b|cd");
    check_split("'' \"\" x", "||x");
    check_split("-DX='unterminated", NULL);
    check_split("\"unterminated", NULL);
    return fe_test_finish("test_fe_shell_words");
}
