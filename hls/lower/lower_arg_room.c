// SPDX-License-Identifier: MIT
/*
 * The kernel's argument words (its CSR window from HIR_KCSR_ARGS): the one check that the
 * arguments laid out so far fit, used by every kind of argument (lower.c, lower_byval.c,
 * lower_vector.c) and the hidden words (lower_printf.c, the __constant data's address).
 */
#include "lower_shared.h"

int lower_argument_room(struct lower *l, unsigned end, unsigned line)
{
    if (end <= HIR_KCSR_WINDOW)
        return 0;
    return lower_error(l, line,
                       "kernel '%s': its arguments need at least %u bytes of argument registers; "
                       "the device has %u (CL_DEVICE_MAX_PARAMETER_SIZE; hidden words for "
                       "__constant data and printf included)",
                       l->k->name, end - HIR_KCSR_ARGS, HIR_KCSR_WINDOW - HIR_KCSR_ARGS);
}
