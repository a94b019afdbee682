/* SPDX-License-Identifier: MIT */
#include "spi_flash_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/usb/spi_flash.h"

#define ERASE_BUSY_READS 3 /* status reads that see BUSY after an erase */
#define PROGRAM_BUSY_READS 1

struct spi_flash_model {
    uint8_t *mem;
    uint32_t size;
    int selected;
    uint8_t shift;  /* the byte coming in */
    unsigned nbits; /* bits of this instruction so far */
    uint8_t cmd[4]; /* opcode and address */
    uint8_t page[FLASH_PAGE_SIZE];
    size_t npage; /* data bytes of a Page Program */
    uint8_t out;  /* the byte going out */
    uint32_t read_addr;
    int wel, busy; /* busy: status reads still to see BUSY */
    struct spi_flash_model_stats st;
};

static void violation(struct spi_flash_model *f, const char *msg, unsigned a)
{
    f->st.violations++;
    snprintf(f->st.last_violation, sizeof(f->st.last_violation), msg, a);
}

struct spi_flash_model *spi_flash_model_new(uint32_t size_bytes)
{
    struct spi_flash_model *f = calloc(1, sizeof(*f));

    if (!f || size_bytes < 65536 || size_bytes > (1u << 24) || (size_bytes & (size_bytes - 1)) ||
        !(f->mem = malloc(size_bytes))) {
        free(f);
        return NULL;
    }
    memset(f->mem, 0xFF, size_bytes);
    f->size = size_bytes;
    f->out = 0xFF;
    return f;
}

void spi_flash_model_free(struct spi_flash_model *f)
{
    if (f)
        free(f->mem);
    free(f);
}

static uint32_t addr_of(const struct spi_flash_model *f)
{
    return ((uint32_t)f->cmd[1] << 16 | (uint32_t)f->cmd[2] << 8 | f->cmd[3]) & (f->size - 1);
}

static uint8_t status(const struct spi_flash_model *f)
{
    return (uint8_t)((f->busy ? FLASH_STATUS_BUSY : 0) | (f->wel ? FLASH_STATUS_WEL : 0));
}

void spi_flash_model_select(struct spi_flash_model *f)
{
    f->selected = 1;
    f->nbits = 0;
    f->npage = 0;
    f->out = 0xFF;
}

/* A whole byte came in (index: its place in the instruction); out gets the next one. */
static void byte_in(struct spi_flash_model *f, unsigned index, uint8_t v)
{
    if (index < 4)
        f->cmd[index] = v;
    if (index == 0 && f->busy && v != FLASH_READ_STATUS1)
        violation(f, "instruction 0x%02x while the flash is busy", v);
    switch (f->cmd[0]) {
    case FLASH_READ_STATUS1:
        f->out = status(f);
        if (index == 0 && f->busy) {
            f->st.busy_reads++;
            f->busy--;
        }
        break;
    case FLASH_JEDEC_ID: {
        unsigned log2 = 0;
        while ((1u << log2) < f->size)
            log2++;
        f->out = index == 0 ? 0xEF : index == 1 ? 0x40 : index == 2 ? (uint8_t)log2 : 0xFF;
        break;
    }
    case FLASH_READ_DATA:
        if (index == 3)
            f->read_addr = addr_of(f);
        if (index >= 3) {
            f->out = f->mem[f->read_addr];
            f->read_addr = (f->read_addr + 1) & (f->size - 1);
        }
        break;
    case FLASH_PAGE_PROGRAM:
        if (index >= 4) {
            if (f->npage == FLASH_PAGE_SIZE)
                violation(f, "Page Program of more than %u bytes", FLASH_PAGE_SIZE);
            else
                f->page[f->npage++] = v;
        }
        break;
    case FLASH_WRITE_ENABLE:
    case FLASH_BLOCK_ERASE_64K:
    case 0xAB: /* Release Power-down */
    case 0xB9: /* Power-down */
        break;
    default:
        if (index == 0)
            violation(f, "unknown instruction 0x%02x", v);
    }
}

void spi_flash_model_clock(struct spi_flash_model *f, int mosi)
{
    if (!f->selected)
        return;
    f->shift = (uint8_t)(f->shift << 1 | (mosi ? 1 : 0));
    if (++f->nbits % 8 == 0)
        byte_in(f, f->nbits / 8 - 1, f->shift);
}

int spi_flash_model_miso(const struct spi_flash_model *f)
{
    return f->selected ? (f->out >> (7 - f->nbits % 8)) & 1 : 1;
}

void spi_flash_model_deselect(struct spi_flash_model *f)
{
    unsigned bytes = f->nbits / 8;

    if (!f->selected)
        return;
    f->selected = 0;
    if (f->nbits % 8) {
        violation(f, "chip select rose after %u bits, within a byte", f->nbits);
        return;
    }
    if (!bytes || f->busy)
        return;
    if (f->cmd[0] == FLASH_WRITE_ENABLE && bytes == 1) {
        f->wel = 1;
    } else if (f->cmd[0] == FLASH_PAGE_PROGRAM && bytes >= 5) {
        uint32_t a = addr_of(f), base = a & ~(FLASH_PAGE_SIZE - 1);
        if (!f->wel) {
            violation(f, "Page Program without Write Enable (at 0x%06x)", a);
            return;
        }
        for (size_t i = 0; i < f->npage; i++)
            f->mem[base + ((a + i) & (FLASH_PAGE_SIZE - 1))] &= f->page[i];
        f->st.programs++;
        f->wel = 0;
        f->busy = PROGRAM_BUSY_READS;
    } else if (f->cmd[0] == FLASH_BLOCK_ERASE_64K && bytes == 4) {
        uint32_t a = addr_of(f) & ~(FLASH_BLOCK_SIZE - 1);
        if (!f->wel) {
            violation(f, "64KB Block Erase without Write Enable (at 0x%06x)", a);
            return;
        }
        memset(f->mem + a, 0xFF, FLASH_BLOCK_SIZE);
        f->st.erases++;
        f->wel = 0;
        f->busy = ERASE_BUSY_READS;
    }
}

const uint8_t *spi_flash_model_data(const struct spi_flash_model *f, size_t *len)
{
    *len = f->size;
    return f->mem;
}

void spi_flash_model_get_stats(const struct spi_flash_model *f, struct spi_flash_model_stats *st)
{
    *st = f->st;
}
