/* SPDX-License-Identifier: MIT */
/*
 * The host link's byte channel on a UART (docs/host-link-protocol.md, "UART framing"): the
 * frames of the SPI link with chip select as framing in the byte stream, which
 * rtl-lib/ocl_uart_link.v turns back into SPI for ocl_spi_link.
 */
#ifndef OCLHLS_UART_CHANNEL_H
#define OCLHLS_UART_CHANNEL_H

#include <stddef.h>
#include <stdint.h>

#include "transport/usb/link_ops.h"
#include "uart_port.h"

#define UART_END 0xC0     /* chip select rises (the frame ends) */
#define UART_ESC 0xDB     /* escapes a data byte 0xC0 or 0xDB */
#define UART_ESC_END 0xDC /* 0xDB 0xDC: a data byte 0xC0 */
#define UART_ESC_ESC 0xDD /* 0xDB 0xDD: a data byte 0xDB */

/*
 * Encodes n data bytes as one exchange on the UART: END (ends whatever an earlier exchange
 * left open), the bytes escaped, END. out holds at least 2 n + 2 bytes; returns its length.
 */
size_t uart_frame_encode(uint8_t *out, const uint8_t *data, size_t n);

/* A channel on port (taken over: closed with the channel). 0, or -1 when out of memory. */
int uart_channel_new(const struct uart_port *port, struct usb_link_channel *chan);

/* The port under a channel made by uart_channel_new. */
const struct uart_port *uart_channel_port(const struct usb_link_channel *chan);

#endif
