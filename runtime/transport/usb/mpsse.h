/* SPDX-License-Identifier: MIT */
/*
 * MPSSE command streams for the FT2232H (FTDI AN_108, "Command Processor for MPSSE and MCU
 * Host Bus Emulation Modes"), with the iCEBreaker's wiring of channel A (ADBUS): the pins
 * MPSSE_PIN_* and MPSSE_DIRECTION, which the board's co-simulation shares
 * (board-support/icebreaker/cosim/usb_cosim_abi.h).
 */
#ifndef OCLHLS_MPSSE_H
#define OCLHLS_MPSSE_H

#include <stddef.h>
#include <stdint.h>

#include "usb_cosim_abi.h"

/* The AN_108 opcodes used here, each with the title of its AN_108 entry. */
enum mpsse_op {
    MPSSE_BYTES_OUT_NEG = 0x11,    /* Clock Data Bytes Out on -ve clock edge MSB first (no read) */
    MPSSE_BYTES_IO_NEG_POS = 0x31, /* Out on -ve edge, in on +ve edge (MSB first) */
    MPSSE_SET_LOW = 0x80,          /* Set Data bits LowByte: value, direction */
    MPSSE_GET_LOW = 0x81,          /* Read Data bits LowByte */
    MPSSE_LOOPBACK_OFF = 0x85,     /* Disconnect TDI to TDO for Loopback */
    MPSSE_SET_DIVISOR = 0x86,      /* Set TCK/SK Divisor: ValueL, ValueH */
    MPSSE_SEND_IMMEDIATE = 0x87,   /* Send Immediate: flush the read buffer */
    MPSSE_DIV5_OFF = 0x8A,         /* Disable Clk Divide by 5 (H chips) */
    MPSSE_3PHASE_OFF = 0x8D,       /* Disable 3 Phase Data Clocking */
    MPSSE_CLOCK_BITS = 0x8E,       /* Clock For n bits with no data transfer */
    MPSSE_CLOCK_BYTES = 0x8F,      /* Clock For n x 8 bits with no data transfer */
    MPSSE_ADAPTIVE_OFF = 0x97,     /* Turn Off Adaptive clocking */
    MPSSE_BAD_COMMAND = 0xFA,      /* Bad Command: answered, then the opcode */
};

/* The FT2232H's MPSSE master clock with the divide-by-5 off (AN_108, Disable Clk Divide by 5). */
#define MPSSE_MASTER_HZ 60000000u

/* A growing command buffer; bytes_back counts the bytes the engine will return. */
struct mpsse_buf {
    uint8_t *data;
    size_t len, cap;
    size_t bytes_back;
    int oom; /* an allocation failed: the buffer is incomplete */
};

void mpsse_buf_reset(struct mpsse_buf *b);
void mpsse_buf_free(struct mpsse_buf *b);

/* The divisor giving the fastest SCLK <= hz: SCLK = 60 MHz / (2 (1 + div)). */
uint16_t mpsse_divisor_for(uint32_t hz);
uint32_t mpsse_sclk_hz(uint16_t divisor);

/* Engine setup: 60 MHz clock, no adaptive/3-phase clocking, no loopback, divisor, pins idle
 * (SCLK low for SPI mode 0, CS_n high, CRESET_B high). */
void mpsse_setup(struct mpsse_buf *b, uint16_t divisor);

/* The ADBUS outputs; cs_n and creset_n are 0/1, SCLK and MOSI low. */
void mpsse_set_pins(struct mpsse_buf *b, int cs_n, int creset_n);

/* One full-duplex SPI transfer: n bytes out on the falling edge and in on the rising edge,
 * MSB first (SPI mode 0); returns n bytes. CS_n is left as it is. */
void mpsse_transfer(struct mpsse_buf *b, const uint8_t *out, size_t n);

/* Output only (bitstreams): no bytes come back. */
void mpsse_write_only(struct mpsse_buf *b, const uint8_t *out, size_t n);

/* n SCLK cycles without data (MOSI stays as it is). */
void mpsse_clocks(struct mpsse_buf *b, uint32_t n);

/* Reads ADBUS (1 byte back), then asks the chip to send what it has. */
void mpsse_read_pins(struct mpsse_buf *b);

/*
 * An invalid opcode, which the engine answers with 0xFA and the opcode (AN_108, Bad
 * Commands), then send immediate: reading those 2 bytes proves the command and answer
 * streams are in step (no stale bytes, the MPSSE running).
 */
#define MPSSE_SYNC_OPCODE 0xAA
void mpsse_sync(struct mpsse_buf *b);

/* One byte alone under CS_n (an SPI flash command), CRESET_B as given. */
void mpsse_lone_byte(struct mpsse_buf *b, uint8_t byte, int creset_n);

/* A whole link frame: CS_n low, transfer, CS_n high, send immediate. */
void mpsse_frame(struct mpsse_buf *b, const uint8_t *out, size_t n);

#endif
