// SPDX-License-Identifier: MIT
// A kernel whose every store folds away has no memory access at all: its design must still
// lint clean (once it left an unused 'drain' wire behind).
__kernel void nothing(__global int *out)
{
}
