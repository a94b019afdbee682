// SPDX-License-Identifier: MIT
/*
 * oclbin_section FILE.oclbin NAME: writes section NAME of a program file (e.g. "verilog",
 * "meta", "source") to stdout. Exit status 1 when the file cannot be read or parsed or has
 * no such section, with the reason on stderr.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fsutil.h"
#include "oclbin.h"

int main(int argc, char **argv)
{
    struct oclbin *bin = NULL;
    char *data = NULL, err[256];
    const void *section;
    size_t size, ssize;
    int ret = 1;

    if (argc != 3) {
        fprintf(stderr, "usage: %s FILE.oclbin SECTION\n", argv[0]);
        return 2;
    }
    if (oclhls_read_file(argv[1], &data, &size)) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 1;
    }
    if (oclbin_parse(data, size, &bin, err, sizeof(err))) {
        fprintf(stderr, "%s: %s\n", argv[1], err);
        goto out;
    }
    if (!(section = oclbin_section(bin, argv[2], &ssize))) {
        fprintf(stderr, "%s: no section '%s'\n", argv[1], argv[2]);
        goto out;
    }
    ret = fwrite(section, 1, ssize, stdout) == ssize ? 0 : 1;
out:
    oclbin_free(bin);
    free(data);
    return ret;
}
