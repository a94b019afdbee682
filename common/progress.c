/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "progress.h"

#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define LOG_EVERY_SECONDS 30 /* without a terminal: one line this often */

static struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int enabled, running, shown;
    double quiet_seconds; /* shorter steps show nothing */
    unsigned step;        /* counts begins: the ticker of an ended step stops */
    char stage[96];
    struct timespec t0;
    pthread_t ticker;
} p = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER, .quiet_seconds = 3};

static double seconds_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + 1e-9 * (double)(now.tv_nsec - t0->tv_nsec);
}

/* Waits up to s seconds for a change (lock held); the cond's clock is the realtime one. */
static void wait_for(double s)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t)s;
    until.tv_nsec += (long)((s - (double)(time_t)s) * 1e9);
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&p.changed, &p.lock, &until);
}

static void *tick(void *arg)
{
    unsigned step = (unsigned)(size_t)arg;
    int tty = isatty(STDERR_FILENO);
    double next;

    pthread_mutex_lock(&p.lock);
    next = p.quiet_seconds;
    while (p.running && p.step == step) {
        double t = seconds_since(&p.t0);
        if (t < next) {
            wait_for(next - t);
            continue;
        }
        if (tty)
            fprintf(stderr, "\r%s: %.0f s\033[K", p.stage, t);
        else
            fprintf(stderr, "%s: running for %.0f s\n", p.stage, t);
        fflush(stderr);
        p.shown = 1;
        next = t + (tty ? 1 : LOG_EVERY_SECONDS);
    }
    pthread_mutex_unlock(&p.lock);
    return NULL;
}

void oclhls_progress_enable(int on)
{
    pthread_mutex_lock(&p.lock);
    p.enabled = on;
    pthread_mutex_unlock(&p.lock);
}

void oclhls_progress_end(void)
{
    pthread_mutex_lock(&p.lock);
    if (!p.running) {
        pthread_mutex_unlock(&p.lock);
        return;
    }
    p.running = 0;
    pthread_cond_broadcast(&p.changed);
    pthread_t t = p.ticker;
    int clear = p.shown && isatty(STDERR_FILENO);
    pthread_mutex_unlock(&p.lock);
    pthread_join(t, NULL);
    if (clear) /* the live line goes; what follows (the step's result) takes its place */
        fputs("\r\033[K", stderr);
}

void oclhls_progress_begin(const char *stage)
{
    oclhls_progress_end();
    pthread_mutex_lock(&p.lock);
    if (p.enabled) {
        snprintf(p.stage, sizeof(p.stage), "%s", stage);
        clock_gettime(CLOCK_MONOTONIC, &p.t0);
        p.running = 1;
        p.shown = 0;
        p.step++;
        if (pthread_create(&p.ticker, NULL, tick, (void *)(size_t)p.step) != 0)
            p.running = 0; /* no ticker: the step runs silently, as before */
    }
    pthread_mutex_unlock(&p.lock);
}

void oclhls_progress_set_quiet_seconds(double seconds)
{
    pthread_mutex_lock(&p.lock);
    p.quiet_seconds = seconds;
    pthread_mutex_unlock(&p.lock);
}
