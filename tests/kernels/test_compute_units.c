// SPDX-License-Identifier: MIT
/*
 * compute_units.cl: num_compute_units kernels (issue 31) against C. Each work-item records
 * the unit that ran it: every work-group ran entirely on one unit (its barriers and __local
 * memory are that unit's), every unit ran some work-groups, each id is within the units'
 * shape; and the results are the single-pipeline ones: with __local memory and barriers,
 * __local atomics, work-group functions, SIMD lanes, the 3-D form, and 2, 3 and 4 units;
 * global atomics and printf (each line once, captured from standard output) across units.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kt.h"

static uint64_t rng = 17;

/* unit[] per work-item: one value per work-group of wg items, each below `units`. */
static void check_units(struct kt *t, const char *what, const cl_uint *unit, int n, int wg,
                        cl_uint units)
{
    int used[16] = {0};
    for (int i = 0; i < n; i++) {
        kt_expect(t, unit[i] < units, "%s[%d]: unit %u of %u", what, i, unit[i], units);
        kt_expect(t, unit[i] == unit[i / wg * wg], "%s[%d]: unit %u, its work-group's first %u",
                  what, i, unit[i], unit[i / wg * wg]);
        if (unit[i] < units)
            used[unit[i]] = 1;
    }
    for (cl_uint u = 0; u < units; u++)
        kt_expect(t, used[u], "%s: unit %u ran no work-group", what, u);
}

static void test_rev4(struct kt *t)
{
    enum { N = 512, WG = 8 };
    static cl_int a[N], c[N];
    static cl_uint unit[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 100000) - 50000;
    size_t g = N, l = WG;
    cl_kernel k = kt_kernel(t, "rev4");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    cl_mem du = kt_buffer_arg(t, k, 2, sizeof(unit), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dc, sizeof(c), c);
    kt_read(t, du, sizeof(unit), unit);
    for (int i = 0; i < N; i++)
        KT_EQ(t, c[i], a[i / WG * WG + WG - 1 - i % WG] * 3 + i / WG, "rev4", i);
    check_units(t, "rev4 unit", unit, N, WG, 4);
    /* again with an offset and fewer groups than units: the idle units still finish */
    size_t off = 40, g2 = 16;
    memset(c, 0, sizeof(c));
    cl_mem dz = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    kt_run(t, k, 1, &off, &g2, &l);
    kt_read(t, dz, sizeof(c), c);
    for (int i = 0; i < N; i++) {
        int in = i >= 40 && i < 56;
        cl_int want = in ? a[i / WG * WG + WG - 1 - i % WG] * 3 + (i - 40) / WG : 0;
        KT_EQ(t, c[i], want, "rev4 offset 40", i);
    }
    clReleaseMemObject(dz);
    kt_release(k, da, dc, du);
}

static void test_count2(struct kt *t)
{
    enum { N = 384 };
    static cl_uint a[N], c[N], unit[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_uint)(kt_rand(&rng) % 1000);
    static const size_t sizes[] = {4, 16, 32};
    cl_kernel k = kt_kernel(t, "count2");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    cl_mem du = kt_buffer_arg(t, k, 2, sizeof(unit), NULL);
    for (int s = 0; s < 3; s++) {
        size_t g = N, l = sizes[s];
        int wg = (int)l;
        kt_run(t, k, 1, NULL, &g, &l);
        kt_read(t, dc, sizeof(c), c);
        kt_read(t, du, sizeof(unit), unit);
        for (int i = 0; i < N; i++) {
            cl_uint odd = 0;
            for (int j = i / wg * wg; j < i / wg * wg + wg; j++)
                odd += a[j] & 1;
            KT_EQ(t, c[i], odd * 1000 + a[i], "count2", i + N * s);
        }
        check_units(t, "count2 unit", unit, N, wg, 2);
    }
    kt_release(k, da, dc, du);
}

static void test_grid3(struct kt *t)
{
    enum { X = 32, Y = 8, LX = 4, LY = 2 };
    static cl_uint unit[X * Y], flat[X * Y];
    size_t g[2] = {X, Y}, l[2] = {LX, LY};
    cl_kernel k = kt_kernel(t, "grid3");
    cl_mem du = kt_buffer_arg(t, k, 0, sizeof(unit), NULL);
    kt_run(t, k, 2, NULL, g, l);
    kt_read(t, du, sizeof(unit), unit);
    /* ids (x, y, z) < (2, 1, 2), get_compute_id(3) is 0; as a linear unit x + 2 z */
    for (int i = 0; i < X * Y; i++) {
        cl_uint x = unit[i] & 0xff, y = unit[i] >> 8 & 0xff, z = unit[i] >> 16;
        kt_expect(t, x < 2 && y == 0 && z < 2, "grid3[%d]: ids %u %u %u", i, x, y, z);
        flat[i] = x + 2 * z;
    }
    /* reorder by work-group so that check_units sees each group's items together */
    static cl_uint by_group[X * Y];
    int n = 0;
    for (int gy = 0; gy < Y / LY; gy++)
        for (int gx = 0; gx < X / LX; gx++)
            for (int ly = 0; ly < LY; ly++)
                for (int lx = 0; lx < LX; lx++)
                    by_group[n++] = flat[(gy * LY + ly) * X + gx * LX + lx];
    check_units(t, "grid3 unit", by_group, X * Y, LX * LY, 4);
    kt_release(k, du, NULL, NULL);
}

/*
 * Runs kernel name(a, c, unit) over n work-items in groups of wg, a[] random in
 * [-range / 2, range / 2): c[] its results, unit[] the unit that ran each work-item.
 */
static void run_on_units(struct kt *t, const char *name, int n, int wg, int range, cl_int *a,
                         cl_int *c, cl_uint *unit)
{
    for (int i = 0; i < n; i++)
        a[i] = (cl_int)(kt_rand(&rng) % (uint64_t)range) - range / 2;
    size_t g = (size_t)n, l = (size_t)wg;
    size_t bytes = (size_t)n * sizeof(cl_int);
    cl_kernel k = kt_kernel(t, name);
    cl_mem da = kt_buffer_arg(t, k, 0, bytes, a), dc = kt_buffer_arg(t, k, 1, bytes, NULL);
    cl_mem du = kt_buffer_arg(t, k, 2, (size_t)n * sizeof(cl_uint), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dc, bytes, c);
    kt_read(t, du, (size_t)n * sizeof(cl_uint), unit);
    kt_release(k, da, dc, du);
}

static void test_simd_cu(struct kt *t)
{
    enum { N = 256, WG = 16 };
    static cl_int a[N], c[N];
    static cl_uint unit[N];
    run_on_units(t, "simd_cu", N, WG, 100000, a, c, unit);
    for (int i = 0; i < N; i++)
        KT_EQ(t, c[i], a[i] * 5 + i % WG, "simd_cu", i);
    check_units(t, "simd_cu unit", unit, N, WG, 2);
}

static void test_wg_sum3(struct kt *t)
{
    enum { N = 480, WG = 16 };
    static cl_int a[N], c[N];
    static cl_uint unit[N];
    run_on_units(t, "wg_sum3", N, WG, 1000, a, c, unit);
    for (int i = 0; i < N; i++) {
        cl_int sum = 0, scan = 0;
        for (int j = i / WG * WG; j < i / WG * WG + WG; j++) {
            sum += a[j];
            if (j <= i)
                scan += a[j];
        }
        KT_EQ(t, c[i], sum + scan, "wg_sum3", i);
    }
    check_units(t, "wg_sum3 unit", unit, N, WG, 3);
}

static void test_atom4(struct kt *t)
{
    enum { N = 1024, WG = 8 };
    static cl_uint a[N], bins[8], want[8], ticket[N], unit[N], counter;
    static unsigned char seen[N];
    for (int i = 0; i < N; i++) {
        a[i] = (cl_uint)kt_rand(&rng);
        want[a[i] & 7]++;
    }
    size_t g = N, l = WG;
    cl_kernel k = kt_kernel(t, "atom4");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    cl_mem db = kt_buffer_arg(t, k, 1, sizeof(bins), NULL);
    cl_mem dt = kt_buffer_arg(t, k, 2, sizeof(ticket), NULL);
    cl_mem dn = kt_buffer_arg(t, k, 3, sizeof(counter), NULL);
    cl_mem du = kt_buffer_arg(t, k, 4, sizeof(unit), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, db, sizeof(bins), bins);
    kt_read(t, dt, sizeof(ticket), ticket);
    kt_read(t, dn, sizeof(counter), &counter);
    kt_read(t, du, sizeof(unit), unit);
    for (int i = 0; i < 8; i++)
        KT_EQ(t, bins[i], want[i], "atom4 bins", i);
    KT_EQ(t, counter, N, "atom4 counter", 0);
    for (int i = 0; i < N; i++) { /* every ticket handed out once */
        kt_expect(t, ticket[i] < N && !seen[ticket[i] < N ? ticket[i] : 0],
                  "atom4 ticket[%d] = %u: out of range or twice", i, ticket[i]);
        if (ticket[i] < N)
            seen[ticket[i]] = 1;
    }
    check_units(t, "atom4 unit", unit, N, WG, 4);
    kt_release(k, da, db, dt);
    clReleaseMemObject(dn);
    clReleaseMemObject(du);
}

/* printf across units: the launch's standard output, each work-item's line exactly once. */
static void test_say2(struct kt *t)
{
    enum { N = 64 };
    static cl_int a[N];
    static cl_uint unit[N];
    int seen[N] = {0};
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 2000) - 1000;
    cl_kernel k = kt_kernel(t, "say2");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a),
           du = kt_buffer_arg(t, k, 1, sizeof(unit), NULL);
    size_t g = N, l = 4;
    fflush(stdout);
    int saved = dup(1);
    FILE *f = tmpfile();
    if (f)
        dup2(fileno(f), 1);
    kt_run(t, k, 1, NULL, &g, &l); /* blocking: the runtime has printed the records */
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    kt_expect(t, f != NULL, "say2: no temporary file");
    char line[128];
    int lines = 0;
    if (f)
        rewind(f);
    while (f && fgets(line, sizeof(line), f)) {
        unsigned wi;
        int v;
        lines++;
        if (sscanf(line, "wi %u a %d", &wi, &v) != 2 || wi >= N) {
            kt_expect(t, 0, "say2: line '%s'", line);
            continue;
        }
        seen[wi]++;
        kt_expect(t, v == a[wi], "say2: work-item %u printed %d, want %d", wi, v, a[wi]);
    }
    if (f)
        fclose(f);
    kt_expect(t, lines == N, "say2: %d lines, want %d", lines, N);
    for (int i = 0; i < N; i++)
        kt_expect(t, seen[i] == 1, "say2: work-item %d's line %d times", i, seen[i]);
    kt_read(t, du, sizeof(unit), unit);
    check_units(t, "say2", unit, N, 4, 2);
    kt_release(k, da, du, NULL);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "compute_units", argc > 1 ? argv[1] : "compute_units.cl");
    test_rev4(&t);
    test_count2(&t);
    test_grid3(&t);
    test_simd_cu(&t);
    test_wg_sum3(&t);
    test_atom4(&t);
    test_say2(&t);
    return kt_finish(&t);
}
