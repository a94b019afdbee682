/* SPDX-License-Identifier: MIT */
/*
 * Running tools (verilator, the C++ compiler) without a shell: argv is passed as is, so
 * paths with spaces or quotes are safe.
 */
#ifndef OCLHLS_SUBPROCESS_H
#define OCLHLS_SUBPROCESS_H

#include <sys/types.h>

struct oclhls_strbuf;

/*
 * Starts argv[0] (searched in PATH when it has no '/') with stdin from /dev/null and
 * stdout and stderr into out_fd. Returns the pid, or -1 with errno set.
 */
pid_t oclhls_spawn(char *const argv[], int out_fd);

/* Waits for pid; returns its exit status (0-255), or -1 when it was killed by a signal. */
int oclhls_spawn_wait(pid_t pid);

/*
 * Runs argv to completion and captures its output in *out (malloc'ed, NULL when empty).
 * Returns the exit status, or -1 when it could not run (reason appended to *out).
 */
int oclhls_run(char *const argv[], char **out);

/*
 * oclhls_run with the program started in directory cwd (NULL: ours), for tools whose
 * messages name files relative to where they run. When signo is not NULL it gets the
 * signal that killed the program (0: none), which tells a crash from a failure to start:
 * both return -1.
 */
int oclhls_run_in(char *const argv[], const char *cwd, char **out, int *signo);

/* Appends argv to sb as one line, quoting arguments that need it, for build logs. */
void oclhls_argv_to_log(struct oclhls_strbuf *sb, char *const argv[]);

#endif
