/* SPDX-License-Identifier: MIT */
/*
 * Writing an image into a JEDEC SPI NOR flash from address 0, whatever carries the SPI
 * instructions: the FT2232H's MPSSE on the iCE40 boards (ice40_flash.c), the ECP5's JTAG
 * pass-through on the ULX3S (transport/uart/ecp5_flash.c). The instructions are those of
 * Winbond's W25Q128JV ("W25Q128JV 3V 128M-bit serial flash memory with dual/quad SPI",
 * revision F, 2018; the names in quotes below are its instruction and parameter titles),
 * which the other JEDEC SPI NOR flashes of these boards share. Timing limits are the
 * maximum values of its "AC Electrical Characteristics": tPP 3 ms (Page Program), tBE2
 * 2000 ms (64KB Block Erase).
 */
#ifndef OCLHLS_SPI_FLASH_H
#define OCLHLS_SPI_FLASH_H

#include <stddef.h>
#include <stdint.h>

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

/*
 * What carries the instructions. Several may be queued before a run, which sends them and
 * returns what came back: one round trip for a Write Enable, a status read, an erase and
 * another status read.
 */
struct spi_flash_bus {
    void *ctx;
    /* One instruction under chip select: n bytes out. With reading, the n bytes that came
       back during it (full duplex) are returned by the next run, after those of the
       instructions queued before it. */
    void (*queue)(void *ctx, const uint8_t *out, size_t n, int reading);
    /* Sends what is queued; in gets the read-back bytes (may be NULL when none). 0 or -1
       with a message. */
    int (*run)(void *ctx, uint8_t *in, char *err, size_t errlen);
    void (*delay_us)(void *ctx, uint32_t us); /* may be NULL */
};

struct spi_flash_id {
    uint8_t manufacturer, memory_type, capacity; /* W25Q128JV: EF 40 18 (Read JEDEC ID) */
    uint32_t size_bytes;                         /* 2^capacity, 0 when unknown */
};

/* Called as the work advances; stage is "erase", "program" or "verify". */
typedef void (*spi_flash_progress_fn)(void *ctx, const char *stage, size_t done, size_t total);

/* Read JEDEC ID. 0 (the flash answers), or -1 with a message: the transfer failed, or the
 * ID is all 0 or all 1 (no flash answers; where_hint says where one was expected). */
int spi_flash_read_id(const struct spi_flash_bus *bus, struct spi_flash_id *id,
                      const char *where_hint, char *err, size_t errlen);

/* Erases the 64 KiB blocks image covers from address 0, programs it page by page and reads
 * it back. 0 or -1 with a message (busy timeout, write enable refused, a mismatch at an
 * address, an image too large for the flash or for 24-bit addresses). */
int spi_flash_write(const struct spi_flash_bus *bus, const struct spi_flash_id *id,
                    const uint8_t *image, size_t len, spi_flash_progress_fn progress,
                    void *progress_ctx, char *err, size_t errlen);

#endif
