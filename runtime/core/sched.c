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
    for (cl_uint i = 0; i < cmd->num_after; i++)
        oclhls_unhold(cmd->after[i]);
    free(cmd->after);
    if (cmd->event)
        oclhls_unhold(cmd->event);
    oclhls_unhold(cmd->queue);
    free(cmd);
}

/* With event_lock held: ready to run when every dependency is complete. */
static bool command_ready(const struct oclhls_command *cmd)
{
    for (cl_uint i = 0; i < cmd->num_after; i++)
        if (cmd->after[i]->status > CL_COMPLETE)
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

/* A kernel launch (a clEnqueueNDRangeKernel with nothing to run is a marker command). */
static bool command_is_launch(const struct oclhls_command *cmd)
{
    return (cmd->type == CL_COMMAND_NDRANGE_KERNEL || cmd->type == CL_COMMAND_TASK) &&
           cmd->u.kernel.launch;
}

/*
 * With event_lock held: unlinks and returns the first command that is ready and whose
 * resources are free, or NULL. A launch waits while its kernel runs; once a launch waits for
 * another program, the launches after it wait too, so that the board drains and the switch
 * happens (later launches of the loaded program would starve it otherwise).
 */
static struct oclhls_command *take_ready(cl_device_id dev)
{
    struct oclhls_worker *w = &dev->worker;
    struct oclhls_command **link, *cmd, *prev = NULL;
    bool draining = false;

    for (link = &w->head; (cmd = *link) != NULL; link = &cmd->next) {
        if (!command_ready(cmd)) {
            prev = cmd;
            continue;
        }
        if (command_is_launch(cmd) && !command_dep_failed(cmd)) {
            enum oclhls_launch_block b = draining
                                             ? OCLHLS_LAUNCH_PROGRAM_BUSY
                                             : oclhls_launch_blocked(cmd->u.kernel.launch, dev);

            if (b != OCLHLS_LAUNCH_FREE) {
                draining = draining || b == OCLHLS_LAUNCH_PROGRAM_BUSY;
                prev = cmd;
                continue;
            }
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

/* Called with event_lock held, returns with it held: runs cmd, or starts it (a kernel). */
static void worker_run(cl_platform_id p, struct oclhls_command *cmd)
{
    struct oclhls_callback *fire = NULL;
    cl_int status;

    if (command_dep_failed(cmd)) {
        pthread_mutex_unlock(&p->event_lock);
        command_end(cmd, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    } else {
        oclhls_event_set_status_locked(cmd->event, CL_RUNNING, &fire);
        pthread_mutex_unlock(&p->event_lock);
        oclhls_event_fire(cmd->event, fire);
        status = oclhls_command_run(cmd);
        if (status != CL_RUNNING) /* else in flight: it ends in worker_poll */
            command_end(cmd, status);
    }
    pthread_mutex_lock(&p->event_lock);
}

/* Called with event_lock held, returns with it held: advances the board one slice and ends
 * the kernel commands whose runs ended. */
static void worker_poll(cl_platform_id p, cl_device_id dev)
{
    struct oclhls_command *ended, *next;

    pthread_mutex_unlock(&p->event_lock);
    for (ended = oclhls_launch_poll(dev); ended; ended = next) {
        next = ended->next;
        ended->next = NULL;
        command_end(ended, oclhls_command_kernel_end(ended));
    }
    pthread_mutex_lock(&p->event_lock);
}

/*
 * Ready commands first (transfers and other kernels start while kernels run); with none
 * ready and kernels in flight, the worker polls the board; with neither, it sleeps.
 */
static void *worker_main(void *arg)
{
    cl_device_id dev = arg;
    cl_platform_id p = dev->platform;
    struct oclhls_worker *w = &dev->worker;
    struct oclhls_command *cmd;

    pthread_mutex_lock(&p->event_lock);
    for (;;) {
        cmd = take_ready(dev);
        if (cmd) {
            worker_run(p, cmd);
            continue;
        }
        /* runs left without command (timed out) do not keep a stopping worker */
        if (w->stop && !oclhls_launch_has_commands(dev))
            break;
        if (dev->runs) {
            worker_poll(p, dev);
            continue;
        }
        pthread_cond_wait(&p->event_cond, &p->event_lock);
    }
    pthread_mutex_unlock(&p->event_lock);
    oclhls_launch_forget_runs(dev);
    pthread_mutex_lock(&p->event_lock);
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

static bool queue_out_of_order(cl_command_queue q)
{
    return (q->props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
}

/*
 * With q->lock held: room for one more event in q->open. Completed events are dropped first
 * (they order nothing any more); the array grows when more than half is still open.
 * 0, or -1 when out of memory and full.
 */
static int open_reserve(cl_command_queue q)
{
    cl_platform_id p = q->context->platform;
    unsigned kept = 0, n = q->num_open;
    cl_event *grown;

    if (n < q->cap_open)
        return 0;
    pthread_mutex_lock(&p->event_lock);
    for (unsigned i = 0; i < n; i++) {
        cl_event ev = q->open[i];

        if (ev->status > CL_COMPLETE) { /* still open: move it to the front */
            q->open[i] = q->open[kept];
            q->open[kept++] = ev;
        }
    }
    pthread_mutex_unlock(&p->event_lock);
    /* safe under q->lock: the command being submitted holds the queue, so dropping an event's
     * hold on it cannot destroy it */
    for (unsigned i = kept; i < n; i++)
        oclhls_unhold(q->open[i]);
    q->num_open = kept;
    if (q->cap_open && kept <= q->cap_open / 2)
        return 0;
    grown = realloc(q->open, (q->cap_open ? q->cap_open * 2 : 16) * sizeof(*grown));
    if (!grown)
        return kept < q->cap_open ? 0 : -1;
    q->open = grown;
    q->cap_open = q->cap_open ? q->cap_open * 2 : 16;
    return 0;
}

/*
 * With q->lock held: sets cmd->after from the queue's order and records cmd in it (see
 * command.h). 0, or -1 when out of memory (the queue's order is unchanged but may have been
 * compacted).
 */
static int queue_order(cl_command_queue q, struct oclhls_command *cmd)
{
    cl_event ev = cmd->event;
    bool ooo = queue_out_of_order(q);
    bool barrier = !ooo || ev->type == CL_COMMAND_BARRIER;
    /* "If event_wait_list is NULL, then this particular command waits until all previous
     * enqueued commands to command_queue have completed." */
    bool waits_all = ooo && cmd->num_wait == 0 &&
                     (ev->type == CL_COMMAND_MARKER || ev->type == CL_COMMAND_BARRIER);
    unsigned n;

    if (!barrier && open_reserve(q) != 0)
        return -1;
    n = (q->barrier ? 1 : 0) + (waits_all ? q->num_open : 0);
    if (n) {
        cmd->after = malloc(n * sizeof(*cmd->after));
        if (!cmd->after)
            return -1;
    }
    if (q->barrier) {
        cmd->after[cmd->num_after++] = q->barrier;
        if (!barrier)
            oclhls_hold(q->barrier); /* else the queue's hold passes to cmd */
    }
    if (waits_all && q->num_open) { /* the queue's holds on them pass to cmd */
        memcpy(cmd->after + cmd->num_after, q->open, q->num_open * sizeof(*q->open));
        cmd->num_after += q->num_open;
        q->num_open = 0;
    }
    oclhls_hold(ev);
    if (barrier)
        q->barrier = ev;
    else
        q->open[q->num_open++] = ev; /* a marker that waits for all stands for all of them */
    return 0;
}

cl_int oclhls_command_submit(struct oclhls_command *cmd, cl_event *event, bool blocking)
{
    cl_command_queue q = cmd->queue;
    cl_platform_id p = q->context->platform;
    struct oclhls_worker *w = &q->device->worker;
    cl_event ev = cmd->event;
    struct oclhls_callback *fire = NULL;
    cl_int status;

    /* the queue lock keeps the order of submission equal to the queue's order */
    pthread_mutex_lock(&q->lock);
    if (queue_order(q, cmd) != 0) {
        pthread_mutex_unlock(&q->lock);
        oclhls_command_free(cmd);
        return CL_OUT_OF_HOST_MEMORY;
    }
    oclhls_hold(ev); /* ours, until we are done with it here */
    if (event) {
        oclhls_retain(ev);
        *event = ev;
    }
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

cl_int oclhls_queue_finish(cl_command_queue queue)
{
    cl_event *snap;
    unsigned n;

    /* the barrier and the open commands: every earlier command completes before one of them */
    pthread_mutex_lock(&queue->lock);
    n = (queue->barrier ? 1 : 0) + queue->num_open;
    snap = malloc((n ? n : 1) * sizeof(*snap));
    if (!snap) {
        pthread_mutex_unlock(&queue->lock);
        return CL_OUT_OF_HOST_MEMORY;
    }
    n = 0;
    if (queue->barrier)
        snap[n++] = queue->barrier;
    for (unsigned i = 0; i < queue->num_open; i++)
        snap[n++] = queue->open[i];
    for (unsigned i = 0; i < n; i++)
        oclhls_hold(snap[i]);
    pthread_mutex_unlock(&queue->lock);
    for (unsigned i = 0; i < n; i++) {
        oclhls_event_wait(snap[i]);
        oclhls_unhold(snap[i]);
    }
    free(snap);
    return CL_SUCCESS;
}

void oclhls_queue_forget(cl_command_queue queue)
{
    cl_event barrier, *open;
    unsigned n;

    pthread_mutex_lock(&queue->lock);
    barrier = queue->barrier;
    open = queue->open;
    n = queue->num_open;
    queue->barrier = NULL;
    queue->open = NULL;
    queue->num_open = queue->cap_open = 0;
    pthread_mutex_unlock(&queue->lock);
    /* the events may hold the queue's last holds: queue is not touched after this */
    if (barrier)
        oclhls_unhold(barrier);
    for (unsigned i = 0; i < n; i++)
        oclhls_unhold(open[i]);
    free(open);
}
