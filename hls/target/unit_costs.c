// SPDX-License-Identifier: MIT
/*
 * The report's estimates of the integer and memory units: the logic cells each takes on an
 * iCE40, as rtl-lib's modules measure synthesised alone (tests/bench/unit_costs.sh, yosys
 * synth_ice40; at least the largest of the LUT4, flip-flop and carry counts, since a logic
 * cell has one of each). docs/performance.md ("The report's cost model") has the table the
 * formulas below are fitted to; a unit between the measured points is interpolated, so the
 * figures are estimates, not promises.
 */
#include "target.h"

#include "board.h"

/* Linear between the cells measured with 64-bit and with 512-bit memory lines. */
static unsigned by_line_width(unsigned at64, unsigned at512, unsigned mem_dw)
{
    long d = (long)mem_dw - 64;
    long lcs = (long)at64 + d * ((long)at512 - (long)at64) / 448;
    return lcs < 0 ? 0u : (unsigned)lcs;
}

/*
 * ocl_div: W + 2 stages of W-bit partial remainder, quotient and divisor, 3W(W + 1)
 * flip-flops (8 bits: 216, 16: 816, 32: 3168, 64: 12480); signed operands add their sign
 * handling (32 bits: 66 more).
 */
unsigned hls_divider_lcs(unsigned width, int is_signed)
{
    unsigned w = hls_div_width(width);
    return 3 * w * (w + 1) + (is_signed ? 2 * w + 2 : 0);
}

/*
 * Load LSUs with a line cache (coalescing) or without, and store LSUs (write-combining),
 * whose cost is their line registers: 442 and 1523 logic cells with a line cache at 64 and
 * 512 bits, 353 and 942 without, 517 and 3022 for a store (the data width changes them by
 * a few per cent). Their response queues are block RAM on top.
 */
unsigned hls_lsu_lcs(const struct oclhls_board *board, int store, int cached)
{
    unsigned mem_dw = board->mem_width_bits;
    if (store)
        return by_line_width(517, 3022, mem_dw);
    return cached ? by_line_width(442, 1523, mem_dw) : by_line_width(353, 942, mem_dw);
}

/*
 * ocl_atomic: its word table, about 144 logic cells an entry (8 entries: 1514 cells, 39:
 * 5986, with 64-bit lines; tests/bench/unit_costs.sh), and the line it writes back (about
 * 300 more at 512 bits: 6291 and 6334 at 39 entries).
 */
unsigned hls_atomic_unit_lcs(const struct oclhls_board *board, unsigned depth)
{
    unsigned entries = hls_atomic_table_entries(depth);
    return 360 + 144 * entries + by_line_width(0, 300, board->mem_width_bits);
}

