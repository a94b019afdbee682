/* SPDX-License-Identifier: MIT */
/* The per-device worker: see core/command.h for the model. */
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/event.h"
#include "core/launch.h"
#include "core/util.h"

struct oclhls_command *oclhls_command_new(cl_command_queue queue, cl_command_type type,
                                          cl_uint num_wait, const cl_event *wait)
{
    struct oclhls_command *cmd = calloc(1, sizeof(*cmd));

    if (!cmd)
        return NULL;
    cmd->type = type;
    cmd->queue = queue;
    oclhls_hold(queue);
    cmd->event = oclhls_event_create(queue->context, queue, type);
    if (!cmd->event)
        goto out_free;
    if (num_wait) {
        cmd->wait = malloc(num_wait * sizeof(*cmd->wait));
        if (!cmd->wait)
            goto out_free;
        for (cl_uint i = 0; i < num_wait; i++) {
            cmd->wait[i] = wait[i];
            oclhls_hold(wait[i]);
        }
        cmd->num_wait = num_wait;
    }
    return cmd;

out_free:
    oclhls_command_free(cmd);
    return NULL;
}

void oclhls_command_free(struct oclhls_command *cmd)
{
    if (!cmd)
        return;
    switch (cmd->type) {
    case CL_COMMAND_NDRANGE_KERNEL:
    case CL_COMMAND_TASK:
        oclhls_launch_free(cmd->u.kernel.launch);
        break;
    case CL_COMMAND_MAP_BUFFER:
        break; /* the mapping stays with the buffer until unmapped */
    case CL_COMMAND_UNMAP_MEM_OBJECT:
        if (cmd->u.map.map) {
            free(cmd->u.map.map->owned);
            free(cmd->u.map.map);
        }
        break;
    default:
        break;
    }
    for (int i = 0; i < 2; i++)
        if (cmd->mem[i])
            oclhls_unhold(cmd->mem[i]);
    for (cl_uint i = 0; i < cmd->num_wait; i++)
        oclhls_unhold(cmd->wait[i]);
    free(cmd->wait);
    if (cmd->prev)
        oclhls_unhold(cmd->prev);
    if (cmd->event)
        oclhls_unhold(cmd->event);
    oclhls_unhold(cmd->queue);
    free(cmd);
}

/* With event_lock held: ready to run when every dependency is complete. */
static bool command_ready(const struct oclhls_command *cmd)
{
    if (cmd->prev && cmd->prev->status > CL_COMPLETE)
        return false;
    for (cl_uint i = 0; i < cmd->num_wait; i++)
        if (cmd->wait[i]->status > CL_COMPLETE)
            return false;
    return true;
}

static bool command_dep_failed(const struct oclhls_command *cmd)
{
    for (cl_uint i = 0; i < cmd->num_wait; i++)
        if (cmd->wait[i]->status < 0)
            return true;
    return false;
}

/* With event_lock held: unlinks and returns the first ready command, or NULL. */
static struct oclhls_command *take_ready(struct oclhls_worker *w)
{
    struct oclhls_command **link, *cmd, *prev = NULL;

    for (link = &w->head; (cmd = *link) != NULL; link = &cmd->next) {
        if (!command_ready(cmd)) {
            prev = cmd;
            continue;
        }
        *link = cmd->next;
        if (w->tail == cmd)
            w->tail = prev;
        cmd->next = NULL;
        return cmd;
    }
    return NULL;
}

/*
 * Ends cmd with status: first drops what the command holds (so buffers it was the last user of
 * are gone, destructor callbacks run, by the time anyone sees the event complete), then sets
 * the status and runs the callbacks. Called without event_lock.
 */
static void command_end(struct oclhls_command *cmd, cl_int status)
{
    cl_platform_id p = cmd->queue->context->platform;
    struct oclhls_callback *fire = NULL;
    cl_event ev = cmd->event;

    cmd->event = NULL;        /* ours now */
    oclhls_command_free(cmd); /* may release the last queue and ask the worker to stop */
    pthread_mutex_lock(&p->event_lock);
    oclhls_event_set_status_locked(ev, status, &fire);
    pthread_mutex_unlock(&p->event_lock);
    oclhls_event_fire(ev, fire);
    oclhls_unhold(ev);
}

static void *worker_main(void *arg)
{
    cl_device_id dev = arg;
    cl_platform_id p = dev->platform;
    struct oclhls_worker *w = &dev->worker;
    struct oclhls_callback *fire;
    struct oclhls_command *cmd;
    cl_int status;

    pthread_mutex_lock(&p->event_lock);
    for (;;) {
        cmd = take_ready(w);
        if (!cmd) {
            if (w->stop)
                break;
            pthread_cond_wait(&p->event_cond, &p->event_lock);
            continue;
        }
        if (command_dep_failed(cmd)) {
            pthread_mutex_unlock(&p->event_lock);
            command_end(cmd, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
        } else {
            fire = NULL;
            oclhls_event_set_status_locked(cmd->event, CL_RUNNING, &fire);
            pthread_mutex_unlock(&p->event_lock);
            oclhls_event_fire(cmd->event, fire);
            status = oclhls_command_run(cmd);
            command_end(cmd, status);
        }
        pthread_mutex_lock(&p->event_lock);
    }
    if (w->state == OCLHLS_WORKER_RUNNING) {
        /* we released the last queue ourselves: nobody joins us */
        pthread_detach(pthread_self());
        w->state = OCLHLS_WORKER_IDLE;
        pthread_cond_broadcast(&p->event_cond);
    }
    pthread_mutex_unlock(&p->event_lock);
    return NULL;
}

int oclhls_worker_add_queue(cl_device_id dev)
{
    cl_platform_id p = dev->platform;
    struct oclhls_worker *w = &dev->worker;
    int ret = 0;

    pthread_mutex_lock(&p->event_lock);
    while (w->state == OCLHLS_WORKER_EXITING)
        pthread_cond_wait(&p->event_cond, &p->event_lock);
    if (w->state == OCLHLS_WORKER_IDLE) {
        w->stop = false;
        if (pthread_create(&w->thread, NULL, worker_main, dev) != 0)
            ret = -1;
        else
            w->state = OCLHLS_WORKER_RUNNING;
    } else {
        w->stop = false; /* cancels a stop the worker asked of itself */
    }
    if (ret == 0)
        w->queues++;
    pthread_mutex_unlock(&p->event_lock);
    return ret;
}

void oclhls_worker_remove_queue(cl_device_id dev)
{
    cl_platform_id p = dev->platform;
    struct oclhls_worker *w = &dev->worker;
    pthread_t thread;

    pthread_mutex_lock(&p->event_lock);
    if (--w->queues > 0 || w->state != OCLHLS_WORKER_RUNNING) {
        pthread_mutex_unlock(&p->event_lock);
        return;
    }
    w->stop = true;
    pthread_cond_broadcast(&p->event_cond);
    if (pthread_equal(pthread_self(), w->thread)) {
        pthread_mutex_unlock(&p->event_lock); /* the worker exits and detaches itself */
        return;
    }
    w->state = OCLHLS_WORKER_EXITING;
    thread = w->thread;
    pthread_mutex_unlock(&p->event_lock);
    pthread_join(thread, NULL);
    pthread_mutex_lock(&p->event_lock);
    w->state = OCLHLS_WORKER_IDLE;
    pthread_cond_broadcast(&p->event_cond);
    pthread_mutex_unlock(&p->event_lock);
}

cl_int oclhls_command_submit(struct oclhls_command *cmd, cl_event *event, bool blocking)
{
    cl_command_queue q = cmd->queue;
    cl_platform_id p = q->context->platform;
    struct oclhls_worker *w = &q->device->worker;
    cl_event ev = cmd->event, prev;
    struct oclhls_callback *fire = NULL;
    cl_int status;

    oclhls_hold(ev); /* ours, until we are done with it here */
    if (event) {
        oclhls_retain(ev);
        *event = ev;
    }
    /* the queue lock keeps the order of submission equal to the order of "prev" links */
    pthread_mutex_lock(&q->lock);
    prev = q->last;
    cmd->prev = prev; /* the queue's hold on prev passes to the command */
    q->last = ev;
    oclhls_hold(ev);
    pthread_mutex_lock(&p->event_lock);
    ev->t_submit = oclhls_now_ns();
    if (w->tail)
        w->tail->next = cmd;
    else
        w->head = cmd;
    w->tail = cmd;
    oclhls_event_set_status_locked(ev, CL_SUBMITTED, &fire);
    pthread_mutex_unlock(&p->event_lock);
    pthread_mutex_unlock(&q->lock);
    oclhls_event_fire(ev, fire);

    status = CL_SUCCESS;
    if (blocking) {
        status = oclhls_event_wait(ev);
        if (status > 0)
            status = CL_SUCCESS;
    }
    oclhls_unhold(ev);
    return status;
}

void oclhls_queue_finish(cl_command_queue queue)
{
    cl_event last;

    pthread_mutex_lock(&queue->lock);
    last = queue->last;
    if (last)
        oclhls_hold(last);
    pthread_mutex_unlock(&queue->lock);
    if (!last)
        return;
    oclhls_event_wait(last);
    oclhls_unhold(last);
}
