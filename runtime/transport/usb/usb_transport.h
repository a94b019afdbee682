/* SPDX-License-Identifier: MIT */
/* The usb transport (usb_transport.c): its ops table and its link counters. */
#ifndef OCLHLS_USB_TRANSPORT_H
#define OCLHLS_USB_TRANSPORT_H

#include "transport/transport.h"
#include "transport/usb/link_ops.h"

extern const struct oclhls_transport_ops oclhls_transport_usb;

/* Counters of the link behind a handle of oclhls_transport_usb (retries, faults seen). */
const struct usb_link_stats *usb_transport_stats(void *handle);

#endif
