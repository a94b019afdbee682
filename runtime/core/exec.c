/* SPDX-License-Identifier: MIT */
/* Running one command on the worker thread: memory commands here, kernels in launch.c (started
 * here, ended by polling, core/launch.h). */
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/device.h"
#include "core/launch.h"
#include "core/meta.h"
#include "core/notify.h"
#include "core/util.h"

/* Copies between buffers go through the host in pieces of this size. */
#define COPY_CHUNK (1u << 20)

struct run_ctx {
    cl_device_id dev;
    char err[OCLHLS_TRANSPORT_ERR_MAX];
};

static int mem_read(struct run_ctx *rc, uint64_t addr, void *dst, size_t len)
{
    return oclhls_device_mem_read(rc->dev, addr, dst, len, rc->err, sizeof(rc->err));
}

static int mem_write(struct run_ctx *rc, uint64_t addr, const void *src, size_t len)
{
    return oclhls_device_mem_write(rc->dev, addr, src, len, rc->err, sizeof(rc->err));
}

/* CL_MEM_USE_HOST_PTR: after a command wrote [offset, +size) of m, copy it to host_ptr too. */
static int sync_host(struct run_ctx *rc, cl_mem m, size_t offset, size_t size)
{
    if (!m->host_ptr)
        return 0;
    return mem_read(rc, m->addr + offset, (char *)m->host_ptr + offset, size);
}

static int run_copy(struct run_ctx *rc, cl_mem src, size_t so, cl_mem dst, size_t dof, size_t n)
{
    size_t chunk = n < COPY_CHUNK ? n : COPY_CHUNK;
    char *buf = malloc(chunk ? chunk : 1);
    int ret = 0;

    if (!buf)
        return -1;
    for (size_t done = 0; done < n && ret == 0; done += chunk) {
        size_t len = n - done < chunk ? n - done : chunk;

        ret = mem_read(rc, src->addr + so + done, buf, len) ||
              mem_write(rc, dst->addr + dof + done, buf, len);
    }
    free(buf);
    return ret ? -1 : sync_host(rc, dst, dof, n);
}

static int run_fill(struct run_ctx *rc, struct oclhls_command *cmd)
{
    cl_mem m = cmd->mem[0];
    size_t ps = cmd->u.fill.pattern_size, n = cmd->u.fill.size;
    size_t chunk = n < COPY_CHUNK ? n : COPY_CHUNK / ps * ps;
    char *buf = malloc(chunk ? chunk : 1);
    int ret = 0;

    if (!buf)
        return -1;
    for (size_t i = 0; i < chunk; i += ps)
        memcpy(buf + i, cmd->u.fill.pattern, ps);
    for (size_t done = 0; done < n && ret == 0; done += chunk) {
        size_t len = n - done < chunk ? n - done : chunk;

        ret = mem_write(rc, m->addr + cmd->u.fill.offset + done, buf, len);
    }
    free(buf);
    return ret ? -1 : sync_host(rc, m, cmd->u.fill.offset, n);
}

/* Rows of a READ/WRITE_BUFFER_RECT: [0] is the buffer side, [1] the host side. */
static int run_rw_rect(struct run_ctx *rc, struct oclhls_command *cmd, bool write)
{
    cl_mem m = cmd->mem[0];
    const size_t *o0 = cmd->u.rect.origin[0], *o1 = cmd->u.rect.origin[1], *r = cmd->u.rect.region;
    size_t row0 = cmd->u.rect.row[0], sl0 = cmd->u.rect.slice[0];
    size_t row1 = cmd->u.rect.row[1], sl1 = cmd->u.rect.slice[1];
    char *host = cmd->u.rect.ptr;

    for (size_t z = 0; z < r[2]; z++)
        for (size_t y = 0; y < r[1]; y++) {
            size_t boff = (o0[2] + z) * sl0 + (o0[1] + y) * row0 + o0[0];
            size_t hoff = (o1[2] + z) * sl1 + (o1[1] + y) * row1 + o1[0];
            int ret = write ? mem_write(rc, m->addr + boff, host + hoff, r[0])
                            : mem_read(rc, m->addr + boff, host + hoff, r[0]);

            if (ret)
                return -1;
            if (write && sync_host(rc, m, boff, r[0]))
                return -1;
        }
    return 0;
}

static int run_copy_rect(struct run_ctx *rc, struct oclhls_command *cmd)
{
    const size_t *so = cmd->u.rect.origin[0], *dor = cmd->u.rect.origin[1], *r = cmd->u.rect.region;
    size_t srow = cmd->u.rect.row[0], ssl = cmd->u.rect.slice[0];
    size_t drow = cmd->u.rect.row[1], dsl = cmd->u.rect.slice[1];

    for (size_t z = 0; z < r[2]; z++)
        for (size_t y = 0; y < r[1]; y++) {
            size_t soff = (so[2] + z) * ssl + (so[1] + y) * srow + so[0];
            size_t doff = (dor[2] + z) * dsl + (dor[1] + y) * drow + dor[0];

            if (run_copy(rc, cmd->mem[0], soff, cmd->mem[1], doff, r[0]))
                return -1;
        }
    return 0;
}

/* An image's fill region, row by row (the image's device pitches: core/objects.h). */
static int run_fill_image(struct run_ctx *rc, struct oclhls_command *cmd)
{
    cl_mem m = cmd->mem[0];
    const size_t *o = cmd->u.fill_image.origin, *r = cmd->u.fill_image.region;
    size_t elem = m->image_elem_size, len = r[0] * elem;
    char *row = malloc(len ? len : 1);
    int ret = 0;

    if (!row)
        return -1;
    for (size_t x = 0; x < r[0]; x++)
        memcpy(row + x * elem, cmd->u.fill_image.texel, elem);
    for (size_t z = 0; z < r[2] && ret == 0; z++)
        for (size_t y = 0; y < r[1] && ret == 0; y++) {
            size_t off = (o[2] + z) * m->image_slice_pitch + (o[1] + y) * m->image_row_pitch +
                         o[0] * elem;

            ret = mem_write(rc, m->addr + off, row, len) || sync_host(rc, m, off, len);
        }
    free(row);
    return ret ? -1 : 0;
}

/* An image mapping's region (map->rows > 0), row by row. */
static int map_rows(struct run_ctx *rc, cl_mem m, const struct oclhls_map *map, bool write)
{
    for (size_t z = 0; z < map->slices; z++)
        for (size_t y = 0; y < map->rows; y++) {
            uint64_t dev = m->addr + map->offset + z * map->dev_slice + y * map->dev_row;
            char *host = (char *)map->ptr + z * map->host_slice + y * map->host_row;

            if (write ? mem_write(rc, dev, host, map->row_bytes)
                      : mem_read(rc, dev, host, map->row_bytes))
                return -1;
        }
    return 0;
}

static int run_map(struct run_ctx *rc, struct oclhls_command *cmd)
{
    struct oclhls_map *map = cmd->u.map.map;

    if (map->flags & CL_MAP_WRITE_INVALIDATE_REGION)
        return 0;
    if (map->rows)
        return map_rows(rc, cmd->mem[0], map, false);
    return mem_read(rc, cmd->mem[0]->addr + map->offset, map->ptr, map->size);
}

static int run_unmap(struct run_ctx *rc, struct oclhls_command *cmd)
{
    struct oclhls_map *map = cmd->u.map.map;
    cl_mem m = cmd->mem[0];

    if (!(map->flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)))
        return 0;
    if (map->rows)
        return map_rows(rc, m, map, true);
    return mem_write(rc, m->addr + map->offset, map->ptr, map->size);
}

static int run_write(struct run_ctx *rc, struct oclhls_command *cmd)
{
    cl_mem m = cmd->mem[0];
    size_t off = cmd->u.rw.offset, n = cmd->u.rw.size;

    if (mem_write(rc, m->addr + off, cmd->u.rw.ptr, n))
        return -1;
    if (m->host_ptr && (char *)m->host_ptr + off != cmd->u.rw.ptr)
        memcpy((char *)m->host_ptr + off, cmd->u.rw.ptr, n);
    return 0;
}

/* Device time of a kernel's cycles, at the clock its executable was built for (metadata)
 * or the board's. */
static uint64_t kernel_ns(cl_device_id dev, const struct oclhls_launch *l, uint64_t cycles)
{
    double mhz = oclhls_device_clock_mhz(dev);

    if (l->program->meta && l->program->meta->clock_mhz > 0)
        mhz = l->program->meta->clock_mhz;
    return (uint64_t)((double)cycles * 1000.0 / mhz);
}

/* Profiling END of a command that ended now: no earlier than its START. */
static void set_end(cl_device_id dev, cl_event ev, uint64_t end)
{
    ev->t_end = end > ev->t_start ? end : ev->t_start;
    /* commands may end out of START order now: keep the latest END */
    if (ev->t_end > dev->last_end_ns)
        dev->last_end_ns = ev->t_end;
}

cl_int oclhls_command_kernel_end(struct oclhls_command *cmd)
{
    cl_device_id dev = cmd->queue->device;
    struct oclhls_launch *l = cmd->u.kernel.launch;
    cl_int status = cmd->u.kernel.status;
    uint64_t device_ns;

    if (status != CL_COMPLETE) {
        set_end(dev, cmd->event, oclhls_now_ns());
        return status;
    }
    /* END: START + the kernel's own cycle count */
    device_ns = kernel_ns(dev, l, cmd->u.kernel.cycles);
    set_end(dev, cmd->event, cmd->event->t_start + device_ns);
    oclhls_debug("%s: kernel '%s' ran %llu cycles (%.3f ms)", dev->name, l->kernel->meta->name,
                 (unsigned long long)cmd->u.kernel.cycles, (double)device_ns / 1e6);
    return CL_COMPLETE;
}

cl_int oclhls_command_run(struct oclhls_command *cmd)
{
    struct run_ctx rc = {.dev = cmd->queue->device, .err = ""};
    cl_event ev = cmd->event;
    uint64_t now = oclhls_now_ns();
    cl_int status = CL_COMPLETE;
    int r = 0;

    /* START: host time, never before SUBMIT nor before the END of a command that completed
     * before (kernels in flight have no END yet: transfers overlap them) */
    ev->t_start = now > rc.dev->last_end_ns ? now : rc.dev->last_end_ns;
    if (ev->t_start < ev->t_submit)
        ev->t_start = ev->t_submit;
    switch (cmd->type) {
    case CL_COMMAND_READ_BUFFER:
        r = mem_read(&rc, cmd->mem[0]->addr + cmd->u.rw.offset, cmd->u.rw.ptr, cmd->u.rw.size);
        break;
    case CL_COMMAND_WRITE_BUFFER:
        r = run_write(&rc, cmd);
        break;
    case CL_COMMAND_COPY_BUFFER:
        r = run_copy(&rc, cmd->mem[0], cmd->u.copy.src_offset, cmd->mem[1], cmd->u.copy.dst_offset,
                     cmd->u.copy.size);
        break;
    case CL_COMMAND_READ_BUFFER_RECT:
        r = run_rw_rect(&rc, cmd, false);
        break;
    case CL_COMMAND_WRITE_BUFFER_RECT:
        r = run_rw_rect(&rc, cmd, true);
        break;
    case CL_COMMAND_COPY_BUFFER_RECT:
        r = run_copy_rect(&rc, cmd);
        break;
    case CL_COMMAND_FILL_BUFFER:
        r = run_fill(&rc, cmd);
        break;
    case CL_COMMAND_FILL_IMAGE:
        r = run_fill_image(&rc, cmd);
        break;
    case CL_COMMAND_MAP_BUFFER:
        r = run_map(&rc, cmd);
        break;
    case CL_COMMAND_UNMAP_MEM_OBJECT:
        r = run_unmap(&rc, cmd);
        break;
    case CL_COMMAND_NDRANGE_KERNEL:
    case CL_COMMAND_TASK:
        /* started: it ends through oclhls_command_kernel_end, other commands run meanwhile */
        status = oclhls_launch_start(cmd, rc.dev, rc.err, sizeof(rc.err));
        if (status == CL_RUNNING)
            return CL_RUNNING;
        break;
    default: /* markers, barriers, migrations: nothing to do on this device */
        break;
    }
    if (r)
        status = CL_OUT_OF_RESOURCES;
    set_end(rc.dev, ev, oclhls_now_ns());
    if (status != CL_COMPLETE) {
        oclhls_debug("%s command %#x failed (%s): %s", rc.dev->name, (unsigned)cmd->type,
                     oclhls_error_name(status), rc.err[0] ? rc.err : "no details");
        oclhls_context_notify(cmd->queue->context, "command 0x%x (CL_COMMAND_*) failed on %s "
                              "with %s: %s", (unsigned)cmd->type, rc.dev->name,
                              oclhls_error_name(status), rc.err[0] ? rc.err : "no details");
    }
    return status;
}
