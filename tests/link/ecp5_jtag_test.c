/* SPDX-License-Identifier: MIT */
/*
 * Loading the ULX3S over JTAG (runtime/transport/uart/ecp5_jtag.c) against the model of the
 * FT231X's bit-bang and the ECP5's TAP and configuration logic (jtag_model.c): the
 * instruction sequence, the bitstream bytes as the device receives them, and the errors
 * (another device, no device, a file that is no bitstream). Then the model itself: it must
 * catch a burst without ISC_ENABLE / ISC_ERASE, and TMS changing with a TCK edge.
 *
 *   ecp5_jtag_test                  the tests above
 *   ecp5_jtag_test oclbin PATH      writes a stand-in ULX3S program file (sections ecp5 and
 *                                   bitstream) for `oclhls program`'s test
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oclbin.h"
#include "transport/uart/ecp5_jtag.h"
#include "transport/uart/jtag_bitbang.h"
#include "transport/uart/jtag_model.h"

static int failures;

#define CHECK(cond, ...)                                                                        \
    do {                                                                                        \
        if (!(cond)) {                                                                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                \
            fprintf(stderr, __VA_ARGS__);                                                       \
            fprintf(stderr, "\n");                                                              \
            failures++;                                                                         \
        }                                                                                       \
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
    static const uint8_t want[] = {ECP5_IR_READ_ID,          ECP5_IR_ISC_ENABLE,
                                   ECP5_IR_ISC_ERASE,        ECP5_IR_LSC_READ_STATUS,
                                   ECP5_IR_LSC_BITSTREAM_BURST, ECP5_IR_ISC_DISABLE,
                                   ECP5_IR_LSC_READ_STATUS,  ECP5_IR_BYPASS};
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
    CHECK(got == len && memcmp(rx, bits, len) == 0, "the device received %zu bytes of %zu%s",
          got, len, got == len ? ", different" : "");
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
    free(bits);
    fprintf(stderr, "%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
