/* SPDX-License-Identifier: MIT */
/* Where the board flows find the executables of their tools (tool_search.c). */
#ifndef OCLHLS_TOOL_SEARCH_H
#define OCLHLS_TOOL_SEARCH_H

/* dir/name when it is an executable regular file; malloc'ed, or NULL. */
char *oclhls_tool_in_dir(const char *dir, const char *name);

/* name in the first directory of $PATH that has it as an executable regular file (an empty
   entry is the current directory, as for the shell); malloc'ed, or NULL. */
char *oclhls_tool_in_path(const char *name);

#endif
