/* SPDX-License-Identifier: MIT */
/*
 * A model of the FT2232H MPSSE engine (channel A) for co-simulation: it consumes the MPSSE
 * command stream a host would send to the chip and drives an SPI slave through callbacks,
 * one SCLK edge at a time in the slave's clock. It returns the bytes the chip would return.
 *
 * Opcodes understood (FTDI AN_108): 0x11, 0x31 (data), 0x80, 0x81 (ADBUS), 0x82, 0x83
 * (ACBUS, no pins behind them), 0x84, 0x85 (loopback), 0x86 (divisor), 0x87 (send
 * immediate), 0x8A, 0x8B (divide by 5), 0x8C, 0x8D (3-phase), 0x8E, 0x8F (clocks without
 * data), 0x96, 0x97 (adaptive clocking). Any other opcode is answered 0xFA followed by the
 * opcode, as the chip does. 3-phase and adaptive clocking and loopback are accepted but
 * not modelled (the link turns them off).
 *
 * Faults: a byte of the 0x31 data (MOSI: as sent, MISO: as returned) can be corrupted,
 * dropped or repeated at a chosen position, or at random positions from a seed.
 */
#ifndef OCLHLS_MPSSE_MODEL_H
#define OCLHLS_MPSSE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "usb_cosim_abi.h" /* struct mpsse_slave: the board behind the model */

enum mpsse_fault_dir { MPSSE_MOSI, MPSSE_MISO };
enum mpsse_fault_kind { MPSSE_CORRUPT, MPSSE_DROP, MPSSE_REPEAT };

struct mpsse_model;

/*
 * slave_clk_hz: the slave's clock. The SCLK the divisor gives must be at most a quarter of
 * it (docs/host-link-protocol.md); faster settings are counted in
 * mpsse_model_stats.too_fast and run at the limit.
 */
struct mpsse_model *mpsse_model_new(const struct mpsse_slave *slave, uint64_t slave_clk_hz);
void mpsse_model_free(struct mpsse_model *m);

/* Feeds command bytes (they may split commands anywhere). */
void mpsse_model_write(struct mpsse_model *m, const uint8_t *buf, size_t n);

/* Takes up to n returned bytes; returns how many there were. */
size_t mpsse_model_read(struct mpsse_model *m, uint8_t *buf, size_t n);

/* Lets the slave run for us microseconds with the pins unchanged. */
void mpsse_model_idle_us(struct mpsse_model *m, uint32_t us);

/* Data bytes of 0x31 commands so far in each direction: fault positions count from 0. */
uint64_t mpsse_model_bytes(const struct mpsse_model *m, enum mpsse_fault_dir dir);

/* Schedules one fault on the data byte at position (mpsse_model_bytes numbering). */
int mpsse_model_fault_at(struct mpsse_model *m, enum mpsse_fault_dir dir,
                         enum mpsse_fault_kind kind, uint64_t position);

/* Random faults: each data byte (either direction) is hit with probability 1 / one_in;
 * kind, direction and flipped bits come from seed (deterministic). one_in 0: off. */
void mpsse_model_random_faults(struct mpsse_model *m, uint64_t seed, uint32_t one_in);

struct mpsse_model_stats {
    uint64_t faults_injected;
    uint64_t bad_commands; /* opcodes answered 0xFA */
    uint64_t too_fast;     /* SCLK settings above slave_clk / 4 */
    uint64_t sclk_cycles;
};
void mpsse_model_get_stats(const struct mpsse_model *m, struct mpsse_model_stats *out);

#endif
