/* SPDX-License-Identifier: MIT */
/* A tool's version in a cache key (tool_key.h). */
#include "tool_key.h"

#include <stdlib.h>

#include "subprocess.h"

void oclhls_key_add_tool_version(struct oclhls_hashkey *k, const char *tool, const char *flag)
{
    char *argv[] = {(char *)tool, (char *)flag, NULL}, *out = NULL;

    oclhls_run(argv, &out);
    oclhls_hashkey_add_str(k, out ? out : tool);
    free(out);
}
