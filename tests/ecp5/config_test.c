/* SPDX-License-Identifier: MIT */
/* The routed configuration's kernel PLL rewritten (ecp5_config.c), no tools: only the one
 * EHXPLLL group holding the routed setting changes, only in its four divider words, and a
 * configuration with none or two such groups is refused and left as it was. */
#include "ecp5_config.h"
#include "test_util.h"

/* A PLL's tile group the way nextpnr-ecp5 writes one (fewer words). */
#define PLL_GROUP(tiles, clki, clkfb, clkop, cphase)                                               \
    ".tile_group " tiles "\n"                                                                      \
    "word: CLKI_DIV " clki "\n"                                                                    \
    "word: CLKFB_DIV " clkfb "\n"                                                                  \
    "word: CLKOP_DIV " clkop "\n"                                                                  \
    "word: CLKOP_CPHASE " cphase "\n"                                                              \
    "word: CLKOS_DIV 0000111\n"                                                                    \
    "word: ICP_CURRENT 01100\n"                                                                    \
    "enum: MODE EHXPLLL\n"                                                                         \
    "enum: FEEDBK_PATH CLKOP\n"

/* 80 MHz (25 * 16 / 5, CLKOP_DIV 7, phase 3) and the link's 75 MHz (25 * 3 / 1, 8, 3). */
#define KERNEL_80                                                                                  \
    PLL_GROUP("MIB_R4C0:PLL0_UL MIB_R5C0:PLL1_UL", "0000100", "0001111", "0000110", "0000011")
#define LINK_75                                                                                    \
    PLL_GROUP("MIB_R95C2:PLL0_LL MIB_R95C3:BANKREF8", "0000000", "0000010", "0000111", "0000011")

static const char routed[] = ".device LFE5U-85F\n\n"
                             ".tile CIB_R4C1:CIB_PLL0\n"
                             "word: CLKI_DIV 0000100\n" /* not a PLL's group: left alone */
                             "arc: PLLCSOUT_PLLREFCS CLK0_PLLREFCS\n\n"
                             ".tile_group MIB_R9C9:OTHER\n"
                             "word: CLKI_DIV 0000100\n"
                             "word: CLKFB_DIV 0001111\n"
                             "word: CLKOP_DIV 0000110\n"
                             "word: CLKOP_CPHASE 0000011\n\n" /* no MODE EHXPLLL */
    KERNEL_80 "\n" LINK_75;

/* 25 * 13 / 5 = 65 MHz, VCO 65 * 9 = 585 MHz, phase 4. */
static const char expected[] =
    ".device LFE5U-85F\n\n"
    ".tile CIB_R4C1:CIB_PLL0\n"
    "word: CLKI_DIV 0000100\n"
    "arc: PLLCSOUT_PLLREFCS CLK0_PLLREFCS\n\n"
    ".tile_group MIB_R9C9:OTHER\n"
    "word: CLKI_DIV 0000100\n"
    "word: CLKFB_DIV 0001111\n"
    "word: CLKOP_DIV 0000110\n"
    "word: CLKOP_CPHASE 0000011\n\n" PLL_GROUP("MIB_R4C0:PLL0_UL MIB_R5C0:PLL1_UL", "0000100",
                                               "0001100", "0001000", "0000100") "\n" LINK_75;

static int set(char *text, const struct ecp5_pll *from, const struct ecp5_pll *to, char *why)
{
    return ecp5_config_set_pll(text, strlen(text), from, to, why, 200);
}

int main(void)
{
    const struct ecp5_pll at80 = {5, 16, 7, 3, 80.0}, at65 = {5, 13, 9, 4, 65.0};
    const struct ecp5_pll at75 = {1, 3, 8, 3, 75.0}, at70 = {5, 14, 8, 4, 70.0};
    char why[200] = "", *text = strdup(routed);

    /* the kernel's group changes, in its four words only */
    CHECK(set(text, &at80, &at65, why) == 0, "80 -> 65 MHz: the kernel's group found");
    CHECK(strcmp(text, expected) == 0, "only its four divider words changed");
    /* the same from the new setting back: the routed text again */
    CHECK(set(text, &at65, &at80, why) == 0, "65 -> 80 MHz again");
    CHECK(strcmp(text, routed) == 0, "the routed text again");

    /* no group holds the setting it was routed at */
    CHECK(set(text, &at70, &at65, why) == -1, "no group at 70 MHz: refused");
    CHECK(strstr(why, "no EHXPLLL tile group") != NULL, "saying so (%s)", why);
    CHECK(strcmp(text, routed) == 0, "the text unchanged");

    /* the kernel routed at the link's setting: two groups hold it, neither is changed */
    free(text);
    text = strdup(LINK_75 "\n" LINK_75);
    CHECK(set(text, &at75, &at65, why) == -1, "two groups at the link's 75 MHz: refused");
    CHECK(strstr(why, "more than one") != NULL, "saying so (%s)", why);
    CHECK(strcmp(text, LINK_75 "\n" LINK_75) == 0, "neither changed");

    /* the last group without a final newline */
    free(text);
    text = strdup(LINK_75 "enum: X Y");
    CHECK(set(text, &at75, &at65, why) == 0, "a last group without a final newline found");
    CHECK(strstr(text, "word: CLKFB_DIV 0001100\n") != NULL, "and rewritten");
    free(text);

    return test_result();
}
