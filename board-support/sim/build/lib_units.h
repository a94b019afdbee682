/* SPDX-License-Identifier: MIT */
/*
 * Library units of a sim model: the rtl-lib units that are pure pipelines (the float
 * units, the integer divider) are Verilated and compiled once per parameter set into the
 * cache (unit_build.h) instead of once per instance in every model. In the design, such a
 * module is replaced by a stub with the same parameters and ports whose rising clock edge
 * steps the compiled unit through two DPI calls (a unit is created in the stub's initial
 * block, stepped in its always block). A unit qualifies because its outputs are registers
 * written only at the rising edge of clk from the inputs and its own registers: stepping
 * it once per edge with the inputs the edge samples gives the same outputs in the same
 * cycles (tests/unit/test_lib_units.c compares a stubbed and an inlined model cycle by
 * cycle).
 *
 * Units are used only when the design carries every rtl-lib file of this installation
 * verbatim (a program file of another version keeps its own modules inlined), and a
 * module only when every instance of it names its parameters with integer literals.
 * Internal to oclhls_boards.
 */
#ifndef OCLHLS_LIB_UNITS_H
#define OCLHLS_LIB_UNITS_H

#include <stddef.h>

#include "hashkey.h"

struct oclhls_strbuf;

/* Bump when the stubs, the DPI glue or the unit wrapper change (it is in every key). */
#define OCLHLS_UNITS_RECIPE "oclhls-lib-units/1"

#define OCLHLS_UNIT_MAX_PARAMS 4
#define OCLHLS_UNIT_MAX_PORTS 8
#define OCLHLS_UNIT_MAX_SETS 16
#define OCLHLS_UNIT_NAME_LEN 32

struct oclhls_unit_port {
    char name[OCLHLS_UNIT_NAME_LEN];
    int output;
};

struct oclhls_unit_param {
    char name[OCLHLS_UNIT_NAME_LEN];
    long long def;
};

/* One module run as library units, and the parameter sets its instances use. */
struct oclhls_unit_module {
    const char *name;
    char *header; /* "module NAME #(...) (...);" without comments, malloc'ed */
    struct oclhls_unit_param params[OCLHLS_UNIT_MAX_PARAMS];
    int nparams;
    struct oclhls_unit_port ports[OCLHLS_UNIT_MAX_PORTS]; /* every port but clk, in order */
    int nports;
    long long sets[OCLHLS_UNIT_MAX_SETS][OCLHLS_UNIT_MAX_PARAMS]; /* every value of a set */
    int nsets;
    char keys[OCLHLS_UNIT_MAX_SETS][OCLHLS_HASHKEY_HEX_LEN + 1]; /* of each set's build */
    char *text; /* the rtl-lib files it is Verilated from (its own, those it instantiates) */
    char text_hash[OCLHLS_HASHKEY_HEX_LEN + 1];
};

struct oclhls_lib_units {
    struct oclhls_unit_module *mods; /* the modules the design uses as units */
    int n;
};

/*
 * Finds the modules of the design that run as library units (u->n may be 0: none).
 * -1 only when out of memory or a library file cannot be read (reason in log).
 */
int oclhls_lib_units_find(const char *design, size_t len, struct oclhls_lib_units *u,
                          struct oclhls_strbuf *log);

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
