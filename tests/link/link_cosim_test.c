/* SPDX-License-Identifier: MIT */
/*
 * Co-simulation of the SPI host link: the usb transport (runtime/transport/usb, the same
 * code the runtime uses) talks through the MPSSE model to the Verilated ocl_spi_link
 * (link_slave.cpp). Checks programming, memory and CSR round trips, POLL, faults on
 * either wire (every transfer succeeds with the right data or fails with an error; no CSR
 * write executed twice), and a board that stops answering or is unplugged.
 *
 *   link_cosim_test <path of liblink_slave.so>
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "link_check.h"

#include "board.h"
#include "oclbin.h"
#include "transport/usb/cosim_port.h"
#include "transport/usb/link_board.h"
#include "transport/usb/usb_transport.h"

static const struct oclhls_transport_ops *ops = &oclhls_transport_usb;
static const char *slave_path;
static int failures;
static char err[1024];

/* The slave's test hooks (the same library instance the transport loads). */
static struct {
    uint8_t *(*mem)(void);
    uint64_t (*csr_writes)(void);
    uint64_t (*cycles)(void);
    void (*set_mem_stall)(uint32_t);
    void (*disconnect)(int);
    void (*expect_bitstream)(const uint8_t *, size_t);
    int (*configured)(void);
    int (*flash_asleep)(void);
    uint64_t (*flash_conflicts)(void);
} tb;

static struct oclhls_board board = {
    .name = "icebreaker",
    .family = "ice40",
    .transport = "usb",
    .clock_mhz = 24,
    .mem_width_bits = 32,
    .mem_latency_cycles = 2,
    .global_mem_bytes = 65536,
};

static uint64_t rng = 0x1234567u;
static uint32_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void sym(void *dl, const char *name, void *fnp)
{
    void *p = dlsym(dl, name);

    if (!p) {
        fprintf(stderr, "%s lacks %s\n", slave_path, name);
        exit(2);
    }
    memcpy(fnp, &p, sizeof(p));
}

static struct usb_link_stats last_link;
static struct mpsse_model_stats last_model;

static void *open_board(const char *args)
{
    char spec[1200];
    void *h = NULL;

    snprintf(spec, sizeof(spec), "%s%s%s", slave_path, args ? ":" : "", args ? args : "");
    setenv("OCLHLS_USB_COSIM", spec, 1);
    if (ops->open(&board, &h, err, sizeof(err)) != 0) {
        fprintf(stderr, "open failed: %s\n", err);
        exit(1);
    }
    memset(&last_link, 0, sizeof(last_link)); /* a new board: its counters start at 0 */
    memset(&last_model, 0, sizeof(last_model));
    return h;
}

/* Prints what the link counted since the previous call, or since the board was opened. */
static void print_stats(const char *phase, void *h)
{
    const struct usb_link_stats *s = link_board_stats(h);
    struct mpsse_model_stats ms;

    mpsse_model_get_stats(usb_cosim_last_model(), &ms);
    /* the only bad command is the one that synchronises, once per start of the link */
    CHECK(ms.too_fast == 0 && ms.bad_commands - last_model.bad_commands <= 1,
          "%s: SCLK above clk/4 %llu times, %llu bad MPSSE commands", phase,
          (unsigned long long)ms.too_fast,
          (unsigned long long)(ms.bad_commands - last_model.bad_commands));
    printf("%-30s frames %5llu attempts %5llu | lost %3llu bad answer %4llu CRC_ERR %4llu "
           "BUSY %3llu OK_DUP %3llu | faults %4llu | %8llu SCLK\n",
           phase, (unsigned long long)(s->frames - last_link.frames),
           (unsigned long long)(s->attempts - last_link.attempts),
           (unsigned long long)(s->lost - last_link.lost),
           (unsigned long long)(s->bad_answer - last_link.bad_answer),
           (unsigned long long)(s->crc_err - last_link.crc_err),
           (unsigned long long)(s->busy - last_link.busy),
           (unsigned long long)(s->dup - last_link.dup),
           (unsigned long long)(ms.faults_injected - last_model.faults_injected),
           (unsigned long long)(ms.sclk_cycles - last_model.sclk_cycles));
    last_link = *s;
    last_model = ms;
}

/* What the slave's memory must hold: any other change is a silent corruption. */
static uint8_t shadow[131072]; /* the slave's memory */

static void check_memory(const char *what, uint32_t addr, size_t len)
{
    if (memcmp(tb.mem(), shadow, sizeof(shadow)) != 0) {
        size_t i = 0;
        while (tb.mem()[i] == shadow[i])
            i++;
        CHECK(0, "memory changed at 0x%zx after %s of %zu bytes at 0x%x", i, what, len, addr);
        memcpy(shadow, tb.mem(), sizeof(shadow));
    }
}

/* Writes random bytes at addr, reads them back and checks the slave's whole memory.
 * Returns 0 when both succeeded, 1 when one failed with an error (a failed write may have
 * changed its own range, nothing else). */
static int mem_round_trip(void *h, uint32_t addr, size_t len)
{
    uint8_t *src = malloc(len), *dst = malloc(len);
    int failed = 0;

    for (size_t i = 0; i < len; i++)
        src[i] = (uint8_t)rnd();
    if (ops->mem_write(h, addr, src, len, err, sizeof(err)) != 0) {
        CHECK(err[0], "mem_write failed without a message");
        memcpy(shadow + addr, tb.mem() + addr, len);
        check_memory("a failed write", addr, len);
        failed = 1;
    } else {
        memcpy(shadow + addr, src, len);
        check_memory("a write", addr, len);
        memset(dst, 0xCC, len);
        if (ops->mem_read(h, addr, dst, len, err, sizeof(err)) != 0) {
            CHECK(err[0], "mem_read failed without a message");
            failed = 1;
        } else {
            CHECK(memcmp(dst, src, len) == 0, "read back differs: %zu bytes at 0x%x", len, addr);
        }
        check_memory("a read", addr, len);
    }
    free(src);
    free(dst);
    return failed;
}

/* A CSR write then read; the stub must count exactly one write (none if it failed). */
static int csr_round_trip(void *h, uint32_t addr)
{
    uint32_t v = rnd(), got = 0;
    uint64_t w0 = tb.csr_writes();

    if (ops->csr_write(h, addr, v, err, sizeof(err)) != 0) {
        CHECK(tb.csr_writes() - w0 <= 1, "a failed CSR write executed %llu times",
              (unsigned long long)(tb.csr_writes() - w0));
        return 1;
    }
    CHECK(tb.csr_writes() - w0 == 1, "CSR write 0x%x executed %llu times", addr,
          (unsigned long long)(tb.csr_writes() - w0));
    if (ops->csr_read(h, addr, &got, err, sizeof(err)) != 0)
        return 1;
    CHECK(got == v, "CSR 0x%x reads 0x%08x, wrote 0x%08x", addr, got, v);
    return 0;
}

static void no_pins(void *ctx, int sclk, int mosi, int cs_n)
{
    (void)ctx, (void)sclk, (void)mosi, (void)cs_n;
}
static void no_step(void *ctx, uint32_t n)
{
    (void)ctx, (void)n;
}
static int miso_high(void *ctx)
{
    (void)ctx;
    return 1;
}

/* The codec against docs/host-link-protocol.md's worked examples, the MPSSE stream of one
 * frame against AN_108, and the model's answer to an unknown opcode. */
static void test_codec(void)
{
    static const uint8_t csr_write[] = {0x03, 0x07, 0x00, 0x00, 0x04, 0x00, 0x03, 0x0D,
                                        0xAE, 0x00, 0x00, 0x00, 0x01, 0x8F, 0x3A};
    static const uint8_t mem_write[] = {0x01, 0x09, 0x00, 0x00, 0x01, 0x02, 0x02,
                                        0x70, 0x5D, 0x11, 0x22, 0x33, 0xB2, 0x0C};
    static const uint8_t poll[] = {0x05, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x07, 0x7E, 0x8C};
    static const uint8_t poll_answer[] = {0xA0, 0x0A, 0x01, 0x09, 0x01, 0x00,
                                          0x00, 0x00, 0x00, 0x01, 0xEA, 0x06};
    static const uint8_t mpsse_poll[] = {0x80, 0x80, 0x93, 0x31, 0x08, 0x00, 0x05, 0x0A, 0x00, 0x00,
                                         0x00, 0x00, 0x07, 0x7E, 0x8C, 0x80, 0x90, 0x93, 0x87};
    const uint8_t one[4] = {0x00, 0x00, 0x00, 0x01}, data[3] = {0x11, 0x22, 0x33};
    uint8_t frame[LINK_MAX_FRAME], miso[40], got[LINK_POLL_BYTES], back[4];
    struct mpsse_buf b = {0};
    const uint8_t bad_then_read[] = {0x00, MPSSE_GET_LOW, MPSSE_SEND_IMMEDIATE};
    const struct mpsse_slave silent = {NULL, no_pins, no_step, miso_high, NULL, NULL};
    struct mpsse_model *m;
    int status = 0;
    size_t n;

    CHECK(link_crc16(0xFFFF, (const uint8_t *)"123456789", 9) == 0x29B1, "CRC check value");
    n = link_encode(frame, LINK_CSR_WRITE, 7, 0x400, one, 4);
    CHECK(n == sizeof(csr_write) && !memcmp(frame, csr_write, n), "CSR write frame");
    n = link_encode(frame, LINK_MEM_WRITE, 9, 0x102, data, 3);
    CHECK(n == sizeof(mem_write) && !memcmp(frame, mem_write, n), "memory write frame");
    n = link_encode(frame, LINK_POLL, 10, 0, NULL, 8);
    CHECK(n == sizeof(poll) && !memcmp(frame, poll, n), "POLL frame");
    memset(miso, 0xFF, sizeof(miso));
    memcpy(miso + 12, poll_answer, sizeof(poll_answer));
    CHECK(link_parse_answer(miso, sizeof(miso), 10, 8, &status, got) == LINK_PARSE_OK &&
              status == LINK_ST_OK && got[1] == 9 && got[7] == 1,
          "POLL answer");
    CHECK(link_parse_answer(miso, sizeof(miso), 11, 8, &status, got) == LINK_PARSE_BAD_SEQ,
          "POLL answer with another SEQ");
    miso[14] ^= 4;
    CHECK(link_parse_answer(miso, sizeof(miso), 10, 8, &status, got) == LINK_PARSE_BAD_CRC,
          "corrupted POLL answer");
    CHECK(link_parse_answer(miso, 20, 10, 8, &status, got) == LINK_PARSE_SHORT, "cut answer");

    mpsse_frame(&b, poll, sizeof(poll));
    CHECK(b.len == sizeof(mpsse_poll) && !memcmp(b.data, mpsse_poll, b.len) &&
              b.bytes_back == sizeof(poll),
          "MPSSE stream of a POLL frame");
    CHECK(mpsse_divisor_for(6000000) == 4 && mpsse_sclk_hz(4) == 6000000 &&
              mpsse_divisor_for(5000000) == 5,
          "MPSSE divisor");
    mpsse_buf_free(&b);

    /* an unknown opcode (0x00) is answered 0xFA 0x00; commands may arrive split */
    m = mpsse_model_new(&silent, 24000000);
    mpsse_model_write(m, bad_then_read, 2);
    mpsse_model_write(m, bad_then_read + 2, 1);
    n = mpsse_model_read(m, back, sizeof(back));
    CHECK(n == 3 && back[0] == 0xFA && back[1] == 0x00 && (back[2] & MPSSE_PIN_MISO),
          "bad command answer");
    mpsse_model_free(m);
}

static void *make_oclbin(const uint8_t *bits, size_t len, size_t *size)
{
    struct oclbin *bin = oclbin_new();
    void *out = NULL;

    if (bits)
        oclbin_add_section(bin, "bitstream", bits, len);
    oclbin_add_section(bin, "meta", "{}", 2);
    oclbin_write(bin, &out, size);
    oclbin_free(bin);
    return out;
}

static void test_program(void *h)
{
    uint8_t bits[3000];
    size_t size;
    void *file;

    for (size_t i = 0; i < sizeof(bits); i++)
        bits[i] = (uint8_t)rnd();
    memcpy(bits, "\xFF\x00\x00\xFF\x7E\xAA\x99\x7E", 8); /* an iCE40 bitstream's start */
    CHECK(!tb.configured() && !tb.flash_asleep(), "the board should start unconfigured");

    file = make_oclbin(NULL, 0, &size);
    CHECK(ops->program(h, file, size, err, sizeof(err)) != 0 && strstr(err, "bitstream"),
          "a program file without a bitstream must be refused");
    printf("no bitstream section:        %s\n", err);
    free(file);

    bits[100] ^= 1; /* the FPGA wants another image */
    tb.expect_bitstream(bits, sizeof(bits));
    bits[100] ^= 1;
    file = make_oclbin(bits, sizeof(bits), &size);
    CHECK(ops->program(h, file, size, err, sizeof(err)) != 0 && strstr(err, "CDONE"),
          "a bitstream the FPGA refuses must fail on CDONE");
    printf("refused bitstream:           %s\n", err);

    tb.expect_bitstream(bits, sizeof(bits));
    CHECK(ops->program(h, file, size, err, sizeof(err)) == 0, "program failed: %s", err);
    CHECK(tb.configured(), "not configured after program");
    CHECK(tb.flash_asleep(), "the flash must be in deep power-down after programming");
    free(file);
    print_stats("program (3000 B bitstream)", h);
}

static void test_round_trips(void *h, const char *phase)
{
    static const size_t sizes[] = {1,  2,  3,  4,   5,   7,   8,   9,   15,  16,  17,   31,   32,
                                   33, 63, 64, 100, 255, 256, 257, 511, 512, 513, 1000, 1024, 1031};
    int failed = 0, n = 0;

    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
        for (uint32_t align = 0; align < 4; align++, n++)
            failed += mem_round_trip(h, 0x1000 + (uint32_t)s * 0x800 + align, sizes[s]);
    CHECK(failed == 0, "%d of %d round trips failed without faults: %s", failed, n, err);
    failed = 0;
    for (uint32_t a = 0; a < 32; a++)
        failed += csr_round_trip(h, 0x800 + 4 * a);
    CHECK(failed == 0, "CSR round trips failed without faults: %s", err);
    print_stats(phase, h);
}

static void test_poll(void *h)
{
    uint32_t status = 0;
    uint64_t c0 = tb.cycles();

    CHECK(ops->csr_write(h, 0x400, 1, err, sizeof(err)) == 0, "start: %s", err);
    CHECK(ops->wait_idle(h, 5000, err, sizeof(err)) == 0, "wait_idle: %s", err);
    CHECK(ops->csr_read(h, 0x404, &status, err, sizeof(err)) == 0 && status == 2,
          "kernel STATUS after wait_idle: 0x%x", status);
    CHECK(tb.cycles() - c0 >= 3000, "wait_idle returned before the kernel finished");
    print_stats("POLL / wait_idle", h);
}

/* One operation of a rotating kind, under whatever fault is pending. */
static int faulty_op(void *h, int k)
{
    switch (k % 4) {
    case 0:
        return mem_round_trip(h, 0x100 + (uint32_t)(rnd() % 0x4000), 1 + rnd() % 300);
    case 1:
        return csr_round_trip(h, 0x800 + 4 * (rnd() % 64));
    case 2:
        return ops->wait_idle(h, 1000, err, sizeof(err)) != 0; /* POLL */
    default:
        return mem_round_trip(h, 0x8000 + (uint32_t)(rnd() % 0x100), 4);
    }
}

static void test_scheduled_faults(void *h)
{
    static const char *const dirs[] = {"MOSI", "MISO"};
    static const char *const kinds[] = {"corrupted", "dropped", "repeated"};
    struct mpsse_model *m = usb_cosim_last_model();
    int k = 0;

    for (int dir = 0; dir < 2; dir++)
        for (int kind = 0; kind < 3; kind++) {
            int failed = 0, ops_done = 0;
            char phase[64];

            for (uint64_t p = 0; p < 60; p += 1 + p / 8, ops_done++) {
                mpsse_model_fault_at(m, (enum mpsse_fault_dir)dir, (enum mpsse_fault_kind)kind,
                                     mpsse_model_bytes(m, (enum mpsse_fault_dir)dir) + p);
                failed += faulty_op(h, k++);
            }
            CHECK(failed == 0, "%s %s bytes: %d of %d operations failed: %s", kinds[kind],
                  dirs[dir], failed, ops_done, err);
            snprintf(phase, sizeof(phase), "%s %s bytes", kinds[kind], dirs[dir]);
            print_stats(phase, h);
        }
}

/* Random faults on both wires. At a low rate every operation must succeed (16 tries per
 * frame); at a high one, operations may fail, but only with an error. */
static void test_random_faults(void *h, uint64_t seed, uint32_t one_in, int n, int must_succeed)
{
    struct mpsse_model *m = usb_cosim_last_model();
    int failed = 0;
    char phase[64];

    mpsse_model_random_faults(m, seed, one_in);
    for (int k = 0; k < n; k++)
        failed += faulty_op(h, k);
    mpsse_model_random_faults(m, 0, 0);
    CHECK(!must_succeed || failed == 0, "random faults 1/%u: %d of %d operations failed: %s",
          one_in, failed, n, err);
    snprintf(phase, sizeof(phase), "random 1/%u: %d/%d failed", one_in, failed, n);
    print_stats(phase, h);
    CHECK(mem_round_trip(h, 0x7000, 300) == 0, "no recovery after the faults: %s", err);
}

static void test_stalls(void *h)
{
    int failed = 0;

    tb.set_mem_stall(300); /* the answer comes later than the host's wait bound */
    for (int k = 0; k < 6; k++)
        failed += mem_round_trip(h, 0x2000 + 37 * (uint32_t)k, 256 + 100 * (size_t)k);
    tb.set_mem_stall(0);
    CHECK(failed == 0, "stalled memory: %d round trips failed: %s", failed, err);
    print_stats("memory stalls (300 clk)", h);
}

static void test_no_answer(void *h)
{
    uint8_t buf[64];
    double t0 = now_s(), dt;
    int rc;

    tb.disconnect(1);
    rc = ops->mem_read(h, 0x100, buf, sizeof(buf), err, sizeof(err));
    dt = now_s() - t0;
    CHECK(rc != 0, "a read from a board that never answers succeeded");
    CHECK(dt < 20, "giving up took %.1f s", dt);
    printf("no answer (%.2f s):          %s\n", dt, err);
    tb.disconnect(0);
    CHECK(mem_round_trip(h, 0x300, 77) == 0, "the link did not recover: %s", err);
}

static void test_unplug(void *h)
{
    uint8_t buf[2048] = {0};
    double t0 = now_s(), dt;
    uint64_t w0 = tb.csr_writes();
    int rc;

    usb_cosim_unplug_after(700); /* in the middle of the third 256-byte frame */
    rc = ops->mem_write(h, 0x4000, buf, sizeof(buf), err, sizeof(err));
    dt = now_s() - t0;
    CHECK(rc != 0, "a write to an unplugged board succeeded");
    printf("unplugged mid-write (%.3f s): %s\n", dt, err);
    CHECK(ops->csr_write(h, 0x800, 5, err, sizeof(err)) != 0, "CSR write after unplug succeeded");
    CHECK(ops->wait_idle(h, 1000, err, sizeof(err)) == -1, "wait_idle after unplug: not -1");
    CHECK(tb.csr_writes() == w0, "a CSR write reached the board after the unplug");
}

static void test_modes(void)
{
    void *h = NULL;
    uint32_t v;
    double t0;

    setenv("OCLHLS_USB_COSIM", "unplugged", 1);
    CHECK(ops->open(&board, &h, err, sizeof(err)) == 0, "open: %s", err);
    CHECK(ops->csr_read(h, 0, &v, err, sizeof(err)) != 0, "unplugged board answered");
    printf("mode unplugged:              %s\n", err);
    ops->close(h);

    /* no co-simulation: libftdi looks for a real board, and there is none here */
    unsetenv("OCLHLS_USB_COSIM");
    t0 = now_s();
    CHECK(ops->open(&board, &h, err, sizeof(err)) != 0 && strstr(err, "no FT2232H board found"),
          "open without a board: %s", err);
    printf("no board (%.2f s):            %s\n", now_s() - t0, err);

    setenv("OCLHLS_USB_COSIM", "silent", 1);
    CHECK(ops->open(&board, &h, err, sizeof(err)) == 0, "open: %s", err);
    t0 = now_s();
    CHECK(ops->csr_read(h, 0, &v, err, sizeof(err)) != 0, "silent board answered");
    printf("mode silent (%.2f s):         %s\n", now_s() - t0, err);
    ops->close(h);
}

int main(int argc, char **argv)
{
    void *dl, *h;
    double t0 = now_s();

    if (argc != 2) {
        fprintf(stderr, "usage: %s <liblink_slave.so>\n", argv[0]);
        return 2;
    }
    slave_path = argv[1];
    dl = dlopen(slave_path, RTLD_NOW | RTLD_LOCAL);
    if (!dl) {
        fprintf(stderr, "%s\n", dlerror());
        return 2;
    }
    sym(dl, "link_tb_mem", &tb.mem);
    sym(dl, "link_tb_csr_writes", &tb.csr_writes);
    sym(dl, "link_tb_cycles", &tb.cycles);
    sym(dl, "link_tb_set_mem_stall", &tb.set_mem_stall);
    sym(dl, "link_tb_disconnect", &tb.disconnect);
    sym(dl, "link_tb_expect_bitstream", &tb.expect_bitstream);
    sym(dl, "link_tb_configured", &tb.configured);
    sym(dl, "link_tb_flash_asleep", &tb.flash_asleep);
    sym(dl, "link_tb_flash_conflicts", &tb.flash_conflicts);

    test_codec();
    /* f_SCLK = f_clk / 8 (the transport's default), programmed through CRAM */
    unsetenv("OCLHLS_USB_SCLK_RATIO");
    h = open_board("unconfigured");
    memcpy(shadow, tb.mem(), sizeof(shadow));
    test_program(h);
    test_round_trips(h, "round trips, SCLK = clk/8");
    test_poll(h);
    test_scheduled_faults(h);
    test_random_faults(h, 1, 2000, 200, 1);
    test_random_faults(h, 2, 400, 200, 1);
    test_random_faults(h, 3, 60, 200, 0);
    test_stalls(h);
    CHECK(tb.flash_conflicts() == 0, "the flash was awake during %llu frames",
          (unsigned long long)tb.flash_conflicts());
    test_no_answer(h);
    test_unplug(h);
    ops->close(h);

    /* f_SCLK = f_clk / 4, the protocol's limit */
    setenv("OCLHLS_USB_SCLK_RATIO", "4", 1);
    h = open_board(NULL);
    memcpy(shadow, tb.mem(), sizeof(shadow));
    test_round_trips(h, "round trips, SCLK = clk/4");
    test_random_faults(h, 4, 1000, 200, 1);
    test_random_faults(h, 5, 100, 200, 0);
    CHECK(tb.flash_conflicts() == 0, "the flash was awake during %llu frames",
          (unsigned long long)tb.flash_conflicts());
    ops->close(h);

    test_modes();
    printf("%s: %d failure(s), %.1f s\n", failures ? "FAIL" : "PASS", failures, now_s() - t0);
    dlclose(dl);
    return failures ? 1 : 0;
}
