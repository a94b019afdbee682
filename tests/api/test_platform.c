/* SPDX-License-Identifier: MIT */
/* Platform discovery through the ICD loader and every platform query. */
#include <stdio.h>
#include <string.h>

#include "api_test.h"

static void check_string(cl_platform_id p, cl_platform_info name, const char *what,
                         const char *want)
{
    char buf[256] = "";
    size_t size = 0;

    EXPECT(clGetPlatformInfo(p, name, sizeof(buf), buf, &size), CL_SUCCESS);
    CHECK(size == strlen(buf) + 1, "%s: size %zu includes the NUL", what, size);
    if (want)
        CHECK(strcmp(buf, want) == 0, "%s is \"%s\" (want \"%s\")", what, buf, want);
    else
        CHECK(buf[0] != '\0', "%s is \"%s\"", what, buf);
}

int main(void)
{
    cl_platform_id p, ids[16];
    cl_uint n = 0, count = 0;
    cl_version version = 0;
    cl_ulong resolution = 0;
    cl_name_version ext[4];
    size_t size = 0;
    char small[4];

    api_begin("api.platform");
    MUST(clGetPlatformIDs(16, ids, &n));
    CHECK(n >= 1, "the loader lists %u platform(s)", n);
    p = api_platform();
    for (cl_uint i = 0; i < n && i < 16; i++)
        count += ids[i] == p;
    CHECK(count == 1, "oclhls appears once among them");

    check_string(p, CL_PLATFORM_NAME, "CL_PLATFORM_NAME", "oclhls");
    check_string(p, CL_PLATFORM_VENDOR, "CL_PLATFORM_VENDOR", "oclhls project");
    check_string(p, CL_PLATFORM_VERSION, "CL_PLATFORM_VERSION", "OpenCL 3.0 oclhls 0.1.0");
    check_string(p, CL_PLATFORM_PROFILE, "CL_PLATFORM_PROFILE", "FULL_PROFILE");
    check_string(p, CL_PLATFORM_EXTENSIONS, "CL_PLATFORM_EXTENSIONS", "cl_khr_icd");
    check_string(p, CL_PLATFORM_ICD_SUFFIX_KHR, "CL_PLATFORM_ICD_SUFFIX_KHR", "oclhls");

    EXPECT(clGetPlatformInfo(p, CL_PLATFORM_NUMERIC_VERSION, sizeof(version), &version, &size),
           CL_SUCCESS);
    CHECK(size == sizeof(version) && version == CL_MAKE_VERSION(3, 0, 0),
          "CL_PLATFORM_NUMERIC_VERSION is 3.0.0 (0x%x)", version);
    EXPECT(clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS_WITH_VERSION, sizeof(ext), ext, &size),
           CL_SUCCESS);
    CHECK(size == sizeof(cl_name_version) && strcmp(ext[0].name, "cl_khr_icd") == 0,
          "CL_PLATFORM_EXTENSIONS_WITH_VERSION lists cl_khr_icd");
    EXPECT(clGetPlatformInfo(p, CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof(resolution), &resolution,
                             NULL),
           CL_SUCCESS);
    CHECK(resolution > 0, "CL_PLATFORM_HOST_TIMER_RESOLUTION is %llu ns",
          (unsigned long long)resolution);

    /* "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes
     * specified by param_value_size is < size of return type" */
    EXPECT(clGetPlatformInfo(p, 0x1234, sizeof(small), small, NULL), CL_INVALID_VALUE);
    EXPECT(clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof(small), small, NULL), CL_INVALID_VALUE);
    EXPECT(clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, NULL, &size), CL_SUCCESS);
    CHECK(size == 7, "size of CL_PLATFORM_NAME alone is 7 (%zu)", size);

    /* "CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL or if both
     * num_platforms and platforms are NULL." (the loader's checks) */
    EXPECT(clGetPlatformIDs(0, ids, NULL), CL_INVALID_VALUE);
    EXPECT(clGetPlatformIDs(0, NULL, NULL), CL_INVALID_VALUE);

    EXPECT(clUnloadPlatformCompiler(p), CL_SUCCESS);
    return api_end();
}
