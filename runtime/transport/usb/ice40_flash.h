/* SPDX-License-Identifier: MIT */
/*
 * Writes an iCE40 bitstream into the board's SPI configuration flash through the FT2232H
 * (pins: mpsse.h) and reboots the FPGA from it. The flash commands are those of the
 * iCEBreaker's Winbond W25Q128JV ("W25Q128JV 3V 128M-bit serial flash memory with
 * dual/quad SPI", Winbond, revision F, 2018; the names in quotes below are its
 * instruction and parameter titles), which other JEDEC SPI NOR flashes share.
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

#include "usb_port.h"

/* Instructions (W25Q128JV "Instruction Set Table 1", standard SPI). */
#define FLASH_WRITE_ENABLE 0x06    /* "Write Enable (06h)": sets WEL */
#define FLASH_READ_STATUS1 0x05    /* "Read Status Register-1 (05h)": allowed while busy */
#define FLASH_READ_DATA 0x03       /* "Read Data (03h)": 24-bit address, then data */
#define FLASH_PAGE_PROGRAM 0x02    /* "Page Program (02h)": address, 1..256 bytes */
#define FLASH_BLOCK_ERASE_64K 0xD8 /* "64KB Block Erase (D8h)": address */
#define FLASH_JEDEC_ID 0x9F        /* "Read JEDEC ID (9Fh)": 3 bytes */
/* "Power-down (B9h)" and "Release Power-down / Device ID (ABh)": ice40_prog.h */

/* Status Register-1 ("Status Registers"): BUSY (S0), Write Enable Latch WEL (S1). */
#define FLASH_STATUS_BUSY 0x01
#define FLASH_STATUS_WEL 0x02

#define FLASH_PAGE_SIZE 256u    /* "Page Program": bytes past the page end wrap to its start */
#define FLASH_BLOCK_SIZE 65536u /* "64KB Block Erase" */

struct ice40_flash_id {
    uint8_t manufacturer, memory_type, capacity; /* W25Q128JV: EF 40 18 (Read JEDEC ID) */
    uint32_t size_bytes;                         /* 2^capacity, 0 when unknown */
};

/* Called as the work advances; stage is "erase", "program" or "verify". */
typedef void (*ice40_flash_progress_fn)(void *ctx, const char *stage, size_t done, size_t total);

/* Holds the FPGA in reset, wakes the flash and reads its JEDEC ID. 0 or -1 with a message
 * (no flash answering: all-0 or all-1 ID). divisor: the MPSSE SCLK divisor. */
int ice40_flash_open(const struct usb_link_port *port, uint16_t divisor, struct ice40_flash_id *id,
                     char *err, size_t errlen);

/* Erases the blocks image covers from address 0, programs it page by page and reads it back.
 * 0 or -1 with a message (busy timeout, write enable refused, mismatch at an address). */
int ice40_flash_write(const struct usb_link_port *port, const struct ice40_flash_id *id,
                      const uint8_t *image, size_t len, ice40_flash_progress_fn progress,
                      void *progress_ctx, char *err, size_t errlen);

/* Pulses CRESET_B and lets the FPGA boot from the flash; 0 once CDONE is high (then the
 * flash goes back to deep power-down, see ice40_prog.h), -1 after timeout_ms without it. */
int ice40_flash_boot(const struct usb_link_port *port, uint32_t timeout_ms, char *err,
                     size_t errlen);

#endif
