/* SPDX-License-Identifier: MIT */
#include "json.h"

#include <pthread.h>

static pthread_mutex_t parse_lock = PTHREAD_MUTEX_INITIALIZER;

cJSON *oclhls_json_parse(const char *text, size_t len, size_t *error_at)
{
    const char *end = NULL;

    pthread_mutex_lock(&parse_lock);
    cJSON *root = text ? cJSON_ParseWithLengthOpts(text, len, &end, 0) : NULL;
    if (!root && error_at) {
        const char *at = cJSON_GetErrorPtr(); /* read under the lock, as it was written */
        *error_at = text && at && at >= text && at <= text + len ? (size_t)(at - text) : len;
    }
    pthread_mutex_unlock(&parse_lock);
    return root;
}
