/* SPDX-License-Identifier: MIT */
/* The usb transport (usb_transport.c): its ops table (its link counters:
   link_board_stats, link_board.h). */
#ifndef OCLHLS_USB_TRANSPORT_H
#define OCLHLS_USB_TRANSPORT_H

#include "transport/transport.h"

extern const struct oclhls_transport_ops oclhls_transport_usb;

#endif
