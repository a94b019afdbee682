/* SPDX-License-Identifier: MIT */
#include "core/platform.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/device.h"
#include "core/notify.h"
#include "core/util.h"

static struct _cl_platform_id platform_storage;
static pthread_once_t platform_once = PTHREAD_ONCE_INIT;

static void platform_never_destroyed(struct oclhls_object *obj)
{
    (void)obj;
}

static bool env_flag(const char *name)
{
    const char *v = getenv(name);

    return v && *v && strcmp(v, "0") != 0;
}

static uint64_t env_timeout_ms(void)
{
    const char *v = getenv("OCLHLS_TIMEOUT_MS");
    unsigned long long ms;
    char *end;

    if (!v || !*v)
        return OCLHLS_DEFAULT_TIMEOUT_MS;
    errno = 0;
    ms = strtoull(v, &end, 10);
    if (errno || *end || ms == 0) {
        oclhls_debug("ignoring OCLHLS_TIMEOUT_MS='%s' (want a positive number of ms)", v);
        return OCLHLS_DEFAULT_TIMEOUT_MS;
    }
    return ms;
}

static void platform_init(void)
{
    cl_platform_id p = &platform_storage;
    cl_device_id dev;

    oclhls_object_init(p, OCLHLS_MAGIC_PLATFORM, platform_never_destroyed);
    p->debug = env_flag("OCLHLS_DEBUG");
    p->timeout_ms = env_timeout_ms();
    pthread_mutex_init(&p->event_lock, NULL);
    pthread_cond_init(&p->event_cond, NULL);
    atomic_init(&p->next_exec_id, 1);

    dev = oclhls_device_create(p, getenv("OCLHLS_BOARD"), p->error, sizeof(p->error));
    if (!dev) { /* clGetDeviceIDs can only say CL_DEVICE_NOT_FOUND: say why once */
        oclhls_complain("no device: %s", p->error);
        return;
    }
    p->devices[p->num_devices++] = dev;
    oclhls_debug("device '%s' (board %s, transport %s): %s", dev->name, dev->board.name,
                 dev->board.transport, dev->available ? "available" : dev->error);
    if (!dev->available)
        oclhls_complain("device '%s' is not available: %s", dev->name, dev->error);
}

cl_platform_id oclhls_platform(void)
{
    pthread_once(&platform_once, platform_init);
    return &platform_storage;
}

bool oclhls_platform_debug(void)
{
    return platform_storage.debug;
}

bool oclhls_platform_valid(cl_platform_id platform)
{
    return platform == NULL || platform == oclhls_platform();
}

bool oclhls_device_valid(cl_device_id device)
{
    cl_platform_id p = oclhls_platform();

    if (!oclhls_object_is(device, OCLHLS_MAGIC_DEVICE))
        return false;
    for (cl_uint i = 0; i < p->num_devices; i++)
        if (p->devices[i] == device)
            return true;
    return false;
}
