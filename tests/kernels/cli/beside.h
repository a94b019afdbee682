// SPDX-License-Identifier: MIT
// Included by beside.cl from its own directory.
#define OFFSET 7
