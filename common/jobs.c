/* SPDX-License-Identifier: MIT */
/*
 * Parallel job runner; see jobs.h. Each job's output goes into its own pipe, drained with
 * poll(); end of file on the pipe means the job has exited and is then reaped by pid (never
 * wait() for any child: the host program may have children of its own).
 */
#define _GNU_SOURCE /* pipe2 */
#include "jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fsutil.h"
#include "strbuf.h"
#include "subprocess.h"

enum job_state { JOB_PENDING, JOB_RUNNING, JOB_OK, JOB_FAILED };

struct job_run {
    enum job_state state;
    pid_t pid;
    int fd; /* read end of the output pipe while running */
    struct oclhls_strbuf out;
};

struct runner {
    const struct oclhls_jobset *js;
    struct job_run *run;
    struct pollfd *pfd;
    int running;
    int failed;
    struct oclhls_strbuf *log;
};

int oclhls_jobs_default(void)
{
    const char *env = getenv("OCLHLS_JOBS");
    long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);

    if (n < 1)
        n = 1;
    if (n > 64)
        n = 64;
    return (int)n;
}

int oclhls_jobset_add(struct oclhls_jobset *js, struct oclhls_argv *a, int after)
{
    struct oclhls_job *jobs;

    if (js->failed || a->failed || !a->v)
        goto fail;
    if (js->n == js->cap) {
        int cap = js->cap ? js->cap * 2 : 16;
        jobs = realloc(js->jobs, (size_t)cap * sizeof(*jobs));
        if (!jobs)
            goto fail;
        js->jobs = jobs;
        js->cap = cap;
    }
    js->jobs[js->n].argv = a->v;
    js->jobs[js->n].after = after;
    js->jobs[js->n].output_path = NULL;
    memset(a, 0, sizeof(*a));
    return js->n++;
fail:
    oclhls_argv_release(a);
    js->failed = 1;
    return -1;
}

int oclhls_jobset_add_output(struct oclhls_jobset *js, struct oclhls_argv *a, int after,
                             const char *output_path)
{
    char *path = strdup(output_path);
    int i = path ? oclhls_jobset_add(js, a, after) : -1;

    if (i < 0) {
        free(path);
        oclhls_argv_release(a);
        js->failed = 1;
        return -1;
    }
    js->jobs[i].output_path = path;
    return i;
}

void oclhls_jobset_release(struct oclhls_jobset *js)
{
    for (int i = 0; i < js->n; i++) {
        free(js->jobs[i].output_path);
        for (char **p = js->jobs[i].argv; *p; p++)
            free(*p);
        free(js->jobs[i].argv);
    }
    free(js->jobs);
    memset(js, 0, sizeof(*js));
}

static int start_job(struct runner *r, int i)
{
    struct job_run *j = &r->run[i];
    char **argv = r->js->jobs[i].argv;
    int fds[2];

    j->state = JOB_FAILED;
    if (pipe2(fds, O_CLOEXEC)) {
        oclhls_strbuf_printf(r->log, "cannot create a pipe: %s\n", strerror(errno));
        return -1;
    }
    j->pid = oclhls_spawn(argv, fds[1]);
    close(fds[1]);
    if (j->pid < 0) {
        oclhls_strbuf_printf(r->log, "cannot run %s: %s\n", argv[0], strerror(errno));
        close(fds[0]);
        return -1;
    }
    j->fd = fds[0];
    j->state = JOB_RUNNING;
    r->running++;
    return 0;
}

/* The next job that may start now, or -1; skips jobs whose dependency failed. */
static int next_job(struct runner *r)
{
    for (int i = 0; i < r->js->n; i++) {
        int after = r->js->jobs[i].after;

        if (r->run[i].state != JOB_PENDING)
            continue;
        if (after < 0 || r->run[after].state == JOB_OK)
            return i;
        if (r->run[after].state == JOB_FAILED)
            r->run[i].state = JOB_FAILED;
    }
    return -1;
}

static void start_jobs(struct runner *r, int parallel)
{
    int i;

    while (!r->failed && r->running < parallel && (i = next_job(r)) >= 0)
        if (start_job(r, i))
            r->failed = 1;
}

/* Reads what is available; returns 1 at end of file (the job has exited). */
static int drain(struct job_run *j)
{
    char buf[4096];
    ssize_t n = read(j->fd, buf, sizeof(buf));

    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return 0;
    if (n <= 0)
        return 1;
    oclhls_strbuf_append(&j->out, buf, (size_t)n);
    return 0;
}

/* Reaps a job whose pipe hit end of file and logs it. */
static void finish_job(struct runner *r, int i)
{
    struct job_run *j = &r->run[i];
    int status;

    close(j->fd);
    j->fd = -1;
    status = oclhls_spawn_wait(j->pid);
    j->state = status == 0 ? JOB_OK : JOB_FAILED;
    r->running--;
    r->failed |= status != 0;
    if (status == 0 && r->js->jobs[i].output_path) {
        if (oclhls_write_file(r->js->jobs[i].output_path, j->out.buf ? j->out.buf : "",
                              j->out.len)) {
            oclhls_strbuf_printf(r->log, "cannot write %s\n", r->js->jobs[i].output_path);
            j->state = JOB_FAILED;
            r->failed = 1;
        }
    } else if (status != 0 || j->out.len) {
        oclhls_argv_to_log(r->log, r->js->jobs[i].argv);
        if (j->out.len)
            oclhls_strbuf_append(r->log, j->out.buf, j->out.len);
        if (status)
            oclhls_strbuf_puts(r->log, status < 0 ? "(killed by a signal)\n"
                                                  : "(failed with a non-zero exit status)\n");
    }
    oclhls_strbuf_release(&j->out);
}

/* Waits until a running job prints or exits; -1 when poll itself fails. */
static int poll_jobs(struct runner *r)
{
    int n = r->js->n;

    for (int i = 0; i < n; i++) {
        r->pfd[i].fd = r->run[i].state == JOB_RUNNING ? r->run[i].fd : -1;
        r->pfd[i].events = POLLIN;
        r->pfd[i].revents = 0;
    }
    if (poll(r->pfd, (nfds_t)n, -1) < 0)
        return errno == EINTR ? 0 : -1;
    for (int i = 0; i < n; i++)
        if (r->pfd[i].fd >= 0 && r->pfd[i].revents && drain(&r->run[i]))
            finish_job(r, i);
    return 0;
}

/* Last resort when poll fails: read every running job to its end, one after the other. */
static void finish_all(struct runner *r)
{
    for (int i = 0; i < r->js->n; i++) {
        if (r->run[i].state != JOB_RUNNING)
            continue;
        while (!drain(&r->run[i]))
            ;
        finish_job(r, i);
    }
}

int oclhls_jobset_run(struct oclhls_jobset *js, int parallel, struct oclhls_strbuf *log)
{
    struct runner r = {.js = js, .log = log};
    size_t n = (size_t)(js->n ? js->n : 1);

    if (js->failed)
        return -1;
    r.run = calloc(n, sizeof(*r.run));
    r.pfd = calloc(n, sizeof(*r.pfd));
    if (!r.run || !r.pfd) {
        r.failed = 1;
        goto out_free;
    }
    for (;;) {
        start_jobs(&r, parallel);
        if (!r.running)
            break;
        if (poll_jobs(&r)) {
            finish_all(&r);
            r.failed = 1;
            break;
        }
    }
    for (int i = 0; i < js->n; i++)
        r.failed |= r.run[i].state != JOB_OK;
out_free:
    free(r.run);
    free(r.pfd);
    return r.failed ? -1 : 0;
}
