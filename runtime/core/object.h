/* SPDX-License-Identifier: MIT */
/*
 * The common head of every runtime object: the ICD dispatch pointer (must come first: the
 * loader reads it; the table is the API layer's, runtime/api/icd.c), a magic number per kind
 * (so the API layer can reject foreign or freed handles) and two reference counts.
 *
 *   refs   the count the application sees (clRetainX and clReleaseX, the X_REFERENCE_COUNT
 * queries). holds  refs + internal holds (a command holds its queue, buffers, kernel; a kernel
 * holds its program; ...). The object is destroyed when holds reaches zero, so an object released
 * by the application lives on until the work that uses it has finished.
 */
#ifndef OCLHLS_RT_OBJECT_H
#define OCLHLS_RT_OBJECT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/cl.h"

enum oclhls_magic {
    OCLHLS_MAGIC_PLATFORM = 0x504c4154, /* "PLAT" */
    OCLHLS_MAGIC_DEVICE = 0x44455649,   /* "DEVI" */
    OCLHLS_MAGIC_CONTEXT = 0x43545854,  /* "CTXT" */
    OCLHLS_MAGIC_QUEUE = 0x51554555,    /* "QUEU" */
    OCLHLS_MAGIC_MEM = 0x4d454d4f,      /* "MEMO" */
    OCLHLS_MAGIC_PROGRAM = 0x50524f47,  /* "PROG" */
    OCLHLS_MAGIC_KERNEL = 0x4b45524e,   /* "KERN" */
    OCLHLS_MAGIC_EVENT = 0x4556454e,    /* "EVEN" */
    OCLHLS_MAGIC_SAMPLER = 0x53414d50,  /* "SAMP" */
    OCLHLS_MAGIC_DEAD = 0x44454144,     /* "DEAD": destroyed */
};

struct oclhls_object;
typedef void (*oclhls_destroy_fn)(struct oclhls_object *obj);

struct oclhls_ref {
    uint32_t magic;
    atomic_uint refs;
    atomic_uint holds;
    oclhls_destroy_fn destroy;
    oclhls_destroy_fn last_ref; /* optional: called when refs drops to 0 (breaks cycles) */
};

/* The common initial sequence of every object struct below. */
struct oclhls_object {
    struct _cl_icd_dispatch *dispatch;
    struct oclhls_ref ref;
};

/* The dispatch table every object points to. The API layer hands it over once, when the
 * library is loaded (runtime/api/icd.c), before any object exists. */
void oclhls_object_set_dispatch(const struct _cl_icd_dispatch *dispatch);

/* Sets up the head: dispatch table, magic, one application reference. */
void oclhls_object_init(void *obj, uint32_t magic, oclhls_destroy_fn destroy);

/* True when obj is non-NULL and carries the magic of its kind. */
static inline bool oclhls_object_is(const void *obj, uint32_t magic)
{
    return obj != NULL && ((const struct oclhls_object *)obj)->ref.magic == magic;
}

/* Application reference (clRetain* / clRelease*). */
void oclhls_retain(void *obj);
void oclhls_release(void *obj);

/* Internal hold: keeps the object alive without being visible in its reference count. */
void oclhls_hold(void *obj);
void oclhls_unhold(void *obj);

/* Application-visible count, for the *_REFERENCE_COUNT queries. */
cl_uint oclhls_refcount(const void *obj);

/* A callback on an object's list: destructors of contexts and memory objects, event callbacks. */
struct oclhls_callback {
    struct oclhls_callback *next;
    void (*fn)(void);
    void *user_data;
    cl_int type; /* events: the status it waits for */
};

/*
 * Registers a destructor callback on a context's or memory object's list (newest first:
 * the spec calls them in reverse order of registration), under that object's lock.
 * CL_SUCCESS or CL_OUT_OF_HOST_MEMORY.
 */
cl_int oclhls_destructor_push(struct oclhls_callback **list, pthread_mutex_t *lock,
                              void (*fn)(void), void *user_data);

#endif
