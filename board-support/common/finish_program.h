/* SPDX-License-Identifier: MIT */
/*
 * Finishing a program file for its board (issue 29): the board family's build flow on the
 * program's Verilog section, its bitstream added. The one step `oclhls build` and the
 * runtime's online build (clBuildProgram from source) share, so that both give a board the
 * same program file.
 */
#ifndef OCLHLS_FINISH_PROGRAM_H
#define OCLHLS_FINISH_PROGRAM_H

#include <stddef.h>

struct oclhls_board;

struct oclhls_finish_result {
    int built; /* 0: the board's family has no flow (sim): nothing was done */
    size_t bitstream_size;
    double clock_mhz; /* the kernel clock the flow chose */
};

/* Whether the board's family has a build flow that makes a bitstream (iCE40, ECP5). */
int oclhls_board_has_flow(const struct oclhls_board *board);

/*
 * The iCE40 flow (ice40_flow.h) or the ECP5 flow (ecp5_flow.h) by board->family: replaces
 * *oclbin (and *size) by the program file with the bitstream and the flow's sections. A
 * board without a flow is left as it is. Progress and the summary go to stderr. 0, or -1
 * with the reason in *log (malloc'ed).
 */
int oclhls_finish_program(const struct oclhls_board *board, void **oclbin, size_t *size,
                          struct oclhls_finish_result *res, char **log);

#endif
