/* SPDX-License-Identifier: MIT */
/* Included by both units of kernels.cli.build_units: the same typedef in each. */
typedef struct {
    int a;
    int b;
} pair_t;
