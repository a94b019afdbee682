// SPDX-License-Identifier: MIT
/* The device's features and extensions as the queries give them (core/features.h). */
#include "core/features.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "cl_features.h"

#define MAX_NAMES 32

/* An embedded-profile device lists this one more: its 64-bit integers are an extension
   there (OpenCL API specification, "Embedded Profile"); the frontend defines its macro. */
static const char embedded_int64[] = "cles_khr_int64";

static struct {
    /* the extensions, then with embedded_int64: the first nextensions are the full list */
    char string[MAX_NAMES * CL_NAME_VERSION_MAX_NAME_SIZE];
    char string_embedded[(MAX_NAMES + 1) * CL_NAME_VERSION_MAX_NAME_SIZE];
    cl_name_version extensions[MAX_NAMES + 1], features[MAX_NAMES];
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
    tables.extensions[tables.nextensions].version = CL_MAKE_VERSION(1, 0, 0);
    snprintf(tables.extensions[tables.nextensions].name, CL_NAME_VERSION_MAX_NAME_SIZE, "%s",
             embedded_int64);
    snprintf(tables.string_embedded, sizeof(tables.string_embedded), "%s%s%s", tables.string,
             tables.nextensions ? " " : "", embedded_int64);
}

const char *oclhls_extensions_string(bool embedded_profile)
{
    pthread_once(&tables_once, build_tables);
    return embedded_profile ? tables.string_embedded : tables.string;
}

const cl_name_version *oclhls_extensions_versions(bool embedded_profile, size_t *n)
{
    pthread_once(&tables_once, build_tables);
    *n = tables.nextensions + (embedded_profile ? 1 : 0);
    return tables.extensions;
}

const cl_name_version *oclhls_c_features(size_t *n)
{
    pthread_once(&tables_once, build_tables);
    *n = tables.nfeatures;
    return tables.features;
}
