/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the bytes a board sends back over the SPI host link (docs/host-link-protocol.md),
 * as the usb transport decodes them (runtime/transport/usb/link_frame.c, link_ops.c). The
 * first byte chooses how the rest is read:
 *
 *   even: one answer. Bytes 1-3: SEQ, command (1-5), LEN (n - 1); the rest is the MISO
 *         bytes of one exchange, given to link_parse_answer.
 *   odd:  a session (link_session.c). The rest is everything the FT2232H returns, read in
 *         order by the link's port: the MPSSE echo, then each exchange's MISO bytes. When
 *         they run out the port fails, as a board that stops answering does.
 */
#include <string.h>

#include "fuzz_check.h"
#include "link_session.h"

struct stream {
    const uint8_t *p;
    size_t left;
};

static int stream_write(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    (void)ctx, (void)buf, (void)n, (void)err, (void)errlen;
    return 0;
}

static int stream_read(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct stream *s = ctx;

    if (n > s->left) {
        snprintf(err, errlen, "read timeout (the input has %zu of %zu bytes)", s->left, n);
        return -1;
    }
    memcpy(buf, s->p, n);
    s->p += n;
    s->left -= n;
    return 0;
}

static int is_status(int b)
{
    return b == LINK_ST_OK || b == LINK_ST_OK_DUP || b == LINK_ST_BUSY ||
           b == LINK_ST_CRC_ERR || b == LINK_ST_BAD_CMD;
}

static void one_answer(const uint8_t *data, size_t size)
{
    uint8_t out[LINK_MAX_DATA];
    int status = -1;
    enum link_cmd cmd;
    size_t n;

    if (size < 4)
        return;
    cmd = (enum link_cmd)(LINK_MEM_WRITE + data[2] % 5);
    n = (size_t)data[3] + 1;
    switch (link_parse_answer(data + 4, size - 4, data[1], link_answer_data_len(cmd, n), &status,
                              out)) {
    case LINK_PARSE_OK:
        FUZZ_CHECK(is_status(status), "an answer that parsed has a status code");
        break;
    default:
        FUZZ_CHECK(status == -1, "an answer that did not parse leaves the status alone");
        break;
    }
}

static void session(const uint8_t *data, size_t size)
{
    static struct usb_link link; /* 8 KB of buffers */
    struct stream s = {data, size};
    const struct usb_link_port port = {
        .ctx = &s, .write = stream_write, .read = stream_read};

    link_session_init(&link, &port);
    link_session_run(&link);
    usb_link_close(&link);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size)
        return 0;
    if (data[0] & 1)
        session(data + 1, size - 1);
    else
        one_answer(data, size);
    return 0;
}
