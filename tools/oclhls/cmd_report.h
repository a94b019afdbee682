/* SPDX-License-Identifier: MIT */
/* oclhls report (cmd_report.c): a program file's report as one HTML page, or as JSON. */
#ifndef OCLHLS_CMD_REPORT_H
#define OCLHLS_CMD_REPORT_H

#include <stddef.h>

/* oclhls report FILE.oclbin [-o OUT] [--json]: argv holds the arguments after the command
 * name. Exit status. */
int oclhls_cmd_report(int argc, char **argv);

/* Writes the report of the program file's bytes (called `name` on the page) to path, "-" for
 * stdout: the page, or with json the report model. 0, or -1 with a message on stderr. */
int oclhls_report_write(const void *data, size_t size, const char *name, const char *path,
                        int json);
/* The same with the runs of the file `profile` (OCLHLS_PROFILE) when not NULL. */
int oclhls_report_write_profiled(const void *data, size_t size, const char *name,
                                 const char *path, int json, const char *profile);

#endif
