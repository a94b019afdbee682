/* SPDX-License-Identifier: MIT */
/*
 * Loads a bitstream into an iCE40's configuration RAM through the FT2232H, the way the
 * iCEBreaker expects (pins: mpsse.h), and puts the board's SPI flash into deep power-down
 * so that it ignores the host-link frames that share its wires afterwards.
 */
#ifndef OCLHLS_ICE40_PROG_H
#define OCLHLS_ICE40_PROG_H

#include <stddef.h>
#include <stdint.h>

#include "usb_port.h"

/* Flash commands (JEDEC SPI NOR, e.g. the iCEBreaker's W25Q128): only Release Power-Down
 * wakes a flash in deep power-down. */
#define FLASH_DEEP_POWER_DOWN 0xB9
#define FLASH_RELEASE_POWER_DOWN 0xAB

/* 0 when CDONE went high, else -1 with a message. divisor: the MPSSE SCLK divisor. */
int ice40_program_cram(const struct usb_link_port *port, uint16_t divisor, const uint8_t *bits,
                       size_t len, char *err, size_t errlen);

#endif
