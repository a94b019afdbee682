/* SPDX-License-Identifier: MIT */
/*
 * A model of a JEDEC SPI NOR flash for tests, at the level of its pins: chip select, a
 * rising SCLK edge with MOSI, and the MISO bit it drives after the falling edge (SPI mode
 * 0, MSB first). It answers the instructions of spi_flash.h as Winbond's W25Q128JV does
 * ("Instruction Set Table 1"): Write Enable sets WEL; Page Program and 64KB Block Erase act
 * when chip select rises after whole bytes, only with WEL set (which they clear), and make
 * the flash busy; Page Program can only clear bits (program over an unerased byte ANDs)
 * and wraps within its page; Read Status Register-1 gives BUSY and WEL; Read Data reads
 * on from its address; Read JEDEC ID gives EF 40 and log2 of the size. Busy lasts a few
 * status reads instead of milliseconds, so that a host polls it. Violations (counted, the
 * last one described): an instruction other than Read Status while busy, chip select
 * rising within a byte, an unknown instruction, a program or erase without WEL, a program
 * of more than a page.
 */
#ifndef OCLHLS_SPI_FLASH_MODEL_H
#define OCLHLS_SPI_FLASH_MODEL_H

#include <stddef.h>
#include <stdint.h>

struct spi_flash_model;

struct spi_flash_model_stats {
    uint32_t violations;
    char last_violation[160];
    uint32_t erases, programs, busy_reads; /* busy_reads: status reads that saw BUSY */
};

/* size_bytes: a power of two from 64 KiB to 16 MiB. NULL when out of memory. */
struct spi_flash_model *spi_flash_model_new(uint32_t size_bytes);
void spi_flash_model_free(struct spi_flash_model *f);

void spi_flash_model_select(struct spi_flash_model *f);          /* CS# falls */
void spi_flash_model_deselect(struct spi_flash_model *f);        /* CS# rises */
void spi_flash_model_clock(struct spi_flash_model *f, int mosi); /* a rising SCLK edge */
int spi_flash_model_miso(const struct spi_flash_model *f);       /* the bit driven now */

const uint8_t *spi_flash_model_data(const struct spi_flash_model *f, size_t *len);
void spi_flash_model_get_stats(const struct spi_flash_model *f, struct spi_flash_model_stats *st);

#endif
