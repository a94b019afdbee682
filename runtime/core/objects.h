/* SPDX-License-Identifier: MIT */
/*
 * The OpenCL objects of the runtime. Every struct starts with the ICD dispatch pointer and the
 * reference head (core/object.h). Locking:
 *   - platform->event_lock guards every event's status and callbacks and every device's list
 *     of pending commands; platform->event_cond is broadcast on any change of either;
 *   - device->lock guards the transport handle and what is loaded on the board;
 *   - the other objects have a lock for their own mutable fields.
 * Locks are never taken in the reverse of this order: event_lock, then an object's lock,
 * then device->lock.
 */
#ifndef OCLHLS_RT_OBJECTS_H
#define OCLHLS_RT_OBJECTS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "core/cl.h"
#include "core/devmem.h"
#include "core/object.h"
#include "transport/transport.h"

#define OCLHLS_MAX_DEVICES 4
#define OCLHLS_ERR_MAX 256

struct oclhls_command;
struct oclhls_run;
struct oclhls_program_meta;
struct oclhls_kernel_meta;

struct _cl_platform_id {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_uint num_devices;
    cl_device_id devices[OCLHLS_MAX_DEVICES];
    pthread_mutex_t event_lock;
    pthread_cond_t event_cond;
    atomic_uint_fast64_t next_exec_id; /* identifies built executables on the boards */
    bool debug;                        /* $OCLHLS_DEBUG set */
    uint64_t timeout_ms;               /* $OCLHLS_TIMEOUT_MS, default 60000 */
    char error[OCLHLS_ERR_MAX];        /* why there is no device, when there is none */
};

/* The per-device command worker (runtime/core/sched.c); fields under platform->event_lock. */
enum oclhls_worker_state { OCLHLS_WORKER_IDLE, OCLHLS_WORKER_RUNNING, OCLHLS_WORKER_EXITING };

struct oclhls_worker {
    enum oclhls_worker_state state;
    pthread_t thread;
    bool stop;
    unsigned queues; /* live command-queues on the device; the worker runs while > 0 */
    struct oclhls_command *head, *tail;
};

struct _cl_device_id {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_platform_id platform;
    struct oclhls_board board;
    char name[96];
    const struct oclhls_transport_ops *ops;
    bool available;
    char error[OCLHLS_ERR_MAX]; /* why it is not available */

    pthread_mutex_t lock;     /* transport handle and board state below */
    pthread_cond_t idle_cond; /* broadcast when kernel_running drops */
    void *handle;
    bool kernel_running;     /* runs is not empty: the loaded program must stay */
    uint64_t loaded_exec_id; /* executable on the board, 0 = none */

    struct oclhls_devmem mem; /* global-memory allocator (own lock) */
    struct oclhls_worker worker;
    /* worker thread only: */
    struct oclhls_run *runs; /* kernel runs in flight (core/launch.h) */
    uint64_t last_end_ns;    /* profiling: latest END of the commands completed so far */
};

struct _cl_context {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_platform_id platform;
    cl_uint num_devices;
    cl_device_id devices[OCLHLS_MAX_DEVICES];
    cl_context_properties *props; /* as given, with the terminating 0; NULL when none given */
    size_t props_size;
    void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
    void *notify_data;
    pthread_mutex_t lock;
    struct oclhls_callback *destructors; /* newest first */
};

struct _cl_command_queue {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_context context;
    cl_device_id device;
    cl_command_queue_properties props;
    cl_queue_properties *prop_array; /* CL_QUEUE_PROPERTIES_ARRAY, NULL when none given */
    size_t prop_array_size;
    pthread_mutex_t lock; /* the order fields below (runtime/core/sched.c) */
    /* held: the command every later one waits for -- in an in-order queue the most recent
     * command, in an out-of-order queue the most recent barrier; NULL when none */
    cl_event barrier;
    /* out-of-order queues, held: commands enqueued since the barrier that may be incomplete
     * (completed ones are dropped when the array fills up) */
    cl_event *open;
    unsigned num_open, cap_open;
};

struct oclhls_map {
    struct oclhls_map *next;
    void *ptr;
    size_t offset, size;
    cl_map_flags flags;
    void *owned; /* host copy malloc'ed for this mapping, or NULL */
    /* image mappings (rows > 0): slices x rows of row_bytes from offset, with the device's
     * and the host pointer's pitches; offset and size then span the region in device memory */
    size_t row_bytes, rows, slices;
    size_t dev_row, dev_slice, host_row, host_slice;
};

struct _cl_mem {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_context context;
    cl_device_id device;
    cl_mem_object_type type;
    cl_mem_flags flags;
    size_t size;
    void *host_ptr;   /* CL_MEM_USE_HOST_PTR storage (sub-buffer: parent's + origin) */
    void *alloc_host; /* CL_MEM_ALLOC_HOST_PTR host copy for maps (sub-buffer: parent's + origin) */
    uint64_t addr;    /* device byte address of the first byte */
    cl_mem parent;    /* held; sub-buffers only */
    size_t origin;
    cl_mem_properties *props;
    size_t props_size;
    pthread_mutex_t lock;
    struct oclhls_map *maps;
    cl_uint map_count;
    struct oclhls_callback *destructors; /* newest first */
    /* pipes (type CL_MEM_OBJECT_PIPE): clCreatePipe's arguments; addr is the ring's header */
    cl_uint pipe_packet_size;
    cl_uint pipe_max_packets;
    /* images (clCreateImage): image_format.image_channel_order == 0 for buffers and pipes.
     * Device layout (docs/runtime.md, "Images"): texels from addr, tightly packed, except
     * images made from a buffer, which use the buffer's memory and the given row pitch. */
    cl_image_format image_format;
    cl_image_desc image_desc; /* as given, with row/slice pitch filled in for the host side */
    size_t image_elem_size;   /* bytes per texel */
    size_t image_row_pitch;   /* device memory: bytes between rows */
    size_t image_slice_pitch; /* device memory: bytes between 2D slices or array layers
                                 (1D arrays: between rows) */
    /* CL_MEM_USE_HOST_PTR images not made from a buffer: the application's storage, laid out
     * with image_desc's pitches (host_ptr stays NULL: its copies are linear); synchronised by
     * clEnqueueMapImage and the unmap */
    void *image_host_ptr;
};

/* clCreateSampler(WithProperties) (runtime/api/cl_sampler.c); immutable after creation */
struct _cl_sampler {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_context context; /* held */
    cl_bool normalized_coords;
    cl_addressing_mode addressing_mode;
    cl_filter_mode filter_mode;
    cl_sampler_properties *properties; /* as given, with the terminating 0; NULL when none */
    size_t properties_size;
};

/* CL_DEVICE_PIPE_MAX_PACKET_SIZE and CL_DEVICE_MAX_PIPE_ARGS (docs/runtime.md, "Pipes") */
#define OCLHLS_PIPE_MAX_PACKET_SIZE 64u
#define OCLHLS_MAX_PIPE_ARGS 16u

/*
 * A memory object of size bytes without device memory yet (runtime/api/cl_mem.c): type
 * CL_MEM_OBJECT_BUFFER, holds context. NULL when out of host memory.
 */
cl_mem oclhls_mem_new(cl_context context, cl_mem_flags flags, size_t size);

/* The Memory Flags table's groups (runtime/api/cl_mem.c). */
#define OCLHLS_MEM_ACCESS_FLAGS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define OCLHLS_MEM_HOST_PTR_FLAGS                                                                  \
    (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)
#define OCLHLS_MEM_HOST_ACCESS_FLAGS                                                               \
    (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)

/* flags valid as the Memory Flags table defines them (also: bits valid besides the table's,
 * CL_MEM_KERNEL_READ_AND_WRITE for images): no unknown bit, no two exclusive flags. */
bool oclhls_mem_flags_valid(cl_mem_flags flags, cl_mem_flags also);
/* The clauses on the flags of a memory object made from another (sub-buffers, images from
 * buffers or images): no access the parent's flags forbid, no host-pointer flag. */
bool oclhls_mem_child_flags_valid(cl_mem_flags parent, cl_mem_flags flags);
/* Such an object's flags: those given, the access and host-pointer ones inherited. */
cl_mem_flags oclhls_mem_child_flags(cl_mem_flags parent, cl_mem_flags flags);

enum oclhls_program_origin {
    OCLHLS_PROGRAM_SOURCE,
    OCLHLS_PROGRAM_BINARY,
    OCLHLS_PROGRAM_BUILTIN,
    OCLHLS_PROGRAM_LINKED,
};

struct _cl_program {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_context context;
    cl_uint num_devices;
    cl_device_id devices[OCLHLS_MAX_DEVICES];
    enum oclhls_program_origin origin;
    char *source; /* NUL-terminated; sources, or the "source" section of a binary */
    size_t source_len;
    atomic_uint kernels; /* kernel objects attached */

    pthread_mutex_t lock;
    cl_build_status status;
    cl_program_binary_type binary_type;
    char *options; /* of the last build, compile or link */
    char *log;
    void *binary; /* the program file (.oclbin): the executable, or (binary_type) the compiled
                     object or library, whose "object" section is its LLVM bitcode */
    size_t binary_size;
    struct oclhls_program_meta *meta;
    /* the binary's "constants" section in the device's global memory, read-only: the
       program's __constant variables (constants_size 0: none) */
    cl_device_id constants_device;
    uint64_t constants_addr, constants_size;
    uint64_t exec_id;
};

struct oclhls_arg {
    bool set;
    cl_mem mem;        /* buffer and pipe arguments (not retained, as the spec requires) */
    size_t local_size; /* __local arguments */
    uint8_t *value;    /* by-value arguments, meta size bytes */
};

struct _cl_kernel {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_context context;
    cl_program program; /* held */
    const struct oclhls_kernel_meta *meta;
    unsigned index; /* in the program's kernels: selects the CSR window */
    pthread_mutex_t lock;
    struct oclhls_arg *args;
};

struct _cl_event {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
    cl_context context;
    cl_command_queue queue; /* held; NULL for user events */
    cl_command_type type;
    bool profiling;
    /* under platform->event_lock */
    cl_int status;
    bool user_status_set;
    struct oclhls_callback *callbacks;
    cl_ulong t_queued, t_submit, t_start, t_end;
};

#endif
