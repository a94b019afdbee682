/* SPDX-License-Identifier: MIT */
/*
 * The C ABI of a co-simulated board behind the usb transport: the wires between the FT2232H
 * and the FPGA, and the library that plays the board (OCLHLS_USB_COSIM=<library>[:args]).
 * The runtime's model of the MPSSE engine (runtime/transport/usb/mpsse_model.c, opened by
 * cosim_port.c) drives the pins; shell_slave.c (this folder: the iCEBreaker) and
 * tests/link/link_slave.cpp (the host link alone) are such libraries.
 *
 * The pins are channel A of the FT2232H (ADBUS) as the iCEBreaker wires them, the same as
 * icestorm's iceprog (iceprog/iceprog.c, set_cs_creset and get_cdone: CS on ADBUS4 (GPIOL0),
 * CDONE on ADBUS6 (GPIOL2), CRESET on ADBUS7 (GPIOL3), direction 0x93):
 *
 *   ADBUS0 SCLK (out)  ADBUS1 MOSI (out)  ADBUS2 MISO (in)  ADBUS4 CS_n (out)
 *   ADBUS6 CDONE (in)  ADBUS7 CRESET_B (out)
 *
 * The runtime's MPSSE command streams (runtime/transport/usb/mpsse.h) set the same pins on a
 * board on USB.
 */
#ifndef OCLHLS_USB_COSIM_ABI_H
#define OCLHLS_USB_COSIM_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MPSSE_PIN_SCLK 0x01
#define MPSSE_PIN_MOSI 0x02
#define MPSSE_PIN_MISO 0x04
#define MPSSE_PIN_CS_N 0x10
#define MPSSE_PIN_CDONE 0x40
#define MPSSE_PIN_CRESET_N 0x80
#define MPSSE_DIRECTION 0x93 /* SCLK, MOSI, CS_n, CRESET_B are outputs */

/* The SPI slave (and the other ADBUS pins) behind the MPSSE model. */
struct mpsse_slave {
    void *ctx;
    void (*set_pins)(void *ctx, int sclk, int mosi, int cs_n);
    void (*step)(void *ctx, uint32_t clk_cycles); /* advance the slave's clock */
    int (*get_miso)(void *ctx);
    /* Optional: the whole ADBUS output byte (CRESET_B on bit 7) and its inputs (CDONE on
     * bit 6). NULL: no such pins. */
    void (*set_gpio)(void *ctx, uint8_t value, uint8_t direction);
    uint8_t (*get_gpio)(void *ctx);
};

/*
 * What the library exports; cosim_port.c looks them up by name.
 *
 * open: fills *slave and the slave's clock (the MPSSE model counts SCLK edges in it); args
 * is what follows the ':' of OCLHLS_USB_COSIM ("" when nothing does). 0, or -1 when the
 * slave cannot start. close: ends it (ctx: slave->ctx). unplugged (optional): nonzero once
 * the board was pulled from USB; from then on every port call fails.
 */
int oclhls_usb_cosim_open(const char *args, struct mpsse_slave *slave, uint64_t *slave_clk_hz);
void oclhls_usb_cosim_close(void *ctx);
int oclhls_usb_cosim_unplugged(void *ctx);

#ifdef __cplusplus
}
#endif

#endif
