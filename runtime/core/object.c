/* SPDX-License-Identifier: MIT */
#include "core/object.h"

#include <stddef.h>
#include <stdlib.h>

#include "core/icd.h"
#include "core/objects.h"

void oclhls_object_init(void *obj, uint32_t magic, oclhls_destroy_fn destroy)
{
    struct oclhls_object *o = obj;

    o->dispatch = oclhls_icd_dispatch();
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

    if (atomic_fetch_sub(&o->ref.holds, 1) == 1) {
        o->ref.magic = OCLHLS_MAGIC_DEAD;
        o->ref.destroy(o);
    }
}

void oclhls_release(void *obj)
{
    struct oclhls_object *o = obj;

    if (atomic_fetch_sub(&o->ref.refs, 1) == 1 && o->ref.last_ref)
        o->ref.last_ref(o);
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
