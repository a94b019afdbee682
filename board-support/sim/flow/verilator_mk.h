/* SPDX-License-Identifier: MIT */
/*
 * Reads the file lists Verilator writes into <prefix>_classes.mk (VM_CLASSES_FAST,
 * VM_GLOBAL_FAST, ...), so the build follows whatever files this Verilator version
 * generates and needs, without running make. Internal to oclhls_boards.
 */
#ifndef OCLHLS_VERILATOR_MK_H
#define OCLHLS_VERILATOR_MK_H

struct oclhls_argv;

/*
 * Appends the words of every "VAR += \ word \ word" block of var in mk to out.
 * Returns how many words were found.
 */
int oclhls_mk_list(const char *mk, const char *var, struct oclhls_argv *out);

/*
 * The generated files of a model (base names, no .cpp): the code that runs every cycle
 * (VM_CLASSES_FAST, VM_SUPPORT_FAST) appended to fast, the code that runs once (the
 * *_SLOW lists) to slow. Returns how many fast files were found.
 */
int oclhls_mk_code(const char *mk, struct oclhls_argv *fast, struct oclhls_argv *slow);

#endif
