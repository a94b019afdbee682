/* SPDX-License-Identifier: MIT */
/*
 * oclhls_cache_dir: $OCLHLS_CACHE_DIR, else $XDG_CACHE_HOME/oclhls, else
 * $HOME/.cache/oclhls, else /tmp/oclhls-cache-<uid> (private); created on demand.
 * oclhls_cache_lock: a second builder of an entry waits for the first and then finds the
 * entry published.
 *
 * usage: test_cache_dir <scratch dir>
 */
#include "test_util.h"

#include <errno.h>
#include <sys/wait.h>

#include "cache.h"
#include "sim_model_build.h"

static int is_dir(const char *path, mode_t *mode)
{
    struct stat st;

    if (stat(path, &st) || !S_ISDIR(st.st_mode))
        return 0;
    if (mode)
        *mode = st.st_mode & 0777;
    return 1;
}

static void check_order(const char *root)
{
    char buf[4096], want[8192];

    snprintf(want, sizeof(want), "%s/explicit/deep/er", root);
    setenv("OCLHLS_CACHE_DIR", want, 1);
    CHECK(oclhls_cache_dir(buf, sizeof(buf)) == 0 && !strcmp(buf, want) && is_dir(want, NULL),
          "$OCLHLS_CACHE_DIR first, created with its parents: %s", buf);
    setenv("OCLHLS_CACHE_DIR", "", 1);
    setenv("XDG_CACHE_HOME", root, 1);
    snprintf(want, sizeof(want), "%s/oclhls", root);
    CHECK(oclhls_cache_dir(buf, sizeof(buf)) == 0 && !strcmp(buf, want),
          "empty $OCLHLS_CACHE_DIR ignored, then $XDG_CACHE_HOME/oclhls: %s", buf);
    unsetenv("XDG_CACHE_HOME");
    setenv("HOME", root, 1);
    snprintf(want, sizeof(want), "%s/.cache/oclhls", root);
    CHECK(oclhls_cache_dir(buf, sizeof(buf)) == 0 && !strcmp(buf, want),
          "then $HOME/.cache/oclhls: %s", buf);
    CHECK(oclhls_cache_dir(buf, 8) == -1 && errno == ENAMETOOLONG,
          "a buffer too small is an error, not a truncated path");
}

/* Only when the fallback does not exist yet: never touch a real one. */
static void check_fallback(void)
{
    char buf[4096], want[64];
    mode_t mode = 0;
    int ret;

    unsetenv("HOME");
    snprintf(want, sizeof(want), "/tmp/oclhls-cache-%u", (unsigned)getuid());
    if (is_dir(want, NULL)) {
        printf("skip: %s exists already\n", want);
        return;
    }
    ret = oclhls_cache_dir(buf, sizeof(buf));
    is_dir(want, &mode);
    CHECK(ret == 0 && !strcmp(buf, want) && mode == 0700, "no HOME: %s, mode %o", buf, mode);
    chmod(want, 0777);
    CHECK(oclhls_cache_dir(buf, sizeof(buf)) == -1,
          "the shared fallback is refused when others can write it");
    rmdir(want);
}

/*
 * The parent holds an entry's lock; a child asks for it and must not get it before the
 * parent has published the entry (it reports what it saw through its exit status).
 */
static void check_lock(const char *root)
{
    char entry[2200], marker[2300];
    int fds[2], lock, status = -1;
    pid_t pid;

    snprintf(entry, sizeof(entry), "%s/locked-entry", root);
    snprintf(marker, sizeof(marker), "%s/done", entry);
    lock = oclhls_cache_lock(entry);
    CHECK(lock >= 0, "the first builder takes the lock");
    if (lock < 0 || pipe(fds))
        return;
    pid = fork();
    if (pid == 0) { /* the second builder */
        char c = 0;
        int mine;

        close(lock); /* the parent's lock, inherited: a builder's tools get it only until exec */
        close(fds[0]);
        if (write(fds[1], &c, 1) != 1)
            _exit(3);
        mine = oclhls_cache_lock(entry);
        _exit(mine < 0 ? 2 : oclhls_cache_has(entry, "done") ? 0 : 1);
    }
    close(fds[1]);
    char c;
    if (read(fds[0], &c, 1) == 1) {
        usleep(200 * 1000); /* the child is blocked in the lock by now, or will be */
        mkdir(entry, 0755);
        FILE *f = fopen(marker, "w");
        if (f)
            fclose(f);
    }
    close(fds[0]);
    oclhls_cache_unlock(entry, lock);
    if (pid > 0)
        waitpid(pid, &status, 0);
    CHECK(pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "the second builder waited and found the entry published (status %d)",
          WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

int main(int argc, char **argv)
{
    char root[2048];

    snprintf(root, sizeof(root), "%s/cache-dir-test-%d", argc > 1 ? argv[1] : "/tmp",
             (int)getpid());
    unsetenv("XDG_CACHE_HOME");
    check_order(root);
    check_fallback();
    mkdir(root, 0755);
    check_lock(root);
    test_rm_rf(root);
    return test_result();
}
