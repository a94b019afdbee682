/* SPDX-License-Identifier: MIT */
#include "link_frame.h"

uint16_t link_crc16(uint16_t crc, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint16_t)(p[i] << 8);
        for (int bit = 0; bit < 8; bit++)
            crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    }
    return crc;
}

int link_cmd_writes(enum link_cmd cmd)
{
    return cmd == LINK_MEM_WRITE || cmd == LINK_CSR_WRITE;
}

const char *link_cmd_name(enum link_cmd cmd)
{
    switch (cmd) {
    case LINK_MEM_WRITE:
        return "MEM_WRITE";
    case LINK_MEM_READ:
        return "MEM_READ";
    case LINK_CSR_WRITE:
        return "CSR_WRITE";
    case LINK_CSR_READ:
        return "CSR_READ";
    case LINK_POLL:
        return "POLL";
    }
    return "?";
}

static void put_crc(uint8_t *p, uint16_t crc)
{
    p[0] = (uint8_t)(crc >> 8);
    p[1] = (uint8_t)crc;
}

size_t link_encode(uint8_t *out, enum link_cmd cmd, uint8_t seq, uint32_t addr, const uint8_t *data,
                   size_t n)
{
    uint16_t crc;
    size_t len = LINK_HEADER_BYTES;

    out[0] = (uint8_t)cmd;
    out[1] = seq;
    out[2] = (uint8_t)(addr >> 24);
    out[3] = (uint8_t)(addr >> 16);
    out[4] = (uint8_t)(addr >> 8);
    out[5] = (uint8_t)addr;
    out[6] = (uint8_t)(n - 1);
    crc = link_crc16(0xFFFF, out, 7);
    put_crc(out + 7, crc);
    if (link_cmd_writes(cmd)) {
        /* FCRC continues over the payload from the CRC of bytes 0-6 (HCRC not included) */
        for (size_t i = 0; i < n; i++)
            out[len++] = data[i];
        crc = link_crc16(crc, data, n);
        put_crc(out + len, crc);
        len += 2;
    }
    return len;
}

size_t link_answer_data_len(enum link_cmd cmd, size_t n)
{
    switch (cmd) {
    case LINK_MEM_READ:
        return n;
    case LINK_CSR_READ:
        return 4;
    case LINK_POLL:
        return LINK_POLL_BYTES;
    default:
        return 0;
    }
}

static int is_status(int b)
{
    return b == LINK_ST_OK || b == LINK_ST_OK_DUP || b == LINK_ST_BUSY || b == LINK_ST_CRC_ERR ||
           b == LINK_ST_BAD_CMD;
}

enum link_parse link_parse_answer(const uint8_t *miso, size_t n, uint8_t seq, size_t data_len,
                                  int *status, uint8_t *data)
{
    size_t at = LINK_HEADER_BYTES, body;
    uint16_t crc;

    while (at < n && miso[at] == LINK_IDLE_BYTE)
        at++;
    if (at >= n) /* also when fewer bytes than the header's slots were clocked */
        return LINK_PARSE_NONE;
    if (!is_status(miso[at]))
        return LINK_PARSE_BAD_CODE;
    /* only an OK answer carries data; a corrupted status is caught by the CRC below */
    body = 2 + (miso[at] == LINK_ST_OK ? data_len : 0);
    if (n - at < body + 2)
        return LINK_PARSE_SHORT;
    crc = link_crc16(0xFFFF, miso + at, body);
    if (miso[at + body] != (uint8_t)(crc >> 8) || miso[at + body + 1] != (uint8_t)crc)
        return LINK_PARSE_BAD_CRC;
    if (miso[at + 1] != seq)
        return LINK_PARSE_BAD_SEQ;
    *status = miso[at];
    for (size_t i = 0; i + 2 < body; i++)
        data[i] = miso[at + 2 + i];
    return LINK_PARSE_OK;
}
