/* SPDX-License-Identifier: MIT */
/*
 * Writing a bitstream into the ULX3S's SPI configuration flash through the ECP5's JTAG
 * port (jtag_bitbang.h: the FT231X in bit-bang), then configuring the FPGA from it. The
 * ECP5 passes JTAG through to its SPI flash pins after the instruction LSC_PROG_SPI (0x3A)
 * with the 16-bit data register 0x68FE: from then on each Shift-DR is one SPI instruction,
 * chip select low while in Shift-DR, TDI driving MOSI and TDO returning MISO, TCK the SPI
 * clock. Those facts are not in a Lattice document found here: they are how the ULX3S's
 * designer's esp32ecp5 (ecp5.py, flash_open: "SIR 3A, SDR 68FE") and openFPGALoader
 * (src/lattice.cpp, prepare_flash_access: "IR = 0h3A, DR=0hFE,0h68") do it, and an SVF
 * generator writes the same "SIR 8 TDI(3A); SDR 16 TDI(68FE)". Data bytes go MSB first (SPI
 * order; jtag_shift_bytes_msb), as both tools bit-reverse each byte for their LSB-first
 * shifts. The flash protocol itself is spi_flash.h's, shared with the iCE40 boards.
 *
 * Before the pass-through the configuration SRAM is cleared (ISC_ENABLE, ISC_ERASE,
 * ISC_DISABLE: TN1260), as openFPGALoader does, so that no running design drives the
 * flash's pins; afterwards LSC_REFRESH (0x79; openFPGALoader: "Equivalent to toggle
 * PROGRAMN pin") makes the device configure itself from the flash, and LSC_READ_STATUS must
 * show DONE.
 */
#ifndef OCLHLS_ECP5_FLASH_H
#define OCLHLS_ECP5_FLASH_H

#include <stddef.h>
#include <stdint.h>

#include "transport/usb/spi_flash.h"
#include "transport/usb/usb_port.h"

/* Checks the IDCODE, clears the SRAM, opens the pass-through and reads the flash's JEDEC
 * ID. 0 or -1 with a message. */
int ecp5_flash_open(const struct usb_link_port *port, struct spi_flash_id *id, char *err,
                    size_t errlen);

/* After ecp5_flash_open: erase, program, verify (spi_flash_write). */
int ecp5_flash_write(const struct usb_link_port *port, const struct spi_flash_id *id,
                     const uint8_t *image, size_t len, spi_flash_progress_fn progress,
                     void *progress_ctx, char *err, size_t errlen);

/* Ends the pass-through and configures the FPGA from the flash (LSC_REFRESH); 0 once the
 * status shows DONE, -1 with the status otherwise. */
int ecp5_flash_boot(const struct usb_link_port *port, char *err, size_t errlen);

#endif
