/* SPDX-License-Identifier: MIT */
/* Reads Verilator's generated file lists; see verilator_mk.h. */
#include "verilator_mk.h"

#include <ctype.h>
#include <string.h>

#include "argv.h"

/* Adds the words of one line (stopping at a '#'); returns 1 when it ends with '\'. */
static int add_words(const char *p, const char *end, struct oclhls_argv *out, int *count)
{
    int cont = 0;

    while (p < end) {
        const char *w;

        while (p < end && isspace((unsigned char)*p))
            p++;
        if (p == end || *p == '#')
            break;
        w = p;
        while (p < end && !isspace((unsigned char)*p))
            p++;
        if (p - w == 1 && *w == '\\') {
            cont = 1;
            continue;
        }
        cont = 0;
        oclhls_argv_addf(out, "%.*s", (int)(p - w), w);
        (*count)++;
    }
    return cont;
}

static const char *line_end(const char *p)
{
    const char *e = strchr(p, '\n');

    return e ? e : p + strlen(p);
}

/* Does the line at p start with "var +=" or "var ="? Returns where the values start. */
static const char *assignment(const char *p, const char *end, const char *var)
{
    size_t n = strlen(var);

    if ((size_t)(end - p) < n || strncmp(p, var, n) != 0)
        return NULL;
    p += n;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p < end && *p == '+')
        p++;
    if (p < end && *p == '=')
        return p + 1;
    return NULL;
}

int oclhls_mk_list(const char *mk, const char *var, struct oclhls_argv *out)
{
    int count = 0, cont = 0;

    for (const char *p = mk; *p;) {
        const char *end = line_end(p), *values;

        if (cont)
            cont = add_words(p, end, out, &count);
        else if ((values = assignment(p, end, var)))
            cont = add_words(values, end, out, &count);
        p = *end ? end + 1 : end;
    }
    return count;
}

int oclhls_mk_code(const char *mk, struct oclhls_argv *fast, struct oclhls_argv *slow)
{
    int n =
        oclhls_mk_list(mk, "VM_CLASSES_FAST", fast) + oclhls_mk_list(mk, "VM_SUPPORT_FAST", fast);

    oclhls_mk_list(mk, "VM_CLASSES_SLOW", slow);
    oclhls_mk_list(mk, "VM_SUPPORT_SLOW", slow);
    return n;
}
