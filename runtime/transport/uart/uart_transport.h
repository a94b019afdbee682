/* SPDX-License-Identifier: MIT */
/* The uart transport (uart_transport.c): its ops table and its link counters. */
#ifndef OCLHLS_UART_TRANSPORT_H
#define OCLHLS_UART_TRANSPORT_H

#include "transport/transport.h"
#include "transport/usb/link_ops.h"

extern const struct oclhls_transport_ops oclhls_transport_uart;

/* Counters of the link behind a handle of oclhls_transport_uart. */
const struct usb_link_stats *uart_transport_stats(void *handle);

#endif
