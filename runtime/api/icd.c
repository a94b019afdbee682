/* SPDX-License-Identifier: MIT */
/*
 * The ICD face of the runtime (cl_khr_icd): the dispatch table every object points to (handed
 * to core/object.c when the library is loaded), and the entry points the loader looks up by
 * name -- clIcdGetPlatformIDsKHR, clGetPlatformInfo and
 * clGetExtensionFunctionAddress(ForPlatform). Nothing else is exported (runtime/exports.map).
 */
#include <string.h>

#include "core/object.h"
#include "core/platform.h"

cl_int oclhls_unsupported_d3d(void);

/* Every slot is filled: a slot the loader might call must never be NULL. */
static const struct _cl_icd_dispatch dispatch = {
    .clGetPlatformIDs = clGetPlatformIDs,
    .clGetPlatformInfo = clGetPlatformInfo,
    .clGetDeviceIDs = clGetDeviceIDs,
    .clGetDeviceInfo = clGetDeviceInfo,
    .clCreateContext = clCreateContext,
    .clCreateContextFromType = clCreateContextFromType,
    .clRetainContext = clRetainContext,
    .clReleaseContext = clReleaseContext,
    .clGetContextInfo = clGetContextInfo,
    .clCreateCommandQueue = clCreateCommandQueue,
    .clRetainCommandQueue = clRetainCommandQueue,
    .clReleaseCommandQueue = clReleaseCommandQueue,
    .clGetCommandQueueInfo = clGetCommandQueueInfo,
    .clSetCommandQueueProperty = clSetCommandQueueProperty,
    .clCreateBuffer = clCreateBuffer,
    .clCreateImage2D = clCreateImage2D,
    .clCreateImage3D = clCreateImage3D,
    .clRetainMemObject = clRetainMemObject,
    .clReleaseMemObject = clReleaseMemObject,
    .clGetSupportedImageFormats = clGetSupportedImageFormats,
    .clGetMemObjectInfo = clGetMemObjectInfo,
    .clGetImageInfo = clGetImageInfo,
    .clCreateSampler = clCreateSampler,
    .clRetainSampler = clRetainSampler,
    .clReleaseSampler = clReleaseSampler,
    .clGetSamplerInfo = clGetSamplerInfo,
    .clCreateProgramWithSource = clCreateProgramWithSource,
    .clCreateProgramWithBinary = clCreateProgramWithBinary,
    .clRetainProgram = clRetainProgram,
    .clReleaseProgram = clReleaseProgram,
    .clBuildProgram = clBuildProgram,
    .clUnloadCompiler = clUnloadCompiler,
    .clGetProgramInfo = clGetProgramInfo,
    .clGetProgramBuildInfo = clGetProgramBuildInfo,
    .clCreateKernel = clCreateKernel,
    .clCreateKernelsInProgram = clCreateKernelsInProgram,
    .clRetainKernel = clRetainKernel,
    .clReleaseKernel = clReleaseKernel,
    .clSetKernelArg = clSetKernelArg,
    .clGetKernelInfo = clGetKernelInfo,
    .clGetKernelWorkGroupInfo = clGetKernelWorkGroupInfo,
    .clWaitForEvents = clWaitForEvents,
    .clGetEventInfo = clGetEventInfo,
    .clRetainEvent = clRetainEvent,
    .clReleaseEvent = clReleaseEvent,
    .clGetEventProfilingInfo = clGetEventProfilingInfo,
    .clFlush = clFlush,
    .clFinish = clFinish,
    .clEnqueueReadBuffer = clEnqueueReadBuffer,
    .clEnqueueWriteBuffer = clEnqueueWriteBuffer,
    .clEnqueueCopyBuffer = clEnqueueCopyBuffer,
    .clEnqueueReadImage = clEnqueueReadImage,
    .clEnqueueWriteImage = clEnqueueWriteImage,
    .clEnqueueCopyImage = clEnqueueCopyImage,
    .clEnqueueCopyImageToBuffer = clEnqueueCopyImageToBuffer,
    .clEnqueueCopyBufferToImage = clEnqueueCopyBufferToImage,
    .clEnqueueMapBuffer = clEnqueueMapBuffer,
    .clEnqueueMapImage = clEnqueueMapImage,
    .clEnqueueUnmapMemObject = clEnqueueUnmapMemObject,
    .clEnqueueNDRangeKernel = clEnqueueNDRangeKernel,
    .clEnqueueTask = clEnqueueTask,
    .clEnqueueNativeKernel = clEnqueueNativeKernel,
    .clEnqueueMarker = clEnqueueMarker,
    .clEnqueueWaitForEvents = clEnqueueWaitForEvents,
    .clEnqueueBarrier = clEnqueueBarrier,
    .clGetExtensionFunctionAddress = clGetExtensionFunctionAddress,
    .clCreateFromGLBuffer = clCreateFromGLBuffer,
    .clCreateFromGLTexture2D = clCreateFromGLTexture2D,
    .clCreateFromGLTexture3D = clCreateFromGLTexture3D,
    .clCreateFromGLRenderbuffer = clCreateFromGLRenderbuffer,
    .clGetGLObjectInfo = clGetGLObjectInfo,
    .clGetGLTextureInfo = clGetGLTextureInfo,
    .clEnqueueAcquireGLObjects = clEnqueueAcquireGLObjects,
    .clEnqueueReleaseGLObjects = clEnqueueReleaseGLObjects,
    .clGetGLContextInfoKHR = clGetGLContextInfoKHR,

    /* cl_khr_d3d10_sharing: void * slots off Windows */
    .clGetDeviceIDsFromD3D10KHR = (void *)oclhls_unsupported_d3d,
    .clCreateFromD3D10BufferKHR = (void *)oclhls_unsupported_d3d,
    .clCreateFromD3D10Texture2DKHR = (void *)oclhls_unsupported_d3d,
    .clCreateFromD3D10Texture3DKHR = (void *)oclhls_unsupported_d3d,
    .clEnqueueAcquireD3D10ObjectsKHR = (void *)oclhls_unsupported_d3d,
    .clEnqueueReleaseD3D10ObjectsKHR = (void *)oclhls_unsupported_d3d,

    /* OpenCL 1.1 */
    .clSetEventCallback = clSetEventCallback,
    .clCreateSubBuffer = clCreateSubBuffer,
    .clSetMemObjectDestructorCallback = clSetMemObjectDestructorCallback,
    .clCreateUserEvent = clCreateUserEvent,
    .clSetUserEventStatus = clSetUserEventStatus,
    .clEnqueueReadBufferRect = clEnqueueReadBufferRect,
    .clEnqueueWriteBufferRect = clEnqueueWriteBufferRect,
    .clEnqueueCopyBufferRect = clEnqueueCopyBufferRect,

    /* cl_ext_device_fission */
    .clCreateSubDevicesEXT = clCreateSubDevicesEXT,
    .clRetainDeviceEXT = clRetainDeviceEXT,
    .clReleaseDeviceEXT = clReleaseDeviceEXT,

    /* cl_khr_gl_event */
    .clCreateEventFromGLsyncKHR = clCreateEventFromGLsyncKHR,

    /* OpenCL 1.2 */
    .clCreateSubDevices = clCreateSubDevices,
    .clRetainDevice = clRetainDevice,
    .clReleaseDevice = clReleaseDevice,
    .clCreateImage = clCreateImage,
    .clCreateProgramWithBuiltInKernels = clCreateProgramWithBuiltInKernels,
    .clCompileProgram = clCompileProgram,
    .clLinkProgram = clLinkProgram,
    .clUnloadPlatformCompiler = clUnloadPlatformCompiler,
    .clGetKernelArgInfo = clGetKernelArgInfo,
    .clEnqueueFillBuffer = clEnqueueFillBuffer,
    .clEnqueueFillImage = clEnqueueFillImage,
    .clEnqueueMigrateMemObjects = clEnqueueMigrateMemObjects,
    .clEnqueueMarkerWithWaitList = clEnqueueMarkerWithWaitList,
    .clEnqueueBarrierWithWaitList = clEnqueueBarrierWithWaitList,
    .clGetExtensionFunctionAddressForPlatform = clGetExtensionFunctionAddressForPlatform,
    .clCreateFromGLTexture = clCreateFromGLTexture,

    /* cl_khr_d3d11_sharing, cl_khr_dx9_media_sharing */
    .clGetDeviceIDsFromD3D11KHR = (void *)oclhls_unsupported_d3d,
    .clCreateFromD3D11BufferKHR = (void *)oclhls_unsupported_d3d,
    .clCreateFromD3D11Texture2DKHR = (void *)oclhls_unsupported_d3d,
    .clCreateFromD3D11Texture3DKHR = (void *)oclhls_unsupported_d3d,
    .clCreateFromDX9MediaSurfaceKHR = (void *)oclhls_unsupported_d3d,
    .clEnqueueAcquireD3D11ObjectsKHR = (void *)oclhls_unsupported_d3d,
    .clEnqueueReleaseD3D11ObjectsKHR = (void *)oclhls_unsupported_d3d,
    .clGetDeviceIDsFromDX9MediaAdapterKHR = (void *)oclhls_unsupported_d3d,
    .clEnqueueAcquireDX9MediaSurfacesKHR = (void *)oclhls_unsupported_d3d,
    .clEnqueueReleaseDX9MediaSurfacesKHR = (void *)oclhls_unsupported_d3d,

    /* cl_khr_egl_image, cl_khr_egl_event */
    .clCreateFromEGLImageKHR = clCreateFromEGLImageKHR,
    .clEnqueueAcquireEGLObjectsKHR = clEnqueueAcquireEGLObjectsKHR,
    .clEnqueueReleaseEGLObjectsKHR = clEnqueueReleaseEGLObjectsKHR,
    .clCreateEventFromEGLSyncKHR = clCreateEventFromEGLSyncKHR,

    /* OpenCL 2.0 */
    .clCreateCommandQueueWithProperties = clCreateCommandQueueWithProperties,
    .clCreatePipe = clCreatePipe,
    .clGetPipeInfo = clGetPipeInfo,
    .clSVMAlloc = clSVMAlloc,
    .clSVMFree = clSVMFree,
    .clEnqueueSVMFree = clEnqueueSVMFree,
    .clEnqueueSVMMemcpy = clEnqueueSVMMemcpy,
    .clEnqueueSVMMemFill = clEnqueueSVMMemFill,
    .clEnqueueSVMMap = clEnqueueSVMMap,
    .clEnqueueSVMUnmap = clEnqueueSVMUnmap,
    .clCreateSamplerWithProperties = clCreateSamplerWithProperties,
    .clSetKernelArgSVMPointer = clSetKernelArgSVMPointer,
    .clSetKernelExecInfo = clSetKernelExecInfo,

    /* cl_khr_sub_groups */
    .clGetKernelSubGroupInfoKHR = clGetKernelSubGroupInfoKHR,

    /* OpenCL 2.1 */
    .clCloneKernel = clCloneKernel,
    .clCreateProgramWithIL = clCreateProgramWithIL,
    .clEnqueueSVMMigrateMem = clEnqueueSVMMigrateMem,
    .clGetDeviceAndHostTimer = clGetDeviceAndHostTimer,
    .clGetHostTimer = clGetHostTimer,
    .clGetKernelSubGroupInfo = clGetKernelSubGroupInfo,
    .clSetDefaultDeviceCommandQueue = clSetDefaultDeviceCommandQueue,

    /* OpenCL 2.2 */
    .clSetProgramReleaseCallback = clSetProgramReleaseCallback,
    .clSetProgramSpecializationConstant = clSetProgramSpecializationConstant,

    /* OpenCL 3.0 */
    .clCreateBufferWithProperties = clCreateBufferWithProperties,
    .clCreateImageWithProperties = clCreateImageWithProperties,
    .clSetContextDestructorCallback = clSetContextDestructorCallback,
};

/* Runs when the library is loaded, before any entry point can be called: every object,
 * the platform and its devices too, is made after it. */
__attribute__((constructor)) static void dispatch_hand_over(void)
{
    oclhls_object_set_dispatch(&dispatch);
}

OCLHLS_EXPORT cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                        cl_platform_id *platforms,
                                                        cl_uint *num_platforms)
{
    /* "It returns CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL
     * or if both num_platforms and platforms are NULL." (there is always one platform, so
     * never CL_PLATFORM_NOT_FOUND_KHR) */
    if ((num_entries == 0 && platforms) || (!num_platforms && !platforms))
        return CL_INVALID_VALUE;

    if (platforms)
        platforms[0] = oclhls_platform();
    if (num_platforms)
        *num_platforms = 1;
    return CL_SUCCESS;
}

/* Extension functions this platform provides, by name (suffix "oclhls" has none yet). */
static void *extension_function(const char *name)
{
    if (!name)
        return NULL;
    if (strcmp(name, "clIcdGetPlatformIDsKHR") == 0)
        return (void *)clIcdGetPlatformIDsKHR;
    return NULL;
}

OCLHLS_EXPORT void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name)
{
    return extension_function(func_name);
}

OCLHLS_EXPORT void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
                                                                         const char *func_name)
{
    if (platform != oclhls_platform())
        return NULL;
    return extension_function(func_name);
}
