/* SPDX-License-Identifier: MIT */
#include "transport/transport.h"

#include <stddef.h>
#include <string.h>

extern const struct oclhls_transport_ops oclhls_transport_sim;
extern const struct oclhls_transport_ops oclhls_transport_usb;
extern const struct oclhls_transport_ops oclhls_transport_uart;

static const struct oclhls_transport_ops *const transports[] = {
    &oclhls_transport_sim,
    &oclhls_transport_usb,
    &oclhls_transport_uart,
};

const struct oclhls_transport_ops *oclhls_transport_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof(transports) / sizeof(transports[0]); i++)
        if (strcmp(transports[i]->name, name) == 0)
            return transports[i];
    return NULL;
}
