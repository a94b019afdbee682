/* SPDX-License-Identifier: MIT */
/* The ECP5 builds' cache key (ecp5_cache.h). */
#include "ecp5_cache.h"

#include <stdio.h>

#include "board.h"
#include "ecp5_tools.h"
#include "tool_key.h"

/* Bump when the flow makes a different bitstream from the same inputs (its yosys script,
   nextpnr's options, the PLL's choice or how it is written into the routed design). */
#define RECIPE "oclhls-ecp5-build/1"

void ecp5_cache_key(const struct oclhls_board *b, const struct ecp5_tools *t, const char *lpf,
                    const char *verilog, size_t len, char key[OCLHLS_HASHKEY_HEX_LEN + 1])
{
    struct oclhls_hashkey k;
    char nums[96];

    snprintf(nums, sizeof(nums), "%.6f %.6f %.6f", b->osc_mhz, b->clock_mhz, b->max_clock_mhz);
    oclhls_hashkey_init(&k, RECIPE);
    oclhls_hashkey_add(&k, verilog, len);
    oclhls_hashkey_add_strv(&k, (char *const[]){(char *)b->fpga, (char *)b->package,
                                                (char *)b->shell_top, nums, (char *)lpf, NULL});
    oclhls_hashkey_add_str(&k, t->set);
    oclhls_key_add_tool_version(&k, t->yosys, "-V");
    oclhls_key_add_tool_version(&k, t->nextpnr, "--version");
    oclhls_key_add_tool_version(&k, t->ecppack, "--version");
    oclhls_hashkey_hex(&k, key);
}
