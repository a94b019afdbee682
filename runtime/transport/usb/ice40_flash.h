/* SPDX-License-Identifier: MIT */
/*
 * Writes an iCE40 bitstream into the board's SPI configuration flash through the FT2232H
 * (pins: mpsse.h) and reboots the FPGA from it: the flash protocol of spi_flash.h over the
 * MPSSE (the iCEBreaker's flash is a Winbond W25Q128JV).
 *
 * Three steps, so that the caller can print what it learns between them:
 *   ice40_flash_open   FPGA held in reset, flash woken from deep power-down, JEDEC ID read;
 *   ice40_flash_write  64 KiB block erases, 256-byte page programs, read back and compare;
 *   ice40_flash_boot   CRESET_B pulse with the SPI pins released, so that the FPGA loads
 *                      the image as SPI master; waits for CDONE.
 */
#ifndef OCLHLS_ICE40_FLASH_H
#define OCLHLS_ICE40_FLASH_H

#include <stddef.h>
#include <stdint.h>

#include "spi_flash.h"
#include "usb_port.h"

/* The flash's instructions and the erase, program and verify steps: spi_flash.h. */
typedef spi_flash_progress_fn ice40_flash_progress_fn;

/* Holds the FPGA in reset, wakes the flash and reads its JEDEC ID. 0 or -1 with a message
 * (no flash answering: all-0 or all-1 ID). divisor: the MPSSE SCLK divisor. */
int ice40_flash_open(const struct usb_link_port *port, uint16_t divisor, struct spi_flash_id *id,
                     char *err, size_t errlen);

/* Erases the blocks image covers from address 0, programs it page by page and reads it back.
 * 0 or -1 with a message (busy timeout, write enable refused, mismatch at an address). */
int ice40_flash_write(const struct usb_link_port *port, const struct spi_flash_id *id,
                      const uint8_t *image, size_t len, ice40_flash_progress_fn progress,
                      void *progress_ctx, char *err, size_t errlen);

/* Pulses CRESET_B and lets the FPGA boot from the flash; 0 once CDONE is high (then the
 * flash goes back to deep power-down, see ice40_prog.h), -1 after timeout_ms without it. */
int ice40_flash_boot(const struct usb_link_port *port, uint32_t timeout_ms, char *err,
                     size_t errlen);

#endif
