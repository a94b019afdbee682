/* SPDX-License-Identifier: MIT */
/* The port to a real FT2232H on USB (libftdi1), channel A in MPSSE mode. */
#ifndef OCLHLS_FTDI_PORT_H
#define OCLHLS_FTDI_PORT_H

#include <stddef.h>

#include "usb_port.h"

#define FTDI_VID 0x0403
#define FTDI_PID_FT2232H 0x6010

/*
 * Opens the FT2232H (0x0403:0x6010) with this USB serial, or the first when serial is NULL,
 * interface A. 0 or -1 ("no FT2232H board found").
 */
int usb_ftdi_port_open(struct usb_link_port *port, const char *serial, char *err, size_t errlen);

#endif
