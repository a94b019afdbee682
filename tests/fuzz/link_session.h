/* SPDX-License-Identifier: MIT */
/*
 * One session of the usb transport's link operations (runtime/transport/usb/link_ops.c),
 * the same for the link fuzz target, where the board's bytes are the fuzzer's, and for the
 * seed generator (link_seeds.c), where a model of a correct board answers: so that every
 * seed is a byte stream the target's session reads to the end.
 */
#ifndef OCLHLS_FUZZ_LINK_SESSION_H
#define OCLHLS_FUZZ_LINK_SESSION_H

#include "transport/usb/link_ops.h"

/* The operations of a session (start included). */
#define LINK_SESSION_OPS 7

/* The iCEBreaker's link timing (docs/host-link-protocol.md): 64-bit memory, latency 2. */
void link_session_init(struct usb_link *link, const struct usb_link_port *port);

/*
 * Starts the link and runs a POLL, CSR and memory reads and writes (two frames each way)
 * through it. Returns how many of the LINK_SESSION_OPS operations succeeded; a failed one
 * with no message aborts, as a broken promise of link_ops.h.
 */
int link_session_run(struct usb_link *link);

#endif
