/* SPDX-License-Identifier: MIT */
/*
 * Board descriptions: the real sim board (defaults, alias, unknown names), then a
 * synthetic data directory (OCLHLS_DATADIR) with several boards, aliases, a malformed
 * and an invalid description, and a duplicate name.
 */
#include "test_util.h"

#include <errno.h>

#include "board.h"

static void test_sim_board(void)
{
    struct oclhls_board b, list[8];
    char err[256] = "";
    int n;

    CHECK(oclhls_datadir() && oclhls_datadir()[0], "datadir: %s", oclhls_datadir());
    CHECK(oclhls_board_find("sim", &b, err, sizeof(err)) == 0, "find 'sim' (%s)", err);
    CHECK(strcmp(b.name, "sim") == 0 && strcmp(b.family, "sim") == 0 &&
              strcmp(b.transport, "sim") == 0,
          "sim: family and transport 'sim'");
    CHECK(b.clock_mhz == 200.0, "sim: clock_mhz 200 (%g)", b.clock_mhz);
    CHECK(b.mem_width_bits == 512, "sim: mem_width_bits 512 (%u)", b.mem_width_bits);
    CHECK(b.mem_latency_cycles == 20, "sim: mem_latency_cycles 20 (%u)", b.mem_latency_cycles);
    CHECK(b.global_mem_bytes == 268435456u, "sim: global_mem_bytes 256 MiB (%llu)",
          (unsigned long long)b.global_mem_bytes);
    CHECK(b.max_work_group_size == 1024, "sim: max_work_group_size 1024");
    CHECK(b.local_mem_bytes == 262144, "sim: local_mem_bytes 256 KiB");
    CHECK(b.private_mem_bytes == 262144, "sim: private_mem_bytes 256 KiB");
    CHECK(b.n_bram_shapes == 6 && b.bram_shapes[0].depth == 16384 && b.bram_shapes[0].width == 1 &&
              b.bram_shapes[5].depth == 512 && b.bram_shapes[5].width == 36,
          "sim: six block RAM shapes, 16384x1 to 512x36 (%d)", b.n_bram_shapes);
    CHECK(b.description[0], "sim: description \"%s\"", b.description);
    CHECK(!strcmp(b.shell_top, "sim_shell") && b.n_shell_files == 2 &&
              !strcmp(b.shell_files[1], "board-support/sim/sim_shell.v"),
          "sim: shell sim_shell from %d files", b.n_shell_files);

    memset(&b, 0, sizeof(b));
    CHECK(oclhls_board_find(NULL, &b, err, sizeof(err)) == 0 && !strcmp(b.name, "sim"),
          "NULL name means sim");
    CHECK(oclhls_board_find("", &b, err, sizeof(err)) == 0 && !strcmp(b.name, "sim"),
          "empty name means sim");
    memset(&b, 0, sizeof(b));
    CHECK(oclhls_board_find("verilator", &b, err, sizeof(err)) == 0 && !strcmp(b.name, "sim"),
          "alias 'verilator' finds sim");
    CHECK(oclhls_board_find("nosuch", &b, err, sizeof(err)) == -1 &&
              strstr(err, "unknown board 'nosuch'") && strstr(err, "known: ") && strstr(err, "sim"),
          "unknown board: \"%s\"", err);
    CHECK(oclhls_board_find("nosuch", NULL, NULL, 0) == -1, "unknown board, no error buffer");
    n = oclhls_board_list(list, 8);
    CHECK(n >= 1 && oclhls_board_list(NULL, 0) == n, "list: %d board(s)", n);
}

static void write_board(const char *root, const char *folder, const char *json)
{
    char path[4096];

    snprintf(path, sizeof(path), "%s/board-support/%s", root, folder);
    mkdir(path, 0755);
    snprintf(path, sizeof(path), "%s/board-support/%s/board.json", root, folder);
    if (json)
        test_write_file(path, json);
}

/* ICE40: the members the iCE40 flow needs (required for family "ice40"). */
#define ICE40(name)                                                                                \
    " \"fpga\": \"up5k\", \"package\": \"sg48\", \"pcf\": \"board-support/" name "/x.pcf\","       \
    " \"osc_mhz\": 12, \"resources\": {\"lc\": 5280, \"ebr\": 30, \"spram\": 4, \"dsp\": 8},"
#define BOARD_WITH(name, aliases, width, ice40)                                                    \
    "{ \"name\": \"" name "\", \"aliases\": " aliases ", \"description\": \"test board\","         \
    " \"family\": \"ice40\", \"transport\": \"usb\", \"clock_mhz\": 12," ice40                     \
    " \"mem_width_bits\": " width ", \"mem_latency_cycles\": 2,"                                   \
    " \"global_mem_bytes\": 131072, \"max_work_group_size\": 256, \"local_mem_bytes\": 0,"         \
    " \"shell_top\": \"top\", \"shell_files\": [\"board-support/" name "/top.v\"] }"
#define BOARD(name, aliases, width) BOARD_WITH(name, aliases, width, ICE40(name))

static void make_datadir(const char *root)
{
    char path[4096];

    mkdir(root, 0755);
    snprintf(path, sizeof(path), "%s/board-support", root);
    mkdir(path, 0755);
    write_board(root, "zeta", BOARD("zeta", "[]", "32"));
    write_board(root, "icebreaker", BOARD("icebreaker", "[\"ice40\", \"up5k\"]", "16"));
    write_board(root, "broken", "{ \"name\": \"broken\", ");
    write_board(root, "badwidth", BOARD("badwidth", "[]", "48"));
    write_board(root, "dup", BOARD("zeta", "[]", "64"));
    write_board(root, "common", NULL); /* a folder without board.json */
}

static void test_synthetic(const char *root)
{
    struct oclhls_board b, list[8];
    char err[512] = "";
    int n;

    make_datadir(root);
    setenv("OCLHLS_DATADIR", root, 1);
    CHECK(strcmp(oclhls_datadir(), root) == 0, "OCLHLS_DATADIR is honoured");
    n = oclhls_board_list(list, 8);
    CHECK(n == 2 && !strcmp(list[0].name, "icebreaker") && !strcmp(list[1].name, "zeta"),
          "list: 2 valid boards, sorted (%d)", n);
    CHECK(oclhls_board_list(list, 1) == 2, "list with a short array still counts all");
    CHECK(oclhls_board_find("ice40", &b, err, sizeof(err)) == 0 && !strcmp(b.name, "icebreaker") &&
              b.mem_width_bits == 16 && b.clock_mhz == 12.0,
          "alias 'ice40' -> icebreaker, 16-bit memory, 12 MHz");
    CHECK(oclhls_board_find("up5k", &b, err, sizeof(err)) == 0, "second alias 'up5k'");
    CHECK(oclhls_board_find("zeta", &b, err, sizeof(err)) == 0 && b.mem_width_bits == 64,
          "duplicate name: the first folder in name order (dup/) wins");
    CHECK(b.private_mem_bytes == 65536, "private_mem_bytes is 64 KiB when absent (%llu)",
          (unsigned long long)b.private_mem_bytes);
    CHECK(oclhls_board_find("badwidth", &b, err, sizeof(err)) == -1 &&
              strstr(err, "known: icebreaker (ice40, up5k), zeta") && strstr(err, "skipped ") &&
              strstr(err, "badwidth/board.json") && strstr(err, "power of two"),
          "invalid boards are skipped, and the first is named: \"%s\"", err);
    /* the first skipped board is the one named: leave only the one without the iCE40 members */
    char path[4096];
    snprintf(path, sizeof(path), "%s/board-support/badwidth", root);
    test_rm_rf(path);
    snprintf(path, sizeof(path), "%s/board-support/broken", root);
    test_rm_rf(path);
    write_board(root, "nofpga", BOARD_WITH("nofpga", "[]", "32", ""));
    CHECK(oclhls_board_find("nofpga", &b, err, sizeof(err)) == -1 && strstr(err, "'fpga'"),
          "an ice40 board without the flow's members is skipped: \"%s\"", err);
    CHECK(oclhls_board_find("ice40", &b, err, sizeof(err)) == 0 && !strcmp(b.fpga, "up5k") &&
              !strcmp(b.package, "sg48") && b.osc_mhz == 12.0 && b.resources.lc == 5280 &&
              b.resources.spram == 4 && b.max_clock_mhz == 12.0,
          "the iCE40 members are read; max_clock_mhz defaults to clock_mhz");
    write_board(root, "fast",
                BOARD_WITH("fast", "[]", "32", ICE40("fast") " \"max_clock_mhz\": 30,"));
    CHECK(oclhls_board_find("fast", &b, err, sizeof(err)) == 0 && b.max_clock_mhz == 30.0,
          "max_clock_mhz is read (%g)", b.max_clock_mhz);
    snprintf(path, sizeof(path), "%s/board-support/nofpga", root); /* name the next one */
    test_rm_rf(path);
    write_board(root, "slowmax",
                BOARD_WITH("slowmax", "[]", "32", ICE40("slowmax") " \"max_clock_mhz\": 6,"));
    CHECK(oclhls_board_find("slowmax", &b, err, sizeof(err)) == -1 &&
              strstr(err, "'max_clock_mhz' must be a number from clock_mhz (12)"),
          "max_clock_mhz below clock_mhz is refused: \"%s\"", err);
    CHECK(oclhls_board_find(NULL, &b, err, sizeof(err)) == -1 && strstr(err, "'sim'"),
          "no sim board in this datadir: \"%s\"", err);
    setenv("OCLHLS_DATADIR", "/nonexistent/oclhls", 1);
    CHECK(oclhls_board_find("sim", &b, err, sizeof(err)) == -1 &&
              strstr(err, "no board descriptions found"),
          "empty datadir: \"%s\"", err);
    CHECK(oclhls_board_list(list, 8) == 0, "empty datadir lists nothing");
    unsetenv("OCLHLS_DATADIR");
}

int main(int argc, char **argv)
{
    char root[1024];

    snprintf(root, sizeof(root), "%s/boards-datadir-%d", argc > 1 ? argv[1] : "/tmp",
             (int)getpid());
    test_sim_board();
    test_synthetic(root);
    test_rm_rf(root);
    return test_result();
}
