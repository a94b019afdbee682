/* SPDX-License-Identifier: MIT */
/*
 * Events: the status life cycle (QUEUED -> SUBMITTED -> RUNNING -> COMPLETE or a negative
 * error), callbacks, waiting, and the checks every enqueue call makes on its wait list.
 * Statuses live under platform->event_lock; every change is broadcast on event_cond.
 */
#ifndef OCLHLS_RT_EVENT_H
#define OCLHLS_RT_EVENT_H

#include "core/objects.h"

/* A command's event (status CL_QUEUED) or, with queue NULL, a user event (CL_SUBMITTED). */
cl_event oclhls_event_create(cl_context context, cl_command_queue queue, cl_command_type type);

/* Sets the status and runs the callbacks it triggers (in this thread, without locks held). */
void oclhls_event_set_status(cl_event ev, cl_int status);

/* As above with event_lock held; the callbacks due are moved to *fire for event_fire(). */
void oclhls_event_set_status_locked(cl_event ev, cl_int status, struct oclhls_callback **fire);
void oclhls_event_fire(cl_event ev, struct oclhls_callback *fire);

cl_int oclhls_event_status(cl_event ev);

/* Blocks until ev is complete (CL_COMPLETE or negative); returns its final status. */
cl_int oclhls_event_wait(cl_event ev);

/* Registers a callback; runs it at once (in this thread) when ev is already past type. */
int oclhls_event_add_callback(cl_event ev, cl_int type,
                              void(CL_CALLBACK *fn)(cl_event, cl_int, void *), void *user_data);

/*
 * The wait-list clauses every clEnqueue* call shares:
 * "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0, or
 *  event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects in
 *  event_wait_list are not valid events."
 * "CL_INVALID_CONTEXT if ... the context associated with command_queue and events in
 *  event_wait_list are not the same."
 */
cl_int oclhls_check_wait_list(cl_context context, cl_uint num, const cl_event *list);

/* True when an event of the list ended with a negative status (after waiting for them). */
bool oclhls_wait_list_failed(cl_uint num, const cl_event *list);

#endif
