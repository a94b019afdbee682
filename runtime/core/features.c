// SPDX-License-Identifier: MIT
/* The device's features and extensions as the queries give them (core/features.h). */
#include "core/features.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "cl_features.h"

#define MAX_NAMES 32

static struct {
    char string[MAX_NAMES * CL_NAME_VERSION_MAX_NAME_SIZE];
    cl_name_version extensions[MAX_NAMES], features[MAX_NAMES];
    size_t nextensions, nfeatures;
} tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static size_t fill(cl_name_version *out, const struct oclhls_cl_name *in)
{
    size_t n = 0;
    for (; in[n].name && n < MAX_NAMES; n++) {
        out[n].version = CL_MAKE_VERSION(in[n].major, in[n].minor, in[n].patch);
        snprintf(out[n].name, sizeof(out[n].name), "%s", in[n].name);
    }
    return n;
}

static void build_tables(void)
{
    tables.nextensions = fill(tables.extensions, oclhls_cl_extensions);
    tables.nfeatures = fill(tables.features, oclhls_cl_c_features);
    for (size_t i = 0; i < tables.nextensions; i++) {
        if (i)
            strcat(tables.string, " ");
        strcat(tables.string, tables.extensions[i].name);
    }
}

const char *oclhls_extensions_string(void)
{
    pthread_once(&tables_once, build_tables);
    return tables.string;
}

const cl_name_version *oclhls_extensions_versions(size_t *n)
{
    pthread_once(&tables_once, build_tables);
    *n = tables.nextensions;
    return tables.extensions;
}

const cl_name_version *oclhls_c_features(size_t *n)
{
    pthread_once(&tables_once, build_tables);
    *n = tables.nfeatures;
    return tables.features;
}
