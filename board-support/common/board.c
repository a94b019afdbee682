/* SPDX-License-Identifier: MIT */
/*
 * Board descriptions: reads <datadir>/board-support/<folder>/board.json (schema in
 * docs/boards.md) and implements board.h. Every call rescans the folder: there is no
 * global state, and the handful of small files costs well under a millisecond.
 */
#define _DEFAULT_SOURCE /* scandir, alphasort */
#include "board.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "fsutil.h"
#include "hashkey.h"
#include "json.h"
#include "strbuf.h"

#define MAX_BOARDS 64

struct board_set {
    struct oclhls_board *e;
    int count;
    char skipped[256]; /* the first board.json that could not be read, and why */
};

/* ---- reading one board.json ----------------------------------------------------------- */

static int get_string(const cJSON *root, const char *key, char *dst, size_t len, char *err,
                      size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);

    if (!cJSON_IsString(v) || !v->valuestring[0] || strlen(v->valuestring) >= len) {
        oclhls_errf(err, errlen, "'%s' must be a non-empty string of at most %zu characters", key,
                    len - 1);
        return -1;
    }
    memcpy(dst, v->valuestring, strlen(v->valuestring) + 1);
    return 0;
}

/* An integer-valued number in [min, max]. */
static int get_number(const cJSON *root, const char *key, double min, double max, double *out,
                      char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);

    if (!cJSON_IsNumber(v) || v->valuedouble < min || v->valuedouble > max) {
        oclhls_errf(err, errlen, "'%s' must be a number in [%.0f, %.0f]", key, min, max);
        return -1;
    }
    *out = v->valuedouble;
    return 0;
}

static int get_uint(const cJSON *root, const char *key, double min, double max, uint64_t *out,
                    char *err, size_t errlen)
{
    double d;

    if (get_number(root, key, min, max, &d, err, errlen))
        return -1;
    if (d != floor(d)) {
        oclhls_errf(err, errlen, "'%s' must be an integer", key);
        return -1;
    }
    *out = (uint64_t)d;
    return 0;
}

static int get_aliases(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "aliases");
    const cJSON *a;

    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > OCLHLS_BOARD_ALIASES_MAX) {
        oclhls_errf(err, errlen, "'aliases' must be an array of at most %d names",
                    OCLHLS_BOARD_ALIASES_MAX);
        return -1;
    }
    cJSON_ArrayForEach(a, arr)
    {
        if (!cJSON_IsString(a) || !a->valuestring[0] ||
            strlen(a->valuestring) >= OCLHLS_BOARD_NAME_MAX) {
            oclhls_errf(err, errlen, "'aliases' entries must be names of at most %d characters",
                        OCLHLS_BOARD_NAME_MAX - 1);
            return -1;
        }
        strcpy(b->aliases[b->n_aliases++], a->valuestring);
    }
    return 0;
}

/* The shell's Verilog files: relative paths inside the data directory. */
static int get_shell_files(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "shell_files");
    const cJSON *f;

    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1 ||
        cJSON_GetArraySize(arr) > OCLHLS_BOARD_SHELL_FILES_MAX) {
        oclhls_errf(err, errlen, "'shell_files' must be an array of 1 to %d paths",
                    OCLHLS_BOARD_SHELL_FILES_MAX);
        return -1;
    }
    cJSON_ArrayForEach(f, arr)
    {
        if (!cJSON_IsString(f) || !f->valuestring[0] || f->valuestring[0] == '/' ||
            strstr(f->valuestring, "..") || strlen(f->valuestring) >= OCLHLS_BOARD_PATH_MAX) {
            oclhls_errf(err, errlen,
                        "'shell_files' entries must be relative paths inside the data "
                        "directory, at most %d characters",
                        OCLHLS_BOARD_PATH_MAX - 1);
            return -1;
        }
        strcpy(b->shell_files[b->n_shell_files++], f->valuestring);
    }
    return 0;
}

/*
 * "bram_shapes" (optional): the configurations of one block RAM primitive as [depth, width]
 * pairs, e.g. [[512, 36], [1024, 18]]; the report counts the blocks a memory costs with them.
 */
static int get_bram_shapes(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "bram_shapes");
    const cJSON *s;

    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > OCLHLS_BOARD_BRAM_SHAPES_MAX)
        goto bad;
    cJSON_ArrayForEach(s, arr)
    {
        const cJSON *d = cJSON_GetArrayItem(s, 0), *w = cJSON_GetArrayItem(s, 1);
        if (!cJSON_IsArray(s) || cJSON_GetArraySize(s) != 2 || !cJSON_IsNumber(d) ||
            !cJSON_IsNumber(w) || d->valuedouble < 1 || d->valuedouble > 1 << 24 ||
            w->valuedouble < 1 || w->valuedouble > 1024)
            goto bad;
        b->bram_shapes[b->n_bram_shapes].depth = (uint32_t)d->valuedouble;
        b->bram_shapes[b->n_bram_shapes++].width = (uint32_t)w->valuedouble;
    }
    return 0;
bad:
    oclhls_errf(err, errlen,
                "'bram_shapes' must be an array of at most %d [depth, width] pairs of positive "
                "integers",
                OCLHLS_BOARD_BRAM_SHAPES_MAX);
    return -1;
}

static int is_pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

static int get_strings(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    if (get_string(root, "name", b->name, sizeof(b->name), err, errlen) ||
        get_string(root, "description", b->description, sizeof(b->description), err, errlen) ||
        get_string(root, "family", b->family, sizeof(b->family), err, errlen) ||
        get_string(root, "transport", b->transport, sizeof(b->transport), err, errlen) ||
        get_string(root, "shell_top", b->shell_top, sizeof(b->shell_top), err, errlen))
        return -1;
    return get_shell_files(root, b, err, errlen);
}

static int get_numbers(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    uint64_t width, latency, wg;

    if (get_number(root, "clock_mhz", 0.001, 10000, &b->clock_mhz, err, errlen) ||
        get_uint(root, "mem_width_bits", 8, 8192, &width, err, errlen) ||
        get_uint(root, "mem_latency_cycles", 1, 100000, &latency, err, errlen) ||
        get_uint(root, "global_mem_bytes", 1, 9007199254740992.0, &b->global_mem_bytes, err,
                 errlen) ||
        get_uint(root, "max_work_group_size", 1, 1 << 20, &wg, err, errlen) ||
        get_uint(root, "local_mem_bytes", 0, 9007199254740992.0, &b->local_mem_bytes, err, errlen))
        return -1;
    if (!is_pow2(width)) {
        oclhls_errf(err, errlen, "'mem_width_bits' must be a power of two (8 to 8192)");
        return -1;
    }
    /* optional: the largest private array per work-item (64 KiB when absent) */
    b->private_mem_bytes = 65536;
    if (cJSON_GetObjectItemCaseSensitive(root, "private_mem_bytes") &&
        get_uint(root, "private_mem_bytes", 4, 1 << 30, &b->private_mem_bytes, err, errlen))
        return -1;
    /* optional: the printf buffer of one launch, counter word included (4 KiB when absent) */
    b->printf_buffer_bytes = 4096;
    if (cJSON_GetObjectItemCaseSensitive(root, "printf_buffer_bytes") &&
        get_uint(root, "printf_buffer_bytes", 64, 1 << 30, &b->printf_buffer_bytes, err, errlen))
        return -1;
    if (b->printf_buffer_bytes % 4 || b->printf_buffer_bytes > b->global_mem_bytes / 2) {
        oclhls_errf(err, errlen, "'printf_buffer_bytes' must be a multiple of 4 and at most "
                                 "half of global_mem_bytes");
        return -1;
    }
    b->mem_width_bits = (uint32_t)width;
    b->mem_latency_cycles = (uint32_t)latency;
    b->max_work_group_size = (uint32_t)wg;
    return 0;
}

/* ---- the iCE40 members --------------------------------------------------------------- */

/* The device names nextpnr-ice40 takes as --<fpga>. */
static const char *const ice40_devices[] = {"lp384", "lp1k", "lp4k", "lp8k", "hx1k", "hx4k",
                                            "hx8k",  "up3k", "up5k", "u1k",  "u2k",  "u4k"};

/* The ECP5 devices nextpnr-ecp5 takes as --<fpga> (family "ecp5"). */
static const char *const ecp5_devices[] = {"12k", "25k", "45k", "85k", "um-25k", "um-45k",
                                           "um-85k", "um5g-25k", "um5g-45k", "um5g-85k"};

static int get_fpga(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    if (get_string(root, "fpga", b->fpga, sizeof(b->fpga), err, errlen))
        return -1;
    if (strcmp(b->family, "ecp5") == 0) {
        for (size_t i = 0; i < sizeof(ecp5_devices) / sizeof(ecp5_devices[0]); i++)
            if (strcmp(b->fpga, ecp5_devices[i]) == 0)
                return 0;
        oclhls_errf(err, errlen, "'fpga' must be an ECP5 device of nextpnr-ecp5 (85k, 25k, ...)");
        return -1;
    }
    for (size_t i = 0; i < sizeof(ice40_devices) / sizeof(ice40_devices[0]); i++)
        if (strcmp(b->fpga, ice40_devices[i]) == 0)
            return 0;
    oclhls_errf(err, errlen, "'fpga' must be an iCE40 device of nextpnr-ice40 (up5k, hx8k, ...)");
    return -1;
}

/* "pcf" (iCE40) or "lpf" (ECP5): the pin constraints, into b->pcf. */
static int get_pcf(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    const char *key = strcmp(b->family, "ecp5") ? "pcf" : "lpf";

    if (get_string(root, key, b->pcf, sizeof(b->pcf), err, errlen))
        return -1;
    if (b->pcf[0] == '/' || strstr(b->pcf, "..")) {
        oclhls_errf(err, errlen, "'%s' must be a relative path inside the data directory", key);
        return -1;
    }
    return 0;
}

/* "resources": {"lc": N, "ebr": N, "spram": N, "dsp": N}, the device's totals. */
static int get_resources(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(root, "resources");
    uint64_t lc, ebr, spram, dsp;

    if (!cJSON_IsObject(r)) {
        oclhls_errf(err, errlen,
                    "'resources' must be an object {\"lc\", \"ebr\", \"spram\", "
                    "\"dsp\"} of the device's totals");
        return -1;
    }
    if (get_uint(r, "lc", 1, 1 << 24, &lc, err, errlen) ||
        get_uint(r, "ebr", 0, 1 << 16, &ebr, err, errlen) ||
        get_uint(r, "spram", 0, 1 << 16, &spram, err, errlen) ||
        get_uint(r, "dsp", 0, 1 << 16, &dsp, err, errlen))
        return -1;
    b->resources = (struct oclhls_board_resources){(uint32_t)lc, (uint32_t)ebr, (uint32_t)spram,
                                                   (uint32_t)dsp};
    return 0;
}

/*
 * fpga, package, pcf, osc_mhz, resources: what the iCE40 flow (yosys, nextpnr-ice40) needs.
 * Required for family "ice40", and for "ecp5" (nextpnr-ecp5's device, "lpf" for "pcf",
 * resources in LUT4s, DP16KD and MULT18X18D); other families may leave them out, but what
 * is there must be valid. max_clock_mhz (optional, at least clock_mhz): the PLL may go up to it when the
 * routed design's Fmax allows. tools (optional, "system" or "yowasp"): whose yosys and
 * nextpnr the flow prefers (ice40_tools.c).
 */
static int get_ice40(const cJSON *root, struct oclhls_board *b, char *err, size_t errlen)
{
    int ecp5 = strcmp(b->family, "ecp5") == 0;
    int all = strcmp(b->family, "ice40") == 0 || ecp5;

#define WANT(key) (all || cJSON_GetObjectItemCaseSensitive(root, key))
    if ((WANT("fpga") && get_fpga(root, b, err, errlen)) ||
        (WANT("package") &&
         get_string(root, "package", b->package, sizeof(b->package), err, errlen)) ||
        (WANT(ecp5 ? "lpf" : "pcf") && get_pcf(root, b, err, errlen)) ||
        (WANT("osc_mhz") && get_number(root, "osc_mhz", 10, 133, &b->osc_mhz, err, errlen)) ||
        (WANT("resources") && get_resources(root, b, err, errlen)))
        return -1;
#undef WANT
    b->max_clock_mhz = b->clock_mhz;
    if (cJSON_GetObjectItemCaseSensitive(root, "max_clock_mhz") &&
        get_number(root, "max_clock_mhz", b->clock_mhz, 10000, &b->max_clock_mhz, err, errlen)) {
        oclhls_errf(err, errlen, "'max_clock_mhz' must be a number from clock_mhz (%g) to 10000",
                    b->clock_mhz);
        return -1;
    }
    snprintf(b->tools, sizeof(b->tools), "system");
    if (cJSON_GetObjectItemCaseSensitive(root, "tools") &&
        (get_string(root, "tools", b->tools, sizeof(b->tools), err, errlen) ||
         (strcmp(b->tools, "system") && strcmp(b->tools, "yowasp")))) {
        oclhls_errf(err, errlen, "'tools' must be \"system\" or \"yowasp\"");
        return -1;
    }
    return 0;
}

static void json_error(const cJSON *root, const char *text, size_t len, size_t at, char *err,
                       size_t errlen)
{
    if (root)
        oclhls_errf(err, errlen, "not a JSON object");
    else if (at < len) /* the text need not end in a NUL: quote at most what is there */
        oclhls_errf(err, errlen, "JSON syntax error before '%.*s'",
                    (int)(len - at < 20 ? len - at : 20), text + at);
    else
        oclhls_errf(err, errlen, "JSON syntax error: unexpected end of file");
}

int oclhls_board_parse(const char *text, size_t len, struct oclhls_board *out, char *err,
                       size_t errlen)
{
    size_t at = 0;
    cJSON *root = oclhls_json_parse(text, len, &at);
    struct oclhls_hashkey k;
    int ret = -1;

    memset(out, 0, sizeof(*out));
    if (!cJSON_IsObject(root)) {
        json_error(root, text, len, at, err, errlen);
        goto out_delete_root;
    }
    if (get_strings(root, out, err, errlen) || get_numbers(root, out, err, errlen) ||
        get_bram_shapes(root, out, err, errlen) || get_ice40(root, out, err, errlen) ||
        get_aliases(root, out, err, errlen))
        goto out_delete_root;
    oclhls_hashkey_init(&k, "board.json");
    oclhls_hashkey_add(&k, text, len);
    oclhls_hashkey_hex(&k, out->json_digest);
    ret = 0;
out_delete_root:
    cJSON_Delete(root);
    return ret;
}

static int load_board(const char *path, struct oclhls_board *b, char *err, size_t errlen)
{
    char *text, why[160];
    size_t size;
    int ret;

    if (oclhls_read_file(path, &text, &size)) {
        oclhls_errf(err, errlen, "%s: cannot read", path);
        return -1;
    }
    ret = oclhls_board_parse(text, size, b, why, sizeof(why));
    if (ret)
        oclhls_errf(err, errlen, "%s: %s", path, why);
    free(text);
    return ret;
}

/* ---- the set of boards ---------------------------------------------------------------- */

static int has_name(const struct board_set *set, const char *name)
{
    for (int i = 0; i < set->count; i++)
        if (strcmp(set->e[i].name, name) == 0)
            return 1;
    return 0;
}

static void scan_folder(struct board_set *set, const char *dir, const char *folder)
{
    struct oclhls_board *e = &set->e[set->count];
    char *path = oclhls_asprintf("%s/%s/board.json", dir, folder);
    char err[256] = "";

    if (!path)
        return;
    if (access(path, F_OK) == 0) {
        if (load_board(path, e, err, sizeof(err)) == 0 && has_name(set, e->name))
            oclhls_errf(err, sizeof(err), "%s: a board named '%s' exists already", path, e->name);
        else if (!err[0])
            set->count++;
        if (err[0] && !set->skipped[0])
            snprintf(set->skipped, sizeof(set->skipped), "%s", err);
    }
    free(path);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct oclhls_board *)a)->name, ((const struct oclhls_board *)b)->name);
}

static int visible(const struct dirent *de)
{
    return de->d_name[0] != '.';
}

/*
 * Fills set from <datadir>/board-support, folders in name order (so when two folders
 * claim one board name, the first in that order wins, whatever the file system's order).
 * 0, or -1 when out of memory.
 */
static int scan_boards(struct board_set *set)
{
    char *dir = oclhls_asprintf("%s/board-support", oclhls_datadir());
    struct dirent **names = NULL;
    int n;

    memset(set, 0, sizeof(*set));
    set->e = calloc(MAX_BOARDS, sizeof(*set->e));
    if (!dir || !set->e)
        goto out_free_dir;
    n = scandir(dir, &names, visible, alphasort);
    for (int i = 0; i < n; i++) {
        if (set->count < MAX_BOARDS)
            scan_folder(set, dir, names[i]->d_name);
        free(names[i]);
    }
    free(names);
    qsort(set->e, (size_t)set->count, sizeof(*set->e), by_name);
    free(dir);
    return 0;
out_free_dir:
    free(dir);
    free(set->e);
    set->e = NULL;
    return -1;
}

static int entry_matches(const struct oclhls_board *e, const char *name)
{
    if (strcmp(e->name, name) == 0)
        return 1;
    for (int i = 0; i < e->n_aliases; i++)
        if (strcmp(e->aliases[i], name) == 0)
            return 1;
    return 0;
}

/* "sim, icebreaker (ice40)" */
static void known_boards(const struct board_set *set, struct oclhls_strbuf *sb)
{
    for (int i = 0; i < set->count; i++) {
        const struct oclhls_board *e = &set->e[i];

        oclhls_strbuf_printf(sb, "%s%s", i ? ", " : "", e->name);
        for (int k = 0; k < e->n_aliases; k++)
            oclhls_strbuf_printf(sb, "%s%s%s", k ? ", " : " (", e->aliases[k],
                                 k + 1 == e->n_aliases ? ")" : "");
    }
}

static void unknown_board(const struct board_set *set, const char *name, char *err, size_t errlen)
{
    struct oclhls_strbuf sb = {0};

    if (set->count)
        known_boards(set, &sb);
    if (set->count)
        oclhls_errf(err, errlen, "unknown board '%s'; known: %s%s%s", name, sb.buf ? sb.buf : "",
                    set->skipped[0] ? "; skipped " : "", set->skipped);
    else
        oclhls_errf(err, errlen,
                    "unknown board '%s': no board descriptions found under %s/board-support "
                    "(set OCLHLS_DATADIR to the folder holding board-support/)%s%s",
                    name, oclhls_datadir(), set->skipped[0] ? "; skipped " : "", set->skipped);
    oclhls_strbuf_release(&sb);
}

int oclhls_board_find(const char *name, struct oclhls_board *out, char *err, size_t errlen)
{
    struct board_set set;
    int ret = -1;

    if (!name || !*name)
        name = "sim";
    if (scan_boards(&set)) {
        oclhls_errf(err, errlen, "out of memory reading board descriptions");
        return -1;
    }
    for (int i = 0; i < set.count; i++) {
        if (entry_matches(&set.e[i], name)) {
            if (out)
                *out = set.e[i];
            ret = 0;
            goto out_free_set;
        }
    }
    unknown_board(&set, name, err, errlen);
out_free_set:
    free(set.e);
    return ret;
}

int oclhls_board_list(struct oclhls_board *out, int max)
{
    struct board_set set;
    int n;

    if (scan_boards(&set))
        return 0;
    for (int i = 0; out && i < set.count && i < max; i++)
        out[i] = set.e[i];
    n = set.count;
    free(set.e);
    return n;
}
