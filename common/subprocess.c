/* SPDX-License-Identifier: MIT */
/* Running tools with posix_spawn; see subprocess.h. */
#define _GNU_SOURCE /* pipe2, environ */
#include "subprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "strbuf.h"

extern char **environ;

/* oclhls_spawn in directory cwd (NULL: ours); a chdir that fails is a spawn that fails. */
static pid_t spawn_in(char *const argv[], const char *cwd, int out_fd)
{
    posix_spawn_file_actions_t fa;
    pid_t pid = -1;
    int err;

    if (posix_spawn_file_actions_init(&fa))
        return -1;
    err = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (!err)
        err = posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    if (!err)
        err = posix_spawn_file_actions_adddup2(&fa, out_fd, 2);
    if (!err && cwd)
        err = posix_spawn_file_actions_addchdir_np(&fa, cwd);
    if (!err)
        err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err) {
        errno = err;
        return -1;
    }
    return pid;
}

pid_t oclhls_spawn(char *const argv[], int out_fd)
{
    return spawn_in(argv, NULL, out_fd);
}

/* oclhls_spawn_wait, also saying which signal killed pid (when signo is not NULL). */
static int wait_signo(pid_t pid, int *signo)
{
    int status;

    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status) && signo)
        *signo = WTERMSIG(status);
    return -1;
}

int oclhls_spawn_wait(pid_t pid)
{
    return wait_signo(pid, NULL);
}

static void read_pipe(int fd, struct oclhls_strbuf *sb)
{
    char buf[4096];
    ssize_t n;

    for (;;) {
        n = read(fd, buf, sizeof(buf));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        oclhls_strbuf_append(sb, buf, (size_t)n);
    }
}

int oclhls_run_in(char *const argv[], const char *cwd, char **out, int *signo)
{
    struct oclhls_strbuf sb = {0};
    int fds[2], status;
    pid_t pid;

    *out = NULL;
    if (signo)
        *signo = 0;
    if (pipe2(fds, O_CLOEXEC)) {
        oclhls_strbuf_printf(&sb, "cannot create a pipe: %s\n", strerror(errno));
        goto out_fail;
    }
    pid = spawn_in(argv, cwd, fds[1]);
    close(fds[1]);
    if (pid < 0) {
        oclhls_strbuf_printf(&sb, "cannot run %s: %s\n", argv[0], strerror(errno));
        close(fds[0]);
        goto out_fail;
    }
    read_pipe(fds[0], &sb);
    close(fds[0]);
    status = wait_signo(pid, signo);
    *out = oclhls_strbuf_take(&sb);
    return status;
out_fail:
    *out = oclhls_strbuf_take(&sb);
    return -1;
}

int oclhls_run(char *const argv[], char **out)
{
    return oclhls_run_in(argv, NULL, out, NULL);
}

static int needs_quotes(const char *s)
{
    if (!*s)
        return 1;
    for (; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                    "-_./=+,:@%",
                    *s))
            return 1;
    return 0;
}

void oclhls_argv_to_log(struct oclhls_strbuf *sb, char *const argv[])
{
    oclhls_strbuf_puts(sb, "$");
    for (; *argv; argv++) {
        if (!needs_quotes(*argv)) {
            oclhls_strbuf_printf(sb, " %s", *argv);
            continue;
        }
        oclhls_strbuf_puts(sb, " '");
        for (const char *p = *argv; *p; p++) {
            if (*p == '\'')
                oclhls_strbuf_puts(sb, "'\\''");
            else
                oclhls_strbuf_append(sb, p, 1);
        }
        oclhls_strbuf_puts(sb, "'");
    }
    oclhls_strbuf_puts(sb, "\n");
}
