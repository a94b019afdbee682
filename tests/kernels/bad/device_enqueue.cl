// SPDX-License-Identifier: MIT
// Device-side enqueue on a device without it: clang does not declare get_default_queue
// (line 6), and a note names the feature and the query that says so.
__kernel void parent(__global int *o)
{
    queue_t q = get_default_queue();
    o[0] = 1;
}
