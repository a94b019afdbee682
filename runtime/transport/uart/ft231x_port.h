/* SPDX-License-Identifier: MIT */
/* The port to a real FT231X on USB (libftdi1) in UART mode: the ULX3S's USB UART. */
#ifndef OCLHLS_FT231X_PORT_H
#define OCLHLS_FT231X_PORT_H

#include <stddef.h>
#include <stdint.h>

#include "transport/usb/usb_port.h"
#include "uart_port.h"

#define FTDI_PID_FT231X 0x6015 /* FT-X series (FT231X) */

/*
 * Opens the FT231X (0x0403:0x6015) with this USB serial, or the first when serial is NULL,
 * at baud (3 Mbaud: the FT231X's highest rate), 8N1, no flow control. 0 or -1 ("no FT231X
 * board found").
 */
int uart_ft231x_port_open(struct uart_port *port, const char *serial, uint32_t baud, char *err,
                          size_t errlen);

/*
 * The same chip as a JTAG probe (the ULX3S's wiring, jtag_bitbang.h): synchronous bit-bang
 * on the modem-control pins, as a usb_link_port that returns one byte per byte written.
 * For `oclhls program`; close it to release the chip.
 */
int uart_ft231x_jtag_open(struct usb_link_port *port, const char *serial, char *err,
                          size_t errlen);

#endif
