/* SPDX-License-Identifier: MIT */
/*
 * Long steps say that they are running (issue 33): between oclhls_progress_begin and _end,
 * a ticker shows the step and its elapsed time on stderr once it has run a few seconds: a
 * line rewritten every second on a terminal, else a line every 30 s. Off unless a program
 * turns it on (the oclhls command does, -q keeps it off): a library must not print.
 */
#ifndef OCLHLS_PROGRESS_H
#define OCLHLS_PROGRESS_H

void oclhls_progress_enable(int on);

/* How long a step runs before it shows (3 s unless set; tests shorten it). */
void oclhls_progress_set_quiet_seconds(double seconds);

/* stage: what runs, e.g. "synthesis (yosys)"; copied. Steps do not nest: a begin ends the
   step before. */
void oclhls_progress_begin(const char *stage);
void oclhls_progress_end(void);

#endif
