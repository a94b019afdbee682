/* SPDX-License-Identifier: MIT */
/*
 * Loading the ULX3S over JTAG (runtime/transport/uart/ecp5_jtag.c) against the model of the
 * FT231X's bit-bang and the ECP5's TAP and configuration logic (jtag_model.c): the
 * instruction sequence, the bitstream bytes as the device receives them, and the errors
 * (another device, no device, a file that is no bitstream). Then the model itself: it must
 * catch a burst without ISC_ENABLE / ISC_ERASE, and TMS changing with a TCK edge. Then the
 * SPI flash through the ECP5's JTAG pass-through (ecp5_flash.c) against the model's flash
 * (spi_flash_model.c): two images written one over the other, each byte-exact with the rest
 * erased, the FPGA configured from the flash; an image that is no bitstream does not
 * configure it; the models catch a wrong pass-through key and a program without Write Enable.
 *
 *   ecp5_jtag_test                  the tests above
 *   ecp5_jtag_test oclbin PATH      writes a stand-in ULX3S program file (sections ecp5 and
 *                                   bitstream) for `oclhls program`'s test
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oclbin.h"
#include "transport/uart/ecp5_flash.h"
#include "transport/uart/ecp5_jtag.h"
#include "transport/uart/jtag_bitbang.h"
#include "transport/uart/jtag_model.h"
#include "transport/uart/spi_flash_model.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

/* A stand-in ECP5 bitstream: ecppack's header (FF 00, text, 00 FF), the preamble, bytes of
   every value. */
static uint8_t *fake_bitstream(size_t n, size_t *len)
{
    static const char head[] = "\xff\x00Part: LFE5U-85F-8CABGA381\x00\xff";
    uint8_t *b = malloc(n);
    size_t h = sizeof(head) - 1;

    memcpy(b, head, h);
    memcpy(b + h, "\xff\xff\xbd\xb3", 4);
    for (size_t i = h + 4; i < n; i++)
        b[i] = (uint8_t)(i * 131 + (i >> 8));
    *len = n;
    return b;
}

static void good(void)
{
    static const uint8_t want[] = {ECP5_IR_READ_ID,
                                   ECP5_IR_ISC_ENABLE,
                                   ECP5_IR_ISC_ERASE,
                                   ECP5_IR_LSC_READ_STATUS,
                                   ECP5_IR_LSC_BITSTREAM_BURST,
                                   ECP5_IR_ISC_DISABLE,
                                   ECP5_IR_LSC_READ_STATUS,
                                   ECP5_IR_BYPASS};
    struct jtag_model *m = jtag_model_new(ECP5_IDCODE_LFE5U_85F);
    struct jtag_model_stats st;
    struct usb_link_port port;
    size_t len, got;
    uint8_t *bits = fake_bitstream(10007, &len);
    const uint8_t *rx;
    char err[256] = "";
    uint32_t id = 0;

    jtag_model_port(m, &port);
    CHECK(ecp5_jtag_read_id(&port, &id, err, sizeof(err)) == 0 && id == ECP5_IDCODE_LFE5U_85F,
          "READ_ID: %08x (%s)", id, err);
    CHECK(ecp5_jtag_program_sram(&port, bits, len, err, sizeof(err)) == 0, "program: %s", err);
    jtag_model_get_stats(m, &st);
    rx = jtag_model_bitstream(m, &got);
    CHECK(got == len && memcmp(rx, bits, len) == 0, "the device received %zu bytes of %zu%s", got,
          len, got == len ? ", different" : "");
    CHECK(st.violations == 0, "%u violations, the last: %s", st.violations, st.last_violation);
    CHECK(st.done && !st.isc_enabled, "DONE %d, ISC enabled %d", st.done, st.isc_enabled);
    /* READ_ID twice: ecp5_jtag_read_id, then the programming's own */
    CHECK(st.n_instructions == 1 + sizeof(want) &&
              memcmp(st.instructions + 1, want, sizeof(want)) == 0,
          "instruction sequence (%u instructions)", st.n_instructions);
    fprintf(stderr, "programmed %zu bytes in %llu TCK cycles, %u instructions\n", len,
            (unsigned long long)st.tck_cycles, st.n_instructions);
    port.close(port.ctx);
    free(bits);
}

static void refused(uint32_t idcode, const uint8_t *bits, size_t len, const char *want)
{
    struct jtag_model *m = jtag_model_new(idcode);
    struct usb_link_port port;
    struct jtag_model_stats st;
    char err[256] = "";

    jtag_model_port(m, &port);
    CHECK(ecp5_jtag_program_sram(&port, bits, len, err, sizeof(err)) != 0 && strstr(err, want),
          "idcode %08x: wanted an error with \"%s\", got \"%s\"", idcode, want, err);
    jtag_model_get_stats(m, &st);
    CHECK(!st.done, "DONE after a refused load");
    fprintf(stderr, "refused as it should be: %s\n", err);
    port.close(port.ctx);
}

/* The model must see a broken sequence: a burst straight after reset. */
static void model_catches_order(void)
{
    struct jtag_model *m = jtag_model_new(ECP5_IDCODE_LFE5U_85F);
    struct usb_link_port port;
    struct jtag_model_stats st;
    struct jtag_buf b = {0};
    uint8_t rx[1 << 16];
    char err[128];

    jtag_model_port(m, &port);
    jtag_reset(&b);
    jtag_shift(&b, 1, (const uint8_t[]){ECP5_IR_LSC_BITSTREAM_BURST}, 8, NULL);
    jtag_shift_begin(&b);
    jtag_shift_bytes_msb(&b, (const uint8_t *)"\xff\xff\xbd\xb3", 4, 1);
    jtag_shift(&b, 1, (const uint8_t[]){ECP5_IR_ISC_DISABLE}, 8, NULL);
    port.write(port.ctx, b.data, b.len, err, sizeof(err));
    port.read(port.ctx, rx, b.len, err, sizeof(err));
    jtag_model_get_stats(m, &st);
    CHECK(st.violations >= 2 && !st.done, "a burst without ISC_ENABLE: %u violations",
          st.violations);
    fprintf(stderr, "model: %s\n", st.last_violation);
    port.close(port.ctx);
    jtag_buf_free(&b);
}

/* ... and TMS changing in the same byte as TCK rises. */
static void model_catches_edges(void)
{
    struct jtag_model *m = jtag_model_new(ECP5_IDCODE_LFE5U_85F);
    struct usb_link_port port;
    struct jtag_model_stats st;
    const uint8_t bytes[] = {0, ULX3S_JTAG_TCK | ULX3S_JTAG_TMS};
    uint8_t rx[2];
    char err[128];

    jtag_model_port(m, &port);
    port.write(port.ctx, bytes, 2, err, sizeof(err));
    port.read(port.ctx, rx, 2, err, sizeof(err));
    jtag_model_get_stats(m, &st);
    CHECK(st.violations == 1, "TMS with the TCK edge: %u violations", st.violations);
    port.close(port.ctx);
}

/* Writes image into the model's flash and boots from it; 0 when DONE. */
static int flash_once(struct jtag_model *m, const uint8_t *image, size_t len, char *err,
                      size_t errlen)
{
    struct usb_link_port port;
    struct spi_flash_id id;

    jtag_model_port(m, &port);
    if (ecp5_flash_open(&port, &id, err, errlen))
        return -1;
    CHECK(id.manufacturer == 0xEF && id.memory_type == 0x40 && id.capacity == 0x18 &&
              id.size_bytes == 16u << 20,
          "JEDEC ID %02x %02x %02x", id.manufacturer, id.memory_type, id.capacity);
    if (ecp5_flash_write(&port, &id, image, len, NULL, NULL, err, errlen))
        return -1;
    return ecp5_flash_boot(&port, err, errlen);
}

static void flash_good(void)
{
    struct jtag_model *m = jtag_model_new(ECP5_IDCODE_LFE5U_85F);
    struct spi_flash_model_stats fs;
    struct jtag_model_stats st;
    size_t len, len2, n, bad = 0;
    uint8_t *bits = fake_bitstream(70001, &len), *bits2 = fake_bitstream(300, &len2);
    const uint8_t *mem;
    char err[256] = "";

    for (size_t i = 40; i < len; i++) /* another image over the first: the erase must act */
        bits[i] ^= 0x5A;
    CHECK(flash_once(m, bits2, len2, err, sizeof(err)) == 0, "first image: %s", err);
    CHECK(flash_once(m, bits, len, err, sizeof(err)) == 0, "second image: %s", err);
    mem = spi_flash_model_data(jtag_model_flash(m), &n);
    while (bad < n && mem[bad] == (bad < len ? bits[bad] : 0xFF))
        bad++;
    CHECK(bad == n, "the flash differs at 0x%06zx", bad);
    jtag_model_get_stats(m, &st);
    spi_flash_model_get_stats(jtag_model_flash(m), &fs);
    CHECK(st.violations == 0, "JTAG model: %u violations, the last: %s", st.violations,
          st.last_violation);
    CHECK(fs.violations == 0, "flash model: %u violations, the last: %s", fs.violations,
          fs.last_violation);
    CHECK(st.done && st.refreshes == 2 && st.spi_entered == 2,
          "DONE %d, %u refreshes, %u "
          "pass-throughs",
          st.done, st.refreshes, st.spi_entered);
    CHECK(fs.erases == 1 + 2 && fs.programs == 2 + (len + 255) / 256 && fs.busy_reads > 0,
          "%u erases, %u page programs, %u busy status reads", fs.erases, fs.programs,
          fs.busy_reads);
    fprintf(stderr,
            "flash: %zu bytes written and verified through JTAG, %u erases, %u page "
            "programs, %u busy status reads, %llu TCK cycles; DONE from the flash\n",
            len, fs.erases, fs.programs, fs.busy_reads, (unsigned long long)st.tck_cycles);
    jtag_model_free(m);
    free(bits);
    free(bits2);
}

/* An image without the preamble is written but does not configure the FPGA. */
static void flash_not_a_bitstream(void)
{
    static const uint8_t text[] = "module oclhls_system(input wire clk);\nendmodule\n";
    struct jtag_model *m = jtag_model_new(ECP5_IDCODE_LFE5U_85F);
    char err[256] = "";

    CHECK(flash_once(m, text, sizeof(text) - 1, err, sizeof(err)) != 0 &&
              strstr(err, "did not configure itself from the flash"),
          "wanted a refusal to boot, got \"%s\"", err);
    fprintf(stderr, "refused as it should be: %s\n", err);
    jtag_model_free(m);
}

/* The models see a wrong pass-through key and a Page Program without Write Enable. */
static void flash_models_catch(void)
{
    static const uint8_t pp[5] = {0x02, 0, 0, 0, 0x12};
    struct jtag_model *m = jtag_model_new(ECP5_IDCODE_LFE5U_85F);
    struct spi_flash_model *f = spi_flash_model_new(1u << 20);
    struct spi_flash_model_stats fs;
    struct jtag_model_stats st;
    struct usb_link_port port;
    struct jtag_buf b = {0};
    uint8_t ir = ECP5_IR_LSC_PROG_SPI, key[2] = {0x68, 0xFE}, rx[4096];
    char err[128];

    jtag_model_port(m, &port);
    jtag_reset(&b);
    jtag_shift(&b, 1, &ir, 8, NULL);
    jtag_shift(&b, 0, key, 16, NULL); /* the key's bytes swapped */
    CHECK(ecp5_jtag_run(&port, &b, rx, err, sizeof(err)) == 0, "%s", err);
    jtag_model_get_stats(m, &st);
    CHECK(st.violations == 1, "a wrong LSC_PROG_SPI key: %u violations", st.violations);
    jtag_buf_free(&b);
    jtag_model_free(m);

    spi_flash_model_select(f);
    for (size_t i = 0; i < 8 * sizeof(pp); i++)
        spi_flash_model_clock(f, (pp[i / 8] >> (7 - i % 8)) & 1);
    spi_flash_model_deselect(f);
    spi_flash_model_get_stats(f, &fs);
    CHECK(fs.violations == 1 && fs.programs == 0, "Page Program without WEL: %u violations",
          fs.violations);
    spi_flash_model_free(f);
}

static int write_oclbin(const char *path)
{
    size_t len, size = 0;
    uint8_t *bits = fake_bitstream(10007, &len);
    struct oclbin *bin = oclbin_new();
    void *out = NULL;
    FILE *f;
    int ok;

    ok = bin && !oclbin_add_section(bin, "ecp5", "{}", 2) &&
         !oclbin_add_section(bin, "bitstream", bits, len) && !oclbin_write(bin, &out, &size) &&
         (f = fopen(path, "wb")) != NULL;
    if (ok) {
        ok = fwrite(out, 1, size, f) == size;
        ok = !fclose(f) && ok;
    }
    free(out);
    free(bits);
    oclbin_free(bin);
    fprintf(stderr, "%s %s\n", ok ? "wrote" : "FAIL: cannot write", path);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    size_t len;
    uint8_t *bits = fake_bitstream(4096, &len);
    const char verilog[] = "module oclhls_system(input wire clk);\nendmodule\n";

    if (argc == 3 && !strcmp(argv[1], "oclbin")) {
        free(bits);
        return write_oclbin(argv[2]);
    }

    good();
    refused(0x41112043u, bits, len, "not the LFE5U-85F's 41113043"); /* an LFE5U-45F */
    refused(0xFFFFFFFFu, bits, len, "no JTAG device answers");
    refused(ECP5_IDCODE_LFE5U_85F, (const uint8_t *)verilog, sizeof(verilog) - 1,
            "did not accept the bitstream");
    model_catches_order();
    model_catches_edges();
    flash_good();
    flash_not_a_bitstream();
    flash_models_catch();
    free(bits);
    fprintf(stderr, "%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
