/* SPDX-License-Identifier: MIT */
#include "finish_program.h"

#include <string.h>

#include "board.h"
#include "ecp5_flow.h"
#include "ice40_flow.h"

int oclhls_board_has_flow(const struct oclhls_board *board)
{
    return !strcmp(board->family, "ice40") || !strcmp(board->family, "ecp5");
}

int oclhls_finish_program(const struct oclhls_board *board, void **oclbin, size_t *size,
                          struct oclhls_finish_result *res, char **log)
{
    int rc = 0;

    memset(res, 0, sizeof(*res));
    if (!strcmp(board->family, "ice40")) {
        struct oclhls_ice40_result ice = {0};
        rc = oclhls_ice40_finish_program(board, oclbin, size, &ice, log);
        res->bitstream_size = ice.bitstream_size;
        res->clock_mhz = ice.clock_mhz;
        oclhls_ice40_result_free(&ice);
    } else if (!strcmp(board->family, "ecp5")) {
        struct oclhls_ecp5_result ecp5 = {0};
        rc = oclhls_ecp5_finish_program(board, oclbin, size, &ecp5, log);
        res->bitstream_size = ecp5.bitstream_size;
        res->clock_mhz = ecp5.clock_mhz;
        oclhls_ecp5_result_free(&ecp5);
    } else {
        return 0;
    }
    res->built = rc == 0;
    return rc;
}
