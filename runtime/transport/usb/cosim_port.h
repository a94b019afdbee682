/* SPDX-License-Identifier: MIT */
/*
 * The co-simulation port: the MPSSE bytes go to mpsse_model, which drives a simulated SPI
 * slave (a Verilated shell) instead of a chip on USB.
 *
 * OCLHLS_USB_COSIM selects it (usb_transport.c) and names the slave:
 *   <path>.so   a library exporting oclhls_usb_cosim_open and _close, and optionally
 *               _unplugged (board-support/icebreaker/cosim/usb_cosim_abi.h), optionally
 *               followed by ":args" (passed to open)
 *   unplugged   every port write and read fails, as with a board pulled from USB
 *   silent      the chip answers but nothing drives MISO (no FPGA, or not programmed)
 * OCLHLS_USB_COSIM_FAULTS=<seed>:<one_in> injects random faults (mpsse_model).
 * OCLHLS_USB_COSIM_HIDE_CLOCK (any value) keeps the slave's clock from the transport, as a
 * real board does: the transport then takes the loaded program's clock.
 * A co-simulated FPGA cannot run a bitstream: the usb transport sends the program's
 * Verilog section as the configuration image when the program has no bitstream
 * (usb_cosim_port_is); the slave builds its model from it.
 */
#ifndef OCLHLS_COSIM_PORT_H
#define OCLHLS_COSIM_PORT_H

#include <stddef.h>

#include "mpsse_model.h"
#include "usb_port.h"

/* Opens the port described by spec (the value of OCLHLS_USB_COSIM). 0 or -1. */
int usb_cosim_port_open(const char *spec, struct usb_link_port *port, char *err, size_t errlen);

/* 1 when port was opened by usb_cosim_port_open. */
int usb_cosim_port_is(const struct usb_link_port *port);

/* The model behind the most recently opened co-simulation port (tests inject faults). */
struct mpsse_model *usb_cosim_last_model(void);

/* The most recent co-simulation port goes "unplugged" after bytes more written bytes: the
 * write that crosses the mark delivers its first part and fails, later calls fail (tests). */
void usb_cosim_unplug_after(uint64_t bytes);

#endif
