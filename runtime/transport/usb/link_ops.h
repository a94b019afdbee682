/* SPDX-License-Identifier: MIT */
/*
 * Operations over the host link (docs/host-link-protocol.md, "Sequence numbers and
 * retries"): one frame per exchange, sequence numbers, retries of lost, corrupted and BUSY
 * frames, and memory transfers split into frames of at most 256 bytes. The frames go over a
 * byte channel (struct usb_link_channel): SPI through an FT2232H's MPSSE (usb_link_init,
 * mpsse_channel.c: the iCE40 boards) or the UART framing through an FT231X
 * (runtime/transport/uart/uart_channel.c: the ULX3S). The protocol code is the same.
 */
#ifndef OCLHLS_LINK_OPS_H
#define OCLHLS_LINK_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "link_frame.h"
#include "mpsse.h"
#include "usb_port.h"

/* What the host must know of the device to clock enough idle bytes (protocol: W). */
struct usb_link_timing {
    uint32_t clk_per_sclk;       /* D = f_clk / f_SCLK, >= 4 */
    uint32_t mem_bytes_per_line; /* MEM_DW / 8 */
    uint32_t mem_latency;        /* read latency of the memory, clk cycles */
    uint32_t csr_latency;        /* read latency of the CSRs, clk cycles */
};

struct usb_link_stats {
    uint64_t frames;     /* operations sent (one SEQ each) */
    uint64_t attempts;   /* MPSSE exchanges, retries included */
    uint64_t lost;       /* no answer, cut off, or a foreign SEQ */
    uint64_t bad_answer; /* RCRC mismatch or no status code */
    uint64_t crc_err;    /* the device reported CRC_ERR */
    uint64_t busy;       /* the device reported BUSY */
    uint64_t dup;        /* OK_DUP: a retried write had already been executed */
};

/*
 * The byte channel under the frames. One exchange sends n bytes with the device selected
 * (SPI: CS_n low) and returns the n bytes it shifted out meanwhile.
 */
struct usb_link_channel {
    void *ctx;
    /* Prepares the channel before the first frame (MPSSE: clock divisor and a sync check);
     * NULL when there is nothing to do. 0 or -1. */
    int (*start)(void *ctx, uint16_t divisor, char *err, size_t errlen);
    /* retry: this frame was sent before. An answer cut short (a UART that lost bytes) comes
     * back padded with 0xFF, which the parser treats as lost: -1 only when the port failed
     * (device gone), with a message. */
    int (*exchange)(void *ctx, const uint8_t *tx, uint8_t *rx, size_t n, int retry, char *err,
                    size_t errlen);
    /* Waits at least us microseconds of the link's time (wall time, or model time). */
    void (*delay_us)(void *ctx, uint32_t us);
    void (*close)(void *ctx);
};

struct usb_link {
    struct usb_link_channel chan;
    struct usb_link_port port; /* the MPSSE channel's port (usb_link_init) */
    struct usb_link_timing timing;
    const char *name;      /* starts its messages: "usb link" (default), "uart link" */
    unsigned max_tries;    /* attempts per frame, BUSY answers not counted */
    unsigned max_busy;     /* BUSY answers per frame before giving up */
    uint32_t busy_wait_us; /* first wait after BUSY (doubles, up to 64x) */
    uint8_t seq;           /* SEQ of the next new frame */
    struct usb_link_stats stats;
    struct mpsse_buf cmds;
    uint8_t tx[4096], rx[4096];
};

/* Frames as SPI through the MPSSE engine behind port (mpsse_channel.c); takes over port
 * (closed by usb_link_close). Defaults: 16 tries, 1000 BUSY answers. */
void usb_link_init(struct usb_link *link, const struct usb_link_port *port,
                   const struct usb_link_timing *timing);
/* The same over another channel (taken over: closed by usb_link_close). */
void usb_link_init_channel(struct usb_link *link, const struct usb_link_channel *chan,
                           const struct usb_link_timing *timing);
/* The MPSSE channel over link->port (mpsse_channel.c). */
struct usb_link_channel usb_mpsse_channel(struct usb_link *link);
void usb_link_close(struct usb_link *link);

/* Starts the channel (MPSSE: the SCLK divisor) and sends the first POLL. 0 or -1. */
int usb_link_start(struct usb_link *link, uint16_t divisor, char *err, size_t errlen);

int usb_link_mem_write(struct usb_link *link, uint32_t addr, const void *src, size_t len, char *err,
                       size_t errlen);
int usb_link_mem_read(struct usb_link *link, uint32_t addr, void *dst, size_t len, char *err,
                      size_t errlen);
int usb_link_csr_write(struct usb_link *link, uint32_t addr, uint32_t value, char *err,
                       size_t errlen);
int usb_link_csr_read(struct usb_link *link, uint32_t addr, uint32_t *value, char *err,
                      size_t errlen);
/* POLL: the 8 answer bytes (version, last SEQ, valid, 0, poll word big-endian). */
int usb_link_poll(struct usb_link *link, uint8_t answer[LINK_POLL_BYTES], char *err, size_t errlen);

/*
 * POLLs until the board's poll word says idle (bit 0 clear), waiting between POLLs (100 us
 * doubling to 10 ms), at most timeout_ms of wall time: 0 idle, 1 timeout (with a message),
 * -1 link error.
 */
int usb_link_wait_idle(struct usb_link *link, uint64_t timeout_ms, char *err, size_t errlen);

/* Idle bytes to clock after a request before the answer (protocol, "How many idle bytes"). */
size_t usb_link_wait_bytes(const struct usb_link_timing *t, enum link_cmd cmd, uint32_t addr,
                           size_t n);

#endif
