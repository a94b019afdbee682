/* SPDX-License-Identifier: MIT */
#include "core/device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/csr.h"
#include "core/util.h"

static void device_never_destroyed(struct oclhls_object *obj)
{
    (void)obj; /* root devices live as long as the platform */
}

static void device_name(cl_device_id dev)
{
    const struct oclhls_board *b = &dev->board;

    if (strcmp(b->family, "sim") == 0)
        snprintf(dev->name, sizeof(dev->name), "oclhls %s (Verilator model)", b->name);
    else
        snprintf(dev->name, sizeof(dev->name), "oclhls %s (%s)", b->name, b->family);
}

static void device_open(cl_device_id dev)
{
    char err[OCLHLS_ERR_MAX] = "";

    dev->ops = oclhls_transport_find(dev->board.transport);
    if (!dev->ops) {
        snprintf(dev->error, sizeof(dev->error), "no transport '%s' in this runtime",
                 dev->board.transport);
        return;
    }
    if (dev->ops->open(&dev->board, &dev->handle, err, sizeof(err)) != 0) {
        snprintf(dev->error, sizeof(dev->error), "cannot open board '%s': %s", dev->board.name,
                 err[0] ? err : "unknown error");
        dev->handle = NULL;
        return;
    }
    dev->available = true;
}

cl_device_id oclhls_device_create(cl_platform_id platform, const char *board, char *err,
                                  size_t errlen)
{
    cl_device_id dev = calloc(1, sizeof(*dev));

    if (!dev) {
        snprintf(err, errlen, "out of host memory");
        return NULL;
    }
    if (oclhls_board_find(board, &dev->board, err, errlen) != 0)
        goto out_free;
    oclhls_object_init(dev, OCLHLS_MAGIC_DEVICE, device_never_destroyed);
    dev->platform = platform;
    pthread_mutex_init(&dev->lock, NULL);
    pthread_cond_init(&dev->idle_cond, NULL);
    device_name(dev);
    if (oclhls_devmem_init(&dev->mem, oclhls_device_global_mem(dev)) != 0) {
        snprintf(err, errlen, "out of host memory");
        goto out_free;
    }
    device_open(dev);
    return dev;

out_free:
    free(dev);
    return NULL;
}

uint64_t oclhls_device_global_mem(cl_device_id dev)
{
    uint64_t size = dev->board.global_mem_bytes;

    return size > ((uint64_t)1 << 32) ? (uint64_t)1 << 32 : size;
}

uint64_t oclhls_device_max_alloc(cl_device_id dev)
{
    return oclhls_devmem_capacity(&dev->mem);
}

double oclhls_device_clock_mhz(cl_device_id dev)
{
    return dev->board.clock_mhz > 0 ? dev->board.clock_mhz : 1.0;
}

double oclhls_device_max_clock_mhz(cl_device_id dev)
{
    double max = dev->board.max_clock_mhz;
    return max > oclhls_device_clock_mhz(dev) ? max : oclhls_device_clock_mhz(dev);
}

int oclhls_device_mem_write(cl_device_id dev, uint64_t addr, const void *src, size_t len, char *err,
                            size_t errlen)
{
    int ret;

    if (!dev->handle) {
        snprintf(err, errlen, "device not available: %s", dev->error);
        return -1;
    }
    pthread_mutex_lock(&dev->lock);
    ret = dev->ops->mem_write(dev->handle, addr, src, len, err, errlen);
    pthread_mutex_unlock(&dev->lock);
    return ret;
}

int oclhls_device_mem_read(cl_device_id dev, uint64_t addr, void *dst, size_t len, char *err,
                           size_t errlen)
{
    int ret;

    if (!dev->handle) {
        snprintf(err, errlen, "device not available: %s", dev->error);
        return -1;
    }
    pthread_mutex_lock(&dev->lock);
    ret = dev->ops->mem_read(dev->handle, addr, dst, len, err, errlen);
    pthread_mutex_unlock(&dev->lock);
    return ret;
}

int oclhls_device_load_locked(cl_device_id dev, uint64_t exec_id, const void *bin, size_t size,
                              char *err, size_t errlen)
{
    uint32_t magic = 0;
    uint64_t t0;

    if (!dev->handle) {
        snprintf(err, errlen, "device not available: %s", dev->error);
        return -1;
    }
    if (dev->loaded_exec_id == exec_id)
        return 0; /* kernels of it may be running: that is fine */
    while (dev->kernel_running)
        pthread_cond_wait(&dev->idle_cond, &dev->lock);
    if (dev->loaded_exec_id == exec_id)
        return 0;
    t0 = oclhls_now_ns();
    dev->loaded_exec_id = 0;
    if (dev->ops->program(dev->handle, bin, size, err, errlen) != 0)
        return -1;
    if (dev->ops->csr_read(dev->handle, OCLHLS_CSR_SHELL_MAGIC, &magic, err, errlen) != 0)
        return -1;
    if (magic != OCLHLS_SHELL_MAGIC) {
        snprintf(err, errlen,
                 "the board answers magic 0x%08x at CSR 0x0, not 0x%08x (\"OCLH\"): the shell "
                 "is not running",
                 magic, OCLHLS_SHELL_MAGIC);
        return -1;
    }
    dev->loaded_exec_id = exec_id;
    oclhls_debug("%s: loaded executable %llu in %.1f ms", dev->name, (unsigned long long)exec_id,
                 (double)(oclhls_now_ns() - t0) / 1e6);
    return 0;
}
