/* SPDX-License-Identifier: MIT */
#include "core/object.h"

#include <stddef.h>
#include <stdlib.h>

/*
 * The last unhold (or release) runs the destructor (or last_ref) in whichever thread drops
 * the count to zero. The counts' read-modify-writes are seq_cst, so every use of the object
 * before an earlier decrement happens before the one that reaches zero. Helgrind does not
 * model atomics and would report each such use as racing with the destructor (it does, in
 * api.threads_helgrind, when the worker drops a queue's last hold). These annotations state
 * that ordering to it; outside valgrind they cost a few instructions.
 */
#if defined(__has_include)
#if __has_include(<valgrind/helgrind.h>)
#include <valgrind/helgrind.h>
#define COUNT_DROPPED(count) ANNOTATE_HAPPENS_BEFORE(count)
#define COUNT_REACHED_ZERO(count) ANNOTATE_HAPPENS_AFTER(count)
#define COUNT_FREED(count) ANNOTATE_HAPPENS_BEFORE_FORGET_ALL(count)
#endif
#endif
#ifndef COUNT_DROPPED
#define COUNT_DROPPED(count) ((void)(count))
#define COUNT_REACHED_ZERO(count) ((void)(count))
#define COUNT_FREED(count) ((void)(count))
#endif

/* objects hold a non-const pointer (cl_icd.h); nobody writes through it */
static struct _cl_icd_dispatch *object_dispatch;

void oclhls_object_set_dispatch(const struct _cl_icd_dispatch *dispatch)
{
    object_dispatch = (struct _cl_icd_dispatch *)dispatch;
}

void oclhls_object_init(void *obj, uint32_t magic, oclhls_destroy_fn destroy)
{
    struct oclhls_object *o = obj;

    o->dispatch = object_dispatch;
    o->ref.magic = magic;
    atomic_init(&o->ref.refs, 1);
    atomic_init(&o->ref.holds, 1);
    o->ref.destroy = destroy;
    o->ref.last_ref = NULL;
}

void oclhls_retain(void *obj)
{
    struct oclhls_object *o = obj;

    atomic_fetch_add(&o->ref.refs, 1);
    atomic_fetch_add(&o->ref.holds, 1);
}

void oclhls_hold(void *obj)
{
    struct oclhls_object *o = obj;

    atomic_fetch_add(&o->ref.holds, 1);
}

void oclhls_unhold(void *obj)
{
    struct oclhls_object *o = obj;

    COUNT_DROPPED(&o->ref.holds);
    if (atomic_fetch_sub(&o->ref.holds, 1) == 1) {
        COUNT_REACHED_ZERO(&o->ref.holds);
        /* the memory may become another object: its counts start with no history */
        COUNT_FREED(&o->ref.holds);
        COUNT_FREED(&o->ref.refs);
        o->ref.magic = OCLHLS_MAGIC_DEAD;
        o->ref.destroy(o);
    }
}

void oclhls_release(void *obj)
{
    struct oclhls_object *o = obj;

    COUNT_DROPPED(&o->ref.refs);
    if (atomic_fetch_sub(&o->ref.refs, 1) == 1 && o->ref.last_ref) {
        COUNT_REACHED_ZERO(&o->ref.refs);
        o->ref.last_ref(o);
    }
    oclhls_unhold(obj);
}

cl_uint oclhls_refcount(const void *obj)
{
    const struct oclhls_object *o = obj;

    return atomic_load(&((struct oclhls_object *)o)->ref.refs);
}

cl_int oclhls_destructor_push(struct oclhls_callback **list, pthread_mutex_t *lock,
                              void (*fn)(void), void *user_data)
{
    struct oclhls_callback *cb = calloc(1, sizeof(*cb));

    if (!cb)
        return CL_OUT_OF_HOST_MEMORY;
    cb->fn = fn;
    cb->user_data = user_data;
    pthread_mutex_lock(lock);
    cb->next = *list;
    *list = cb;
    pthread_mutex_unlock(lock);
    return CL_SUCCESS;
}
