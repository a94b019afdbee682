/* SPDX-License-Identifier: MIT */
/* oclhls cache (cmd_cache.c): show and clean the on-disk cache. */
#ifndef OCLHLS_CMD_CACHE_H
#define OCLHLS_CMD_CACHE_H

/* oclhls cache [show | clean [--older-than DAYS] | --help]: argv holds the arguments after
 * the command name. Exit status. */
int oclhls_cmd_cache(int argc, char **argv);

#endif
