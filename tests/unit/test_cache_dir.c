/* SPDX-License-Identifier: MIT */
/*
 * oclhls_cache_dir: $OCLHLS_CACHE_DIR, else $XDG_CACHE_HOME/oclhls, else
 * $HOME/.cache/oclhls, else /tmp/oclhls-cache-<uid> (private); created on demand.
 *
 * usage: test_cache_dir <scratch dir>
 */
#include "test_util.h"

#include <errno.h>

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

int main(int argc, char **argv)
{
    char root[2048];

    snprintf(root, sizeof(root), "%s/cache-dir-test-%d", argc > 1 ? argv[1] : "/tmp",
             (int)getpid());
    unsetenv("XDG_CACHE_HOME");
    check_order(root);
    check_fallback();
    test_rm_rf(root);
    return test_result();
}
