/* SPDX-License-Identifier: MIT */
/*
 * Runs a program without a shell (fork + execv) and collects its stdout and stderr. Safe in
 * multithreaded hosts: the child only calls async-signal-safe functions, and every descriptor
 * we open is close-on-exec so concurrent spawns do not inherit each other's pipes.
 */
#include "fe_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: wire up descriptors, chdir, exec; on failure report errno through errfd. */
static void child_exec(char *const argv[], const char *cwd, int outfd, int errfd)
{
    int err;
    int null = open("/dev/null", O_RDONLY);

    if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(outfd, STDOUT_FILENO) < 0 ||
        dup2(outfd, STDERR_FILENO) < 0)
        goto out_fail;
    /* dup2 onto the same number keeps close-on-exec: clear it explicitly */
    for (int fd = 0; fd <= 2; fd++)
        fcntl(fd, F_SETFD, 0);
    if (cwd && chdir(cwd))
        goto out_fail;
    execv(argv[0], argv);
out_fail:
    err = errno;
    if (write(errfd, &err, sizeof(err)) < 0)
        _exit(127);
    _exit(127);
}

static void read_all(int fd, struct fe_buf *out)
{
    char chunk[4096];
    ssize_t n;

    for (;;) {
        n = read(fd, chunk, sizeof(chunk));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        fe_buf_append(out, chunk, (size_t)n);
    }
}

/* Exit status, 128 + signal number when killed, -1 when waitpid fails. */
static int wait_child(pid_t pid)
{
    int status;

    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return -1;
}

/* errno of a failed exec, 0 when the exec succeeded (the pipe closed on exec). */
static int exec_errno(int fd)
{
    int err = 0;
    ssize_t n;

    do
        n = read(fd, &err, sizeof(err));
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof(err) ? err : 0;
}

/*
 * Returns the exit status (0 = success), or -1 with errno set when the program could not be
 * started.
 */
int fe_run(char *const argv[], const char *cwd, struct fe_buf *out)
{
    int outp[2], errp[2];
    int ret = -1, err;
    pid_t pid;

    if (pipe2(outp, O_CLOEXEC))
        return -1;
    if (pipe2(errp, O_CLOEXEC))
        goto out_close_out;
    pid = fork();
    if (pid == 0)
        child_exec(argv, cwd, outp[1], errp[1]);
    close(outp[1]);
    close(errp[1]);
    outp[1] = errp[1] = -1;
    if (pid < 0)
        goto out_close_err;
    read_all(outp[0], out);
    err = exec_errno(errp[0]);
    ret = wait_child(pid);
    if (err) {
        errno = err;
        ret = -1;
    }
out_close_err:
    close(errp[0]);
    if (errp[1] >= 0)
        close(errp[1]);
out_close_out:
    close(outp[0]);
    if (outp[1] >= 0)
        close(outp[1]);
    return ret;
}
