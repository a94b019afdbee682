// SPDX-License-Identifier: MIT
// Built with --profile: 470 argument words leave 10 of the window's 480, and the counters
// need 12 (6 of the kernel's, 3 for each of its two LSUs).
typedef struct {
    int v[468];
} big;

kernel void no_room(big s, global const int *in, global int *out)
{
    int i = get_global_id(0);
    out[i] = in[i] + s.v[0] + s.v[467];
}
