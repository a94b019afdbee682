/* SPDX-License-Identifier: MIT */
/*
 * printf's buffer of one launch (docs/printf.md). The buffer is a counter word and then the
 * records: the hardware adds each record's size to the counter (an atomic add) and writes
 * the record (its site's id, then its argument words) only when it fits whole, so the
 * records read back are whole and in the order the work-items reserved them; a counter
 * beyond the buffer tells how many bytes of records were lost. The record that did not fit
 * may start inside the buffer without being written: the buffer's last record-length of
 * bytes is filled with NO_SITE words first, so reading stops there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/device.h"
#include "core/launch.h"
#include "core/meta.h"
#include "printf_format.h"
#include "strbuf.h"

#define NO_SITE 0xffffffffu

int oclhls_launch_printf_start(struct oclhls_launch *l, cl_device_id dev, uint32_t csr_base,
                               char *err, size_t errlen)
{
    const struct oclhls_kernel_meta *km = l->kernel->meta;
    uint64_t bytes = l->program->meta->printf.buffer_bytes, addr;
    uint32_t zero = 0, *tail;
    uint64_t tail_bytes = 4;

    if (!km->printf_csr)
        return 0;
    for (unsigned i = 0; i < l->program->meta->printf.num_sites; i++)
        if (4 * (1 + (uint64_t)l->program->meta->printf.sites[i].words) > tail_bytes)
            tail_bytes = 4 * (1 + (uint64_t)l->program->meta->printf.sites[i].words);
    if (tail_bytes > bytes - 4)
        tail_bytes = bytes - 4;
    tail = malloc(tail_bytes);
    if (!tail)
        return oclhls_fail(err, errlen, "out of host memory");
    memset(tail, 0xff, tail_bytes);
    if (oclhls_devmem_alloc(&dev->mem, bytes, &addr)) {
        free(tail);
        return oclhls_fail(err, errlen,
                           "kernel '%s': no free block of %llu bytes of global memory for its "
                           "printf buffer (CL_DEVICE_PRINTF_BUFFER_SIZE)",
                           km->name, (unsigned long long)bytes);
    }
    int failed =
        dev->ops->mem_write(dev->handle, addr + bytes - tail_bytes, tail, tail_bytes, err, errlen);
    free(tail);
    if (failed || dev->ops->mem_write(dev->handle, addr, &zero, sizeof(zero), err, errlen) ||
        dev->ops->csr_write(dev->handle, csr_base + km->printf_csr, (uint32_t)addr, err, errlen) ||
        dev->ops->csr_write(dev->handle, csr_base + km->printf_csr + 4, (uint32_t)addr + 4, err,
                            errlen)) {
        oclhls_devmem_free(&dev->mem, addr, bytes);
        return -1;
    }
    l->printf_addr = addr;
    l->printf_bytes = bytes;
    return 0;
}

/* The records in words[0 .. n) formatted into out, in the order they were written. */
static void format_records(const struct oclhls_printf_table *t, const char *kernel,
                           const uint32_t *words, size_t n, struct oclhls_strbuf *out)
{
    for (size_t at = 0; at < n;) {
        uint32_t id = words[at];
        if (id == NO_SITE)
            return; /* the first record that did not fit */
        if (id >= t->num_sites || t->sites[id].words >= n - at) {
            fprintf(stderr,
                    "oclhls: kernel '%s': a printf record at byte %zu names site %u, "
                    "which the program does not have; the rest is dropped\n",
                    kernel, 4 + 4 * at, id);
            return;
        }
        const struct oclhls_printf_site *s = &t->sites[id];
        oclhls_printf_format_record(&s->f, words + at + 1, s->words, out);
        at += 1 + (size_t)s->words;
    }
}

void oclhls_launch_printf_end(struct oclhls_launch *l, cl_device_id dev, bool completed)
{
    const char *kernel = l->kernel->meta->name;
    uint64_t room = l->printf_bytes - 4;
    uint32_t used = 0, *words = NULL;
    char err[256];

    if (!l->printf_bytes)
        return;
    if (completed &&
        dev->ops->mem_read(dev->handle, l->printf_addr, &used, sizeof(used), err, sizeof(err)))
        fprintf(stderr, "oclhls: kernel '%s': reading its printf buffer: %s\n", kernel, err);
    else if (completed && used) {
        size_t n = used < room ? used : room;
        words = malloc(n ? n : 1);
        if (!words ||
            dev->ops->mem_read(dev->handle, l->printf_addr + 4, words, n, err, sizeof(err))) {
            fprintf(stderr, "oclhls: kernel '%s': reading its printf buffer: %s\n", kernel,
                    words ? err : "out of host memory");
        } else {
            struct oclhls_strbuf out = {0};
            format_records(&l->program->meta->printf, kernel, words, n / 4, &out);
            if (out.len)
                fwrite(out.buf, 1, out.len, stdout);
            fflush(stdout);
            oclhls_strbuf_release(&out);
        }
        if (used > room)
            fprintf(stderr,
                    "oclhls: kernel '%s': %llu bytes of printf output did not fit in the "
                    "%llu-byte printf buffer (CL_DEVICE_PRINTF_BUFFER_SIZE) and were lost\n",
                    kernel, (unsigned long long)(used - room), (unsigned long long)l->printf_bytes);
    }
    free(words);
    oclhls_devmem_free(&dev->mem, l->printf_addr, l->printf_bytes);
    l->printf_bytes = 0;
}
