/* SPDX-License-Identifier: MIT */
#include "core/launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/csr.h"
#include "core/device.h"
#include "core/meta.h"
#include "core/util.h"

/* How long the worker holds the device lock while waiting: memory transfers of other host
 * threads get in between (the kernel itself keeps the board). */
#define WAIT_SLICE_MS 50u

static int add_word(struct oclhls_launch *l, unsigned *cap, uint32_t offset, uint32_t value)
{
    if (l->num_words == *cap) {
        unsigned ncap = *cap ? *cap * 2 : 32;
        struct oclhls_csr_word *w = realloc(l->words, ncap * sizeof(*w));

        if (!w)
            return -1;
        l->words = w;
        *cap = ncap;
    }
    l->words[l->num_words].offset = offset;
    l->words[l->num_words].value = value;
    l->num_words++;
    return 0;
}

/* The words of one argument, little-endian, starting at its csr_offset. */
static int arg_words(struct oclhls_launch *l, unsigned *cap, const struct oclhls_arg_meta *m,
                     const struct oclhls_arg *a)
{
    uint8_t bytes[OCLHLS_MAX_PARAMETER_SIZE] = {0};
    uint32_t nbytes;

    if (m->address == CL_KERNEL_ARG_ADDRESS_LOCAL)
        return 0; /* block RAM inside the kernel: nothing to write */
    if (m->is_pointer || m->address == CL_KERNEL_ARG_ADDRESS_GLOBAL ||
        m->address == CL_KERNEL_ARG_ADDRESS_CONSTANT) {
        uint32_t addr = a->mem ? (uint32_t)a->mem->addr : 0;

        memcpy(bytes, &addr, sizeof(addr)); /* the host is little-endian like the device */
        nbytes = 4;
    } else {
        nbytes = m->size < sizeof(bytes) ? m->size : (uint32_t)sizeof(bytes);
        memcpy(bytes, a->value, nbytes);
    }
    for (uint32_t i = 0; i < nbytes; i += 4) {
        uint32_t w;

        memcpy(&w, bytes + i, 4);
        if (add_word(l, cap, m->csr_offset + i, w))
            return -1;
    }
    return 0;
}

/* The kernel may write through argument m (not const, not __constant, buffer not read-only). */
static bool arg_writes(const struct oclhls_arg_meta *m, cl_mem mem)
{
    return m->address == CL_KERNEL_ARG_ADDRESS_GLOBAL &&
           !(m->type_qualifiers & CL_KERNEL_ARG_TYPE_CONST) && !(mem->flags & CL_MEM_READ_ONLY);
}

struct oclhls_launch *oclhls_launch_new(cl_kernel kernel, cl_uint work_dim, const size_t *offset,
                                        const size_t *global, const size_t *local)
{
    const struct oclhls_kernel_meta *km = kernel->meta;
    struct oclhls_launch *l = calloc(1, sizeof(*l));
    unsigned cap = 0;

    if (!l)
        return NULL;
    l->kernel = kernel;
    oclhls_hold(kernel);
    l->program = kernel->program;
    oclhls_hold(l->program);
    l->work_dim = work_dim;
    for (unsigned d = 0; d < 3; d++) {
        l->offset[d] = d < work_dim && offset ? (uint32_t)offset[d] : 0;
        l->global[d] = d < work_dim ? (uint32_t)global[d] : 1;
        l->local[d] = d < work_dim ? (uint32_t)local[d] : 1;
        l->groups[d] = l->global[d] / l->local[d];
    }
    l->mems = calloc(km->num_args ? km->num_args : 1, sizeof(*l->mems));
    l->writes = calloc(km->num_args ? km->num_args : 1, sizeof(*l->writes));
    if (!l->mems || !l->writes)
        goto out_free;
    pthread_mutex_lock(&kernel->lock);
    for (unsigned i = 0; i < km->num_args; i++) {
        const struct oclhls_arg *a = &kernel->args[i];

        if (arg_words(l, &cap, &km->args[i], a)) {
            pthread_mutex_unlock(&kernel->lock);
            goto out_free;
        }
        if (a->mem) {
            l->mems[l->num_mems] = a->mem;
            l->writes[l->num_mems] = arg_writes(&km->args[i], a->mem);
            oclhls_hold(a->mem);
            l->num_mems++;
        }
    }
    pthread_mutex_unlock(&kernel->lock);
    return l;

out_free:
    oclhls_launch_free(l);
    return NULL;
}

void oclhls_launch_free(struct oclhls_launch *l)
{
    if (!l)
        return;
    for (unsigned i = 0; i < l->num_mems; i++)
        oclhls_unhold(l->mems[i]);
    free(l->mems);
    free(l->writes);
    free(l->words);
    oclhls_unhold(l->program);
    oclhls_unhold(l->kernel);
    free(l);
}

/* With the device lock: one CSR access, on failure the message goes to err. */
static int csr_w(cl_device_id dev, uint32_t addr, uint32_t v, char *err, size_t errlen)
{
    return dev->ops->csr_write(dev->handle, addr, v, err, errlen);
}

static int csr_r(cl_device_id dev, uint32_t addr, uint32_t *v, char *err, size_t errlen)
{
    return dev->ops->csr_read(dev->handle, addr, v, err, errlen);
}

/*
 * With the device lock: waits up to timeout_ms for the board to go idle, letting other threads
 * at the device between slices. 0 idle, 1 timeout, -1 error.
 */
static int wait_idle(cl_device_id dev, uint64_t timeout_ms, char *err, size_t errlen)
{
    uint64_t start = oclhls_now_ns(), elapsed_ms;
    int r;

    for (;;) {
        elapsed_ms = (oclhls_now_ns() - start) / 1000000u;
        if (elapsed_ms >= timeout_ms)
            return 1;
        r = dev->ops->wait_idle(dev->handle,
                                timeout_ms - elapsed_ms < WAIT_SLICE_MS ? timeout_ms - elapsed_ms
                                                                        : WAIT_SLICE_MS,
                                err, errlen);
        if (r != 1)
            return r;
        pthread_mutex_unlock(&dev->lock);
        pthread_mutex_lock(&dev->lock);
    }
}

/*
 * With the device lock: waits up to timeout_ms for the run of the kernel at base to end, its
 * STATUS in *status. The board may look idle for a few cycles after CTRL while the start
 * travels to the kernel: STATUS bit 0 (busy | run in progress) decides, and reading it clocks
 * the board on. 0 ended, 1 timeout, -1 error.
 */
static int wait_run(cl_device_id dev, uint32_t base, uint64_t timeout_ms, uint32_t *status,
                    char *err, size_t errlen)
{
    uint64_t start = oclhls_now_ns(), elapsed_ms;
    int r;

    for (;;) {
        elapsed_ms = (oclhls_now_ns() - start) / 1000000u;
        if (elapsed_ms >= timeout_ms)
            return 1;
        r = wait_idle(dev, timeout_ms - elapsed_ms, err, errlen);
        if (r != 0)
            return r;
        if (csr_r(dev, base + OCLHLS_KCSR_STATUS, status, err, errlen))
            return -1;
        if (!(*status & OCLHLS_KSTATUS_BUSY))
            return 0;
    }
}

static int write_ndrange(struct oclhls_launch *l, cl_device_id dev, uint32_t base, char *err,
                         size_t errlen)
{
    if (csr_w(dev, base + OCLHLS_KCSR_WORK_DIM, l->work_dim, err, errlen))
        return -1;
    for (uint32_t d = 0; d < 3; d++) {
        if (csr_w(dev, base + OCLHLS_KCSR_GLOBAL_OFFSET + 4 * d, l->offset[d], err, errlen) ||
            csr_w(dev, base + OCLHLS_KCSR_GLOBAL_SIZE + 4 * d, l->global[d], err, errlen) ||
            csr_w(dev, base + OCLHLS_KCSR_LOCAL_SIZE + 4 * d, l->local[d], err, errlen) ||
            csr_w(dev, base + OCLHLS_KCSR_NUM_GROUPS + 4 * d, l->groups[d], err, errlen))
            return -1;
    }
    for (unsigned i = 0; i < l->num_words; i++)
        if (csr_w(dev, base + l->words[i].offset, l->words[i].value, err, errlen))
            return -1;
    return 0;
}

/* Copies what the kernel may have written back to CL_MEM_USE_HOST_PTR storage. */
static int sync_host_ptrs(struct oclhls_launch *l, cl_device_id dev, char *err, size_t errlen)
{
    for (unsigned i = 0; i < l->num_mems; i++) {
        cl_mem m = l->mems[i];

        if (!l->writes[i] || !m->host_ptr)
            continue;
        if (dev->ops->mem_read(dev->handle, m->addr, m->host_ptr, m->size, err, errlen))
            return -1;
    }
    return 0;
}

cl_int oclhls_launch_run(struct oclhls_launch *l, cl_device_id dev, uint64_t *cycles, char *err,
                         size_t errlen)
{
    const struct oclhls_kernel_meta *km = l->kernel->meta;
    cl_program prog = l->program;
    uint64_t timeout = dev->platform->timeout_ms;
    uint32_t base = km->csr_base, busy = 0, status = 0, lo = 0, hi = 0;
    cl_int ret = CL_OUT_OF_RESOURCES;
    int r;

    *cycles = 0;
    if (!dev->handle) {
        snprintf(err, errlen, "device not available: %s", dev->error);
        return CL_DEVICE_NOT_AVAILABLE;
    }
    pthread_mutex_lock(&dev->lock);
    if (oclhls_device_load_locked(dev, prog->exec_id, prog->binary, prog->binary_size, err, errlen))
        goto out_unlock;
    /* a kernel that timed out before may still be running: give it one more timeout */
    if (csr_r(dev, OCLHLS_CSR_SHELL_BUSY, &busy, err, errlen))
        goto out_unlock;
    if (busy && wait_idle(dev, timeout, err, errlen) != 0) {
        snprintf(err, errlen, "the board is still busy with an earlier kernel");
        goto out_unlock;
    }
    if (write_ndrange(l, dev, base, err, errlen) ||
        csr_w(dev, base + OCLHLS_KCSR_CTRL, 1, err, errlen))
        goto out_unlock;
    dev->kernel_running = true;
    r = wait_run(dev, base, timeout, &status, err, errlen);
    dev->kernel_running = false;
    pthread_cond_broadcast(&dev->idle_cond);
    if (r == 1) {
        snprintf(err, errlen, "kernel '%s' did not finish within %llu ms (OCLHLS_TIMEOUT_MS)",
                 km->name, (unsigned long long)timeout);
        goto out_unlock;
    }
    if (r < 0)
        goto out_unlock;
    if (csr_r(dev, base + OCLHLS_KCSR_CYCLES_LO, &lo, err, errlen) ||
        csr_r(dev, base + OCLHLS_KCSR_CYCLES_HI, &hi, err, errlen))
        goto out_unlock;
    if (!(status & OCLHLS_KSTATUS_DONE)) {
        snprintf(err, errlen, "kernel '%s' ended without setting done (STATUS 0x%x)", km->name,
                 status);
        goto out_unlock;
    }
    *cycles = (uint64_t)hi << 32 | lo;
    if (sync_host_ptrs(l, dev, err, errlen))
        goto out_unlock;
    ret = CL_COMPLETE;

out_unlock:
    pthread_mutex_unlock(&dev->lock);
    return ret;
}

size_t oclhls_kernel_max_work_group_size(cl_kernel kernel, cl_device_id dev)
{
    const struct oclhls_kernel_meta *km = kernel->meta;
    size_t max = dev->board.max_work_group_size ? dev->board.max_work_group_size : 1;

    if (km->max_work_group_size && km->max_work_group_size < max)
        max = km->max_work_group_size;
    if (km->reqd_work_group_size[0]) {
        size_t reqd =
            km->reqd_work_group_size[0] * km->reqd_work_group_size[1] * km->reqd_work_group_size[2];

        if (reqd < max)
            max = reqd;
    }
    return max;
}
