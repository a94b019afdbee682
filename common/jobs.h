/* SPDX-License-Identifier: MIT */
/*
 * A small parallel job runner for compiler invocations, with one-level dependencies
 * ("start this job only after that one succeeded"). Internal to oclhls_boards.
 */
#ifndef OCLHLS_JOBS_H
#define OCLHLS_JOBS_H

#include "argv.h"

struct oclhls_strbuf;

struct oclhls_job {
    char **argv;       /* NULL-terminated, owned by the set */
    int after;         /* index of the job that must succeed first, or -1 */
    char *output_path; /* owned; where a successful job's output goes, or NULL: the log */
};

/* Starts zeroed ({0}); .failed is set when an add ran out of memory. */
struct oclhls_jobset {
    struct oclhls_job *jobs;
    int n;
    int cap;
    int failed;
};

/* The default parallelism: $OCLHLS_JOBS if set, else the number of online CPUs (1..64). */
int oclhls_jobs_default(void);

/*
 * Adds a command; takes over a's strings (a is left empty). Jobs start in the order they
 * were added, as soon as a slot is free and their `after` job has succeeded, so add the
 * longest ones first. Returns the job's index, or -1 (and sets .failed).
 */
int oclhls_jobset_add(struct oclhls_jobset *js, struct oclhls_argv *a, int after);

/* Like oclhls_jobset_add; when the job succeeds, its output (maybe none) is written to
 * output_path instead of the log. */
int oclhls_jobset_add_output(struct oclhls_jobset *js, struct oclhls_argv *a, int after,
                             const char *output_path);

/*
 * Runs every job, at most `parallel` at a time, and waits for them. Appends the command
 * line and output of each job that printed something or failed to log. After a failure
 * no new job starts. Returns 0 when all exited with status 0, else -1.
 */
int oclhls_jobset_run(struct oclhls_jobset *js, int parallel, struct oclhls_strbuf *log);

void oclhls_jobset_release(struct oclhls_jobset *js);

#endif
