/* SPDX-License-Identifier: MIT */
/*
 * Board descriptions: the data half of a board folder (board-support/<name>/board.json),
 * read by the compiler (to size the generated system) and by the runtime (to answer
 * device queries before any program is loaded).
 */
#ifndef OCLHLS_BOARD_H
#define OCLHLS_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OCLHLS_BOARD_NAME_MAX 32
#define OCLHLS_BOARD_SHELL_FILES_MAX 8
#define OCLHLS_BOARD_PATH_MAX 128
#define OCLHLS_BOARD_BRAM_SHAPES_MAX 8
#define OCLHLS_BOARD_ALIASES_MAX 8

struct oclhls_board {
    char name[OCLHLS_BOARD_NAME_MAX]; /* canonical name, e.g. "sim" */
    int n_aliases;                    /* other names it is found by ("ice40") */
    char aliases[OCLHLS_BOARD_ALIASES_MAX][OCLHLS_BOARD_NAME_MAX];
    char description[128];            /* one line for `oclhls boards` */
    char family[16];                  /* "sim" or "ice40": selects the build flow */
    char transport[16];               /* runtime transport: "sim", "usb", "pcie" */
    double clock_mhz;                 /* kernel clock (nominal for sim) */
    uint32_t mem_width_bits;          /* global-memory bus width, one line per beat */
    uint32_t mem_latency_cycles;      /* read latency of the global-memory model */
    uint64_t global_mem_bytes;        /* global memory size */
    uint32_t max_work_group_size;     /* default hardware limit per kernel */
    uint64_t local_mem_bytes;         /* __local memory of one work-group */
    uint64_t private_mem_bytes;       /* the largest private array of one work-item */
    uint64_t printf_buffer_bytes;     /* printf's buffer per launch (CL_DEVICE_PRINTF_BUFFER_SIZE) */
    int n_bram_shapes; /* block RAM primitive: its depth x width configurations (0: unknown) */
    struct oclhls_bram_shape {
        uint32_t depth, width;
    } bram_shapes[OCLHLS_BOARD_BRAM_SHAPES_MAX];
    char shell_top[OCLHLS_BOARD_NAME_MAX]; /* top module of the shell, e.g. "sim_shell" */
    int n_shell_files;                     /* the shell's Verilog, relative to the data dir */
    char shell_files[OCLHLS_BOARD_SHELL_FILES_MAX][OCLHLS_BOARD_PATH_MAX];
    /* iCE40 build flow (required for family "ice40", optional and unused otherwise) */
    char fpga[16];                   /* nextpnr device: "up5k", "hx8k" */
    char package[16];                /* nextpnr package: "sg48", "ct256" */
    char pcf[OCLHLS_BOARD_PATH_MAX]; /* pin constraints, relative to the data dir */
    double osc_mhz;                  /* oscillator feeding the PLL */
    double max_clock_mhz;            /* the PLL's limit when the routed design is faster than
                                        clock_mhz (optional; clock_mhz when absent) */
    char tools[16];                  /* the flow's tools: "system" (yosys, nextpnr-ice40,
                                        icepack) or "yowasp" (yowasp-*; optional, "system") */
    struct oclhls_board_resources {  /* the device's totals (0: unknown) */
        uint32_t lc, ebr, spram, dsp;
    } resources;
    /* SHA-256 (hex) of the board.json text: a compile cached for a board goes stale with it */
    char json_digest[65];
};

/* Whether the board's memories reach the full profile's minimums (board_profile.c), and the
   CL_DEVICE_PROFILE string that says so: "FULL_PROFILE" or "EMBEDDED_PROFILE". */
bool oclhls_board_full_profile(const struct oclhls_board *b);
const char *oclhls_board_profile(const struct oclhls_board *b);

/*
 * The directory holding rtl-lib/ and board-support/: $OCLHLS_DATADIR when set, else the
 * share/oclhls of the installed tree this program or library runs from (datadir.c), else
 * the source tree it was built from, else the configured prefix's share/oclhls. Never NULL.
 */
const char *oclhls_datadir(void);

/*
 * Finds a board by name or alias ("ice40" -> "icebreaker"). name NULL or "" means "sim".
 * Returns 0 and fills *out, or -1 with a message in err ("unknown board 'x'; known: sim").
 */
int oclhls_board_find(const char *name, struct oclhls_board *out, char *err, size_t errlen);

/*
 * Parses and checks one board description: len bytes of board.json text (no NUL needed).
 * Returns 0 and fills *out (json_digest included), or -1 with what is wrong in err. The
 * board files are read with it; the fuzz test (tests/fuzz) feeds it bytes directly.
 */
int oclhls_board_parse(const char *text, size_t len, struct oclhls_board *out, char *err,
                       size_t errlen);

/* Fills up to max boards (all known, sorted by name); returns how many exist. */
int oclhls_board_list(struct oclhls_board *out, int max);

#endif
