/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a board description (board-support/<name>/board.json), through
 * oclhls_board_parse, which is how oclhls_board_find reads every board file. A description
 * that loads must hold what board.h promises its users: NUL-terminated names within their
 * arrays, counts within their limits, a power-of-two bus, a full digest.
 */
#include <string.h>

#include "board.h"
#include "fuzz_check.h"

static int terminated(const char *s, size_t size)
{
    return memchr(s, '\0', size) != NULL;
}

static void check_board(const struct oclhls_board *b)
{
    FUZZ_CHECK(terminated(b->name, sizeof(b->name)) && b->name[0], "a name");
    FUZZ_CHECK(terminated(b->description, sizeof(b->description)) &&
                   terminated(b->family, sizeof(b->family)) &&
                   terminated(b->transport, sizeof(b->transport)) &&
                   terminated(b->shell_top, sizeof(b->shell_top)) &&
                   terminated(b->fpga, sizeof(b->fpga)) &&
                   terminated(b->package, sizeof(b->package)) &&
                   terminated(b->pcf, sizeof(b->pcf)),
               "strings end within their arrays");
    FUZZ_CHECK(b->n_aliases >= 0 && b->n_aliases <= OCLHLS_BOARD_ALIASES_MAX, "alias count");
    for (int i = 0; i < b->n_aliases; i++)
        FUZZ_CHECK(terminated(b->aliases[i], sizeof(b->aliases[i])) && b->aliases[i][0],
                   "an alias");
    FUZZ_CHECK(b->n_shell_files >= 1 && b->n_shell_files <= OCLHLS_BOARD_SHELL_FILES_MAX,
               "shell file count");
    for (int i = 0; i < b->n_shell_files; i++)
        FUZZ_CHECK(terminated(b->shell_files[i], sizeof(b->shell_files[i])) &&
                       b->shell_files[i][0] != '/' && !strstr(b->shell_files[i], ".."),
                   "a shell file inside the data directory");
    FUZZ_CHECK(b->n_bram_shapes >= 0 && b->n_bram_shapes <= OCLHLS_BOARD_BRAM_SHAPES_MAX,
               "block RAM shape count");
    FUZZ_CHECK(b->mem_width_bits >= 8 && !(b->mem_width_bits & (b->mem_width_bits - 1)),
               "a power-of-two memory width");
    FUZZ_CHECK(b->max_clock_mhz >= b->clock_mhz, "max_clock_mhz at least clock_mhz");
    FUZZ_CHECK(strlen(b->json_digest) == 64, "a SHA-256 digest");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct oclhls_board b;
    char err[256] = "";

    if (oclhls_board_parse((const char *)data, size, &b, err, sizeof(err)) == 0)
        check_board(&b);
    else
        FUZZ_CHECK(err[0], "a refused description comes with a message");
    return 0;
}
