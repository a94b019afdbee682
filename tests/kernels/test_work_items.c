// SPDX-License-Identifier: MIT
/*
 * work_items.cl: the dispatcher and the work-item functions against the OpenCL definitions,
 * for 1D, 2D and 3D ranges with global offsets, given and NULL local sizes, sizes that are
 * not powers of two, and a run-time dimension index; a kernel of global ids only (the
 * dispatcher's flat order) over the same ranges.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kt.h"

struct range {
    cl_uint dims;
    size_t offset[3], global[3], local[3];
    int local_null;
};

static void check_all(struct kt *t, const struct range *r, const uint32_t *out)
{
    size_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, off[3] = {0, 0, 0};
    for (cl_uint d = 0; d < r->dims; d++) {
        g[d] = r->global[d];
        off[d] = r->offset[d];
    }
    /* With a NULL local size the runtime chose one: read it back from the device. */
    for (cl_uint d = 0; d < 3; d++)
        l[d] = d < r->dims ? out[12 + d] : 1;
    for (cl_uint d = 0; d < r->dims; d++) {
        kt_expect(t, l[d] >= 1 && g[d] % l[d] == 0, "dim %u: local size %zu does not divide %zu",
                  d, l[d], g[d]);
        if (!r->local_null)
            KT_EQ(t, l[d], r->local[d], "local size", d);
        if (l[d] == 0)
            return;
    }
    for (size_t z = 0; z < g[2]; z++)
        for (size_t y = 0; y < g[1]; y++)
            for (size_t x = 0; x < g[0]; x++) {
                size_t lin = (z * g[1] + y) * g[0] + x, id[3] = {x, y, z};
                const uint32_t *o = out + lin * 24;
                for (int d = 0; d < 3; d++) {
                    int in = (cl_uint)d < r->dims;
                    KT_EQ(t, o[d], in ? id[d] + off[d] : 0, "global_id", lin * 24 + d);
                    KT_EQ(t, o[3 + d], in ? id[d] % l[d] : 0, "local_id", lin * 24 + 3 + d);
                    KT_EQ(t, o[6 + d], in ? id[d] / l[d] : 0, "group_id", lin * 24 + 6 + d);
                    KT_EQ(t, o[9 + d], g[d], "global_size", lin * 24 + 9 + d);
                    KT_EQ(t, o[15 + d], g[d] / l[d], "num_groups", lin * 24 + 15 + d);
                    KT_EQ(t, o[18 + d], off[d], "global_offset", lin * 24 + 18 + d);
                }
                KT_EQ(t, o[21], r->dims, "work_dim", lin);
                KT_EQ(t, o[22], lin, "global_linear_id", lin);
                size_t llin = ((z % l[2]) * l[1] + (y % l[1])) * l[0] + (x % l[0]);
                KT_EQ(t, o[23], llin, "local_linear_id", lin);
            }
}

static void run_all(struct kt *t, cl_kernel k, const struct range *r)
{
    size_t n = 1;
    for (cl_uint d = 0; d < r->dims; d++)
        n *= r->global[d];
    uint32_t *out = calloc(n * 24, sizeof(uint32_t));
    cl_mem buf = kt_buffer(t, n * 24 * sizeof(uint32_t), NULL);
    kt_arg(t, k, 0, sizeof(cl_mem), &buf);
    kt_run(t, k, r->dims, r->offset, r->global, r->local_null ? NULL : r->local);
    kt_read(t, buf, n * 24 * sizeof(uint32_t), out);
    check_all(t, r, out);
    clReleaseMemObject(buf);
    free(out);
}

/* wi_global over range r: each work-item's global ids, and each work-item exactly once. */
static void run_global(struct kt *t, cl_kernel k, const struct range *r)
{
    size_t g[3] = {1, 1, 1}, off[3] = {0, 0, 0};
    for (cl_uint d = 0; d < r->dims; d++) {
        g[d] = r->global[d];
        off[d] = r->offset[d];
    }
    size_t n = g[0] * g[1] * g[2];
    uint32_t *out = calloc(n * 4, sizeof(uint32_t));
    cl_mem buf = kt_buffer(t, n * 4 * sizeof(uint32_t), NULL);
    kt_arg(t, k, 0, sizeof(cl_mem), &buf);
    kt_run(t, k, r->dims, r->offset, r->global, r->local_null ? NULL : r->local);
    kt_read(t, buf, n * 4 * sizeof(uint32_t), out);
    for (size_t z = 0; z < g[2]; z++)
        for (size_t y = 0; y < g[1]; y++)
            for (size_t x = 0; x < g[0]; x++) {
                size_t lin = (z * g[1] + y) * g[0] + x, id[3] = {x, y, z};
                for (int d = 0; d < 3; d++)
                    KT_EQ(t, out[lin * 4 + d], id[d] + off[d], "wi_global get_global_id",
                          lin * 4 + d);
                KT_EQ(t, out[lin * 4 + 3], 1, "wi_global runs of the work-item", lin * 4 + 3);
            }
    clReleaseMemObject(buf);
    free(out);
}

static void run_dynamic(struct kt *t, cl_kernel k)
{
    size_t off[2] = {3, 4}, global[2] = {10, 6}, local[2] = {5, 2};
    uint32_t out[10 * 6 * 3];
    cl_mem buf = kt_buffer(t, sizeof(out), NULL);
    for (cl_uint dim = 0; dim < 4; dim++) {
        kt_arg(t, k, 0, sizeof(cl_mem), &buf);
        kt_arg(t, k, 1, sizeof(dim), &dim);
        kt_run(t, k, 2, off, global, local);
        kt_read(t, buf, sizeof(out), out);
        for (size_t y = 0; y < global[1]; y++)
            for (size_t x = 0; x < global[0]; x++) {
                size_t i = y * global[0] + x, id[2] = {x + off[0], y + off[1]};
                KT_EQ(t, out[i * 3], dim < 2 ? id[dim] : 0, "get_global_id(dim)", i);
                KT_EQ(t, out[i * 3 + 1], dim < 2 ? local[dim] : 1, "get_local_size(dim)", i);
                KT_EQ(t, out[i * 3 + 2], dim < 2 ? global[dim] / local[dim] + off[dim] : 1,
                      "get_num_groups(dim) + get_global_offset(dim)", i);
            }
    }
    clReleaseMemObject(buf);
}

int main(int argc, char **argv)
{
    static const struct range ranges[] = {
        {1, {0}, {37}, {37}, 0},
        {1, {5}, {60}, {12}, 0},
        {1, {0}, {1000}, {0}, 1},
        {2, {2, 3}, {9, 7}, {3, 7}, 0},
        {2, {0, 0}, {12, 10}, {0, 0}, 1},
        {3, {1, 2, 3}, {4, 3, 5}, {2, 3, 1}, 0},
        {3, {0, 0, 0}, {6, 5, 7}, {0, 0, 0}, 1},
    };
    struct kt t;
    if (argc != 2) {
        fprintf(stderr, "usage: %s work_items.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "work_items", argv[1]);
    cl_kernel all = kt_kernel(&t, "wi_all");
    for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
        run_all(&t, all, &ranges[i]);
    cl_kernel global = kt_kernel(&t, "wi_global");
    for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
        run_global(&t, global, &ranges[i]);
    cl_kernel dyn = kt_kernel(&t, "wi_dynamic");
    run_dynamic(&t, dyn);
    clReleaseKernel(all);
    clReleaseKernel(global);
    clReleaseKernel(dyn);
    return kt_finish(&t);
}
