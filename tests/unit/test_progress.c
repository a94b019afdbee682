/* SPDX-License-Identifier: MIT */
/*
 * Long steps say that they run (common/progress.c): once a step has run a few seconds, a
 * line with its name and elapsed time reaches stderr (here a file, so the line form); a
 * step that ends first prints nothing, and nothing is printed while progress is off.
 */
#include "test_util.h" /* first: it defines _GNU_SOURCE */

#include "progress.h"

static char path[] = "/tmp/oclhls-progress-XXXXXX";

static int stderr_has(const char *text)
{
    char buf[4096] = "";
    fflush(stderr);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    return strstr(buf, text) != NULL;
}

int main(void)
{
    int fd = mkstemp(path);
    if (fd < 0 || !freopen(path, "w", stderr))
        return 2;
    close(fd);
    oclhls_progress_set_quiet_seconds(0.3); /* the behaviour at 3 s, in a tenth of the time */

    oclhls_progress_begin("off stage"); /* not enabled: silent however long */
    usleep(600000);                     /* past the time after which an enabled step shows */
    oclhls_progress_end();
    CHECK(!stderr_has("off stage"), "nothing while progress is off");

    oclhls_progress_enable(1);
    oclhls_progress_set_quiet_seconds(3); /* however loaded the machine, begin to end is less */
    oclhls_progress_begin("short stage");
    oclhls_progress_end();
    CHECK(!stderr_has("short stage"), "a step shorter than a few seconds prints nothing");

    oclhls_progress_set_quiet_seconds(0.3);
    oclhls_progress_begin("long stage");
    int seen = 0; /* the line is due after 0.3 s; a loaded machine may delay it */
    for (int i = 0; i < 300 && !seen; i++) {
        usleep(50000);
        seen = stderr_has("long stage: running for ");
    }
    oclhls_progress_end();
    CHECK(seen, "a long step's name and elapsed time reach stderr");
    unlink(path);
    return test_result();
}
