/* SPDX-License-Identifier: MIT */
/*
 * A model of the ULX3S's JTAG path for tests: the FT231X in synchronous bit-bang (one byte
 * back per byte written: the pins before the byte is applied) wired as jtag_bitbang.h says,
 * and the ECP5's TAP (IEEE 1149.1: the state machine, an 8-bit instruction register whose
 * Capture-IR loads ...01) with the configuration logic of ecp5_jtag.h's instructions:
 * READ_ID returns the IDCODE, LSC_READ_STATUS the status word, ISC_ENABLE / ISC_ERASE /
 * ISC_DISABLE take effect at Update-DR or Update-IR as the sequence gives them, and
 * LSC_BITSTREAM_BURST collects the bytes shifted in (MSB first). TDO changes on TCK's
 * falling edge. The model checks the order: a burst without ISC_ENABLE and ISC_ERASE
 * before it, an erase without ISC_ENABLE, an unknown instruction, or TMS or TDI changing
 * in the same byte as TCK rises, is a violation. At ISC_DISABLE the device is DONE when the
 * burst held an ECP5 bitstream: the preamble FF FF BD B3 (TN1260) after its header.
 *
 * The SPI flash (spi_flash_model.h, 16 MiB) behind LSC_PROG_SPI (0x3A): the instruction's
 * first data register must be 16 bits 0x68FE (ecp5_flash.h says where these come from);
 * then every Shift-DR is one SPI instruction, chip select low from entering Shift-DR to
 * leaving it, TDI on MOSI at TCK's rising edge, MISO on TDO from the falling edge. Another
 * instruction ends the pass-through. LSC_REFRESH (0x79) configures the device from the
 * flash: DONE when it holds an ECP5 bitstream's preamble in its first 4 KiB.
 */
#ifndef OCLHLS_JTAG_MODEL_H
#define OCLHLS_JTAG_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "transport/usb/usb_port.h"

struct jtag_model;

struct jtag_model_stats {
    uint32_t violations;
    char last_violation[160];
    uint8_t instructions[64]; /* instructions made current (Update-IR), in order */
    unsigned n_instructions;
    uint64_t tck_cycles;
    int done, isc_enabled;
    uint32_t spi_entered, refreshes; /* LSC_PROG_SPI and LSC_REFRESH instructions */
};

struct spi_flash_model;

struct jtag_model *jtag_model_new(uint32_t idcode);
void jtag_model_free(struct jtag_model *m);

/* The bytes the burst received (valid until the model is freed). */
const uint8_t *jtag_model_bitstream(const struct jtag_model *m, size_t *len);
void jtag_model_get_stats(const struct jtag_model *m, struct jtag_model_stats *st);
/* The SPI flash (owned by the model). */
struct spi_flash_model *jtag_model_flash(struct jtag_model *m);

/* A port on the model (usb_link_port: write, read exactly what came back, delay, close);
 * closing the port frees the model. */
void jtag_model_port(struct jtag_model *m, struct usb_link_port *port);

#endif
