/* SPDX-License-Identifier: MIT */
/* oclhls passes and oclhls opt (cmd_ir.c): the pass table, and passes run on IR text. */
#ifndef OCLHLS_CMD_IR_H
#define OCLHLS_CMD_IR_H

/* oclhls passes: lists the passes (passes.h). Exit status. */
int oclhls_cmd_passes(void);

/* oclhls opt IN.hir [--pass NAME]... [--board NAME] [-o OUT.hir]: reads a kernel's IR text
 * (hir_text.h), runs the passes in the order given and writes the IR. argv holds the
 * arguments after the command name. Exit status. */
int oclhls_cmd_opt(int argc, char **argv);

#endif
