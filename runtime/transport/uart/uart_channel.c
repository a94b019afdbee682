/* SPDX-License-Identifier: MIT */
#include "uart_channel.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

struct uart_channel {
    struct uart_port port;
    uint8_t out[2 * sizeof(((struct usb_link *)0)->tx) + 2];
};

size_t uart_frame_encode(uint8_t *out, const uint8_t *data, size_t n)
{
    size_t k = 0;

    /* A leading END costs one byte time and resynchronises a link whose last END was
       lost: without it the frame would run on inside the earlier one's chip select. */
    out[k++] = UART_END;
    for (size_t i = 0; i < n; i++) {
        if (data[i] == UART_END || data[i] == UART_ESC) {
            out[k++] = UART_ESC;
            out[k++] = data[i] == UART_END ? UART_ESC_END : UART_ESC_ESC;
        } else {
            out[k++] = data[i];
        }
    }
    out[k++] = UART_END;
    return k;
}

/* One exchange: every data byte brings one byte back; lost ones are padded as idle. */
static int uart_exchange(void *ctx, const uint8_t *tx, uint8_t *rx, size_t n, int retry,
                         char *err, size_t errlen)
{
    struct uart_channel *c = ctx;
    size_t len;
    long got;

    (void)retry; /* every exchange starts with END anyway */
    if (2 * n + 2 > sizeof(c->out))
        return oclhls_fail(err, errlen, "internal error: a %zu-byte UART exchange", n);
    len = uart_frame_encode(c->out, tx, n);
    c->port.discard(c->port.ctx);
    if (c->port.write(c->port.ctx, c->out, len, err, errlen) != 0)
        return -1;
    got = c->port.read(c->port.ctx, rx, n, err, errlen);
    if (got < 0)
        return -1;
    memset(rx + got, LINK_IDLE_BYTE, n - (size_t)got);
    return 0;
}

static void uart_delay(void *ctx, uint32_t us)
{
    struct uart_channel *c = ctx;

    if (c->port.delay_us)
        c->port.delay_us(c->port.ctx, us);
}

static void uart_close(void *ctx)
{
    struct uart_channel *c = ctx;

    if (c->port.close)
        c->port.close(c->port.ctx);
    free(c);
}

int uart_channel_new(const struct uart_port *port, struct usb_link_channel *chan)
{
    struct uart_channel *c = calloc(1, sizeof(*c));

    if (!c)
        return -1;
    c->port = *port;
    chan->ctx = c;
    chan->start = NULL;
    chan->exchange = uart_exchange;
    chan->delay_us = uart_delay;
    chan->close = uart_close;
    return 0;
}

const struct uart_port *uart_channel_port(const struct usb_link_channel *chan)
{
    return chan->close == uart_close ? &((const struct uart_channel *)chan->ctx)->port : NULL;
}
