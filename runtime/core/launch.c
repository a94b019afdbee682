/* SPDX-License-Identifier: MIT */
#include "core/launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/csr.h"
#include "core/device.h"
#include "core/meta.h"
#include "core/notify.h"
#include "core/profile.h"
#include "core/util.h"

/* Wall time the board advances per poll while kernels run: short, so that the worker soon
 * sees a kernel end or a new command come in (and others get the device lock in between). */
#define POLL_SLICE_MS 2u

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

/* An image's 8 words (docs/program-file.md, "Images"): its texels' address, width, height,
   depth, array size, row and slice pitch (device memory), channel order << 16 | data type. */
static int image_words(struct oclhls_launch *l, unsigned *cap, const struct oclhls_arg_meta *m,
                       cl_mem mem)
{
    const cl_image_desc *d = &mem->image_desc;
    uint32_t w[8] = {(uint32_t)mem->addr,
                     (uint32_t)d->image_width,
                     (uint32_t)(d->image_height ? d->image_height : 1),
                     (uint32_t)(d->image_depth ? d->image_depth : 1),
                     (uint32_t)(d->image_array_size ? d->image_array_size : 1),
                     (uint32_t)mem->image_row_pitch,
                     (uint32_t)mem->image_slice_pitch,
                     (uint32_t)mem->image_format.image_channel_order << 16 |
                         ((uint32_t)mem->image_format.image_channel_data_type & 0xffffu)};

    for (unsigned i = 0; i < 8; i++)
        if (add_word(l, cap, m->csr_offset + 4 * i, w[i]))
            return -1;
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
    if (m->kind == OCLHLS_ARG_IMAGE)
        return image_words(l, cap, m, a->mem);
    /* buffers and pipes: the device address (of a pipe, its header: docs/runtime.md) */
    if (m->is_pointer || m->address == CL_KERNEL_ARG_ADDRESS_GLOBAL ||
        m->address == CL_KERNEL_ARG_ADDRESS_CONSTANT ||
        (m->type_qualifiers & CL_KERNEL_ARG_TYPE_PIPE)) {
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
    if (m->kind == OCLHLS_ARG_IMAGE)
        return m->access != CL_KERNEL_ARG_ACCESS_READ_ONLY;
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
    /* SIMD lanes: one hardware token per simd_work_items consecutive x ids (simd_lanes.c) */
    l->offset[0] /= km->simd_work_items;
    l->global[0] /= km->simd_work_items;
    l->local[0] /= km->simd_work_items;
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
    /* the hidden word: where the program's __constant variables are (place_constants) */
    if (km->constant_data_csr &&
        add_word(l, &cap, km->constant_data_csr, (uint32_t)l->program->constants_addr))
        goto out_free;
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

uint64_t oclhls_range_work_items(cl_uint work_dim, const size_t *global)
{
    uint64_t n = 1;

    for (cl_uint d = 0; d < work_dim; d++) {
        if (global[d] > OCLHLS_MAX_WORK_ITEMS / n)
            return 0;
        n *= global[d];
    }
    return n;
}

/*
 * The last global id of dimension d. A line kernel's engine covers the ids below its meta's
 * line_ids: a work-item above them has every element it could access beyond the memory, so
 * it may not access one (out of bounds) and has nothing else it could do; it is left out.
 */
static uint32_t last_global_id(const struct oclhls_launch *l, uint32_t d)
{
    const struct oclhls_kernel_meta *km = l->kernel->meta;
    uint64_t last = (uint64_t)l->offset[d] + l->global[d] - 1;

    if (d == 0 && km->line_kernel && km->line_ids && last >= km->line_ids)
        last = km->line_ids - 1;
    return (uint32_t)last;
}

/* A line kernel's launch whose x range lies wholly above the ids its engine covers. */
static bool nothing_to_run(const struct oclhls_launch *l)
{
    const struct oclhls_kernel_meta *km = l->kernel->meta;

    return km->line_kernel && km->line_ids && l->offset[0] >= km->line_ids;
}

static int write_ndrange(struct oclhls_launch *l, cl_device_id dev, uint32_t base, char *err,
                         size_t errlen)
{
    /* the dispatcher's end of the range: the last global id per dimension, and the
       work-items - 1 (mod 2^32: the enqueue checked the product) */
    uint32_t work_items_m1 = 1;
    if (csr_w(dev, base + OCLHLS_KCSR_WORK_DIM, l->work_dim, err, errlen))
        return -1;
    for (uint32_t d = 0; d < 3; d++) {
        if (csr_w(dev, base + OCLHLS_KCSR_GLOBAL_OFFSET + 4 * d, l->offset[d], err, errlen) ||
            csr_w(dev, base + OCLHLS_KCSR_GLOBAL_SIZE + 4 * d, l->global[d], err, errlen) ||
            csr_w(dev, base + OCLHLS_KCSR_LOCAL_SIZE + 4 * d, l->local[d], err, errlen) ||
            csr_w(dev, base + OCLHLS_KCSR_NUM_GROUPS + 4 * d, l->groups[d], err, errlen) ||
            csr_w(dev, base + OCLHLS_KCSR_LAST_GLOBAL_ID + 4 * d, last_global_id(l, d), err,
                  errlen))
            return -1;
        work_items_m1 *= l->global[d];
    }
    if (csr_w(dev, base + OCLHLS_KCSR_WORK_ITEMS_M1, work_items_m1 - 1, err, errlen))
        return -1;
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

enum oclhls_launch_block oclhls_launch_blocked(const struct oclhls_launch *l, cl_device_id dev)
{
    uint32_t base = l->kernel->meta->csr_base;

    /* the hardware runs the kernels of one loaded program at once, each launch by itself */
    for (const struct oclhls_run *r = dev->runs; r; r = r->next) {
        if (r->exec_id != l->program->exec_id)
            return OCLHLS_LAUNCH_PROGRAM_BUSY;
        if (r->csr_base == base)
            return OCLHLS_LAUNCH_KERNEL_BUSY;
    }
    return OCLHLS_LAUNCH_FREE;
}

/* With the device lock: the list of runs changed; program loads wait while it is not empty. */
static void runs_changed_locked(cl_device_id dev)
{
    bool running = dev->runs != NULL;

    if (dev->kernel_running && !running)
        pthread_cond_broadcast(&dev->idle_cond);
    dev->kernel_running = running;
}

cl_int oclhls_launch_start(struct oclhls_command *cmd, cl_device_id dev, char *err, size_t errlen)
{
    struct oclhls_launch *l = cmd->u.kernel.launch;
    const struct oclhls_kernel_meta *km = l->kernel->meta;
    cl_program prog = l->program;
    uint32_t base = km->csr_base, status = 0;
    struct oclhls_run *run;
    cl_int ret = CL_OUT_OF_RESOURCES;

    if (!dev->handle) {
        snprintf(err, errlen, "device not available: %s", dev->error);
        return CL_DEVICE_NOT_AVAILABLE;
    }
    if (nothing_to_run(l))
        return CL_COMPLETE;
    run = calloc(1, sizeof(*run));
    if (!run)
        return CL_OUT_OF_HOST_MEMORY;
    pthread_mutex_lock(&dev->lock);
    /* a switch of program happens only with no run in flight (oclhls_launch_blocked) */
    if (oclhls_device_load_locked(dev, prog->exec_id, prog->binary, prog->binary_size, err, errlen))
        goto out_unlock;
    /* busy here means a run that timed out twice and was given up: CTRL would be ignored */
    if (csr_r(dev, base + OCLHLS_KCSR_STATUS, &status, err, errlen))
        goto out_unlock;
    if (status & OCLHLS_KSTATUS_BUSY) {
        snprintf(err, errlen, "kernel '%s' is still busy with an earlier launch that timed out",
                 km->name);
        goto out_unlock;
    }
    if (write_ndrange(l, dev, base, err, errlen) ||
        oclhls_launch_printf_start(l, dev, base, err, errlen))
        goto out_unlock;
    if (csr_w(dev, base + OCLHLS_KCSR_CTRL, 1, err, errlen)) {
        oclhls_launch_printf_end(l, dev, false);
        goto out_unlock;
    }
    run->cmd = cmd;
    run->exec_id = prog->exec_id;
    run->csr_base = base;
    run->rows_left = km->line_kernel ? l->global[1] * l->global[2] - 1 : 0;
    run->profiled = oclhls_profile_wanted(km);
    run->deadline_ns = oclhls_now_ns() + dev->platform->timeout_ms * 1000000u;
    run->next = dev->runs;
    dev->runs = run;
    run = NULL;
    runs_changed_locked(dev);
    ret = CL_RUNNING;

out_unlock:
    pthread_mutex_unlock(&dev->lock);
    free(run);
    return ret;
}

/* With the device lock: the run ended (STATUS not busy): its cycle count and status. The
   host pointers are synchronised by the caller, after the last row. */
static cl_int run_result(struct oclhls_run *run, cl_device_id dev, uint32_t status,
                         uint64_t *cycles, char *err, size_t errlen)
{
    struct oclhls_launch *l = run->cmd->u.kernel.launch;
    uint32_t lo = 0, hi = 0;

    if (csr_r(dev, run->csr_base + OCLHLS_KCSR_CYCLES_LO, &lo, err, errlen) ||
        csr_r(dev, run->csr_base + OCLHLS_KCSR_CYCLES_HI, &hi, err, errlen))
        return CL_OUT_OF_RESOURCES;
    if (!(status & OCLHLS_KSTATUS_DONE)) {
        snprintf(err, errlen, "kernel '%s' ended without setting done (STATUS 0x%x)",
                 l->kernel->meta->name, status);
        return CL_OUT_OF_RESOURCES;
    }
    *cycles = (uint64_t)hi << 32 | lo;
    return CL_COMPLETE;
}

/* Hands cmd back to the worker with its result. */
static void run_ended(struct oclhls_command **ended, struct oclhls_command *cmd, cl_int status,
                      uint64_t cycles, const char *err)
{
    if (status != CL_COMPLETE) {
        oclhls_debug("kernel '%s' failed: %s", cmd->u.kernel.launch->kernel->meta->name, err);
        oclhls_context_notify(cmd->queue->context, "kernel '%s' failed with %s: %s",
                              cmd->u.kernel.launch->kernel->meta->name,
                              oclhls_error_name(status), err);
    }
    cmd->u.kernel.status = status;
    cmd->u.kernel.cycles = cycles;
    cmd->next = *ended;
    *ended = cmd;
}

/*
 * With the device lock: looks at one run after a slice. true when it is over (taken off the
 * list by the caller), its command (if any) pushed on ended. A run that times out ends its
 * command with an error but stays for one more timeout as a run without command.
 */
static bool run_check(struct oclhls_run *run, cl_device_id dev, bool link_broken,
                      struct oclhls_command **ended, char *err, size_t errlen)
{
    uint32_t status = 0;
    uint64_t cycles = 0;
    cl_int ret;

    if (link_broken || csr_r(dev, run->csr_base + OCLHLS_KCSR_STATUS, &status, err, errlen)) {
        if (run->cmd) {
            oclhls_launch_printf_end(run->cmd->u.kernel.launch, dev, false);
            run_ended(ended, run->cmd, CL_OUT_OF_RESOURCES, 0, err);
        }
        return true;
    }
    if (!(status & OCLHLS_KSTATUS_BUSY)) {
        if (!run->cmd)
            return true;
        ret = run_result(run, dev, status, &cycles, err, errlen);
        if (ret == CL_COMPLETE && run->profiled &&
            oclhls_profile_read(dev, run->csr_base, run->cmd->u.kernel.launch->kernel->meta,
                                run->profile, err, errlen))
            ret = CL_OUT_OF_RESOURCES;
        if (ret == CL_COMPLETE && run->rows_left) {
            /* a line kernel's next row: the same launch registers, started again; its
               engine counts from GLOBAL_OFFSET x as last written (ocl_line_engine) */
            struct oclhls_launch *l = run->cmd->u.kernel.launch;
            run->row_cycles += cycles;
            run->rows_left--;
            if (!csr_w(dev, run->csr_base + OCLHLS_KCSR_GLOBAL_OFFSET, l->offset[0], err, errlen) &&
                !csr_w(dev, run->csr_base + OCLHLS_KCSR_CTRL, 1, err, errlen))
                return false;
            ret = CL_OUT_OF_RESOURCES;
        }
        if (ret == CL_COMPLETE && sync_host_ptrs(run->cmd->u.kernel.launch, dev, err, errlen))
            ret = CL_OUT_OF_RESOURCES;
        /* printf's output before the command completes (OpenCL C, "printf output
           synchronization") */
        oclhls_launch_printf_end(run->cmd->u.kernel.launch, dev, ret == CL_COMPLETE);
        if (ret == CL_COMPLETE && run->profiled)
            oclhls_profile_record(run->cmd->u.kernel.launch, run->row_cycles + cycles,
                                  run->profile);
        run_ended(ended, run->cmd, ret, run->row_cycles + cycles, err);
        return true;
    }
    if (oclhls_now_ns() < run->deadline_ns)
        return false;
    if (!run->cmd)
        return true; /* given up: a later launch of this kernel fails on its busy STATUS */
    snprintf(err, errlen, "kernel '%s' did not finish within %llu ms (OCLHLS_TIMEOUT_MS)",
             run->cmd->u.kernel.launch->kernel->meta->name,
             (unsigned long long)dev->platform->timeout_ms);
    run_ended(ended, run->cmd, CL_OUT_OF_RESOURCES, 0, err);
    run->cmd = NULL;
    run->deadline_ns = oclhls_now_ns() + dev->platform->timeout_ms * 1000000u;
    return false;
}

struct oclhls_command *oclhls_launch_poll(cl_device_id dev)
{
    struct oclhls_command *ended = NULL;
    struct oclhls_run **link, *run;
    char err[OCLHLS_ERR_MAX] = "";
    bool link_broken;

    pthread_mutex_lock(&dev->lock);
    /* 0 idle, 1 still busy after the slice, -1: the link or the model failed (sim: also a
     * kernel's access outside global memory, reported once every kernel is idle) */
    link_broken = dev->ops->wait_idle(dev->handle, POLL_SLICE_MS, err, sizeof(err)) < 0;
    for (link = &dev->runs; (run = *link) != NULL;) {
        if (run_check(run, dev, link_broken, &ended, err, sizeof(err))) {
            *link = run->next;
            free(run);
        } else {
            link = &run->next;
        }
    }
    runs_changed_locked(dev);
    pthread_mutex_unlock(&dev->lock);
    /*
     * Issue 8 (deadlock detection) hooks in here: ended == NULL with runs still in flight means
     * no kernel made progress in this slice. A detector would count such slices (and look at
     * what the runs wait for) instead of relying on OCLHLS_TIMEOUT_MS alone.
     */
    return ended;
}

bool oclhls_launch_has_commands(cl_device_id dev)
{
    for (const struct oclhls_run *r = dev->runs; r; r = r->next)
        if (r->cmd)
            return true;
    return false;
}

void oclhls_launch_forget_runs(cl_device_id dev)
{
    struct oclhls_run *run, *next;

    pthread_mutex_lock(&dev->lock);
    for (run = dev->runs; run; run = next) {
        next = run->next;
        free(run);
    }
    dev->runs = NULL;
    runs_changed_locked(dev);
    pthread_mutex_unlock(&dev->lock);
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
