/* SPDX-License-Identifier: MIT */
/* The uart transport (uart_transport.c): its ops table (its link counters:
   link_board_stats, link_board.h). */
#ifndef OCLHLS_UART_TRANSPORT_H
#define OCLHLS_UART_TRANSPORT_H

#include "transport/transport.h"

extern const struct oclhls_transport_ops oclhls_transport_uart;

#endif
