// SPDX-License-Identifier: MIT
/*
 * struct_args.cl: structs and unions by value, declared here with cl_* types as the host's C
 * compiler lays them out (an array in one read at run-time indices; 1,000 bytes of
 * arguments in one kernel); each kernel's output compared with C. Also the argument checks:
 * clSetKernelArg with the wrong size is CL_INVALID_ARG_SIZE, CL_KERNEL_ARG_TYPE_NAME is the
 * struct's name, and a clone keeps its own copy of the struct. Values are small integers and halves, so every float result is exact.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

#define N 64

typedef struct {
    cl_float scale;
    cl_int offset;
    cl_short pad[2];
} params_t;

typedef struct {
    params_t p;
    cl_uchar flags;
    cl_float4 v;
} outer_t;

typedef union {
    cl_float f;
    cl_uint u;
} bits_t;

typedef struct {
    cl_short bias;
    cl_int table[16];
} tab_t;

typedef struct {
    cl_int v[250];
} big_t;

#pragma pack(push, 1)
typedef struct {
    cl_char c;
    cl_int v[4];
} packed_t;
typedef struct {
    cl_uchar tag;
    cl_int id;
} rec_t;
#pragma pack(pop)

typedef struct {
    cl_int key, val;
} kv_t;

typedef struct {
    cl_float re, im;
} cplx_t;

typedef struct {
    cl_float v, x, y, z;
} f4_t;

typedef struct {
    cl_int id;
    cl_float pos[3];
} rec3_t;

static void test_apply(struct kt *t)
{
    float in[N], out[N];
    params_t p = {0.5f, -7, {3, 11}};
    for (int i = 0; i < N; i++)
        in[i] = (float)(i * 3 - 50);
    cl_kernel k = kt_kernel(t, "apply");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    cl_int err = clSetKernelArg(k, 2, sizeof(p) - 4, &p);
    kt_expect(t, err == CL_INVALID_ARG_SIZE, "clSetKernelArg of %zu bytes: %d, want %d",
              sizeof(p) - 4, err, CL_INVALID_ARG_SIZE);
    char name[64] = "";
    err = clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_TYPE_NAME, sizeof(name), name, NULL);
    kt_expect(t, err == CL_SUCCESS && !strcmp(name, "params_t"),
              "CL_KERNEL_ARG_TYPE_NAME: %d \"%s\"", err, name);
    kt_arg(t, k, 2, sizeof(p), &p);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        float want = in[g] * p.scale + (float)p.offset + (float)p.pad[1];
        kt_expect(t, out[g] == want, "apply[%d]: got %g, want %g", g, out[g], want);
    }
    /* A clone keeps the struct argument's value (clCloneKernel: "the arguments ... are
       copied"); the original gets another one and keeps it apart. */
    cl_kernel clone = clCloneKernel(k, &err);
    kt_expect(t, err == CL_SUCCESS && clone, "clCloneKernel: %d", err);
    params_t q = {2.0f, 5, {0, -1}};
    kt_arg(t, k, 2, sizeof(q), &q);
    if (clone) {
        memset(out, 0, sizeof(out));
        err = clEnqueueWriteBuffer(t->queue, dout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL);
        kt_expect(t, err == CL_SUCCESS, "clearing the output: %d", err);
        kt_run(t, clone, 1, NULL, &global, NULL);
        kt_read(t, dout, sizeof(out), out);
        for (int g = 0; g < N; g++) {
            float want = in[g] * p.scale + (float)p.offset + (float)p.pad[1];
            kt_expect(t, out[g] == want, "clone of apply[%d]: got %g, want %g", g, out[g], want);
        }
        clReleaseKernel(clone);
    }
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        float want = in[g] * q.scale + (float)q.offset + (float)q.pad[1];
        kt_expect(t, out[g] == want, "apply[%d] with new values: got %g, want %g", g, out[g], want);
    }
    kt_release(k, din, dout, NULL);
}

static void test_nested(struct kt *t)
{
    float out[N];
    outer_t o;
    int extra = 9;
    memset(&o, 0, sizeof(o));
    o.p.scale = 2.0f;
    o.p.pad[0] = -3;
    o.flags = 4;
    o.v.s[0] = 100.0f;
    o.v.s[1] = 0.5f;
    o.v.s[2] = 300.0f;
    o.v.s[3] = 40.0f;
    cl_kernel k = kt_kernel(t, "nested");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(o), &o);
    kt_arg(t, k, 2, sizeof(extra), &extra);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        float want = 2.0f * (float)g + 0.5f + 40.0f + 1000.0f - 3.0f + 9.0f;
        kt_expect(t, out[g] == want, "nested[%d]: got %g, want %g", g, out[g], want);
    }
    kt_release(k, dout, NULL, NULL);
}

static void test_unions(struct kt *t)
{
    cl_uint out[N];
    bits_t b = {.u = 0xA5A50F0Fu}, c = {.f = -1.5f};
    cl_uint cf;
    memcpy(&cf, &c.f, sizeof(cf));
    cl_kernel k = kt_kernel(t, "unions");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(b), &b);
    kt_arg(t, k, 2, sizeof(c), &c);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++)
        KT_EQ(t, out[g], b.u ^ cf ^ (cl_uint)g, "unions", g);
    kt_release(k, dout, NULL, NULL);
}

static void test_pick(struct kt *t)
{
    cl_int out[N];
    tab_t tab = {.bias = -100};
    for (int i = 0; i < 16; i++)
        tab.table[i] = i * i * 1000 + 7;
    cl_kernel k = kt_kernel(t, "pick");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(tab), &tab);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++)
        KT_EQ(t, out[g], tab.table[(g * 5) & 15] + tab.bias, "pick", g);
    kt_release(k, dout, NULL, NULL);
}

static void test_big(struct kt *t)
{
    static big_t b;
    cl_int out[N], last = 31337;
    size_t max_param = 0;
    cl_int err = clGetDeviceInfo(t->device, CL_DEVICE_MAX_PARAMETER_SIZE, sizeof(max_param),
                                 &max_param, NULL);
    kt_expect(t, err == CL_SUCCESS && max_param >= 1024,
              "CL_DEVICE_MAX_PARAMETER_SIZE %zu, the minimum is 1024", max_param);
    for (int i = 0; i < 250; i++)
        b.v[i] = i * 17 - 900;
    cl_kernel k = kt_kernel(t, "big");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(b), &b);
    kt_arg(t, k, 2, sizeof(last), &last);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++)
        KT_EQ(t, out[g], b.v[0] + b.v[125] + b.v[249] + b.v[g] + last, "big", g);
    kt_release(k, dout, NULL, NULL);
}

static void test_packed(struct kt *t)
{
    cl_int out[N];
    packed_t p = {.c = -5, .v = {11, 2222, 333333, -44}};
    cl_kernel k = kt_kernel(t, "packed");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(p), &p);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++)
        KT_EQ(t, out[g], p.v[g & 3] + p.c, "packed", g);
    kt_release(k, dout, NULL, NULL);
}

static void test_vec_member(struct kt *t)
{
    cl_float4 vel[N];
    outer_t o;
    memset(&o, 0, sizeof(o));
    o.p.scale = 0.5f;
    for (int j = 0; j < 4; j++)
        o.v.s[j] = (float)(j * 4 - 6);
    for (int g = 0; g < N; g++)
        for (int j = 0; j < 4; j++)
            vel[g].s[j] = (float)(g - j);
    cl_kernel k = kt_kernel(t, "vec_member");
    cl_mem dvel = kt_buffer_arg(t, k, 0, sizeof(vel), vel);
    kt_arg(t, k, 1, sizeof(o), &o);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    cl_float4 got[N];
    kt_read(t, dvel, sizeof(got), got);
    for (int g = 0; g < N; g++)
        for (int j = 0; j < 4; j++) {
            float want = vel[g].s[j] + o.v.s[j] * 0.5f;
            kt_expect(t, got[g].s[j] == want, "vec_member[%d].s%d: got %g, want %g", g, j,
                      got[g].s[j], want);
        }
    kt_release(k, dvel, NULL, NULL);
}

/* Whole-struct copies: global to global, a zero fill, a packed field, __local in and out. */
static void test_copies(struct kt *t)
{
    kv_t src[N], dst[N];
    cplx_t c[N];
    rec_t r[N];
    f4_t in[N];
    cl_int ids[N];
    cl_float out[N];
    for (int g = 0; g < N; g++) {
        src[g] = (kv_t){g * 3 - 50, 1000 + g};
        c[g] = (cplx_t){(float)g, -(float)g};
        r[g] = (rec_t){(cl_uchar)(g * 5), g * 100000 - 7};
        in[g] = (f4_t){(float)g, 0.5f * (float)g, (float)(g & 3), 2.0f};
    }
    cl_kernel k = kt_kernel(t, "copies");
    cl_mem ddst = kt_buffer_arg(t, k, 0, sizeof(dst), NULL);
    cl_mem dsrc = kt_buffer_arg(t, k, 1, sizeof(src), src);
    cl_mem dc = kt_buffer_arg(t, k, 2, sizeof(c), c);
    cl_mem dr = kt_buffer_arg(t, k, 3, sizeof(r), r);
    cl_mem dids = kt_buffer_arg(t, k, 4, sizeof(ids), NULL);
    cl_mem din = kt_buffer_arg(t, k, 5, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 6, sizeof(out), NULL);
    size_t global = N, local = 64;
    kt_run(t, k, 1, NULL, &global, &local);
    cplx_t cgot[N];
    kt_read(t, ddst, sizeof(dst), dst);
    kt_read(t, dc, sizeof(cgot), cgot);
    kt_read(t, dids, sizeof(ids), ids);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        const kv_t *s = &src[(g * 7) & 63];
        KT_EQ(t, dst[g].key, s->key, "copies.kv.key", g);
        KT_EQ(t, dst[g].val, s->val, "copies.kv.val", g);
        float re = g & 1 ? 0.0f : c[g].re, im = g & 1 ? 0.0f : c[g].im;
        kt_expect(t, cgot[g].re == re && cgot[g].im == im, "copies.cplx[%d]: (%g, %g)", g,
                  cgot[g].re, cgot[g].im);
        KT_EQ(t, ids[g], r[g].id + r[g].tag, "copies.packed", g);
        const f4_t *m = &in[63 - g];
        float want = m->x + 10.0f * m->y - m->z + m->v;
        kt_expect(t, out[g] == want, "copies.local[%d]: got %g, want %g", g, out[g], want);
    }
    kt_release(k, ddst, dsrc, dc);
    kt_release(NULL, dr, dids, din);
    kt_release(NULL, dout, NULL, NULL);
}

/* Private structs: int and float fields in one loop; copies at run-time indices. */
static void test_private_structs(struct kt *t)
{
    rec3_t recs[N], got[N];
    f4_t in[N], out[N];
    cl_int j = 3;
    for (int g = 0; g < N; g++) {
        recs[g] = (rec3_t){g - 20, {(float)g, 2.0f * (float)g, -1.0f}};
        in[g] = (f4_t){(float)g, (float)(g + 1), (float)(g * 2), -(float)g};
    }
    cl_kernel k = kt_kernel(t, "private_structs");
    cl_mem drecs = kt_buffer_arg(t, k, 0, sizeof(recs), recs);
    cl_mem din = kt_buffer_arg(t, k, 1, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_arg(t, k, 3, sizeof(j), &j);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, drecs, sizeof(got), got);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        KT_EQ(t, got[g].id, recs[g].id + 1, "private_structs.id", g);
        for (int i = 0; i < 3; i++) {
            float want = recs[g].pos[i] * 0.5f + (float)recs[g].id;
            kt_expect(t, got[g].pos[i] == want, "private_structs.pos[%d][%d]: got %g, want %g", g,
                      i, got[g].pos[i], want);
        }
        const f4_t *w = &in[(g + ((j + g) & 3)) & 63];
        kt_expect(t, out[g].v == w->v && out[g].x == w->x && out[g].y == w->y && out[g].z == w->z,
                  "private_structs.copy[%d]", g);
    }
    kt_release(k, drecs, din, dout);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "struct_args", argc > 1 ? argv[1] : "struct_args.cl");
    test_apply(&t);
    test_nested(&t);
    test_unions(&t);
    test_pick(&t);
    test_big(&t);
    test_packed(&t);
    test_vec_member(&t);
    test_copies(&t);
    test_private_structs(&t);
    return kt_finish(&t);
}
