/* SPDX-License-Identifier: MIT */
/*
 * Entry points of features the device does not have: shared virtual memory
 * (CL_DEVICE_SVM_CAPABILITIES 0), and the GL/EGL sharing and device-fission extensions the platform
 * does not report. Each checks its handles, then returns the error the spec gives for the missing
 * feature; none leaves a dispatch slot empty. (Pipes are supported: cl_pipe.c; images: cl_image.c,
 * cl_enqueue_image.c and cl_sampler.c.)
 */
#include "core/event.h"
#include "core/platform.h"
#include "core/util.h"

static void set_err(cl_int *errcode_ret, cl_int err)
{
    if (errcode_ret)
        *errcode_ret = err;
}

static bool valid_context(cl_context c)
{
    return oclhls_object_is(c, OCLHLS_MAGIC_CONTEXT);
}

static bool valid_queue(cl_command_queue q)
{
    return oclhls_object_is(q, OCLHLS_MAGIC_QUEUE);
}

/* ---- shared virtual memory (5.6) ---- */

void *CL_API_CALL clSVMAlloc(cl_context context, cl_svm_mem_flags flags, size_t size,
                             cl_uint alignment)
{
    (void)context, (void)flags, (void)size, (void)alignment;
    /* (3.0) "If no devices in context support SVM, clSVMAlloc will fail and return NULL." */
    return NULL;
}

void CL_API_CALL clSVMFree(cl_context context, void *svm_pointer)
{
    (void)context, (void)svm_pointer; /* clSVMAlloc never gave out a pointer */
}

/* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." (3.0)
 * "CL_INVALID_OPERATION if the device associated with command_queue does not support SVM." */
static cl_int no_svm(cl_command_queue q)
{
    return valid_queue(q) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL clEnqueueSVMFree(
    cl_command_queue command_queue, cl_uint num_svm_pointers, void *svm_pointers[],
    void(CL_CALLBACK *pfn_free_func)(cl_command_queue, cl_uint, void *[], void *), void *user_data,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event)
{
    (void)num_svm_pointers, (void)svm_pointers, (void)pfn_free_func, (void)user_data;
    (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
    return no_svm(command_queue);
}

cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue command_queue, cl_bool blocking_copy,
                                      void *dst_ptr, const void *src_ptr, size_t size,
                                      cl_uint num_events_in_wait_list,
                                      const cl_event *event_wait_list, cl_event *event)
{
    (void)blocking_copy, (void)dst_ptr, (void)src_ptr, (void)size, (void)num_events_in_wait_list;
    (void)event_wait_list, (void)event;
    return no_svm(command_queue);
}

cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue command_queue, void *svm_ptr,
                                       const void *pattern, size_t pattern_size, size_t size,
                                       cl_uint num_events_in_wait_list,
                                       const cl_event *event_wait_list, cl_event *event)
{
    (void)svm_ptr, (void)pattern, (void)pattern_size, (void)size, (void)num_events_in_wait_list;
    (void)event_wait_list, (void)event;
    return no_svm(command_queue);
}

cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue command_queue, cl_bool blocking_map,
                                   cl_map_flags flags, void *svm_ptr, size_t size,
                                   cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                   cl_event *event)
{
    (void)blocking_map, (void)flags, (void)svm_ptr, (void)size, (void)num_events_in_wait_list;
    (void)event_wait_list, (void)event;
    return no_svm(command_queue);
}

cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue command_queue, void *svm_ptr,
                                     cl_uint num_events_in_wait_list,
                                     const cl_event *event_wait_list, cl_event *event)
{
    (void)svm_ptr, (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
    return no_svm(command_queue);
}

cl_int CL_API_CALL clEnqueueSVMMigrateMem(cl_command_queue command_queue, cl_uint num_svm_pointers,
                                          const void **svm_pointers, const size_t *sizes,
                                          cl_mem_migration_flags flags,
                                          cl_uint num_events_in_wait_list,
                                          const cl_event *event_wait_list, cl_event *event)
{
    (void)num_svm_pointers, (void)svm_pointers, (void)sizes, (void)flags;
    (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
    return no_svm(command_queue);
}

/* ---- cl_khr_gl_sharing, cl_khr_gl_event (not reported by the platform) ---- */

cl_int CL_API_CALL clGetGLContextInfoKHR(const cl_context_properties *properties,
                                         cl_gl_context_info param_name, size_t param_value_size,
                                         void *param_value, size_t *param_value_size_ret)
{
    (void)properties, (void)param_name, (void)param_value_size, (void)param_value;
    (void)param_value_size_ret;
    /* "CL_INVALID_OPERATION if ... Any of the devices specified in the <devices> argument
     * cannot support OpenCL objects which share the data store of an OpenGL object." */
    return CL_INVALID_OPERATION;
}

/* "CL_INVALID_CONTEXT if context is not a valid context or was not created from a GL
 * context." */
static cl_mem no_gl_context(cl_int *errcode_ret)
{
    set_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
}

cl_mem CL_API_CALL clCreateFromGLBuffer(cl_context context, cl_mem_flags flags, cl_GLuint bufobj,
                                        cl_int *errcode_ret)
{
    (void)context, (void)flags, (void)bufobj;
    return no_gl_context(errcode_ret);
}

cl_mem CL_API_CALL clCreateFromGLTexture(cl_context context, cl_mem_flags flags, cl_GLenum target,
                                         cl_GLint miplevel, cl_GLuint texture, cl_int *errcode_ret)
{
    (void)context, (void)flags, (void)target, (void)miplevel, (void)texture;
    return no_gl_context(errcode_ret);
}

cl_mem CL_API_CALL clCreateFromGLTexture2D(cl_context context, cl_mem_flags flags, cl_GLenum target,
                                           cl_GLint miplevel, cl_GLuint texture,
                                           cl_int *errcode_ret)
{
    (void)context, (void)flags, (void)target, (void)miplevel, (void)texture;
    return no_gl_context(errcode_ret);
}

cl_mem CL_API_CALL clCreateFromGLTexture3D(cl_context context, cl_mem_flags flags, cl_GLenum target,
                                           cl_GLint miplevel, cl_GLuint texture,
                                           cl_int *errcode_ret)
{
    (void)context, (void)flags, (void)target, (void)miplevel, (void)texture;
    return no_gl_context(errcode_ret);
}

cl_mem CL_API_CALL clCreateFromGLRenderbuffer(cl_context context, cl_mem_flags flags,
                                              cl_GLuint renderbuffer, cl_int *errcode_ret)
{
    (void)context, (void)flags, (void)renderbuffer;
    return no_gl_context(errcode_ret);
}

cl_event CL_API_CALL clCreateEventFromGLsyncKHR(cl_context context, cl_GLsync sync,
                                                cl_int *errcode_ret)
{
    (void)context, (void)sync;
    set_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
}

/* "CL_INVALID_MEM_OBJECT if memobj is not a valid OpenCL memory object."
 * "CL_INVALID_GL_OBJECT if there is no GL object associated with memobj." */
cl_int CL_API_CALL clGetGLObjectInfo(cl_mem memobj, cl_gl_object_type *gl_object_type,
                                     cl_GLuint *gl_object_name)
{
    (void)gl_object_type, (void)gl_object_name;
    return oclhls_object_is(memobj, OCLHLS_MAGIC_MEM) ? CL_INVALID_GL_OBJECT
                                                      : CL_INVALID_MEM_OBJECT;
}

cl_int CL_API_CALL clGetGLTextureInfo(cl_mem memobj, cl_gl_texture_info param_name,
                                      size_t param_value_size, void *param_value,
                                      size_t *param_value_size_ret)
{
    (void)param_name, (void)param_value_size, (void)param_value, (void)param_value_size_ret;
    return oclhls_object_is(memobj, OCLHLS_MAGIC_MEM) ? CL_INVALID_GL_OBJECT
                                                      : CL_INVALID_MEM_OBJECT;
}

/* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue."
 * "CL_INVALID_CONTEXT if context associated with command_queue was not created from an
 * OpenGL context" */
cl_int CL_API_CALL clEnqueueAcquireGLObjects(cl_command_queue command_queue, cl_uint num_objects,
                                             const cl_mem *mem_objects,
                                             cl_uint num_events_in_wait_list,
                                             const cl_event *event_wait_list, cl_event *event)
{
    (void)num_objects, (void)mem_objects, (void)num_events_in_wait_list, (void)event_wait_list;
    (void)event;
    return valid_queue(command_queue) ? CL_INVALID_CONTEXT : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL clEnqueueReleaseGLObjects(cl_command_queue command_queue, cl_uint num_objects,
                                             const cl_mem *mem_objects,
                                             cl_uint num_events_in_wait_list,
                                             const cl_event *event_wait_list, cl_event *event)
{
    (void)num_objects, (void)mem_objects, (void)num_events_in_wait_list, (void)event_wait_list;
    (void)event;
    return valid_queue(command_queue) ? CL_INVALID_CONTEXT : CL_INVALID_COMMAND_QUEUE;
}

/* ---- cl_khr_egl_image, cl_khr_egl_event (not reported by the platform) ---- */

cl_mem CL_API_CALL clCreateFromEGLImageKHR(cl_context context, CLeglDisplayKHR display,
                                           CLeglImageKHR image, cl_mem_flags flags,
                                           const cl_egl_image_properties_khr *properties,
                                           cl_int *errcode_ret)
{
    (void)display, (void)image, (void)flags, (void)properties;
    /* "CL_INVALID_CONTEXT if context is not a valid OpenCL context." "CL_INVALID_OPERATION if
     * there are no devices in context that support images" (none supports EGL images) */
    set_err(errcode_ret, valid_context(context) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT);
    return NULL;
}

/* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." "If num_objects is
 * 0 and mem_objects is NULL then the function does nothing and returns CL_SUCCESS." "CL_INVALID
 * _VALUE if num_objects is zero and mem_objects is not a NULL value or if num_objects > 0 and
 * mem_objects is NULL." "CL_INVALID_MEM_OBJECT if memory objects in mem_objects are not valid
 * OpenCL memory objects ..." "CL_INVALID_EGL_OBJECT_KHR if memory objects in mem_objects have
 * not been created from EGL resources." */
static cl_int egl_objects(cl_command_queue q, cl_uint num_objects, const cl_mem *mem_objects)
{
    if (!valid_queue(q))
        return CL_INVALID_COMMAND_QUEUE;
    if (num_objects == 0 && !mem_objects)
        return CL_SUCCESS;
    if (num_objects == 0 || !mem_objects)
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < num_objects; i++)
        if (!oclhls_object_is(mem_objects[i], OCLHLS_MAGIC_MEM) ||
            mem_objects[i]->context != q->context)
            return CL_INVALID_MEM_OBJECT;
    return CL_INVALID_EGL_OBJECT_KHR;
}

cl_int CL_API_CALL clEnqueueAcquireEGLObjectsKHR(cl_command_queue command_queue,
                                                 cl_uint num_objects, const cl_mem *mem_objects,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event)
{
    cl_int err = egl_objects(command_queue, num_objects, mem_objects);

    if (err == CL_SUCCESS && event)
        return clEnqueueMarkerWithWaitList(command_queue, num_events_in_wait_list, event_wait_list,
                                           event);
    return err;
}

cl_int CL_API_CALL clEnqueueReleaseEGLObjectsKHR(cl_command_queue command_queue,
                                                 cl_uint num_objects, const cl_mem *mem_objects,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event)
{
    cl_int err = egl_objects(command_queue, num_objects, mem_objects);

    if (err == CL_SUCCESS && event)
        return clEnqueueMarkerWithWaitList(command_queue, num_events_in_wait_list, event_wait_list,
                                           event);
    return err;
}

cl_event CL_API_CALL clCreateEventFromEGLSyncKHR(cl_context context, CLeglSyncKHR sync,
                                                 CLeglDisplayKHR display, cl_int *errcode_ret)
{
    (void)sync, (void)display;
    /* "CL_INVALID_CONTEXT if context is not a valid OpenCL context" "CL_INVALID_VALUE if sync
     * is not a valid EGLSyncKHR object" (no EGL display is known to this platform) */
    set_err(errcode_ret, valid_context(context) ? CL_INVALID_VALUE : CL_INVALID_CONTEXT);
    return NULL;
}

/* ---- cl_ext_device_fission (not reported by the platform) ---- */

cl_int CL_API_CALL clCreateSubDevicesEXT(cl_device_id in_device,
                                         const cl_device_partition_property_ext *properties,
                                         cl_uint num_entries, cl_device_id *out_devices,
                                         cl_uint *num_devices)
{
    (void)properties, (void)num_entries, (void)out_devices, (void)num_devices;
    return oclhls_device_valid(in_device) ? CL_INVALID_VALUE : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL clRetainDeviceEXT(cl_device_id device)
{
    return oclhls_device_valid(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL clReleaseDeviceEXT(cl_device_id device)
{
    return oclhls_device_valid(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

/* ---- Direct3D and DX9 media sharing: Windows only; the slots are never reached here ---- */

cl_int oclhls_unsupported_d3d(void)
{
    return CL_INVALID_OPERATION;
}
