// SPDX-License-Identifier: MIT
// __local memory and barriers: tree reductions (a __local array in the kernel, and a __local
// pointer argument sized by the host), a transpose through a padded tile, a tiled matrix
// multiply with a barrier inside the loop over tiles, a per-group reversal run over many more
// work-groups than the hardware keeps in flight, a global-memory fence between neighbours, and
// 2D work-groups with a 2D __local array and work_group_barrier.

// Sums each work-group's ints (any power-of-two size up to 256) into out[group].
__kernel void reduce_fixed(__global const int *in, __global int *out)
{
    __local int tmp[256];
    int lid = get_local_id(0), lsize = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = tmp[0];
}

// The same with the scratch memory a __local argument (lsize ints, set by the host), placed
// between the two buffers so that the arguments after it keep their places.
__kernel void reduce_arg(__global const int *in, __local int *tmp, __global int *out)
{
    int lid = get_local_id(0), lsize = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = tmp[0];
}

// in: h rows of w ints; out: w rows of h ints. A 16x16 group reads a tile row by row and
// writes it column by column; the 17th column keeps a tile column off one bank.
#define TILE 16
__attribute__((reqd_work_group_size(TILE, TILE, 1)))
__kernel void transpose(__global const int *in, __global int *out, int w, int h)
{
    __local int tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;
    tile[ly][lx] = in[(gy + ly) * w + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(gx + ly) * h + gy + lx] = tile[lx][ly];
}

// c (m x n) = a (m x k) * b (k x n), k a multiple of TS: each group loads a tile of a and of
// b per step; the second barrier keeps the next step's loads off tiles still being read.
#define TS 8
__attribute__((reqd_work_group_size(TS, TS, 1)))
__kernel void matmul(__global const int *a, __global const int *b, __global int *c, int n, int k)
{
    __local int ta[TS][TS], tb[TS][TS];
    int col = get_global_id(0), row = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    int acc = 0;
    for (int t = 0; t < k; t += TS) {
        ta[ly][lx] = a[row * k + t + lx];
        tb[ly][lx] = b[(t + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < TS; i++)
            acc += ta[ly][i] * tb[i][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}

// Each group reverses its segment: a group that read another group's copy of tmp, or whose
// copy another group overwrote too early, gets the wrong values.
__kernel void reverse(__global const int *in, __global int *out)
{
    __local int tmp[256];
    int lid = get_local_id(0), lsize = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[lsize - 1 - lid] + (int)get_group_id(0);
}

// Two stores to neighbouring words per work-item (the memory gets two banks, one per store),
// then each pair comes back swapped from the mirror work-item.
__kernel void pair_mirror(__global const int *in, __global int *out)
{
    __local int tmp[512];
    int lid = get_local_id(0), lsize = get_local_size(0), gid = get_global_id(0);
    tmp[2 * lid] = in[2 * gid];
    tmp[2 * lid + 1] = in[2 * gid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    int m = lsize - 1 - lid;
    out[2 * gid] = tmp[2 * m + 1];
    out[2 * gid + 1] = tmp[2 * m];
}

// A global-memory fence: each work-item reads what its neighbour in the group stored to out
// before the barrier.
__kernel void global_fence(__global const int *in, __global int *out, __global int *out2)
{
    int gid = get_global_id(0), lid = get_local_id(0), lsize = get_local_size(0);
    int base = get_group_id(0) * lsize;
    out[gid] = in[gid] * 3 + lid;
    barrier(CLK_GLOBAL_MEM_FENCE);
    out2[gid] = out[base + (lid + 1) % lsize];
}

// 8x4 work-groups over a w-wide image: a 2D tile, then one work-item per tile row sums it,
// then every work-item combines the tile's point reflection with two row sums.
__attribute__((reqd_work_group_size(8, 4, 1)))
__kernel void tile2d(__global const int *in, __global int *out)
{
    __local int t[4][8];
    __local int rows[4];
    int lx = get_local_id(0), ly = get_local_id(1);
    int w = get_global_size(0), idx = get_global_id(1) * w + get_global_id(0);
    t[ly][lx] = in[idx];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (lx == 0) {
        int s = 0;
        for (int i = 0; i < 8; i++)
            s += t[ly][i] * (i + 1);
        rows[ly] = s;
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    out[idx] = t[3 - ly][7 - lx] * 1000 + rows[ly] * 7 - rows[(ly + 1) % 4];
}

// A __local argument as large as the device's CL_DEVICE_LOCAL_MEM_SIZE (n words), filled by
// one work-group and read back in reverse.
__kernel void local_span(__global const uint *in, __global uint *out, __local uint *buf, uint n)
{
    uint l = get_local_id(0), ls = get_local_size(0);
    for (uint i = l; i < n; i += ls)
        buf[i] = in[i] * 3u + 1u;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = l; i < n; i += ls)
        out[i] = buf[n - 1 - i];
}

// A loop that leaves between its two barriers, as Rodinia's hotspot and pathfinder do: the
// barrier that ends the body must hold every iteration (but the last) until the whole group
// has stored, since the next iteration reads another work-item's word (x + 16).
__kernel void break_between(__global int *out, int n)
{
    __local int a[64], t[64];
    int x = get_local_id(0), g = get_group_id(0);
    a[x] = x + g;
    t[x] = -1;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < n; i++) {
        if (x >= i + 1)
            t[x] = a[min(x + 16, 63)];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i == n - 1)
            break;
        a[x] = t[x] + 100;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = t[x];
    out[get_global_size(0) + get_global_id(0)] = a[x];
}
