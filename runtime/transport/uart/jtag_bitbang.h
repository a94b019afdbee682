/* SPDX-License-Identifier: MIT */
/*
 * JTAG through the FT231X's synchronous bit-bang mode, with the ULX3S's wiring: the chip's
 * modem-control pins drive the ECP5's JTAG port. Bit-bang bit n of a byte is the pin
 * (openFPGALoader's pin table for ft231X: TXD 0, RXD 1, RTS 2, CTS 3, DTR 4, DSR 5, DCD 6,
 * RI 7), and the ULX3S connects TCK to DSR, TMS to DCD, TDI to RI and TDO to CTS (the
 * board's OpenOCD probe configuration, ft232r_tck_num DSR, _tms_num DCD, _tdi_num RI,
 * _tdo_num CTS).
 *
 * One TCK cycle is two bytes: TCK low with TMS and TDI set, then TCK high (the TAP samples
 * TMS and TDI on the rising edge). In synchronous bit-bang the chip returns one byte per
 * byte written, the pins as they were before that byte was applied, so the byte returned
 * for the TCK-high byte holds TDO as the TAP drove it after the previous falling edge.
 *
 * The TAP's states and transitions are IEEE 1149.1's (its TAP controller state diagram);
 * jtag_next is shared with the model of the ECP5's TAP (jtag_model.c).
 */
#ifndef OCLHLS_JTAG_BITBANG_H
#define OCLHLS_JTAG_BITBANG_H

#include <stddef.h>
#include <stdint.h>

#define ULX3S_JTAG_TDO 0x08 /* CTS (D3): input */
#define ULX3S_JTAG_TCK 0x20 /* DSR (D5) */
#define ULX3S_JTAG_TMS 0x40 /* DCD (D6) */
#define ULX3S_JTAG_TDI 0x80 /* RI (D7) */
#define ULX3S_JTAG_OUTPUTS (ULX3S_JTAG_TCK | ULX3S_JTAG_TMS | ULX3S_JTAG_TDI)

enum jtag_state {
    JTAG_RESET, /* Test-Logic-Reset */
    JTAG_IDLE,  /* Run-Test/Idle */
    JTAG_SELECT_DR,
    JTAG_CAPTURE_DR,
    JTAG_SHIFT_DR,
    JTAG_EXIT1_DR,
    JTAG_PAUSE_DR,
    JTAG_EXIT2_DR,
    JTAG_UPDATE_DR,
    JTAG_SELECT_IR,
    JTAG_CAPTURE_IR,
    JTAG_SHIFT_IR,
    JTAG_EXIT1_IR,
    JTAG_PAUSE_IR,
    JTAG_EXIT2_IR,
    JTAG_UPDATE_IR,
};

/* The state after one TCK rising edge with this TMS. */
enum jtag_state jtag_next(enum jtag_state s, int tms);
const char *jtag_state_name(enum jtag_state s);

/* A growing bit-bang byte stream and the TAP state it leaves the device in. */
struct jtag_buf {
    uint8_t *data;
    size_t len, cap;
    int oom;
    enum jtag_state state;
};

void jtag_buf_reset(struct jtag_buf *b); /* empties it; the state stays */
void jtag_buf_free(struct jtag_buf *b);

/* One TCK cycle. */
void jtag_clock(struct jtag_buf *b, int tms, int tdi);

/* Five clocks with TMS high (Test-Logic-Reset from any state), then Run-Test/Idle. */
void jtag_reset(struct jtag_buf *b);

/* n clocks in Run-Test/Idle (the device must be there). */
void jtag_idle(struct jtag_buf *b, uint32_t n);

/*
 * From Run-Test/Idle: to Shift-IR (ir = 1) or Shift-DR, shift nbits of out (bit i is
 * out[i / 8] >> (i % 8): first out), the last with TMS high, then Update and back to
 * Run-Test/Idle. out NULL shifts zeros. *tdo_at (when not NULL) gets the index in data of
 * the byte whose read-back holds the first bit's TDO; bit i's is at *tdo_at + 2 i.
 */
void jtag_shift(struct jtag_buf *b, int ir, const uint8_t *out, size_t nbits, size_t *tdo_at);

/*
 * For long data registers, in pieces: jtag_shift_begin goes from Run-Test/Idle to Shift-DR;
 * jtag_shift_bits shifts bytes MSB first (the ECP5's bitstream order) and, when last,
 * leaves Shift-DR with the last bit and returns to Run-Test/Idle.
 */
void jtag_shift_begin(struct jtag_buf *b);
void jtag_shift_bytes_msb(struct jtag_buf *b, const uint8_t *bytes, size_t n, int last);

/* The TDO bits of a shift read back from the chip: nbits from rx[tdo_at], every other byte. */
void jtag_tdo_bits(const uint8_t *rx, size_t tdo_at, size_t nbits, uint8_t *out);

#endif
