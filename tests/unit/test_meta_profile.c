/* SPDX-License-Identifier: MIT */
/*
 * The "profile" member of a kernel's metadata (oclhls build --profile; runtime/core/
 * meta_profile.c): what the compiler writes is taken and placed; a counter on an argument
 * word, outside the window, off a word, shared by two counters or missing, an LSU of an
 * unknown kind, or counters of another width are refused with a message naming the field.
 */
#include "test_util.h" /* first: it defines _GNU_SOURCE */

#include "core/meta.h"

/* copy(a, b): argument words 0x80 and 0x84, counters from 0x88 */
#define PROGRAM(profile)                                                                           \
    "{\"format\": 1, \"board\": \"sim\", \"mem_width_bits\": 512, \"kernels\": [{\"name\": "     \
    "\"k\", \"args\": [{\"name\": \"a\", \"address_space\": \"global\", \"size\": 4, "           \
    "\"is_pointer\": true, \"csr_offset\": 128}, {\"name\": \"b\", \"address_space\": "          \
    "\"global\", \"size\": 4, \"is_pointer\": true, \"csr_offset\": 132}], \"num_args\": 2, "    \
    "\"arg_bytes\": 8" profile "}]}"
#define COUNTERS(busy)                                                                             \
    "\"counters\": {\"busy_cycles\": " #busy ", \"memory_stall_cycles\": 140, "                   \
    "\"channel_stall_cycles\": 144, \"barrier_stall_cycles\": 148, \"memory_reads\": 152, "      \
    "\"memory_writes\": 156}"
#define LSU(kind, req)                                                                             \
    "{\"lsu\": 0, \"line\": 3, \"access\": \"load\", \"space\": \"global\", \"kind\": \"" kind   \
    "\", \"bits\": 32, \"requests\": " #req ", \"lines\": 164, \"stall_cycles\": 168}"
#define PROFILE(counters, lsus, bits)                                                              \
    ", \"profile\": {" counters ", \"lsus\": [" lsus "], \"bits\": " #bits "}"

static struct oclhls_program_meta *parse(const char *json, char *err, size_t errlen)
{
    struct oclhls_program_meta *m = NULL;
    err[0] = '\0';
    if (oclhls_meta_parse(json, strlen(json), &m, err, errlen))
        return NULL;
    return m;
}

static void refused(const char *json, const char *what, const char *want)
{
    char err[512];
    struct oclhls_program_meta *m = parse(json, err, sizeof(err));
    CHECK(!m && strstr(err, want), "refused: %s, with \"%s\" (got \"%s\")", what, want, err);
    oclhls_meta_free(m);
}

int main(void)
{
    char err[512];
    struct oclhls_program_meta *m = parse(PROGRAM(""), err, sizeof(err));
    CHECK(m && !m->kernels[0].profile.present, "no profile member: not profiled (%s)", err);
    oclhls_meta_free(m);

    m = parse(PROGRAM(PROFILE(COUNTERS(136), LSU("coalescing", 160), 32)), err, sizeof(err));
    CHECK(m != NULL, "the compiler's layout is taken (%s)", err);
    if (m) {
        const struct oclhls_profile_meta *p = &m->kernels[0].profile;
        CHECK(p->present && p->csr[OCLHLS_PROF_BUSY] == 136 &&
                  p->csr[OCLHLS_PROF_MEMORY_WRITES] == 156,
              "kernel counters placed: %u %u", p->csr[0], p->csr[5]);
        CHECK(p->num_lsus == 1 && p->lsus[0].csr[OCLHLS_PROF_LSU_REQUESTS] == 160 &&
                  p->lsus[0].line == 3 && !strcmp(p->lsus[0].kind, "coalescing"),
              "LSU counters placed");
    }
    oclhls_meta_free(m);

    m = parse(PROGRAM(PROFILE(COUNTERS(136), LSU("printf counter", 160), 32)), err,
              sizeof(err));
    CHECK(m != NULL, "printf's counter as an LSU is taken (%s)", err);
    oclhls_meta_free(m);

    refused(PROGRAM(PROFILE(COUNTERS(132), "", 32)), "busy_cycles on argument b's word",
            "\"busy_cycles\" is not a register word after the argument words");
    refused(PROGRAM(PROFILE(COUNTERS(2048), "", 32)), "a counter past the window",
            "\"busy_cycles\" is not a register word");
    refused(PROGRAM(PROFILE(COUNTERS(138), "", 32)), "a counter off a word boundary",
            "\"busy_cycles\" is not a register word");
    refused(PROGRAM(PROFILE(COUNTERS(140), "", 32)), "two counters on one word",
            "\"memory_stall_cycles\" at 0x8c shares its word");
    refused(PROGRAM(PROFILE(COUNTERS(136), LSU("coalescing", 152), 32)),
            "an LSU counter on a kernel counter's word", "\"requests\" at 0x98 shares its word");
    refused(PROGRAM(PROFILE(COUNTERS(136), LSU("teleporting", 160), 32)), "an unknown LSU kind",
            "\"kind\" is not one the runtime knows");
    refused(PROGRAM(PROFILE(COUNTERS(136), "", 40)), "40-bit counters",
            "profile counters of other than 32 bits");
    refused(PROGRAM(", \"profile\": {\"lsus\": []}"), "no counters object",
            "needs a \"counters\" object");
    refused(PROGRAM(PROFILE("\"counters\": {\"busy_cycles\": 136}", "", 32)),
            "counters missing", "\"memory_stall_cycles\" is not a register word");
    return test_result();
}
