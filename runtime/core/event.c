/* SPDX-License-Identifier: MIT */
#include "core/event.h"

#include <stdlib.h>

#include "core/util.h"

static void event_destroy(struct oclhls_object *obj)
{
    cl_event ev = (cl_event)obj;
    struct oclhls_callback *cb, *next;

    for (cb = ev->callbacks; cb; cb = next) { /* only user events never set can get here */
        next = cb->next;
        free(cb);
    }
    if (ev->queue)
        oclhls_unhold(ev->queue);
    oclhls_unhold(ev->context);
    free(ev);
}

cl_event oclhls_event_create(cl_context context, cl_command_queue queue, cl_command_type type)
{
    cl_event ev = calloc(1, sizeof(*ev));

    if (!ev)
        return NULL;
    oclhls_object_init(ev, OCLHLS_MAGIC_EVENT, event_destroy);
    ev->context = context;
    oclhls_hold(context);
    ev->queue = queue;
    if (queue) {
        oclhls_hold(queue);
        ev->profiling = (queue->props & CL_QUEUE_PROFILING_ENABLE) != 0;
        ev->status = CL_QUEUED;
    } else {
        ev->status = CL_SUBMITTED;
    }
    ev->type = type;
    ev->t_queued = oclhls_now_ns();
    return ev;
}

void oclhls_event_set_status_locked(cl_event ev, cl_int status, struct oclhls_callback **fire)
{
    struct oclhls_callback **link = &ev->callbacks, *cb;

    ev->status = status;
    while ((cb = *link) != NULL) {
        /* statuses decrease towards CL_COMPLETE (0) and errors (< 0) */
        if (status <= cb->type) {
            *link = cb->next;
            cb->next = *fire;
            *fire = cb;
        } else {
            link = &cb->next;
        }
    }
    pthread_cond_broadcast(&ev->context->platform->event_cond);
}

void oclhls_event_fire(cl_event ev, struct oclhls_callback *fire)
{
    struct oclhls_callback *cb, *next;
    cl_int status = oclhls_event_status(ev);

    for (cb = fire; cb; cb = next) {
        void(CL_CALLBACK * fn)(cl_event, cl_int, void *) =
            (void(CL_CALLBACK *)(cl_event, cl_int, void *))cb->fn;

        next = cb->next;
        /* "event_command_exec_status is equal to the command_exec_callback_type used while
         * registering ... If the callback is called as the result of the command ... being
         * abnormally terminated, an appropriate error code ... will be passed instead." */
        fn(ev, status < 0 ? status : cb->type, cb->user_data);
        free(cb);
    }
}

void oclhls_event_set_status(cl_event ev, cl_int status)
{
    cl_platform_id p = ev->context->platform;
    struct oclhls_callback *fire = NULL;

    pthread_mutex_lock(&p->event_lock);
    oclhls_event_set_status_locked(ev, status, &fire);
    pthread_mutex_unlock(&p->event_lock);
    oclhls_event_fire(ev, fire);
}

cl_int oclhls_event_status(cl_event ev)
{
    cl_platform_id p = ev->context->platform;
    cl_int status;

    pthread_mutex_lock(&p->event_lock);
    status = ev->status;
    pthread_mutex_unlock(&p->event_lock);
    return status;
}

cl_int oclhls_event_wait(cl_event ev)
{
    cl_platform_id p = ev->context->platform;
    cl_int status;

    pthread_mutex_lock(&p->event_lock);
    while (ev->status > CL_COMPLETE)
        pthread_cond_wait(&p->event_cond, &p->event_lock);
    status = ev->status;
    pthread_mutex_unlock(&p->event_lock);
    return status;
}

int oclhls_event_add_callback(cl_event ev, cl_int type,
                              void(CL_CALLBACK *fn)(cl_event, cl_int, void *), void *user_data)
{
    cl_platform_id p = ev->context->platform;
    struct oclhls_callback *cb = malloc(sizeof(*cb));
    cl_int status;

    if (!cb)
        return -1;
    cb->fn = (void (*)(void))fn;
    cb->user_data = user_data;
    cb->type = type;
    pthread_mutex_lock(&p->event_lock);
    status = ev->status;
    if (status > type) {
        cb->next = ev->callbacks;
        ev->callbacks = cb;
        cb = NULL;
    } else {
        cb->next = NULL;
    }
    pthread_mutex_unlock(&p->event_lock);
    if (cb)
        oclhls_event_fire(ev, cb);
    return 0;
}

cl_int oclhls_check_wait_list(cl_context context, cl_uint num, const cl_event *list)
{
    if ((list == NULL) != (num == 0))
        return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < num; i++)
        if (!oclhls_object_is(list[i], OCLHLS_MAGIC_EVENT))
            return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < num; i++)
        if (list[i]->context != context)
            return CL_INVALID_CONTEXT;
    return CL_SUCCESS;
}

bool oclhls_wait_list_failed(cl_uint num, const cl_event *list)
{
    for (cl_uint i = 0; i < num; i++)
        if (oclhls_event_wait(list[i]) < 0)
            return true;
    return false;
}
