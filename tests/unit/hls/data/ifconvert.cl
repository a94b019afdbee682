// SPDX-License-Identifier: MIT
// If-conversion (hls/lower/ifconvert.c), kernel by kernel: test_lower_ifconvert.c lowers one
// and checks that it gets the predicates and selects written above it.

// if/else: the phi of the two branches becomes a select on the condition; each branch's load
// is predicated on its side, and the store after the join on nothing (every work-item gets
// there). The loads keep the branches from being a select in LLVM already.
__kernel void diamond(__global int *out, __global const int *a, int n)
{
    int gid = get_global_id(0);
    int x;
    if (a[gid] > n)
        x = a[gid] / 7 + out[gid];
    else
        x = a[gid] * 3 - out[gid + 1];
    out[gid] = x;
}

// A store in a branch is predicated on the branch's condition.
__kernel void branch_store(__global int *out, __global const int *a, int n)
{
    int gid = get_global_id(0);
    if (a[gid] > n)
        out[gid] = n;
}

// Nested ifs: the inner store's predicate is the outer condition and the inner one. The outer
// store and the inner load keep LLVM from merging the two conditions into one branch.
__kernel void nested(__global int *out, __global const int *a, int n)
{
    int gid = get_global_id(0);
    if (a[gid] > n) {
        out[gid] = 1;
        if (a[gid + 1] < n)
            out[gid + 1] = 2;
    }
}

// A branch in a loop's body: the store is predicated within the loop, on the loop's active
// flag (the body's own predicate) and the condition.
__kernel void loop_branch(__global int *out, __global const int *a, int n)
{
    int gid = get_global_id(0);
    for (int i = 0; i < n; i++)
        if (a[i] > gid)
            out[i] = gid;
}

// A goto into a loop's body makes a cycle with two entries: irreducible control flow, which
// no predicate can express; refused at the line of the goto or of the loop it enters.
__kernel void irreducible(__global int *data, int n)
{
    int gid = get_global_id(0);
    int x = data[gid];
    int i = 0;
    if (x & 1)
        goto middle;
    while (i < n) {
        x = x * 3 + i;
    middle:
        x ^= x >> 2;
        i++;
    }
    data[gid] = x;
}
