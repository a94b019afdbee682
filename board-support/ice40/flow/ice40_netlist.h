/* SPDX-License-Identifier: MIT */
/*
 * The synthesised netlist (yosys synth_ice40 -json): cell counts before place and route
 * (a quick fit check, and who costs what). Internal.
 */
#ifndef OCLHLS_ICE40_NETLIST_H
#define OCLHLS_ICE40_NETLIST_H

#include <stddef.h>

#define ICE40_GROUPS_MAX 32 /* the costliest units, for the failure message and the report */
#define ICE40_GROUP_DEPTH 4 /* u_shell.u_system.u_k0.u_lsu0: shell, system, kernel, unit */

struct ice40_netlist {
    unsigned luts, dffs, carries, ebr, spram, dsp;
    /*
     * Logic cells a unit costs at least: LUT4s, flip-flops and carries, biggest first. A
     * kernel's own cells named after a value of the compiler (v35_s3_SB_DFFE_Q: value 35's
     * pipeline register at stage 3) count for that value, "u_shell.u_system.u_k0.v35".
     */
    int n_groups;
    struct ice40_group {
        char inst[96]; /* hierarchy prefix, ICE40_GROUP_DEPTH levels at most */
        unsigned cells;
    } groups[ICE40_GROUPS_MAX];
};

/*
 * The instance of a flattened cell name, at most depth levels:
 * "u_shell.u_system.u_k0.u_lsu0.u_req.x_SB_LUT4_O" -> "u_shell.u_system.u_k0.u_lsu0" (depth 4);
 * "(top)" for cells of the top module itself.
 */
void ice40_instance_of_depth(const char *cell, int depth, char *out, size_t len);
/* The same at ICE40_GROUP_DEPTH. */
void ice40_instance_of(const char *cell, char *out, size_t len);

/* Reads the cells of module top from the netlist JSON; 0 or -1 (err). */
int ice40_netlist_read(const char *json, const char *top, struct ice40_netlist *n, char *err,
                       size_t errlen);

/*
 * A lower bound of the logic cells: each iCE40 logic cell has one LUT4, one flip-flop and
 * one carry, so the design needs at least the largest of the three counts.
 */
unsigned ice40_netlist_min_lcs(const struct ice40_netlist *n);

#endif
