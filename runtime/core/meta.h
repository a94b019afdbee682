/* SPDX-License-Identifier: MIT */
/*
 * The program metadata: the "meta" JSON section of a program file (schema in
 * docs/program-file.md), parsed once per executable with cJSON.
 */
#ifndef OCLHLS_RT_META_H
#define OCLHLS_RT_META_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cl.h"
#include "core/meta_printf.h"
#include "core/meta_profile.h"

struct oclhls_arg_meta {
    char *name;
    char *type_name;
    cl_kernel_arg_address_qualifier address;
    cl_kernel_arg_access_qualifier access;
    cl_kernel_arg_type_qualifier type_qualifiers;
    uint32_t size; /* bytes of the value (4 for pointers on the 32-bit device) */
    int is_pointer;
    uint32_t csr_offset; /* within the kernel's CSR window */
    uint64_t local_capacity; /* __local pointers: the most bytes the hardware holds */
    /* "kind": an image (8 words: docs/program-file.md, "Images"; image_type the memory
       object type it takes) or a sampler (1 word, clang's sampler bits) */
    enum oclhls_arg_kind { OCLHLS_ARG_VALUE, OCLHLS_ARG_IMAGE, OCLHLS_ARG_SAMPLER } kind;
    cl_mem_object_type image_type;
};

struct oclhls_kernel_meta {
    char *name;
    int source_line;
    uint32_t csr_base;
    size_t reqd_work_group_size[3]; /* 0,0,0 when not given */
    size_t work_group_size_hint[3];
    char vec_type_hint[12]; /* "float4"; "" when absent */
    int attr_max_global_work_dim;      /* Intel's attributes as written: -1 absent */
    uint32_t attr_max_work_group_size; /* 0 absent */
    size_t max_work_group_size; /* 0 when not given */
    uint32_t pipeline_depth;
    uint64_t private_mem_size; /* bytes of private arrays in block RAM per work-item */
    uint64_t local_mem_size;   /* bytes of the kernel's own __local variables */
    uint32_t ii;
    bool autorun;     /* __attribute__((autorun)): starts by itself, the host never launches it */
    uint32_t simd_work_items; /* num_simd_work_items: work-items per hardware token (1: one;
                                 the launch gives the hardware 1/simd of the x range) */
    bool line_kernel; /* ocl_line_engine: runs the x range only, so a launch runs once per row */
    uint64_t line_ids; /* a line kernel covers global ids below this (0: all, older files) */
    uint32_t constant_data_csr; /* the word for the address of the program's constant data
                                   (its "constants" section); 0: the kernel reads none */
    uint32_t printf_csr; /* the words for printf's counter and records addresses; 0: none */
    char *attributes; /* CL_KERNEL_ATTRIBUTES, rebuilt from the above */
    unsigned num_args;
    struct oclhls_arg_meta *args;
    struct oclhls_profile_meta profile; /* -profile: its counters (present 0: none) */
};

struct oclhls_program_meta {
    int format;
    char *board;
    double clock_mhz;
    uint32_t mem_width_bits;
    uint32_t mem_latency_cycles;
    char *source_name;
    char *build_options;
    unsigned num_kernels;
    struct oclhls_kernel_meta *kernels;
    char *kernel_names; /* "a;b;c" */
    struct oclhls_printf_table printf; /* the program's printf call sites */
};

/* Parses and checks the JSON; 0, or -1 with what is wrong in err. Free with meta_free. */
int oclhls_meta_parse(const char *json, size_t len, struct oclhls_program_meta **out, char *err,
                      size_t errlen);
void oclhls_meta_free(struct oclhls_program_meta *meta);

/* The kernel called name, or NULL. */
const struct oclhls_kernel_meta *oclhls_meta_kernel(const struct oclhls_program_meta *meta,
                                                    const char *name, unsigned *index);

#endif
