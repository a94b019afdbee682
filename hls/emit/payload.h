/* SPDX-License-Identifier: MIT */
#ifndef OCLHLS_PAYLOAD_H
#define OCLHLS_PAYLOAD_H

#include <stddef.h>

#include "board.h"
#include "strbuf.h"

/*
 * Appends rtl-lib and the board's shell Verilog (its description's shell_files) to o.
 * 0, or -1 with a message in err.
 */
int payload_library(const struct oclhls_board *board, struct oclhls_strbuf *o, char *err,
                    size_t errlen);

#endif
