/* SPDX-License-Identifier: MIT */
/*
 * Frames of the SPI host link (docs/host-link-protocol.md): the CRC, request encoding and
 * answer parsing. Pure functions, no I/O.
 */
#ifndef OCLHLS_LINK_FRAME_H
#define OCLHLS_LINK_FRAME_H

#include <stddef.h>
#include <stdint.h>

enum link_cmd {
    LINK_MEM_WRITE = 0x01,
    LINK_MEM_READ = 0x02,
    LINK_CSR_WRITE = 0x03,
    LINK_CSR_READ = 0x04,
    LINK_POLL = 0x05,
};

enum link_status {
    LINK_ST_OK = 0xA0,
    LINK_ST_OK_DUP = 0xA1,
    LINK_ST_BUSY = 0xB0,
    LINK_ST_CRC_ERR = 0xE0,
    LINK_ST_BAD_CMD = 0xE1,
};

#define LINK_HEADER_BYTES 9 /* CMD SEQ ADDR[4] LEN HCRC[2] */
#define LINK_MAX_DATA 256   /* payload or answer data bytes per frame */
#define LINK_POLL_BYTES 8   /* POLL answer data */
#define LINK_IDLE_BYTE 0xFF /* MISO while the device has nothing to say */
/* The SPI flash sharing the wires must sleep (JEDEC Deep Power-Down); see ice40_prog.h. */
#define LINK_FLASH_DEEP_POWER_DOWN 0xB9
#define LINK_MAX_FRAME (LINK_HEADER_BYTES + LINK_MAX_DATA + 2)

/* CRC-16/CCITT-FALSE (poly 0x1021, init crc = 0xFFFF, MSB first, no final xor). */
uint16_t link_crc16(uint16_t crc, const uint8_t *p, size_t n);

/* 1 if cmd carries a payload (MEM_WRITE, CSR_WRITE). */
int link_cmd_writes(enum link_cmd cmd);

/* "MEM_WRITE", ... for messages. */
const char *link_cmd_name(enum link_cmd cmd);

/*
 * Encodes a request into out (LINK_MAX_FRAME bytes). n = payload bytes (writes) or answer
 * data bytes (reads), 1..256; data = the payload (writes only). Returns the frame length.
 */
size_t link_encode(uint8_t *out, enum link_cmd cmd, uint8_t seq, uint32_t addr, const uint8_t *data,
                   size_t n);

/* Answer data bytes a command returns with OK: MEM_READ n, CSR_READ 4, POLL 8, writes 0. */
size_t link_answer_data_len(enum link_cmd cmd, size_t n);

enum link_parse {
    LINK_PARSE_OK,       /* *status and (for OK reads) data are valid */
    LINK_PARSE_NONE,     /* only idle bytes: no answer */
    LINK_PARSE_SHORT,    /* the answer was cut off by the end of the clocked bytes */
    LINK_PARSE_BAD_SEQ,  /* the answer carries another sequence number */
    LINK_PARSE_BAD_CRC,  /* RCRC mismatch (a corrupted answer) */
    LINK_PARSE_BAD_CODE, /* the first non-idle byte is no status code */
};

/*
 * Parses the MISO bytes of one exchange, miso[0] being the slot of request byte 0. The
 * answer is the first byte != 0xFF from slot LINK_HEADER_BYTES on. data_len = the data an
 * OK answer carries (link_answer_data_len); data receives it. Reads only miso[0..n-1], for
 * any n (the bytes are the board's: tests/fuzz feeds it any).
 */
enum link_parse link_parse_answer(const uint8_t *miso, size_t n, uint8_t seq, size_t data_len,
                                  int *status, uint8_t *data);

#endif
