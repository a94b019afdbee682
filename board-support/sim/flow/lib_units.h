/* SPDX-License-Identifier: MIT */
/*
 * Library units of a sim model: rtl-lib units are Verilated and compiled once per
 * parameter set into the cache (unit_build.h) instead of once per instance in every model.
 * In the design, such a module is replaced by a stub with the same parameters and ports
 * whose rising clock edge steps the compiled unit through a DPI call (a unit is created in
 * the stub's initial block, which also takes its outputs at time 0, and stepped in its
 * always block). A module qualifies when every output is a function of its registers
 * only (a register written at the rising edge of clk, or logic of registers), whatever
 * its inputs: stepping it once per edge with the inputs the edge samples then gives the
 * same outputs in the same cycles (tests/unit/test_lib_units.c compares a stubbed and an
 * inlined model cycle by cycle). Two kinds:
 *  - pipelines (the float units, the integer divider): always units;
 *  - units with handshakes (the load and store units, each with its FIFOs): units only
 *    in a design with many of them, where their compile time outweighs the two
 *    evaluations per cycle a unit costs; stepped only in the cycles where their state
 *    can change (the table's quiet condition is false).
 *
 * Units are used only when the design carries every rtl-lib file of this installation
 * verbatim (a program file of another version keeps its own modules inlined), and a
 * module only when every instance of it gives its parameters as integer literals or as
 * MEM_DW (the model's memory width).
 * Internal to oclhls_boards.
 */
#ifndef OCLHLS_LIB_UNITS_H
#define OCLHLS_LIB_UNITS_H

#include <limits.h>
#include <stddef.h>

#include "hashkey.h"

struct oclhls_strbuf;

/* Bump when the stubs, the DPI glue or the unit wrapper change (it is in every key). */
#define OCLHLS_UNITS_RECIPE "oclhls-lib-units/4"

#define OCLHLS_UNIT_MAX_PARAMS 8
#define OCLHLS_UNIT_MAX_PORTS 24
#define OCLHLS_UNIT_MAX_SETS 16
#define OCLHLS_UNIT_NAME_LEN 32

struct oclhls_unit_port {
    char name[OCLHLS_UNIT_NAME_LEN];
    int output;
    int bits;       /* the widest of its parameter sets: 64 or less passes as a longint */
    char range[48]; /* "HI:LO" as declared, "" for one bit */
};

/* A default that is an expression of other parameters: Verilator computes it. */
#define OCLHLS_UNIT_PARAM_DERIVED LLONG_MIN
struct oclhls_unit_param {
    char name[OCLHLS_UNIT_NAME_LEN];
    long long def; /* or OCLHLS_UNIT_PARAM_DERIVED */
};

/* One module run as library units, and the parameter sets its instances use. */
struct oclhls_unit_module {
    const char *name;
    const char *quiet; /* Verilog: the unit's state cannot change at this edge; or NULL */
    int fast;          /* per-cycle code at the FAST level (verilator_rt.h), else HOT */
    char *header; /* "module NAME #(...) (...);" without comments, malloc'ed */
    struct oclhls_unit_param params[OCLHLS_UNIT_MAX_PARAMS];
    int nparams;
    struct oclhls_unit_port ports[OCLHLS_UNIT_MAX_PORTS]; /* every port but clk, in order */
    int nports;
    long long sets[OCLHLS_UNIT_MAX_SETS][OCLHLS_UNIT_MAX_PARAMS]; /* every value of a set */
    int nsets;
    int ninstances;
    char keys[OCLHLS_UNIT_MAX_SETS][OCLHLS_HASHKEY_HEX_LEN + 1]; /* of each set's build */
    char *text; /* the rtl-lib files it is Verilated from (its own, those it instantiates) */
    char text_hash[OCLHLS_HASHKEY_HEX_LEN + 1];
};

struct oclhls_lib_units {
    struct oclhls_unit_module *mods; /* the modules the design uses as units */
    int n;
};

/*
 * Finds the modules of the design that run as library units (u->n may be 0: none);
 * mem_dw: the model's memory width (MEM_DW in instances), 0 when it has none.
 * -1 only when out of memory or a library file cannot be read (reason in log).
 */
int oclhls_lib_units_find(const char *design, size_t len, unsigned mem_dw,
                          struct oclhls_lib_units *u, struct oclhls_strbuf *log);
/* The 32-bit words of a port in the units' ABI (oclhls_unit_abi.h): 2 up to 64 bits. */
int oclhls_unit_port_words(const struct oclhls_unit_port *p);

/* The cache key of one unit build: module, parameter values, its source files, recipe. */
void oclhls_lib_units_key(const struct oclhls_unit_module *m, int set, struct oclhls_hashkey *k);

/* The design with the units' modules replaced by their stubs. */
int oclhls_lib_units_rewrite(const struct oclhls_lib_units *u, const char *design, size_t len,
                             struct oclhls_strbuf *out);

/* The C++ behind the stubs' DPI calls (after the units' keys are set). */
void oclhls_lib_units_dpi(const struct oclhls_lib_units *u, const char *prefix,
                          struct oclhls_strbuf *out);

/* The C++ of one unit build: a class over the Verilated unit <uprefix>. */
void oclhls_lib_units_wrapper(const struct oclhls_unit_module *m, const char *uprefix,
                              const char *key, struct oclhls_strbuf *out);

/* The function a unit build exports: oclhls_unit_new_<first 16 digits of key>. */
#define OCLHLS_UNIT_KEY_DIGITS 16

void oclhls_lib_units_release(struct oclhls_lib_units *u);

#endif
