// SPDX-License-Identifier: MIT
/*
 * oclhls devices / oclhls program [--flash] on the co-simulated iCEBreaker
 * (OCLHLS_USB_COSIM=link_slave.so: the MPSSE model, the configuration port and the
 * W25Q128JV flash model of tests/link/link_slave.cpp).
 *
 *   program_test OCLHLS SLAVE.so WORKDIR CASE
 *
 * CASE: cram, cram_wrong, flash, flash_no_preamble, flash_verify, no_bitstream, unplugged
 * and devices run the oclhls command and check its exit status, its messages and (flash)
 * the flash image the slave saved; model runs flash instructions in this process against
 * the model and checks that it catches a host's protocol errors. The program files are made here: a
 * sim-board program with a fake bitstream of a few KB attached (the configuration port
 * does not look inside a bitstream; the flash boot looks for the iCE40 preamble).
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "oclbin.h"
#include "transport/usb/cosim_port.h"
#include "transport/usb/ice40_flash.h"
#include "transport/usb/mpsse.h"

#define IMAGE_BYTES 5000 /* spans 20 pages, one 64 KiB block */
#define FLASH_BYTES (16u << 20)

static const char *oclhls, *slave, *workdir;
static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static char *path_of(const char *name)
{
    static char buf[8][1024];
    static int next;
    char *p = buf[next++ % 8];

    snprintf(p, 1024, "%s/%s", workdir, name);
    return p;
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");

    if (!f || fwrite(data, 1, len, f) != len) {
        printf("FAIL: cannot write %s\n", path);
        exit(1);
    }
    fclose(f);
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
        buf[n] = 0;
        *len = (size_t)n;
    } else {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

/* A fake bitstream: icepack's comment block, the preamble (unless not), random bytes. */
static void make_image(uint8_t *img, size_t len, int preamble, uint32_t seed)
{
    for (size_t i = 0; i < len; i++) {
        seed = seed * 1664525u + 1013904223u;
        img[i] = (uint8_t)(seed >> 24);
    }
    memcpy(img, "\xFF\x00oclhls test\x00\xFF", 15);
    if (preamble)
        memcpy(img + 15, "\x7E\xAA\x99\x7E", 4);
    else
        for (size_t i = 0; i + 4 <= len; i++)
            if (!memcmp(img + i, "\x7E\xAA\x99\x7E", 4))
                img[i] = 0;
}

/* A sim-board program file, with the bitstream section when bits is not NULL. */
static void make_program(const char *path, const uint8_t *bits, size_t len)
{
    static const char meta[] = "{ \"format\": 1, \"tool\": \"program_test\", \"board\": \"sim\" }";
    struct oclbin *bin = oclbin_new();
    void *out = NULL;
    size_t size = 0;

    if (!bin || oclbin_add_section(bin, "meta", meta, strlen(meta)) ||
        (bits && oclbin_add_section(bin, "bitstream", bits, len)) ||
        oclbin_write(bin, &out, &size)) {
        printf("FAIL: cannot make a program file\n");
        exit(1);
    }
    write_file(path, out, size);
    free(out);
    oclbin_free(bin);
}

/* Runs oclhls with OCLHLS_USB_COSIM=cosim (none when NULL); returns its exit status and
 * its output (stdout and stderr) in *out (malloc'ed), and prints it. */
static int run(const char *cosim, const char *args, char **out)
{
    char cmd[4096];
    size_t len = 0;
    int st;

    if (cosim)
        setenv("OCLHLS_USB_COSIM", cosim, 1);
    else
        unsetenv("OCLHLS_USB_COSIM");
    snprintf(cmd, sizeof(cmd), "'%s' %s > '%s' 2>&1", oclhls, args, path_of("out.txt"));
    printf("$ OCLHLS_USB_COSIM=%s oclhls %s\n", cosim ? cosim : "(unset)", args);
    st = system(cmd);
    *out = (char *)read_file(path_of("out.txt"), &len);
    if (!*out)
        *out = strdup("");
    printf("%s(exit %d)\n", *out, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* OCLHLS_USB_COSIM for the slave with the args key and value (link_slave.cpp). */
static char *cosim_spec(const char *key, const char *value)
{
    static char buf[2048];

    snprintf(buf, sizeof(buf), "%s:%s%s", slave, key, value);
    return buf;
}

static void case_cram(int wrong)
{
    uint8_t img[IMAGE_BYTES];
    char args[1200], *out;
    int rc;

    make_image(img, sizeof(img), 1, 1);
    make_program(path_of("x.oclbin"), img, sizeof(img));
    img[1234] ^= wrong ? 0x40 : 0; /* the FPGA expects another image */
    write_file(path_of("expect.bin"), img, sizeof(img));
    snprintf(args, sizeof(args), "program '%s' --device cosim", path_of("x.oclbin"));
    rc = run(cosim_spec("unconfigured,bits=", path_of("expect.bin")), args, &out);
    if (wrong) {
        CHECK(rc == 1 && strstr(out, "CDONE stayed low"), "a refused bitstream must fail");
    } else {
        CHECK(rc == 0, "CRAM programming failed");
        CHECK(strstr(out, "CDONE high"), "no CDONE report");
        CHECK(!strstr(out, "protocol error"), "the flash saw protocol errors");
    }
    free(out);
}

/* The flash image the slave saved holds img byte-exact, 0xFF after it. */
static void check_flash_file(const uint8_t *img, size_t len)
{
    size_t n = 0;
    uint8_t *flash = read_file(path_of("flash.bin"), &n);
    size_t first_bad = n;

    CHECK(flash && n == FLASH_BYTES, "the slave did not save a 16 MiB flash image");
    if (!flash || n != FLASH_BYTES) {
        free(flash);
        return;
    }
    for (size_t i = 0; i < n && first_bad == n; i++)
        if (flash[i] != (i < len ? img[i] : 0xFF))
            first_bad = i;
    CHECK(first_bad == n, "flash differs at 0x%06zx: 0x%02x", first_bad, flash[first_bad]);
    if (first_bad == n)
        printf("flash image: %zu bytes byte-exact, the rest erased\n", len);
    free(flash);
}

static void case_flash(int preamble)
{
    uint8_t img[IMAGE_BYTES];
    char args[1200], *out;
    int rc;

    remove(path_of("flash.bin"));
    snprintf(args, sizeof(args), "program '%s' --flash", path_of("x.oclbin"));
    /* twice with different images: the second has to erase the first */
    for (uint32_t seed = 2; seed <= 3; seed++) {
        make_image(img, sizeof(img), preamble, seed);
        make_program(path_of("x.oclbin"), img, sizeof(img));
        rc = run(cosim_spec("flash=", path_of("flash.bin")), args, &out);
        CHECK(!strstr(out, "protocol error"), "the flash saw protocol errors");
        CHECK(strstr(out, "JEDEC ID ef 40 18"), "no JEDEC ID printed");
        CHECK(strstr(out, "verify done"), "no verify");
        if (preamble) {
            CHECK(rc == 0, "flash programming failed");
            CHECK(strstr(out, "booted from the flash"), "no boot from flash");
        } else {
            CHECK(rc == 1 && strstr(out, "did not boot from the flash"),
                  "an image without the iCE40 preamble must not boot");
        }
        free(out);
        check_flash_file(img, sizeof(img));
        if (!preamble)
            break;
    }
}

/* A flash byte that does not take the program: the read-back must find it. */
static void case_flash_verify(void)
{
    uint8_t img[IMAGE_BYTES];
    char args[1200], *out;

    make_image(img, sizeof(img), 1, 5);
    img[0x123] = 0x5A; /* not 0xFF, so the bad cell shows */
    make_program(path_of("x.oclbin"), img, sizeof(img));
    snprintf(args, sizeof(args), "program '%s' --flash", path_of("x.oclbin"));
    CHECK(run(cosim_spec("flash_bad=", "0x123"), args, &out) == 1 &&
              strstr(out, "flash verify failed at 0x000123: read 0xff, wrote 0x5a") &&
              !strstr(out, "booted"),
          "a byte that did not program must fail the verification");
    free(out);
}

static void case_no_bitstream(void)
{
    char args[1200], *out;
    int rc;

    make_program(path_of("nobits.oclbin"), NULL, 0);
    snprintf(args, sizeof(args), "program '%s'", path_of("nobits.oclbin"));
    rc = run(cosim_spec("", ""), args, &out);
    CHECK(rc == 1 && strstr(out, "no bitstream") && strstr(out, "board 'sim'") &&
              strstr(out, "--board ice40"),
          "a program without a bitstream must be refused, naming its board and the fix");
    free(out);
}

static void case_unplugged(void)
{
    uint8_t img[IMAGE_BYTES];
    char args[1200], *out;

    make_image(img, sizeof(img), 1, 4);
    make_program(path_of("x.oclbin"), img, sizeof(img));
    for (int flash = 0; flash < 2; flash++) {
        snprintf(args, sizeof(args), "program '%s'%s", path_of("x.oclbin"),
                 flash ? " --flash" : "");
        CHECK(run("unplugged", args, &out) == 1 && strstr(out, "the board is gone"),
              "an unplugged board must give an error");
        free(out);
    }
}

static void case_devices(void)
{
    char *out;
    int rc = run(NULL, "devices", &out);

    /* no USB here: nothing, or (a machine with boards) a table */
    CHECK(rc == 0 && (strstr(out, "no boards found") || strstr(out, "SERIAL")),
          "devices without a board");
    CHECK(!strstr(out, "cosim"), "the co-simulated board listed without OCLHLS_USB_COSIM");
    free(out);
    rc = run(cosim_spec("", ""), "devices", &out);
    CHECK(rc == 0 && strstr(out, "SERIAL") && strstr(out, "cosim ") &&
              strstr(out, "co-simulated board"),
          "devices with OCLHLS_USB_COSIM");
    free(out);
    rc = run("unplugged", "devices", &out);
    CHECK(rc == 0 && strstr(out, "does not answer") && strstr(out, "no boards found"),
          "devices with an unplugged co-simulated board");
    free(out);
    rc = run(NULL, "devices extra", &out);
    CHECK(rc == 2, "devices with an argument is a usage error");
    free(out);
}

/* ---- model: the flash model catches a host's mistakes (in this process) */

static uint64_t (*tb_flash_errors)(void);
static uint8_t *(*tb_flash)(void);

static void send(struct usb_link_port *port, struct mpsse_buf *b)
{
    char err[256];

    CHECK(port->write(port->ctx, b->data, b->len, err, sizeof(err)) == 0, "write: %s", err);
    mpsse_buf_reset(b);
}

static void lone(struct mpsse_buf *b, const uint8_t *bytes, size_t n)
{
    mpsse_set_pins(b, 0, 0);
    mpsse_write_only(b, bytes, n);
    mpsse_set_pins(b, 1, 0);
}

static void case_model(void)
{
    static const uint8_t wake = 0xAB, wren = FLASH_WRITE_ENABLE;
    static const uint8_t page[6] = {FLASH_PAGE_PROGRAM, 0, 0x10, 0, 0x12, 0x34};
    static const uint8_t other[6] = {FLASH_PAGE_PROGRAM, 0, 0x10, 0, 0x34, 0x12};
    static const uint8_t erase[4] = {FLASH_BLOCK_ERASE_64K, 0, 0, 0};
    struct usb_link_port port = {0};
    struct mpsse_buf b = {0};
    char err[256];
    void *dl = dlopen(slave, RTLD_NOW | RTLD_LOCAL);
    void *sym;
    uint64_t e0;

    CHECK(dl, "dlopen %s: %s", slave, dlerror());
    if (!dl)
        return;
    sym = dlsym(dl, "link_tb_flash_errors");
    memcpy(&tb_flash_errors, &sym, sizeof(sym));
    sym = dlsym(dl, "link_tb_flash");
    memcpy(&tb_flash, &sym, sizeof(sym));
    CHECK(tb_flash_errors && tb_flash, "the slave lacks link_tb_flash*");
    if (!tb_flash_errors || !tb_flash ||
        usb_cosim_port_open(cosim_spec("", ""), &port, err, sizeof(err))) {
        CHECK(0, "cannot open the co-simulated board: %s", err);
        return;
    }
    mpsse_setup(&b, 3);
    mpsse_set_pins(&b, 1, 0);
    lone(&b, &wake, 1);
    send(&port, &b);
    port.delay_us(port.ctx, 5);

    e0 = tb_flash_errors();
    lone(&b, page, sizeof(page)); /* no Write Enable */
    send(&port, &b);
    CHECK(tb_flash_errors() == e0 + 1, "Page Program without Write Enable not caught");
    CHECK(tb_flash()[0x1000] == 0xFF, "Page Program without Write Enable changed the flash");

    lone(&b, &wren, 1);
    lone(&b, erase, sizeof(erase));
    lone(&b, &wren, 1); /* while the erase runs */
    send(&port, &b);
    CHECK(tb_flash_errors() == e0 + 2, "an instruction while busy not caught");
    port.delay_us(port.ctx, 200000);

    lone(&b, &wren, 1);
    lone(&b, page, sizeof(page));
    send(&port, &b);
    port.delay_us(port.ctx, 1000);
    CHECK(tb_flash()[0x1000] == 0x12 && tb_flash()[0x1001] == 0x34, "Page Program failed");
    lone(&b, &wren, 1);
    lone(&b, other, sizeof(other)); /* 1 bits over 0 bits: not erased */
    send(&port, &b);
    CHECK(tb_flash_errors() == e0 + 3, "programming over programmed bytes not caught");
    printf("flash model: %llu protocol errors caught, as expected\n",
           (unsigned long long)(tb_flash_errors() - e0));
    mpsse_buf_free(&b);
    port.close(port.ctx);
    dlclose(dl);
}

int main(int argc, char **argv)
{
    const char *c;

    if (argc != 5) {
        fprintf(stderr, "usage: program_test OCLHLS SLAVE.so WORKDIR CASE\n");
        return 2;
    }
    oclhls = argv[1], slave = argv[2], workdir = argv[3], c = argv[4];
    if (!strcmp(c, "cram"))
        case_cram(0);
    else if (!strcmp(c, "cram_wrong"))
        case_cram(1);
    else if (!strcmp(c, "flash"))
        case_flash(1);
    else if (!strcmp(c, "flash_no_preamble"))
        case_flash(0);
    else if (!strcmp(c, "flash_verify"))
        case_flash_verify();
    else if (!strcmp(c, "no_bitstream"))
        case_no_bitstream();
    else if (!strcmp(c, "unplugged"))
        case_unplugged();
    else if (!strcmp(c, "devices"))
        case_devices();
    else if (!strcmp(c, "model"))
        case_model();
    else {
        fprintf(stderr, "unknown case %s\n", c);
        return 2;
    }
    printf("%s: %s, %d failure(s)\n", failures ? "FAIL" : "PASS", c, failures);
    return failures ? 1 : 0;
}
