/* SPDX-License-Identifier: MIT */
/*
 * common/strbuf.c: printf appends give the text snprintf would, whatever room the buffer
 * has left (none, too little by one, exactly enough, plenty), mixed with plain appends;
 * a NULL or failed buffer takes nothing.
 */
#include "strbuf.h"
#include "test_util.h"

/* Appends pieces of every length from 0 to 300 in turn and compares with a plain copy. */
static void check_growth(void)
{
    struct oclhls_strbuf sb = {0};
    char *want = calloc(1, 64 * 1024), piece[320];
    size_t len = 0;
    int same = 1;

    for (int n = 0; n <= 300 && want; n++) {
        memset(piece, 'a' + n % 26, (size_t)n);
        piece[n] = '\0';
        if (n % 3 == 0)
            oclhls_strbuf_puts(&sb, piece);
        else
            oclhls_strbuf_printf(&sb, "%s%d", piece, n);
        len += (size_t)sprintf(want + len, n % 3 == 0 ? "%s" : "%s%d", piece, n);
        same &= sb.len == len && sb.buf && memcmp(sb.buf, want, len + 1) == 0;
    }
    CHECK(same && !sb.failed,
          "301 appends across the buffer's growth: %zu bytes as snprintf "
          "writes them, NUL-terminated",
          len);
    oclhls_strbuf_release(&sb);
    free(want);
}

/* Texts that fill the room left exactly, miss it by one, and overflow it. */
static void check_room_edges(void)
{
    for (int extra = -2; extra <= 2; extra++) {
        struct oclhls_strbuf sb = {0};
        oclhls_strbuf_puts(&sb, "x"); /* a buffer of 64 bytes: room for 62 more and the NUL */
        size_t room = sb.cap - sb.len - 1;
        size_t n = room + (size_t)(extra + 2) - 2;
        char *text = malloc(n + 1);
        if (!text)
            return;
        memset(text, 'y', n);
        text[n] = '\0';
        oclhls_strbuf_printf(&sb, "%s", text);
        CHECK(sb.len == n + 1 && sb.buf[0] == 'x' && memcmp(sb.buf + 1, text, n) == 0 &&
                  sb.buf[sb.len] == '\0',
              "a text of %zu bytes after 'x' with room for %zu: appended whole", n, room);
        free(text);
        oclhls_strbuf_release(&sb);
    }
}

static void check_no_buffer(void)
{
    struct oclhls_strbuf sb = {0};

    oclhls_strbuf_printf(NULL, "%d", 1); /* must not crash */
    sb.failed = 1;
    oclhls_strbuf_printf(&sb, "%d", 12345);
    CHECK(sb.len == 0 && sb.buf == NULL, "a failed buffer takes nothing");
}

int main(void)
{
    check_growth();
    check_room_edges();
    check_no_buffer();
    return test_result();
}
