/* SPDX-License-Identifier: MIT */
/*
 * SPI flash programming for iCE40 boards (ice40_flash.h). Timing limits are the maximum
 * values of the W25Q128JV datasheet's "AC Electrical Characteristics": tRES1 3 us (Release
 * Power-down to standby), tPP 3 ms (Page Program), tBE2 2000 ms (64KB Block Erase).
 *
 * While the flash is written, CRESET_B is held low: the FPGA keeps its SPI pins in high
 * impedance and the FT2232H alone talks to the flash (as icestorm's iceprog does on the
 * iCEBreaker). To boot, the FPGA must be the SPI master: Lattice TN1248 ("iCE40
 * Programming and Configuration") has the device configure itself from SPI flash when
 * SPI_SS_B is high as CRESET_B rises, so the FT2232H releases SCLK, MOSI and CS_n (inputs)
 * for the boot and takes them back after CDONE.
 */
#include "ice40_flash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ice40_prog.h"
#include "mpsse.h"
#include "strbuf.h"

#define RELEASE_PD_US 5           /* tRES1 max 3 us */
#define PAGE_TIMEOUT_US 20000u    /* tPP max 3 ms, with margin */
#define PAGE_POLL_US 100u         /* tPP typically 0.4 ms */
#define ERASE_TIMEOUT_US 4000000u /* tBE2 max 2000 ms, with margin */
#define ERASE_POLL_US 5000u       /* tBE2 typically 150 ms */
#define CRESET_LOW_US 200         /* TN1248: >= 200 ns */
#define BOOT_POLL_US 1000u
#define READ_CHUNK 4096u /* bytes per Read Data command: progress granularity */

/* Sends the buffer and reads back what it asked for (into in, which may be NULL when
 * nothing comes back). */
static int run(const struct usb_link_port *port, struct mpsse_buf *b, uint8_t *in, char *err,
               size_t errlen)
{
    size_t back = b->bytes_back;
    int rc;

    if (b->oom) {
        mpsse_buf_reset(b);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    rc = port->write(port->ctx, b->data, b->len, err, errlen);
    mpsse_buf_reset(b);
    if (rc == 0 && back)
        rc = port->read(port->ctx, in, back, err, errlen);
    return rc;
}

static void wait_us(const struct usb_link_port *port, uint32_t us)
{
    if (port->delay_us)
        port->delay_us(port->ctx, us);
}

/* One flash instruction under CS_n with the FPGA in reset; its bytes come back when
 * reading (a full-duplex transfer), else it is output only. */
static void flash_cmd(struct mpsse_buf *b, const uint8_t *out, size_t n, int reading)
{
    mpsse_set_pins(b, 0, 0);
    if (reading)
        mpsse_transfer(b, out, n);
    else
        mpsse_write_only(b, out, n);
    mpsse_set_pins(b, 1, 0);
}

static void put_addr(uint8_t *p, uint8_t op, uint32_t addr)
{
    p[0] = op;
    p[1] = (uint8_t)(addr >> 16);
    p[2] = (uint8_t)(addr >> 8);
    p[3] = (uint8_t)addr;
}

/* Read Status Register-1: 2 bytes come back, the status is the second. */
static void queue_status(struct mpsse_buf *b)
{
    static const uint8_t cmd[2] = {FLASH_READ_STATUS1, 0};

    flash_cmd(b, cmd, sizeof(cmd), 1);
}

/* Polls BUSY every poll_us until it clears; timeout_us counts the link's time. */
static int wait_ready(const struct usb_link_port *port, struct mpsse_buf *b, uint32_t poll_us,
                      uint32_t timeout_us, const char *what, char *err, size_t errlen)
{
    uint32_t waited = 0;
    uint8_t st[3];

    for (;;) {
        queue_status(b);
        mpsse_read_pins(b); /* also flushes the chip's read buffer (send immediate) */
        if (run(port, b, st, err, errlen))
            return -1;
        if (!(st[1] & FLASH_STATUS_BUSY))
            return 0;
        if (waited >= timeout_us)
            return oclhls_fail(err, errlen,
                               "the flash stayed busy for %u ms after %s (status 0x%02x): "
                               "flash damaged or not a W25Q-compatible part?",
                               waited / 1000, what, st[1]);
        wait_us(port, poll_us);
        waited += poll_us;
    }
}

/*
 * Write Enable, Read Status (to see WEL), then the program or erase instruction, then a
 * first Read Status: one round trip. Without WEL the chip ignores the instruction, so a
 * missing WEL is reported as the cause.
 */
static int enabled_cmd(const struct usb_link_port *port, struct mpsse_buf *b, const uint8_t *cmd,
                       size_t n, uint32_t poll_us, uint32_t timeout_us, const char *what, char *err,
                       size_t errlen)
{
    static const uint8_t wren = FLASH_WRITE_ENABLE;
    uint8_t st[5];

    flash_cmd(b, &wren, 1, 0);
    queue_status(b);
    flash_cmd(b, cmd, n, 0);
    queue_status(b);
    mpsse_read_pins(b);
    if (run(port, b, st, err, errlen))
        return -1;
    if (!(st[1] & FLASH_STATUS_WEL))
        return oclhls_fail(err, errlen,
                           "the flash refused Write Enable before %s (status 0x%02x): "
                           "write-protected or not answering",
                           what, st[1]);
    if (!(st[3] & FLASH_STATUS_BUSY))
        return 0;
    return wait_ready(port, b, poll_us, timeout_us, what, err, errlen);
}

int ice40_flash_open(const struct usb_link_port *port, uint16_t divisor, struct ice40_flash_id *id,
                     char *err, size_t errlen)
{
    static const uint8_t jedec[4] = {FLASH_JEDEC_ID, 0, 0, 0};
    struct mpsse_buf b = {0};
    uint8_t in[5];
    int rc = -1;

    memset(id, 0, sizeof(*id));
    mpsse_setup(&b, divisor);
    mpsse_set_pins(&b, 1, 0); /* CRESET_B low: the FPGA lets go of the SPI pins */
    if (run(port, &b, NULL, err, errlen))
        goto out;
    wait_us(port, CRESET_LOW_US);
    mpsse_lone_byte(&b, FLASH_RELEASE_POWER_DOWN, 0);
    if (run(port, &b, NULL, err, errlen))
        goto out;
    wait_us(port, RELEASE_PD_US);
    flash_cmd(&b, jedec, sizeof(jedec), 1);
    mpsse_read_pins(&b);
    if (run(port, &b, in, err, errlen))
        goto out;
    id->manufacturer = in[1];
    id->memory_type = in[2];
    id->capacity = in[3];
    if ((in[1] == 0xFF && in[2] == 0xFF && in[3] == 0xFF) || (!in[1] && !in[2] && !in[3])) {
        oclhls_fail(err, errlen,
                    "no SPI flash answers (JEDEC ID %02x %02x %02x): is this an iCE40 board with "
                    "its configuration flash on FT2232H channel A?",
                    in[1], in[2], in[3]);
        goto out;
    }
    /* JEDEC capacity code: log2 of the size in bytes (0x18: 16 MiB) */
    id->size_bytes = id->capacity >= 0x10 && id->capacity <= 0x1F ? 1u << id->capacity : 0;
    rc = 0;
out:
    mpsse_buf_free(&b);
    return rc;
}

static int erase(const struct usb_link_port *port, struct mpsse_buf *b, size_t len,
                 ice40_flash_progress_fn progress, void *ctx, char *err, size_t errlen)
{
    size_t blocks = (len + FLASH_BLOCK_SIZE - 1) / FLASH_BLOCK_SIZE;

    for (size_t i = 0; i < blocks; i++) {
        uint8_t cmd[4];
        char what[64];

        if (progress)
            progress(ctx, "erase", i, blocks);
        put_addr(cmd, FLASH_BLOCK_ERASE_64K, (uint32_t)(i * FLASH_BLOCK_SIZE));
        snprintf(what, sizeof(what), "erasing the 64 KiB block at 0x%06zx", i * FLASH_BLOCK_SIZE);
        if (enabled_cmd(port, b, cmd, sizeof(cmd), ERASE_POLL_US, ERASE_TIMEOUT_US, what, err,
                        errlen))
            return -1;
    }
    if (progress)
        progress(ctx, "erase", blocks, blocks);
    return 0;
}

static int program(const struct usb_link_port *port, struct mpsse_buf *b, const uint8_t *image,
                   size_t len, ice40_flash_progress_fn progress, void *ctx, char *err,
                   size_t errlen)
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
        if (enabled_cmd(port, b, cmd, 4 + n, PAGE_POLL_US, PAGE_TIMEOUT_US, what, err, errlen))
            return -1;
    }
    if (progress)
        progress(ctx, "program", len, len);
    return 0;
}

static int verify(const struct usb_link_port *port, struct mpsse_buf *b, const uint8_t *image,
                  size_t len, ice40_flash_progress_fn progress, void *ctx, char *err, size_t errlen)
{
    uint8_t *out = calloc(1, 4 + READ_CHUNK), *in = malloc(4 + READ_CHUNK + 1);
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
        flash_cmd(b, out, 4 + n, 1);
        mpsse_read_pins(b);
        if (run(port, b, in, err, errlen))
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

int ice40_flash_write(const struct usb_link_port *port, const struct ice40_flash_id *id,
                      const uint8_t *image, size_t len, ice40_flash_progress_fn progress,
                      void *progress_ctx, char *err, size_t errlen)
{
    struct mpsse_buf b = {0};
    int rc = -1;

    if (len == 0)
        return oclhls_fail(err, errlen, "the bitstream is empty");
    if (id->size_bytes && len > id->size_bytes)
        return oclhls_fail(err, errlen, "the bitstream (%zu bytes) does not fit the %u-byte flash",
                           len, id->size_bytes);
    if (len > 0x1000000u)
        return oclhls_fail(err, errlen,
                           "the bitstream (%zu bytes) is beyond 24-bit flash addresses", len);
    if (erase(port, &b, len, progress, progress_ctx, err, errlen) == 0 &&
        program(port, &b, image, len, progress, progress_ctx, err, errlen) == 0 &&
        verify(port, &b, image, len, progress, progress_ctx, err, errlen) == 0)
        rc = 0;
    mpsse_buf_free(&b);
    return rc;
}

int ice40_flash_boot(const struct usb_link_port *port, uint32_t timeout_ms, char *err,
                     size_t errlen)
{
    /* ADBUS: CS_n and CRESET_B high, only CRESET_B an output (SCLK, MOSI, CS_n released) */
    static const uint8_t release[3] = {MPSSE_SET_LOW, MPSSE_PIN_CS_N | MPSSE_PIN_CRESET_N,
                                       MPSSE_PIN_CRESET_N};
    struct mpsse_buf b = {0};
    uint32_t waited = 0;
    uint8_t pins = 0;
    int rc = -1;

    mpsse_set_pins(&b, 1, 0); /* CRESET_B low with CS_n high */
    if (run(port, &b, NULL, err, errlen))
        goto out;
    wait_us(port, CRESET_LOW_US);
    if (port->write(port->ctx, release, sizeof(release), err, errlen))
        goto out;
    for (;;) {
        wait_us(port, BOOT_POLL_US);
        waited += BOOT_POLL_US;
        mpsse_read_pins(&b);
        if (run(port, &b, &pins, err, errlen))
            goto out;
        if (pins & MPSSE_PIN_CDONE)
            break;
        if (waited >= timeout_ms * 1000u) {
            oclhls_fail(
                err, errlen,
                "the FPGA did not boot from the flash: CDONE stayed low for %u ms (the image "
                "is not an iCE40 bitstream for this device?)",
                timeout_ms);
            goto out;
        }
    }
    /* The pins back to the host, the flash back to sleep: host-link frames share its wires. */
    mpsse_set_pins(&b, 1, 1);
    mpsse_lone_byte(&b, FLASH_DEEP_POWER_DOWN, 1);
    rc = run(port, &b, NULL, err, errlen);
out:
    mpsse_buf_free(&b);
    return rc;
}
