/* SPDX-License-Identifier: MIT */
/*
 * A kernel's arguments in the "meta" section (docs/program-file.md): each one's kind, size
 * and qualifiers checked against each other, and together, that their words fill the
 * kernel's argument registers as the compiler lays them out, so that a file with an argument
 * missing, moved or overlapping another is refused before clSetKernelArg writes anything.
 */
#include "core/meta_args.h"

#include <stdio.h>


#include "core/csr.h"
#include "core/meta_json.h"
#include "strbuf.h"

static int address_space(const char *s, cl_kernel_arg_address_qualifier *q)
{
    static const struct {
        const char *name;
        cl_kernel_arg_address_qualifier q;
    } map[] = {
        {"global", CL_KERNEL_ARG_ADDRESS_GLOBAL},
        {"constant", CL_KERNEL_ARG_ADDRESS_CONSTANT},
        {"local", CL_KERNEL_ARG_ADDRESS_LOCAL},
        {"private", CL_KERNEL_ARG_ADDRESS_PRIVATE},
    };

    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (strcmp(s, map[i].name) == 0) {
            *q = map[i].q;
            return 0;
        }
    return -1;
}

static int access_qualifier(const char *s, cl_kernel_arg_access_qualifier *q)
{
    static const struct {
        const char *name;
        cl_kernel_arg_access_qualifier q;
    } map[] = {
        {"none", CL_KERNEL_ARG_ACCESS_NONE},
        {"read_only", CL_KERNEL_ARG_ACCESS_READ_ONLY},
        {"write_only", CL_KERNEL_ARG_ACCESS_WRITE_ONLY},
        {"read_write", CL_KERNEL_ARG_ACCESS_READ_WRITE},
    };

    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (strcmp(s, map[i].name) == 0) {
            *q = map[i].q;
            return 0;
        }
    return -1;
}

/* One qualifier word ("const", "restrict", "volatile", "pipe") to its bit; 0 if unknown. */
static cl_kernel_arg_type_qualifier type_qualifier_word(const char *w, size_t n)
{
    if (n == 5 && strncmp(w, "const", n) == 0)
        return CL_KERNEL_ARG_TYPE_CONST;
    if (n == 8 && strncmp(w, "restrict", n) == 0)
        return CL_KERNEL_ARG_TYPE_RESTRICT;
    if (n == 8 && strncmp(w, "volatile", n) == 0)
        return CL_KERNEL_ARG_TYPE_VOLATILE;
    if (n == 4 && strncmp(w, "pipe", n) == 0)
        return CL_KERNEL_ARG_TYPE_PIPE;
    return 0;
}

/* "type_qualifiers": a string of words, an array of words, or the bit-field as a number. */
static cl_kernel_arg_type_qualifier type_qualifiers(const cJSON *v)
{
    cl_kernel_arg_type_qualifier q = CL_KERNEL_ARG_TYPE_NONE;
    const cJSON *e;

    if (cJSON_IsNumber(v)) /* the CL_KERNEL_ARG_TYPE_* bits, nothing else */
        return meta_whole_number(v, 0, 15) ? (cl_kernel_arg_type_qualifier)v->valuedouble
                                      : CL_KERNEL_ARG_TYPE_NONE;
    if (cJSON_IsArray(v)) {
        cJSON_ArrayForEach(e, v) if (cJSON_IsString(e)) q |=
            type_qualifier_word(e->valuestring, strlen(e->valuestring));
        return q;
    }
    if (cJSON_IsString(v)) {
        const char *s = v->valuestring;

        while (*s) {
            size_t n = strcspn(s, " ,|");

            q |= type_qualifier_word(s, n);
            s += n;
            s += strspn(s, " ,|");
        }
    }
    return q;
}

/* The memory object type an image argument of type name takes; 0 for an unknown name. */
static cl_mem_object_type image_object_type(const char *name)
{
    static const struct {
        const char *name;
        cl_mem_object_type type;
    } map[] = {
        {"image1d_t", CL_MEM_OBJECT_IMAGE1D},
        {"image1d_buffer_t", CL_MEM_OBJECT_IMAGE1D_BUFFER},
        {"image1d_array_t", CL_MEM_OBJECT_IMAGE1D_ARRAY},
        {"image2d_t", CL_MEM_OBJECT_IMAGE2D},
        {"image2d_array_t", CL_MEM_OBJECT_IMAGE2D_ARRAY},
        {"image3d_t", CL_MEM_OBJECT_IMAGE3D},
    };

    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (strcmp(name, map[i].name) == 0)
            return map[i].type;
    return 0;
}

/* "kind" ("image" with "image_type", "sampler"; absent for the rest) into m; -1 when bad. */
static int arg_kind(const cJSON *a, struct oclhls_arg_meta *m)
{
    const cJSON *kind = meta_item(a, "kind"), *type = meta_item(a, "image_type");

    m->kind = OCLHLS_ARG_VALUE;
    if (!kind)
        return 0;
    if (!cJSON_IsString(kind))
        return -1;
    if (strcmp(kind->valuestring, "sampler") == 0) {
        m->kind = OCLHLS_ARG_SAMPLER;
        return m->size == 4 && !m->is_pointer ? 0 : -1;
    }
    if (strcmp(kind->valuestring, "image") != 0 || !cJSON_IsString(type))
        return -1;
    m->kind = OCLHLS_ARG_IMAGE;
    m->image_type = image_object_type(type->valuestring);
    return m->image_type && m->size == 32 && !m->is_pointer ? 0 : -1;
}

/* What an argument's kind contradicts (a pipe that is not a 4-byte handle, a pointer that is
   not 4 bytes in a named space, a __global value that is neither), or NULL. A pipe may be in
   the global or the private space: the frontend's metadata has been read both ways. */
static const char *arg_kind_error(const struct oclhls_arg_meta *m)
{
    bool pipe = (m->type_qualifiers & CL_KERNEL_ARG_TYPE_PIPE) != 0;
    bool memory = m->address == CL_KERNEL_ARG_ADDRESS_GLOBAL ||
                  m->address == CL_KERNEL_ARG_ADDRESS_CONSTANT;

    bool pipe_space = m->address == CL_KERNEL_ARG_ADDRESS_GLOBAL ||
                      m->address == CL_KERNEL_ARG_ADDRESS_PRIVATE;

    if (pipe && (!pipe_space || m->is_pointer || m->size != 4))
        return "a pipe argument must be a 4-byte pipe handle, not a pointer";
    if (m->is_pointer && (m->size != 4 || m->address == CL_KERNEL_ARG_ADDRESS_PRIVATE))
        return "a pointer argument must be 4 bytes in the __global, __constant or __local space";
    if (memory && !m->is_pointer && !pipe && m->kind != OCLHLS_ARG_IMAGE)
        return "a __global or __constant argument must be a pointer, a pipe or an image";
    return NULL;
}

int oclhls_meta_parse_arg(const cJSON *a, const char *kname, unsigned i, struct oclhls_arg_meta *m,
                          char *err, size_t errlen)
{
    const cJSON *size = meta_item(a, "size"), *off = meta_item(a, "csr_offset");
    char *as, *acc;
    int bad;

    if (!cJSON_IsObject(a))
        return oclhls_fail(err, errlen, "kernel '%s' argument %u is not an object", kname, i);
    m->name = meta_str_or(a, "name", "");
    m->type_name = meta_str_or(a, "type_name", "");
    as = meta_str_or(a, "address_space", "private");
    acc = meta_str_or(a, "access", "none");
    if (!m->name || !m->type_name || !as || !acc) {
        free(as);
        free(acc);
        return oclhls_fail(err, errlen, "out of host memory");
    }
    bad = address_space(as, &m->address) || access_qualifier(acc, &m->access);
    free(as);
    free(acc);
    if (bad)
        return oclhls_fail(err, errlen, "kernel '%s' argument %u: bad address_space or access",
                           kname, i);
    m->type_qualifiers = type_qualifiers(meta_item(a, "type_qualifiers"));
    m->is_pointer = meta_flag(a, "is_pointer");
    if (!meta_whole_number(size, 0, 1 << 16))
        return oclhls_fail(err, errlen, "kernel '%s' argument %u has no valid size", kname, i);
    m->size = (uint32_t)size->valuedouble;
    if (arg_kind(a, m))
        return oclhls_fail(err, errlen,
                           "kernel '%s' argument %u: a bad \"kind\" (an image of 32 bytes with "
                           "its \"image_type\", or a 4-byte sampler)",
                           kname, i);
    if (arg_kind_error(m))
        return oclhls_fail(err, errlen, "kernel '%s' argument %u: %s", kname, i,
                           arg_kind_error(m));
    if (m->address == CL_KERNEL_ARG_ADDRESS_LOCAL) {
        const cJSON *cap = meta_item(a, "local_capacity");
        m->csr_offset = 0; /* block RAM sized by the build; the host's size is checked */
        if (cap && !meta_whole_number(cap, 0, (double)(1ull << 40)))
            return oclhls_fail(err, errlen, "kernel '%s' argument %u: bad local_capacity", kname,
                               i);
        m->local_capacity = cap ? (uint64_t)cap->valuedouble : 0;
        return 0;
    }
    if (!meta_whole_number(off, 0, OCLHLS_KCSR_WINDOW))
        return oclhls_fail(err, errlen, "kernel '%s' argument %u has no valid csr_offset", kname,
                           i);
    m->csr_offset = (uint32_t)off->valuedouble;
    /* the words of the argument must lie in the argument area of the window, word aligned
       (in 64 bits: no offset and size wrap around) */
    if (m->csr_offset % 4 || m->csr_offset < OCLHLS_KCSR_ARGS ||
        (uint64_t)m->csr_offset + (((uint64_t)m->size + 3) & ~3ull) > OCLHLS_KCSR_WINDOW)
        return oclhls_fail(err, errlen,
                           "kernel '%s' argument %u: csr_offset 0x%x (size %u) is outside the "
                           "argument words 0x%x-0x%x of the kernel window",
                           kname, i, m->csr_offset, m->size, OCLHLS_KCSR_ARGS,
                           OCLHLS_KCSR_WINDOW - 1);
    return 0;
}

/* One range of argument words, for the check that they tile the argument registers. */
struct word_range {
    uint32_t offset, end;
    bool may_align8; /* an argument; the hidden words are single words */
    const char *what; /* a hidden word's name */
    unsigned arg;     /* an argument's index */
};

static int by_offset(const void *a, const void *b)
{
    const struct word_range *x = a, *y = b;

    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The kernel's ranges of argument words: its arguments' (not __local ones: block RAM), then
   the hidden words. The caller frees the array. */
static struct word_range *word_ranges(const struct oclhls_kernel_meta *m, unsigned *n)
{
    struct word_range *r = calloc((size_t)m->num_args + 2, sizeof(*r));

    *n = 0;
    if (!r)
        return NULL;
    for (unsigned i = 0; i < m->num_args; i++) {
        const struct oclhls_arg_meta *a = &m->args[i];
        if (a->address != CL_KERNEL_ARG_ADDRESS_LOCAL)
            r[(*n)++] = (struct word_range){a->csr_offset, a->csr_offset + ((a->size + 3) & ~3u),
                                            true, "argument", i};
    }
    if (m->constant_data_csr)
        r[(*n)++] = (struct word_range){m->constant_data_csr, m->constant_data_csr + 4, false,
                                        "constant_data_csr", 0};
    if (m->printf_csr)
        r[(*n)++] = (struct word_range){m->printf_csr, m->printf_csr + 8, false, "printf_csr", 0};
    return r;
}

/*
 * The argument words as the compiler lays them out: from the first argument word, each range
 * starts where the previous one ended, or at the next 8-byte boundary when it holds a value
 * aligned to 8 (a 64-bit scalar, a vector, such a struct); no gap, no overlap, and they end
 * "arg_bytes" after the first word. "num_args" says how many arguments there are.
 */
int oclhls_meta_check_arg_words(const cJSON *k, const struct oclhls_kernel_meta *m, char *err,
                                size_t errlen)
{
    const cJSON *count = meta_item(k, "num_args"), *bytes = meta_item(k, "arg_bytes");
    uint32_t end = OCLHLS_KCSR_ARGS;
    unsigned n;
    int ret = 0;

    if (!meta_whole_number(count, 0, 0xFFFF) || (unsigned)count->valuedouble != m->num_args)
        return oclhls_fail(err, errlen,
                           "kernel '%s': \"num_args\" is not the number of entries of \"args\" "
                           "(%u): an argument is missing, or the file is older than the field",
                           m->name, m->num_args);
    if (!meta_whole_number(bytes, 0, OCLHLS_KCSR_WINDOW - OCLHLS_KCSR_ARGS))
        return oclhls_fail(err, errlen,
                           "kernel '%s': \"arg_bytes\" is not a size of the argument words",
                           m->name);
    struct word_range *r = word_ranges(m, &n);
    if (!r)
        return oclhls_fail(err, errlen, "out of host memory");
    qsort(r, n, sizeof(*r), by_offset);
    for (unsigned i = 0; i < n && !ret; i++) {
        uint32_t aligned = (end + 7) & ~7u;
        char what[32];
        if (r[i].may_align8)
            snprintf(what, sizeof(what), "argument %u", r[i].arg);
        else
            snprintf(what, sizeof(what), "%s", r[i].what);
        if (r[i].offset != end && !(r[i].may_align8 && r[i].offset == aligned))
            ret = oclhls_fail(err, errlen,
                              "kernel '%s': %s at csr_offset 0x%x does not follow the argument "
                              "words before it (they end at 0x%x): arguments are missing or "
                              "overlap",
                              m->name, what, r[i].offset, end);
        end = r[i].end;
    }
    free(r);
    if (!ret && end - OCLHLS_KCSR_ARGS != (uint32_t)bytes->valuedouble)
        ret = oclhls_fail(err, errlen,
                          "kernel '%s': the arguments fill %u bytes of argument words, "
                          "\"arg_bytes\" says %u",
                          m->name, end - OCLHLS_KCSR_ARGS, (unsigned)bytes->valuedouble);
    return ret;
}
