/* SPDX-License-Identifier: MIT */
/*
 * The program file's printf call sites (runtime/core/meta_printf.c), as the runtime checks
 * them when it takes a program: a good table parses into sites whose record sizes add up;
 * each wrong field is refused with a message naming it, never taken.
 */
#include "test_util.h" /* first: it defines _GNU_SOURCE */

#include <cjson/cJSON.h>

#include "core/meta_printf.h"

/* Parses the meta root text; 0 or -1, the message in err. */
static int parse(const char *json, struct oclhls_printf_table *t, char *err, size_t errlen)
{
    cJSON *root = cJSON_Parse(json);
    memset(t, 0, sizeof(*t));
    err[0] = '\0';
    int rc = root ? oclhls_meta_parse_printf(root, t, err, errlen) : -2;
    cJSON_Delete(root);
    return rc;
}

static void refused(const char *json, const char *want)
{
    struct oclhls_printf_table t;
    char err[256];
    int rc = parse(json, &t, err, sizeof(err));
    CHECK(rc == -1 && strstr(err, want), "refused with \"%s\" (got %d, \"%s\")", want, rc, err);
    oclhls_meta_free_printf(&t);
}

#define SITE(fmt, args) "{\"format\": \"" fmt "\", \"line\": 3, \"args\": [" args "]}"
#define TABLE(bytes, sites) "{\"printf_buffer_bytes\": " bytes ", \"printf\": [" sites "]}"
#define INT "{\"type\": \"int32\", \"lanes\": 1}"

int main(void)
{
    struct oclhls_printf_table t;
    char err[256];

    CHECK(parse("{}", &t, err, sizeof(err)) == 0 && t.num_sites == 0, "no printf: an empty table");
    oclhls_meta_free_printf(&t);
    int rc =
        parse(TABLE("4096", SITE("%d %s %v4hlf %ld\\\\n",
                                 INT ", {\"type\": \"string\", \"lanes\": 1, \"value\": \"x\"},"
                                     " {\"type\": \"float\", \"lanes\": 4},"
                                     " {\"type\": \"int64\", \"lanes\": 1}") "," SITE("plain", "")),
              &t, err, sizeof(err));
    CHECK(rc == 0 && t.num_sites == 2 && t.buffer_bytes == 4096, "a good table parses (%s)", err);
    CHECK(rc == 0 && t.sites[0].words == 1 + 0 + 4 + 2 && t.sites[1].words == 0,
          "record words: int 1, string 0, float4 4, long 2");
    CHECK(rc == 0 && t.sites[0].line == 3 && !strcmp(t.sites[0].args[1].string, "x"),
          "line and string literal kept");
    oclhls_meta_free_printf(&t);

    rc = parse(TABLE("64", SITE("%s", "{\"type\": \"string\", \"lanes\": 1, \"values\": "
                                      "[\"yes\", \"no\"]}")),
               &t, err, sizeof(err));
    CHECK(rc == 0 && t.sites[0].words == 1 && t.sites[0].args[0].nchoices == 2 &&
              !strcmp(t.sites[0].args[0].choices[1], "no"),
          "a string chosen at run time: its literals, one word (%s)", err);
    oclhls_meta_free_printf(&t);
    refused(TABLE("64", SITE("%s", "{\"type\": \"string\", \"lanes\": 1, \"values\": [\"a\"]}")),
            "2 or more choices");
    refused(TABLE("64", SITE("%s", "{\"type\": \"string\", \"lanes\": 1, \"values\": [\"a\", 3]}")),
            "non-string");
    refused(TABLE("64", SITE("%s", "{\"type\": \"string\", \"lanes\": 1, \"value\": \"a\", "
                                   "\"values\": [\"a\", \"b\"]}")),
            "\"values\"");
    refused("{\"printf\": []}", "printf_buffer_bytes");
    refused(TABLE("4098", SITE("%d", INT)), "printf_buffer_bytes");
    refused(TABLE("32", SITE("%d", INT)), "printf_buffer_bytes");
    refused("{\"printf_buffer_bytes\": 4096, \"printf\": 7}", "\"printf\" is not an array");
    refused(TABLE("4096", "{\"line\": 1, \"args\": []}"), "no \"format\"");
    /* a line far out of range was cast to unsigned (undefined; found by fuzz.oclbin) */
    refused(TABLE("4096", "{\"format\": \"\", \"line\": 1e300, \"args\": []}"),
            "\"line\" is not a line number");
    refused(TABLE("4096", "{\"format\": \"\", \"line\": 2.5, \"args\": []}"),
            "\"line\" is not a line number");
    refused(TABLE("4096", SITE("%d", "{\"type\": \"int128\", \"lanes\": 1}")), "\"type\"");
    refused(TABLE("4096", SITE("%d", "{\"type\": \"int32\", \"lanes\": 5}")), "\"lanes\"");
    refused(TABLE("4096", SITE("%s", "{\"type\": \"string\", \"lanes\": 1}")), "\"value\"");
    refused(TABLE("4096", SITE("%d", "{\"type\": \"int32\", \"lanes\": 1, \"value\": \"v\"}")),
            "\"value\"");
    refused(TABLE("4096", SITE("%f", INT)), "printf site 0 (line 3): conversion 1 (%f)");
    refused(TABLE("4096", SITE("%d %d", INT)), "has no argument");
    /* 33 long16 arguments: 1,056 words, more than a record may have */
    char big[4096] = "{\"printf_buffer_bytes\": 4096, \"printf\": [{\"format\": \"\", \"args\": [";
    for (int a = 0; a < 33; a++)
        strcat(big, a ? ", {\"type\": \"int64\", \"lanes\": 16}"
                      : "{\"type\": \"int64\", \"lanes\": 16}");
    strcat(big, "]}]}");
    refused(big, "1056 argument words: at most 1024");
    return test_result();
}
