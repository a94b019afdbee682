/* SPDX-License-Identifier: MIT */
/* The flash protocol of spi_flash.h, over any spi_flash_bus. */
#include "spi_flash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

#define PAGE_TIMEOUT_US 20000u    /* tPP max 3 ms, with margin */
#define PAGE_POLL_US 100u         /* tPP typically 0.4 ms */
#define ERASE_TIMEOUT_US 4000000u /* tBE2 max 2000 ms, with margin */
#define ERASE_POLL_US 5000u       /* tBE2 typically 150 ms */
#define READ_CHUNK 4096u          /* bytes per Read Data instruction: progress granularity */

static void wait_us(const struct spi_flash_bus *bus, uint32_t us)
{
    if (bus->delay_us)
        bus->delay_us(bus->ctx, us);
}

static void put_addr(uint8_t *p, uint8_t op, uint32_t addr)
{
    p[0] = op;
    p[1] = (uint8_t)(addr >> 16);
    p[2] = (uint8_t)(addr >> 8);
    p[3] = (uint8_t)addr;
}

/* Read Status Register-1: 2 bytes come back, the status is the second. */
static void queue_status(const struct spi_flash_bus *bus)
{
    static const uint8_t cmd[2] = {FLASH_READ_STATUS1, 0};

    bus->queue(bus->ctx, cmd, sizeof(cmd), 1);
}

/* Polls BUSY every poll_us until it clears; timeout_us counts the waits asked for. */
static int wait_ready(const struct spi_flash_bus *bus, uint32_t poll_us, uint32_t timeout_us,
                      const char *what, char *err, size_t errlen)
{
    uint32_t waited = 0;
    uint8_t st[2];

    for (;;) {
        queue_status(bus);
        if (bus->run(bus->ctx, st, err, errlen))
            return -1;
        if (!(st[1] & FLASH_STATUS_BUSY))
            return 0;
        if (waited >= timeout_us)
            return oclhls_fail(err, errlen,
                               "the flash stayed busy for %u ms after %s (status 0x%02x): "
                               "flash damaged or not a W25Q-compatible part?",
                               waited / 1000, what, st[1]);
        wait_us(bus, poll_us);
        waited += poll_us;
    }
}

/*
 * Write Enable, Read Status (to see WEL), then the program or erase instruction, then a
 * first Read Status: one round trip. Without WEL the chip ignores the instruction, so a
 * missing WEL is reported as the cause.
 */
static int enabled_cmd(const struct spi_flash_bus *bus, const uint8_t *cmd, size_t n,
                       uint32_t poll_us, uint32_t timeout_us, const char *what, char *err,
                       size_t errlen)
{
    static const uint8_t wren = FLASH_WRITE_ENABLE;
    uint8_t st[4];

    bus->queue(bus->ctx, &wren, 1, 0);
    queue_status(bus);
    bus->queue(bus->ctx, cmd, n, 0);
    queue_status(bus);
    if (bus->run(bus->ctx, st, err, errlen))
        return -1;
    if (!(st[1] & FLASH_STATUS_WEL))
        return oclhls_fail(err, errlen,
                           "the flash refused Write Enable before %s (status 0x%02x): "
                           "write-protected or not answering",
                           what, st[1]);
    if (!(st[3] & FLASH_STATUS_BUSY))
        return 0;
    return wait_ready(bus, poll_us, timeout_us, what, err, errlen);
}

int spi_flash_read_id(const struct spi_flash_bus *bus, struct spi_flash_id *id,
                      const char *where_hint, char *err, size_t errlen)
{
    static const uint8_t jedec[4] = {FLASH_JEDEC_ID, 0, 0, 0};
    uint8_t in[4];

    memset(id, 0, sizeof(*id));
    bus->queue(bus->ctx, jedec, sizeof(jedec), 1);
    if (bus->run(bus->ctx, in, err, errlen))
        return -1;
    id->manufacturer = in[1];
    id->memory_type = in[2];
    id->capacity = in[3];
    if ((in[1] == 0xFF && in[2] == 0xFF && in[3] == 0xFF) || (!in[1] && !in[2] && !in[3]))
        return oclhls_fail(err, errlen, "no SPI flash answers (JEDEC ID %02x %02x %02x): %s", in[1],
                           in[2], in[3], where_hint);
    /* JEDEC capacity code: log2 of the size in bytes (0x18: 16 MiB) */
    id->size_bytes = id->capacity >= 0x10 && id->capacity <= 0x1F ? 1u << id->capacity : 0;
    return 0;
}

static int erase(const struct spi_flash_bus *bus, size_t len, spi_flash_progress_fn progress,
                 void *ctx, char *err, size_t errlen)
{
    size_t blocks = (len + FLASH_BLOCK_SIZE - 1) / FLASH_BLOCK_SIZE;

    for (size_t i = 0; i < blocks; i++) {
        uint8_t cmd[4];
        char what[64];

        if (progress)
            progress(ctx, "erase", i, blocks);
        put_addr(cmd, FLASH_BLOCK_ERASE_64K, (uint32_t)(i * FLASH_BLOCK_SIZE));
        snprintf(what, sizeof(what), "erasing the 64 KiB block at 0x%06zx", i * FLASH_BLOCK_SIZE);
        if (enabled_cmd(bus, cmd, sizeof(cmd), ERASE_POLL_US, ERASE_TIMEOUT_US, what, err, errlen))
            return -1;
    }
    if (progress)
        progress(ctx, "erase", blocks, blocks);
    return 0;
}

static int program(const struct spi_flash_bus *bus, const uint8_t *image, size_t len,
                   spi_flash_progress_fn progress, void *ctx, char *err, size_t errlen)
{
    uint8_t cmd[4 + FLASH_PAGE_SIZE];

    for (size_t at = 0; at < len; at += FLASH_PAGE_SIZE) {
        size_t n = len - at < FLASH_PAGE_SIZE ? len - at : FLASH_PAGE_SIZE;
        char what[64];

        if (progress)
            progress(ctx, "program", at, len);
        put_addr(cmd, FLASH_PAGE_PROGRAM, (uint32_t)at);
        memcpy(cmd + 4, image + at, n);
        snprintf(what, sizeof(what), "programming the page at 0x%06zx", at);
        if (enabled_cmd(bus, cmd, 4 + n, PAGE_POLL_US, PAGE_TIMEOUT_US, what, err, errlen))
            return -1;
    }
    if (progress)
        progress(ctx, "program", len, len);
    return 0;
}

static int verify(const struct spi_flash_bus *bus, const uint8_t *image, size_t len,
                  spi_flash_progress_fn progress, void *ctx, char *err, size_t errlen)
{
    uint8_t *out = calloc(1, 4 + READ_CHUNK), *in = malloc(4 + READ_CHUNK);
    int rc = -1;

    if (!out || !in) {
        oclhls_fail(err, errlen, "out of host memory");
        goto done;
    }
    for (size_t at = 0; at < len; at += READ_CHUNK) {
        size_t n = len - at < READ_CHUNK ? len - at : READ_CHUNK;

        if (progress)
            progress(ctx, "verify", at, len);
        put_addr(out, FLASH_READ_DATA, (uint32_t)at);
        bus->queue(bus->ctx, out, 4 + n, 1);
        if (bus->run(bus->ctx, in, err, errlen))
            goto done;
        for (size_t i = 0; i < n; i++)
            if (in[4 + i] != image[at + i]) {
                oclhls_fail(err, errlen,
                            "flash verify failed at 0x%06zx: read 0x%02x, wrote 0x%02x", at + i,
                            in[4 + i], image[at + i]);
                goto done;
            }
    }
    if (progress)
        progress(ctx, "verify", len, len);
    rc = 0;
done:
    free(out);
    free(in);
    return rc;
}

int spi_flash_write(const struct spi_flash_bus *bus, const struct spi_flash_id *id,
                    const uint8_t *image, size_t len, spi_flash_progress_fn progress,
                    void *progress_ctx, char *err, size_t errlen)
{
    if (len == 0)
        return oclhls_fail(err, errlen, "the bitstream is empty");
    if (id->size_bytes && len > id->size_bytes)
        return oclhls_fail(err, errlen, "the bitstream (%zu bytes) does not fit the %u-byte flash",
                           len, id->size_bytes);
    if (len > 0x1000000u)
        return oclhls_fail(err, errlen,
                           "the bitstream (%zu bytes) is beyond 24-bit flash addresses", len);
    if (erase(bus, len, progress, progress_ctx, err, errlen) ||
        program(bus, image, len, progress, progress_ctx, err, errlen) ||
        verify(bus, image, len, progress, progress_ctx, err, errlen))
        return -1;
    return 0;
}
