/* SPDX-License-Identifier: MIT */
/*
 * Loading a bitstream into the ECP5's configuration SRAM over JTAG (Lattice, ECP5 and
 * ECP5-5G sysCONFIG Usage Guide, TN1260 / FPGA-TN-02039: the JTAG instructions of the
 * configuration logic), through the FT231X's bit-bang JTAG (jtag_bitbang.h). The port is
 * a byte engine that returns one byte per byte written (usb_link_port): the FT231X in
 * synchronous bit-bang, or the model of the ECP5's TAP and configuration logic
 * (jtag_model.c).
 *
 * The sequence: Test-Logic-Reset; READ_ID (0xE0) must give the LFE5U-85F's IDCODE
 * 0x41113043; ISC_ENABLE (0xC6, DR 0x00); ISC_ERASE (0x0E, DR 0x01: the SRAM);
 * LSC_READ_STATUS (0x3C) must show neither BUSY nor FAIL; LSC_BITSTREAM_BURST (0x7A) with
 * the whole bitstream in one Shift-DR, each byte MSB first; ISC_DISABLE (0x26); then
 * LSC_READ_STATUS must show DONE and not FAIL. Instructions are 8 bits.
 */
#ifndef OCLHLS_ECP5_JTAG_H
#define OCLHLS_ECP5_JTAG_H

#include <stddef.h>
#include <stdint.h>

#include "transport/usb/usb_port.h"

#define ECP5_IR_READ_ID 0xE0
#define ECP5_IR_ISC_ENABLE 0xC6
#define ECP5_IR_ISC_ERASE 0x0E
#define ECP5_IR_LSC_READ_STATUS 0x3C
#define ECP5_IR_LSC_BITSTREAM_BURST 0x7A
#define ECP5_IR_ISC_DISABLE 0x26
#define ECP5_IR_BYPASS 0xFF

#define ECP5_IDCODE_LFE5U_85F 0x41113043u

/* LSC_READ_STATUS bits (TN1260's status register) */
#define ECP5_STATUS_DONE (1u << 8)
#define ECP5_STATUS_ISC_ENABLED (1u << 9)
#define ECP5_STATUS_BUSY (1u << 12)
#define ECP5_STATUS_FAIL (1u << 13)

/*
 * Configures the FPGA on port with bits (an ECP5 bitstream). 0, or -1 with a message:
 * no device on JTAG, another device (its IDCODE), busy or failed status (the status word),
 * the device not DONE after the bitstream.
 */
int ecp5_jtag_program_sram(const struct usb_link_port *port, const uint8_t *bits, size_t len,
                           char *err, size_t errlen);

/* READ_ID alone (after a Test-Logic-Reset). 0 or -1. */
int ecp5_jtag_read_id(const struct usb_link_port *port, uint32_t *idcode, char *err,
                      size_t errlen);

#endif
