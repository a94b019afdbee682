/* SPDX-License-Identifier: MIT */
/*
 * The external tools of the sim flow: Verilator and the C++ compiler for models
 * (absolute paths found at configure time; $OCLHLS_VERILATOR / $OCLHLS_CXX override them).
 * Internal to oclhls_boards.
 */
#ifndef OCLHLS_TOOLS_H
#define OCLHLS_TOOLS_H

struct oclhls_argv;
struct oclhls_strbuf;

struct oclhls_tools {
    const char *verilator; /* borrowed: build default or environment */
    const char *cxx;
    char *verilator_version; /* `verilator --version` output, malloc'ed */
    char *cxx_version;       /* `c++ --version` output, malloc'ed */
    int cxx_is_clang;        /* clang++ (its own precompiled headers) rather than g++ */
};

/*
 * Starts a command that Verilates top into C++ classes <prefix>* in mdir, as every sim
 * flow model and library unit is (--cc, no timing, warnings not fatal); the caller
 * adds parameters and sources.
 */
void oclhls_tools_verilate_cmd(const struct oclhls_tools *t, const char *top, const char *prefix,
                               const char *mdir, struct oclhls_argv *a);

struct oclhls_hashkey;
/* Adds those Verilator flags to a cache key (models' and units'). */
void oclhls_tools_hash_verilate(struct oclhls_hashkey *k);

/* The Verilator command alone (no probing), for linting. */
const char *oclhls_tools_verilator_path(void);

/*
 * Starts a command that runs verilator (a path from above) with the faster allocator
 * preloaded when there is one, and as verilator_bin itself when verilator is Verilator's
 * Perl launcher with the binary where the launcher looks for it (tools.c); every verilator
 * run of the flow starts so.
 */
void oclhls_tools_verilator_argv(const char *verilator, struct oclhls_argv *a);

/* Finds both tools and asks their versions; -1 with the reason in log. */
int oclhls_tools_probe(struct oclhls_tools *t, struct oclhls_strbuf *log);

/* VERILATOR_ROOT as the tool reports it (`verilator --getenv VERILATOR_ROOT`), malloc'ed. */
char *oclhls_tools_verilator_root(const struct oclhls_tools *t, struct oclhls_strbuf *log);

void oclhls_tools_release(struct oclhls_tools *t);

#endif
