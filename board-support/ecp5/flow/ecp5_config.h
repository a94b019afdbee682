/* SPDX-License-Identifier: MIT */
/*
 * The kernel PLL in nextpnr-ecp5's text configuration (Project Trellis' textcfg, the input
 * of ecppack): a routed design's clock is set afterwards by rewriting the PLL's divider
 * words, since nothing placed or routed depends on them (docs/boards.md, "ULX3S").
 * Internal to the ECP5 flow.
 */
#ifndef OCLHLS_ECP5_CONFIG_H
#define OCLHLS_ECP5_CONFIG_H

#include <stddef.h>

#include "ecp5_pll.h"

/*
 * In text (len bytes, changed in place: every word keeps its width), the one EHXPLLL tile
 * group whose CLKI_DIV, CLKFB_DIV, CLKOP_DIV and CLKOP_CPHASE words encode `from` gets
 * `to`'s. 0, or -1 with the reason in why when no group, or more than one, has from's
 * words (then the text is unchanged).
 */
int ecp5_config_set_pll(char *text, size_t len, const struct ecp5_pll *from,
                        const struct ecp5_pll *to, char *why, size_t why_len);

#endif
