/* SPDX-License-Identifier: MIT */
/*
 * Attributes of Intel's FPGA SDK for OpenCL that clang does not know. Code written for that
 * SDK carries them by the dozen, and clang says only "unknown attribute 'numbanks'
 * ignored". They are accepted; after clang's warnings one note per group says what oclhls
 * does in their place, so a user porting such code knows the warning is not a typo of
 * theirs and what to expect instead. (The SDK's kernel attributes oclhls implements,
 * num_simd_work_items, num_compute_units, max_global_work_dim, autorun..., are macros of
 * annotations.c and channels.c and never reach this.)
 */
#include "fe_internal.h"

#include <stdio.h>
#include <string.h>

struct intel_attribute_group {
    const char *const *names;
    const char *instead;
};

static const char *const memory_attributes[] = {
    "numbanks",       "bankwidth",        "bank_bits", "singlepump",     "doublepump",
    "numreadports",   "numwriteports",    "merge",     "max_replicates", "simple_dual_port",
    "private_copies", "force_pow2_depth", "register",  "memory",         NULL,
};
static const char *const task_attributes[] = {"task", NULL};
static const char *const offset_attributes[] = {"uses_global_work_offset", NULL};
static const char *const fmax_attributes[] = {"scheduler_target_fmax_mhz", NULL};

static const struct intel_attribute_group groups[] = {
    {memory_attributes,
     "oclhls puts each __local and private array in block RAM or in registers by its size, "
     "and chooses its banks, replicas and ports from the accesses the kernel makes"},
    {task_attributes,
     "a kernel that calls no work-item function is built as a single work-item kernel "
     "anyway; max_global_work_dim(0) says so explicitly"},
    {offset_attributes, "every kernel takes a global work offset"},
    {fmax_attributes, "the pipeline's stages follow the board's timing model, the same for "
                      "every kernel of the board"},
};

/* The attribute named by "unknown attribute 'NAME' ignored" at `at`, into name. */
static void attribute_name(const char *at, char *name, size_t size)
{
    const char *end = strchr(at, '\'');
    size_t n = end ? (size_t)(end - at) : 0;

    if (n >= size)
        n = 0;
    memcpy(name, at, n);
    name[n] = '\0';
}

static int in_list(const char *const *names, const char *name)
{
    for (; *names; names++)
        if (!strcmp(*names, name))
            return 1;
    return 0;
}

void fe_explain_intel_attributes(const char *clang_out, struct oclhls_strbuf *log)
{
    static const char key[] = "unknown attribute '";
    enum { NGROUPS = sizeof(groups) / sizeof(groups[0]) };

    for (int g = 0; g < NGROUPS; g++) {
        struct oclhls_strbuf found = {0};
        for (const char *at = strstr(clang_out, key); at; at = strstr(at + 1, key)) {
            char name[64], quoted[70];
            attribute_name(at + sizeof(key) - 1, name, sizeof(name));
            if (!name[0] || !in_list(groups[g].names, name))
                continue;
            snprintf(quoted, sizeof(quoted), "'%s'", name);
            if (found.buf && strstr(found.buf, quoted))
                continue;
            oclhls_strbuf_printf(&found, "%s%s", found.len ? ", " : "", quoted);
        }
        if (found.len && !found.failed)
            oclhls_strbuf_printf(log,
                                 "note: %s: Intel FPGA SDK attribute%s, accepted with no "
                                 "effect: %s (docs/user-guide.md, \"Code written for "
                                 "Intel's FPGA SDK\")\n",
                                 found.buf, strchr(found.buf, ',') ? "s" : "", groups[g].instead);
        oclhls_strbuf_release(&found);
    }
}
