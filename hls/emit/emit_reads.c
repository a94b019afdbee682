// SPDX-License-Identifier: MIT
/* The register copies a module reads, recorded as emit_ref writes their names (netlist.h). */
#include <stdlib.h>
#include <string.h>

#include "netlist.h"

/* The recording emit_ref writes into: one module is emitted per thread at a time. */
static _Thread_local struct emit_reads *recording;

int emit_reads_begin(struct emit_reads *r, int nvalues, int nstages)
{
    r->nvalues = nvalues;
    r->nstages = nstages;
    r->read = calloc((size_t)nvalues * (size_t)(nstages ? nstages : 1), 1);
    recording = r->read ? r : NULL;
    return r->read ? 0 : -1;
}

void emit_reads_record(int value, int stage)
{
    if (recording && value >= 0 && value < recording->nvalues && stage >= 0 &&
        stage < recording->nstages)
        recording->read[value * recording->nstages + stage] = 1;
}

void emit_reads_end(void)
{
    recording = NULL;
}

int emit_reads_has(const struct emit_reads *r, int value, int stage)
{
    return r->read[value * r->nstages + stage];
}

void emit_reads_release(struct emit_reads *r)
{
    free(r->read);
    memset(r, 0, sizeof(*r));
}
