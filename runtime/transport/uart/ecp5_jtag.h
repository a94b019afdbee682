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
/* The SPI flash through JTAG (ecp5_flash.h) and the reload from it. */
#define ECP5_IR_LSC_PROG_SPI 0x3A
#define ECP5_IR_LSC_REFRESH 0x79
#define ECP5_PROG_SPI_KEY 0x68FEu /* LSC_PROG_SPI's 16-bit data register, shifted LSB first */

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

/* For ecp5_flash.c: sends the buffer and reads back as many bytes (rx may be NULL); an
 * instruction with an 8-bit data register, then idle clocks; an instruction whose 32-bit
 * data register is read; the IDCODE check (0 or -1 with the reason). */
struct jtag_buf;
int ecp5_jtag_run(const struct usb_link_port *port, struct jtag_buf *b, uint8_t *rx, char *err,
                  size_t errlen);
void ecp5_jtag_instruction_dr8(struct jtag_buf *b, uint8_t ir, uint8_t dr);
int ecp5_jtag_read32(const struct usb_link_port *port, struct jtag_buf *b, uint8_t ir,
                     uint32_t *value, char *err, size_t errlen);
int ecp5_jtag_check_id(uint32_t id, char *err, size_t errlen);

/* READ_ID alone (after a Test-Logic-Reset). 0 or -1. */
int ecp5_jtag_read_id(const struct usb_link_port *port, uint32_t *idcode, char *err, size_t errlen);

#endif
