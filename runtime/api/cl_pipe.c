/* SPDX-License-Identifier: MIT */
/*
 * Pipe objects (5.4). A pipe is a ring buffer in device global memory: a 64-byte header (the
 * write and read indices the kernels' pipe ports keep, and the pipe's shape written here)
 * followed by max_packets slots of stride bytes. Layout: docs/runtime.md, "Pipes". The host
 * never touches the packets; retain, release and clGetMemObjectInfo are those of any memory
 * object (cl_mem.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/device.h"
#include "core/platform.h"
#include "core/util.h"

#define PIPE_HEADER_BYTES 64u

/* The u32 words of the header, by index. */
enum pipe_header_word {
    PIPE_WRITE_INDEX,  /* packets ever committed by writers (free-running) */
    PIPE_READ_INDEX,   /* packets ever consumed by readers (free-running) */
    PIPE_MAX_PACKETS,  /* clCreatePipe's pipe_max_packets */
    PIPE_PACKET_BYTES, /* clCreatePipe's pipe_packet_size */
    PIPE_STRIDE,       /* packet bytes rounded up to a power of two */
};

static uint32_t pow2_at_least(uint32_t n)
{
    uint32_t p = 1;

    while (p < n)
        p <<= 1;
    return p;
}

/* Bytes of device memory for the pipe: header and slots, rounded up to 64. */
static uint64_t pipe_bytes(cl_uint packet_size, cl_uint max_packets)
{
    uint64_t bytes = PIPE_HEADER_BYTES + (uint64_t)max_packets * pow2_at_least(packet_size);

    return (bytes + PIPE_HEADER_BYTES - 1) & ~(uint64_t)(PIPE_HEADER_BYTES - 1);
}

/* Allocates the ring and writes its header (indices 0: the pipe starts empty). */
static cl_int pipe_storage(cl_device_id dev, cl_uint packet_size, cl_uint max_packets,
                           uint64_t bytes, uint64_t *addr)
{
    uint32_t header[PIPE_HEADER_BYTES / 4] = {0};
    char err[OCLHLS_ERR_MAX];

    /* "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for the pipe
     * object." */
    if (bytes > oclhls_device_max_alloc(dev) || oclhls_devmem_alloc(&dev->mem, bytes, addr)) {
        oclhls_debug("%s: no free block of %llu bytes in global memory for a pipe", dev->name,
                     (unsigned long long)bytes);
        return CL_MEM_OBJECT_ALLOCATION_FAILURE;
    }
    header[PIPE_MAX_PACKETS] = max_packets;
    header[PIPE_PACKET_BYTES] = packet_size;
    header[PIPE_STRIDE] = pow2_at_least(packet_size);
    /* "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL
     * implementation on the device." (the board did not take the header) */
    if (oclhls_device_mem_write(dev, *addr, header, sizeof(header), err, sizeof(err))) {
        oclhls_debug("%s: writing a pipe header failed: %s", dev->name, err);
        oclhls_devmem_free(&dev->mem, *addr, bytes);
        return CL_OUT_OF_RESOURCES;
    }
    return CL_SUCCESS;
}

cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags flags, cl_uint pipe_packet_size,
                                cl_uint pipe_max_packets, const cl_pipe_properties *properties,
                                cl_int *errcode_ret)
{
    cl_device_id dev;
    cl_mem m = NULL;
    uint64_t addr = 0, bytes;
    cl_int ret;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    ret = CL_INVALID_CONTEXT;
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto out;
    /* "Only CL_MEM_READ_WRITE and CL_MEM_HOST_NO_ACCESS can be specified when creating a pipe
     * object." -> "CL_INVALID_VALUE if values specified in flags are not as defined above." */
    ret = CL_INVALID_VALUE;
    if (flags & ~(cl_mem_flags)(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS))
        goto out;
    /* "CL_INVALID_VALUE if properties is not NULL." */
    if (properties)
        goto out;
    /* "CL_INVALID_PIPE_SIZE if pipe_packet_size is 0 or the pipe_packet_size exceeds
     * CL_DEVICE_PIPE_MAX_PACKET_SIZE value specified in the Device Queries table for all
     * devices in context or if pipe_max_packets is 0." */
    ret = CL_INVALID_PIPE_SIZE;
    if (pipe_packet_size == 0 || pipe_packet_size > OCLHLS_PIPE_MAX_PACKET_SIZE ||
        pipe_max_packets == 0)
        goto out;

    dev = context->devices[0];
    bytes = pipe_bytes(pipe_packet_size, pipe_max_packets);
    ret = pipe_storage(dev, pipe_packet_size, pipe_max_packets, bytes, &addr);
    if (ret != CL_SUCCESS)
        goto out;
    /* "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the
     * OpenCL implementation on the host." */
    ret = CL_OUT_OF_HOST_MEMORY;
    m = oclhls_mem_new(context, flags, (size_t)bytes);
    if (!m) {
        oclhls_devmem_free(&dev->mem, addr, bytes);
        goto out;
    }
    /* from here on the memory object owns the storage (freed with it, cl_mem.c) */
    m->type = CL_MEM_OBJECT_PIPE;
    m->addr = addr;
    m->pipe_packet_size = pipe_packet_size;
    m->pipe_max_packets = pipe_max_packets;
    ret = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = ret;
    return m;
}

cl_int CL_API_CALL clGetPipeInfo(cl_mem pipe, cl_pipe_info param_name, size_t param_value_size,
                                 void *param_value, size_t *param_value_size_ret)
{
    const void *src;
    size_t size;

    /* "CL_INVALID_MEM_OBJECT if pipe is a not a valid pipe object." */
    if (!oclhls_object_is(pipe, OCLHLS_MAGIC_MEM) || pipe->type != CL_MEM_OBJECT_PIPE)
        return CL_INVALID_MEM_OBJECT;

    switch (param_name) {
    case CL_PIPE_PACKET_SIZE:
        src = &pipe->pipe_packet_size, size = sizeof(pipe->pipe_packet_size);
        break;
    case CL_PIPE_MAX_PACKETS:
        src = &pipe->pipe_max_packets, size = sizeof(pipe->pipe_max_packets);
        break;
    case CL_PIPE_PROPERTIES:
        /* (3.0) "If the properties argument specified in clCreatePipe used to create pipe was
         * NULL, the implementation must return param_value_size_ret equal to 0" (it always
         * is: any other value is refused) */
        src = NULL, size = 0;
        break;
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        return CL_INVALID_VALUE;
    }
    /* "CL_INVALID_VALUE if ... size in bytes specified by param_value_size is < size of return
     * type ... and param_value is not NULL." */
    return oclhls_info(param_value, param_value_size, param_value_size_ret, src, size);
}
