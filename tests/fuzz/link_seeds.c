/* SPDX-License-Identifier: MIT */
/*
 * link_seeds OUTDIR: seeds for the link fuzz target (tests/fuzz/targets/fuzz_link.c), made at
 * test time. A model of a correct board answers the fuzz target's own session
 * (link_session.c) through the usb transport's code; what it sends back is recorded:
 *
 *   session_<variant>.bin  0x01, then every byte the board returned, in order;
 *   answer_<variant>_<k>.bin  0x00, SEQ, command - 1, LEN, then exchange k's MISO bytes.
 *
 * Each variant spoils the first answer to every frame in one way the protocol recovers
 * from (docs/host-link-protocol.md, "Frames and retries"), so the seeds hold BUSY, CRC_ERR,
 * OK_DUP, lost and corrupted answers; every session must still complete, or the seeds
 * would stop short of what they are meant to reach.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "link_session.h"

enum variant { CLEAN, BUSY, CRC_ERR, LOST_DUP, LOST, BAD_RCRC, OTHER_SEQ, LATE, VARIANTS };

static const char *const variant_names[VARIANTS] = {
    "clean", "busy", "crc_err", "lost_dup", "lost", "bad_rcrc", "other_seq", "late"};

struct board {
    const struct usb_link *link; /* the frame being answered is the link's tx */
    enum variant variant;
    const char *tag;  /* the variant's name, for the answers' file names */
    int answered_seq; /* the last SEQ answered: a retry is answered properly */
    int dup_seq;      /* a write executed whose answer was lost: its retry is OK_DUP */
    uint8_t stream[1 << 16];
    size_t len;
    const char *dir;
    int exchanges;
};

static int board_write(void *ctx, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    (void)ctx, (void)buf, (void)n, (void)err, (void)errlen;
    return 0;
}

static void put_answer(uint8_t *p, uint8_t status, uint8_t seq, size_t data_len)
{
    uint16_t crc;

    p[0] = status;
    p[1] = seq;
    for (size_t i = 0; i < data_len; i++)
        p[2 + i] = (uint8_t)(0x5A ^ i);
    crc = link_crc16(0xFFFF, p, 2 + data_len);
    p[2 + data_len] = (uint8_t)(crc >> 8);
    p[3 + data_len] = (uint8_t)crc;
}

/* The MISO bytes of one exchange: idle, then the answer to the frame in the link's tx. */
static void answer(struct board *b, uint8_t *miso, size_t n)
{
    const uint8_t *tx = b->link->tx;
    enum link_cmd cmd = (enum link_cmd)tx[0];
    uint8_t seq = tx[1];
    size_t len = (size_t)tx[6] + 1, data_len = link_answer_data_len(cmd, len);
    size_t frame = LINK_HEADER_BYTES + (link_cmd_writes(cmd) ? len + 2 : 0), at = frame + 1;
    int first = seq != b->answered_seq;

    memset(miso, LINK_IDLE_BYTE, n);
    b->answered_seq = seq;
    if (!first && seq == b->dup_seq) {
        put_answer(miso + at, LINK_ST_OK_DUP, seq, 0);
        b->dup_seq = -1;
        return;
    }
    if (!first || b->variant == CLEAN) {
        put_answer(miso + at, LINK_ST_OK, seq, data_len);
        return;
    }
    switch (b->variant) {
    case BUSY:
        put_answer(miso + at, LINK_ST_BUSY, seq, 0);
        break;
    case CRC_ERR:
        put_answer(miso + at, LINK_ST_CRC_ERR, seq, 0);
        break;
    case LOST_DUP: /* a write executed, its answer lost: the retry is a duplicate */
        if (link_cmd_writes(cmd))
            b->dup_seq = seq;
        break;
    case LOST:
        break;
    case BAD_RCRC:
        put_answer(miso + at, LINK_ST_OK, seq, data_len);
        miso[at + 2 + data_len] ^= 0x01;
        break;
    case OTHER_SEQ:
        put_answer(miso + at, LINK_ST_OK, (uint8_t)(seq - 1), data_len);
        break;
    case LATE: /* the latest an answer may start: its last byte is the last one clocked */
        put_answer(miso + n - 4 - data_len, LINK_ST_OK, seq, data_len);
        break;
    default:
        break;
    }
}

static int save(const char *dir, const char *name, const uint8_t *head, size_t head_len,
                const uint8_t *data, size_t len)
{
    size_t size = strlen(dir) + strlen(name) + 2;
    uint8_t *buf = malloc(head_len + len);
    char *path = malloc(size);
    int ret = -1;

    if (buf && path) {
        snprintf(path, size, "%s/%s", dir, name);
        memcpy(buf, head, head_len);
        memcpy(buf + head_len, data, len);
        ret = oclhls_write_file(path, buf, head_len + len);
    }
    free(buf);
    free(path);
    return ret;
}

static int board_read(void *ctx, uint8_t *buf, size_t n, char *err, size_t errlen)
{
    struct board *b = ctx;
    char name[64];

    if (n > sizeof(b->stream) - b->len) {
        snprintf(err, errlen, "link_seeds: the session read more than %zu bytes",
                 sizeof(b->stream));
        return -1;
    }
    if (n == 2) { /* the MPSSE's answer to the sync opcode (mpsse_sync) */
        buf[0] = MPSSE_BAD_COMMAND;
        buf[1] = MPSSE_SYNC_OPCODE;
    } else {
        const uint8_t *tx = b->link->tx;
        const uint8_t head[] = {0x00, tx[1], (uint8_t)(tx[0] - LINK_MEM_WRITE), tx[6]};

        answer(b, buf, n);
        snprintf(name, sizeof(name), "answer_%s_%d.bin", b->tag,
                 b->exchanges++);
        if (save(b->dir, name, head, sizeof(head), buf, n)) {
            snprintf(err, errlen, "link_seeds: cannot write %s/%s", b->dir, name);
            return -1;
        }
    }
    memcpy(b->stream + b->len, buf, n);
    b->len += n;
    return 0;
}

int main(int argc, char **argv)
{
    static struct usb_link link;
    static struct board b;
    char name[64];

    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    for (int v = 0; v < VARIANTS; v++) {
        const struct usb_link_port port = {.ctx = &b, .write = board_write, .read = board_read};
        const uint8_t mode = 0x01;
        int ok;

        memset(&b, 0, sizeof(b));
        b.link = &link;
        b.variant = (enum variant)v;
        b.tag = variant_names[v];
        b.answered_seq = b.dup_seq = -1;
        b.dir = argv[1];
        link_session_init(&link, &port);
        ok = link_session_run(&link);
        usb_link_close(&link);
        snprintf(name, sizeof(name), "session_%s.bin", variant_names[v]);
        if (ok != LINK_SESSION_OPS || save(argv[1], name, &mode, 1, b.stream, b.len)) {
            fprintf(stderr, "link_seeds: session '%s': %d of %d operations done\n",
                    variant_names[v], ok, LINK_SESSION_OPS);
            return 1;
        }
        printf("link_seeds: %s: %zu bytes, %d exchanges\n", name, b.len, b.exchanges);
    }
    return 0;
}
