/* SPDX-License-Identifier: MIT */
/*
 * The cache's size limit (common/cache_evict.c) on fake entries of known sizes
 * and ages: publishing past OCLHLS_CACHE_MAX removes the least recently used entries (of
 * every kind, directories and files) and never the new one nor builds in progress; a hit
 * makes an old entry recent; a malformed limit falls back to the default; removal leaves
 * open files readable; two processes evicting at once both succeed.
 *
 * usage: test_cache_evict <scratch dir>
 */
#include "test_util.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>

#include "cache.h"
#include "fsutil.h"
#include "strbuf.h"

#define MARKER "MARK"

static char root[2048];

static int exists(const char *rel)
{
    char path[4096];
    struct stat st;

    snprintf(path, sizeof(path), "%s/%s", root, rel);
    return lstat(path, &st) == 0;
}

static void set_age(const char *path, time_t age)
{
    struct timespec t[2] = {{time(NULL) - age, 0}, {time(NULL) - age, 0}};

    utimensat(AT_FDCWD, path, t, AT_SYMLINK_NOFOLLOW);
}

static void write_bytes(const char *path, size_t n)
{
    char *data = calloc(1, n + 1);

    memset(data, 'x', n);
    test_write_file(path, data);
    free(data);
}

/* dir/{data (size bytes), MARKER}, last used age seconds ago. */
static void fill_entry(const char *dir, size_t size, time_t age)
{
    char path[4096];

    snprintf(path, sizeof(path), "%s/data", dir);
    write_bytes(path, size);
    snprintf(path, sizeof(path), "%s/%s", dir, MARKER);
    test_write_file(path, "");
    set_age(dir, age);
}

/* <base>/<rel>: a directory entry, or a file entry when rel ends in a name with a '.' (as the
 * program cache's files before it had directories) that is not a build directory. */
static void make_entry(const char *base, const char *rel, size_t size, time_t age)
{
    char path[4096];
    const char *name = strrchr(rel, '/') + 1;
    int is_file = strchr(name, '.') && strncmp(name, ".build-", 7) != 0;

    snprintf(path, sizeof(path), "%s/%.*s", base, is_file ? (int)(name - rel - 1) : 1000, rel);
    if (oclhls_mkdir_p(path, 0700))
        printf("cannot make %s\n", path);
    snprintf(path, sizeof(path), "%s/%s", base, rel);
    if (!is_file) {
        fill_entry(path, size, age);
        return;
    }
    write_bytes(path, size);
    set_age(path, age);
}

/* Builds <kind>/<name> in a build directory and publishes it as cache.c's callers do. */
static int publish(const char *base, const char *kind, const char *name, size_t size)
{
    char parent[4096], dst[4200];
    struct oclhls_strbuf log = {0};
    char *tmp;
    int ret = -1;

    snprintf(parent, sizeof(parent), "%s/%s", base, kind);
    snprintf(dst, sizeof(dst), "%s/%s", parent, name);
    tmp = oclhls_cache_mkdtemp(parent, &log);
    if (tmp) {
        fill_entry(tmp, size, 0);
        ret = oclhls_cache_publish(tmp, dst, MARKER, &log);
    }
    if (ret)
        printf("publish: %s", log.buf ? log.buf : "(no log)\n");
    free(tmp);
    oclhls_strbuf_release(&log);
    return ret;
}

static int count_trash(const char *base)
{
    struct oclhls_cache_list l;
    int n = 0;

    if (oclhls_cache_scan(base, &l))
        return -1;
    for (size_t i = 0; i < l.n; i++)
        n += strstr(l.v[i].path, "/.trash-") != NULL;
    oclhls_cache_list_release(&l);
    return n;
}

static unsigned long long entries_size(const char *base)
{
    struct oclhls_cache_list l;
    unsigned long long sum = 0;

    if (oclhls_cache_scan(base, &l))
        return 0;
    for (size_t i = 0; i < l.n; i++)
        sum += l.v[i].transient ? 0 : l.v[i].size;
    oclhls_cache_list_release(&l);
    return sum;
}

static int limit_of(const char *value, unsigned long long *bytes)
{
    char err[256] = "";
    int ret;

    setenv("OCLHLS_CACHE_MAX", value, 1);
    ret = oclhls_cache_limit(bytes, err, sizeof(err));
    if (ret)
        printf("      (%s)\n", err);
    return ret == -1 && !err[0] ? -2 : ret; /* a failure must say why */
}

static void check_limit(void)
{
    unsigned long long b = 0;
    int ret;

    unsetenv("OCLHLS_CACHE_MAX");
    ret = oclhls_cache_limit(&b, NULL, 0);
    CHECK(ret == 0 && b == 2ull << 30, "unset: 2 GiB (%llu)", b);
    ret = limit_of("", &b);
    CHECK(ret == 0 && b == 2ull << 30, "empty: the default (%llu)", b);
    ret = limit_of("0", &b);
    CHECK(ret == 0 && b == 0, "0: no limit (%llu)", b);
    ret = limit_of("1500", &b);
    CHECK(ret == 0 && b == 1500, "plain bytes: %llu", b);
    ret = limit_of("2K", &b);
    CHECK(ret == 0 && b == 2048, "2K: %llu", b);
    ret = limit_of("3m", &b);
    CHECK(ret == 0 && b == 3ull << 20, "3m: %llu", b);
    ret = limit_of("1G", &b);
    CHECK(ret == 0 && b == 1ull << 30, "1G: %llu", b);
    const char *bad[] = {
        "12X", "abc", "-5", " 5", "5 ", "1.5G", "2KB", "G", "99999999999999999999", "17179869184G"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        b = 1;
        ret = limit_of(bad[i], &b);
        CHECK(ret == -1 && b == 2ull << 30,
              "malformed '%s': an error that says why, and the default (%llu)", bad[i], b);
    }
}

static time_t mtime_of(const char *rel)
{
    char path[4096];
    struct stat st;

    snprintf(path, sizeof(path), "%s/%s", root, rel);
    return lstat(path, &st) ? 0 : st.st_mtime;
}

static void check_lru(void)
{
    char path[4096];

    make_entry(root, "sim-models/a", 1000, 5000);
    make_entry(root, "sim-models/b", 1000, 4000);
    make_entry(root, "verilator-rt/c", 1000, 3000);
    make_entry(root, "programs/d.oclbin", 1000, 2000);
    make_entry(root, "ice40-builds/e", 1000, 1000);
    make_entry(root, "sim-models/.build-live", 5000, 0);
    CHECK(entries_size(root) == 5000, "five entries of 1000 bytes; the build dir not counted");

    snprintf(path, sizeof(path), "%s/sim-models/a", root);
    CHECK(oclhls_cache_has(path, MARKER) == 1 && mtime_of("sim-models/a") >= time(NULL) - 1,
          "a hit makes the oldest entry the most recently used");
    snprintf(path, sizeof(path), "%s/sim-models/b", root);
    CHECK(oclhls_cache_has(path, "no-such-marker") == 0 &&
              mtime_of("sim-models/b") < time(NULL) - 3000,
          "a miss leaves the entry's time alone");

    setenv("OCLHLS_CACHE_MAX", "3500", 1);
    CHECK(publish(root, "sim-models", "f", 1000) == 0, "published f over the limit of 3500");
    CHECK(!exists("sim-models/b") && !exists("verilator-rt/c") && !exists("programs/d.oclbin"),
          "the three least recently used entries (b, c, d: dirs and a file) are gone");
    CHECK(exists("sim-models/a") && exists("ice40-builds/e") && exists("sim-models/f/" MARKER),
          "the hit entry a, the recent e and the new f stay");
    CHECK(exists("sim-models/.build-live/data"), "the build in progress is untouched");
    CHECK(entries_size(root) == 3000 && count_trash(root) == 0,
          "3000 bytes left (at most the limit), no trash left behind");
}

static void age_entry(const char *rel, time_t age)
{
    char path[4200];

    snprintf(path, sizeof(path), "%s/%s", root, rel);
    set_age(path, age);
}

static void check_keep_and_unlimited(void)
{
    /* a and f were used just now: make them older than the grace of ten minutes */
    age_entry("sim-models/a", 900);
    age_entry("sim-models/f", 800);
    make_entry(root, "sim-models/fresh", 100, 60);
    setenv("OCLHLS_CACHE_MAX", "1K", 1);
    CHECK(publish(root, "ice40-builds", "g", 2000) == 0, "published g, bigger than the limit");
    CHECK(exists("ice40-builds/g/data") && !exists("sim-models/a") && !exists("ice40-builds/e") &&
              !exists("sim-models/f"),
          "everything else is evicted, never the entry just published");
    CHECK(exists("sim-models/fresh/data"),
          "except an entry used a minute ago (a build may be about to link it)");
    age_entry("sim-models/fresh", 700);

    setenv("OCLHLS_CACHE_MAX", "0", 1);
    CHECK(publish(root, "sim-models", "h", 3000) == 0 && exists("ice40-builds/g") &&
              exists("sim-models/h"),
          "OCLHLS_CACHE_MAX=0: no limit, nothing evicted");

    setenv("OCLHLS_CACHE_MAX", "lots", 1);
    CHECK(publish(root, "sim-models", "i", 10) == 0 && exists("ice40-builds/g") &&
              exists("sim-models/h") && exists("sim-models/i"),
          "a malformed limit: the publish works, with the default limit (2G)");
}

/* publish is used on directories of the cache only: anything else is never trimmed. */
static void check_outside(void)
{
    char other[2100];

    snprintf(other, sizeof(other), "%s-outside", root);
    make_entry(other, "kind/old", 1000, 9000);
    setenv("OCLHLS_CACHE_MAX", "1", 1);
    CHECK(publish(other, "kind", "new", 1000) == 0, "published outside the cache directory");
    snprintf(other, sizeof(other), "%s-outside/kind/old/data", root);
    CHECK(access(other, F_OK) == 0, "nothing evicted there");
    snprintf(other, sizeof(other), "%s-outside", root);
    test_rm_rf(other);
}

static void check_remove_while_open(void)
{
    char path[4096], file[4200], buf[8] = "";
    int fd;

    make_entry(root, "sim-models/open", 100, 0);
    snprintf(path, sizeof(path), "%s/sim-models/open", root);
    snprintf(file, sizeof(file), "%s/data", path);
    fd = open(file, O_RDONLY);
    CHECK(fd >= 0 && oclhls_cache_remove(path) == 0 && !exists("sim-models/open"),
          "an entry with an open file is removed");
    CHECK(fd >= 0 && read(fd, buf, 4) == 4 && !memcmp(buf, "xxxx", 4), "the open file still reads");
    if (fd >= 0)
        close(fd);
    errno = 0;
    CHECK(oclhls_cache_remove(path) == -1 && errno == ENOENT,
          "removing it again: ENOENT (another process was first)");
    CHECK(count_trash(root) == 0, "no trash left behind");
}

static void check_concurrent(void)
{
    char base[2100], rel[64];
    int status, removed = 0, ok = 1;
    pid_t pid[2];

    snprintf(base, sizeof(base), "%s-race", root);
    for (int i = 0; i < 40; i++) {
        snprintf(rel, sizeof(rel), "k%d/e%02d", i % 3, i);
        make_entry(base, rel, 100, 100 + i);
    }
    for (int p = 0; p < 2; p++) {
        if ((pid[p] = fork()) == 0) {
            int n = oclhls_cache_evict(base, 1, NULL, 0);

            _exit(n < 0 ? 255 : n);
        }
    }
    for (int p = 0; p < 2; p++) {
        ok &= pid[p] > 0 && waitpid(pid[p], &status, 0) == pid[p] && WIFEXITED(status) &&
              WEXITSTATUS(status) != 255;
        removed += ok ? WEXITSTATUS(status) : 0;
    }
    CHECK(ok && removed == 40,
          "two processes evicting at once both succeed, and each of the "
          "40 entries is removed by one of them (%d)",
          removed);
    CHECK(entries_size(base) == 0 && count_trash(base) == 0, "the cache is empty, no trash");
    test_rm_rf(base);
}

static void check_stale(void)
{
    struct oclhls_cache_entry e = {.transient = 1};
    time_t now = time(NULL);

    e.used.tv_sec = now - 2 * 24 * 3600;
    CHECK(oclhls_cache_is_stale(&e, now), "a build or trash directory of two days is stale");
    e.used.tv_sec = now - 3600;
    CHECK(!oclhls_cache_is_stale(&e, now), "one of an hour is not (a build in progress)");
    e.transient = 0;
    e.used.tv_sec = now - 30 * 24 * 3600;
    CHECK(!oclhls_cache_is_stale(&e, now), "an entry is never stale, only old");
}

int main(int argc, char **argv)
{
    snprintf(root, sizeof(root), "%s/cache-evict-test-%d", argc > 1 ? argv[1] : "/tmp",
             (int)getpid());
    setenv("OCLHLS_CACHE_DIR", root, 1);
    check_limit();
    check_lru();
    check_keep_and_unlimited();
    check_outside();
    check_remove_while_open();
    check_concurrent();
    check_stale();
    test_rm_rf(root);
    return test_result();
}
