/* SPDX-License-Identifier: MIT */
#include "link_ops.h"

#include "strbuf.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

#define POLL_WAIT_MIN_US 100u
#define POLL_WAIT_MAX_US 10000u

/* Idle bytes added to the protocol's bound W: a shared memory port may be slower. */
#define WAIT_MARGIN 2u

void usb_link_init_channel(struct usb_link *link, const struct usb_link_channel *chan,
                           const struct usb_link_timing *timing)
{
    memset(link, 0, sizeof(*link));
    link->chan = *chan;
    link->timing = *timing;
    if (link->timing.clk_per_sclk < 4)
        link->timing.clk_per_sclk = 4;
    if (!link->timing.mem_bytes_per_line)
        link->timing.mem_bytes_per_line = 1;
    link->name = "usb link";
    link->max_tries = 16;
    link->max_busy = 1000;
    link->busy_wait_us = 50;
}

void usb_link_init(struct usb_link *link, const struct usb_link_port *port,
                   const struct usb_link_timing *timing)
{
    struct usb_link_channel none = {0};

    usb_link_init_channel(link, &none, timing);
    link->port = *port;
    link->chan = usb_mpsse_channel(link);
}

void usb_link_close(struct usb_link *link)
{
    if (link->chan.close)
        link->chan.close(link->chan.ctx);
    link->chan.close = NULL;
    mpsse_buf_free(&link->cmds);
}

size_t usb_link_wait_bytes(const struct usb_link_timing *t, enum link_cmd cmd, uint32_t addr,
                           size_t n)
{
    uint64_t b = t->mem_bytes_per_line, lines = (addr + n - 1) / b - addr / b + 1, c;
    uint64_t slot = 8ull * t->clk_per_sclk;

    switch (cmd) {
    case LINK_MEM_WRITE:
        c = n + 2 * lines + 4;
        break;
    case LINK_MEM_READ:
        c = n + (t->mem_latency + 1) * lines + 4;
        break;
    case LINK_CSR_READ:
        c = 5 + t->csr_latency;
        break;
    default:
        c = 5;
        break;
    }
    return (size_t)(1 + (c + slot - 1) / slot + WAIT_MARGIN);
}

/* One exchange over the channel: the frame, then idle bytes; rx gets what came back. */
static int exchange(struct usb_link *link, size_t frame_len, size_t total, int retry, char *err,
                    size_t errlen)
{
    memset(link->tx + frame_len, LINK_IDLE_BYTE, total - frame_len);
    link->stats.attempts++;
    return link->chan.exchange(link->chan.ctx, link->tx, link->rx, total, retry, err, errlen);
}

/* Sends one frame until it is answered OK / OK_DUP; data gets the answer data. */
static int do_frame(struct usb_link *link, enum link_cmd cmd, uint32_t addr, const uint8_t *payload,
                    size_t n, uint8_t *data, char *err, size_t errlen)
{
    uint8_t seq = link->seq++;
    size_t frame_len = link_encode(link->tx, cmd, seq, addr, payload, n);
    size_t data_len = link_answer_data_len(cmd, n);
    size_t wait = usb_link_wait_bytes(&link->timing, cmd, addr, n);
    size_t room = sizeof(link->tx) - frame_len - 4 - data_len;
    unsigned tries = 0, busy = 0;
    uint32_t busy_wait = link->busy_wait_us;
    const char *last = "no answer";
    char port_err[256];

    link->stats.frames++;
    while (tries < link->max_tries) {
        int status = 0;
        enum link_parse res;

        if (wait > room)
            wait = room;
        if (exchange(link, frame_len, frame_len + wait + 4 + data_len, tries + busy > 0, port_err,
                     sizeof(port_err)) != 0)
            return oclhls_fail(err, errlen, "%s: %s at 0x%08x (%zu bytes): %s",
                               link->name, link_cmd_name(cmd), addr, n, port_err);
        res = link_parse_answer(link->rx, frame_len + wait + 4 + data_len, seq, data_len, &status,
                                data);
        if (res != LINK_PARSE_OK) {
            tries++;
            if (res == LINK_PARSE_BAD_CRC || res == LINK_PARSE_BAD_CODE) {
                link->stats.bad_answer++;
                last = "corrupted answer";
            } else {
                /* perhaps the device needed longer than the bound: give it more time */
                link->stats.lost++;
                last = res == LINK_PARSE_BAD_SEQ ? "answer to another frame" : "no answer";
                wait *= 2;
            }
            continue;
        }
        switch (status) {
        case LINK_ST_OK:
            return 0;
        case LINK_ST_OK_DUP:
            if (link_cmd_writes(cmd)) { /* the first attempt was executed: it stands */
                link->stats.dup++;
                return 0;
            }
            tries++; /* impossible for a read: treat as a corrupted answer */
            last = "OK_DUP for a read";
            break;
        case LINK_ST_BUSY:
            link->stats.busy++;
            if (++busy > link->max_busy)
                return oclhls_fail(err, errlen,
                                   "%s: %s at 0x%08x (%zu bytes): the device stayed BUSY "
                                   "(%u answers)",
                                   link->name, link_cmd_name(cmd), addr, n, busy - 1);
            if (link->chan.delay_us)
                link->chan.delay_us(link->chan.ctx, busy_wait);
            if (busy_wait < 64 * link->busy_wait_us)
                busy_wait *= 2;
            break;
        case LINK_ST_CRC_ERR:
            link->stats.crc_err++;
            tries++;
            last = "CRC_ERR";
            break;
        default: /* BAD_CMD: this host built a frame the device does not accept */
            return oclhls_fail(err, errlen, "%s: %s at 0x%08x (%zu bytes) refused: BAD_CMD",
                               link->name, link_cmd_name(cmd), addr, n);
        }
    }
    return oclhls_fail(err, errlen,
                       "%s: %s at 0x%08x (%zu bytes) failed after %u attempts "
                       "(last: %s); is the board connected and programmed?",
                       link->name, link_cmd_name(cmd), addr, n, tries, last);
}

int usb_link_start(struct usb_link *link, uint16_t divisor, char *err, size_t errlen)
{
    uint8_t answer[LINK_POLL_BYTES];

    if (link->chan.start && link->chan.start(link->chan.ctx, divisor, err, errlen) != 0)
        return -1;
    /* the first POLL makes the next SEQ differ from the device's last executed frame */
    return usb_link_poll(link, answer, err, errlen);
}

int usb_link_mem_write(struct usb_link *link, uint32_t addr, const void *src, size_t len, char *err,
                       size_t errlen)
{
    const uint8_t *p = src;

    while (len) {
        size_t n = len < LINK_MAX_DATA ? len : LINK_MAX_DATA;

        if (do_frame(link, LINK_MEM_WRITE, addr, p, n, NULL, err, errlen) != 0)
            return -1;
        addr += (uint32_t)n;
        p += n;
        len -= n;
    }
    return 0;
}

int usb_link_mem_read(struct usb_link *link, uint32_t addr, void *dst, size_t len, char *err,
                      size_t errlen)
{
    uint8_t *p = dst;

    while (len) {
        size_t n = len < LINK_MAX_DATA ? len : LINK_MAX_DATA;

        if (do_frame(link, LINK_MEM_READ, addr, NULL, n, p, err, errlen) != 0)
            return -1;
        addr += (uint32_t)n;
        p += n;
        len -= n;
    }
    return 0;
}

int usb_link_csr_write(struct usb_link *link, uint32_t addr, uint32_t value, char *err,
                       size_t errlen)
{
    const uint8_t be[4] = {(uint8_t)(value >> 24), (uint8_t)(value >> 16), (uint8_t)(value >> 8),
                           (uint8_t)value};

    return do_frame(link, LINK_CSR_WRITE, addr, be, 4, NULL, err, errlen);
}

int usb_link_csr_read(struct usb_link *link, uint32_t addr, uint32_t *value, char *err,
                      size_t errlen)
{
    uint8_t be[4];

    if (do_frame(link, LINK_CSR_READ, addr, NULL, 4, be, err, errlen) != 0)
        return -1;
    *value = (uint32_t)be[0] << 24 | (uint32_t)be[1] << 16 | (uint32_t)be[2] << 8 | be[3];
    return 0;
}

int usb_link_poll(struct usb_link *link, uint8_t answer[LINK_POLL_BYTES], char *err, size_t errlen)
{
    return do_frame(link, LINK_POLL, 0, NULL, LINK_POLL_BYTES, answer, err, errlen);
}

static uint64_t now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int usb_link_wait_idle(struct usb_link *link, uint64_t timeout_ms, char *err, size_t errlen)
{
    uint64_t deadline = now_ms() + timeout_ms;
    uint32_t wait_us = POLL_WAIT_MIN_US;
    uint8_t a[LINK_POLL_BYTES];

    for (;;) {
        if (usb_link_poll(link, a, err, errlen) != 0)
            return -1;
        if (!(a[7] & 1))
            return 0;
        if (now_ms() >= deadline) {
            oclhls_fail(err, errlen, "the kernel did not finish within %llu ms",
                        (unsigned long long)timeout_ms);
            return 1;
        }
        if (link->chan.delay_us)
            link->chan.delay_us(link->chan.ctx, wait_us);
        if (wait_us < POLL_WAIT_MAX_US)
            wait_us *= 2;
    }
}
