/* SPDX-License-Identifier: MIT */
#include "uart_model.h"

#include <stdlib.h>
#include <string.h>

/* Quiet byte times after which uart_model_read stops waiting. */
#define QUIET_BYTES 4u

struct uart_model {
    struct uart_slave s;
    uint32_t cpb;
    /* receiver of the slave's tx */
    int rx_busy, rx_bit;
    uint32_t rx_cnt;
    uint8_t rx_sh;
    uint8_t *q;
    size_t qhead, qlen, qcap;
    uint64_t last_activity; /* cycle of the last start bit seen */
    /* faults */
    uint64_t rng;
    uint32_t one_in;
    struct uart_model_stats st;
};

static uint64_t next_rand(struct uart_model *m)
{
    /* xorshift64*: reproducible faults from a seed */
    m->rng ^= m->rng >> 12;
    m->rng ^= m->rng << 25;
    m->rng ^= m->rng >> 27;
    return m->rng * 2685821657736338717ull;
}

/* 0 none, 1 corrupt, 2 drop */
static int fault(struct uart_model *m)
{
    if (!m->one_in || next_rand(m) % m->one_in)
        return 0;
    return 1 + (int)(next_rand(m) & 1);
}

static uint8_t flip(struct uart_model *m)
{
    uint8_t x = (uint8_t)(next_rand(m) >> 24);

    return x ? x : 0x08;
}

static void push(struct uart_model *m, uint8_t b)
{
    int f = fault(m);

    m->st.bytes_in++;
    if (f == 2) {
        m->st.drop_in++;
        return;
    }
    if (f == 1) {
        m->st.corrupt_in++;
        b ^= flip(m);
    }
    if (m->qhead + m->qlen == m->qcap) {
        if (m->qhead) {
            memmove(m->q, m->q + m->qhead, m->qlen);
            m->qhead = 0;
        } else {
            size_t cap = m->qcap ? 2 * m->qcap : 4096;
            uint8_t *p = realloc(m->q, cap);
            if (!p)
                return; /* out of memory: the byte is lost, as on a bad line */
            m->q = p;
            m->qcap = cap;
        }
    }
    m->q[m->qhead + m->qlen++] = b;
}

/* One slave clock, then the slave's tx sampled (start bit found, bits in their middle). */
static void tick(struct uart_model *m)
{
    int tx;

    m->s.step(m->s.ctx, 1);
    m->st.cycles++;
    tx = m->s.get_tx(m->s.ctx);
    if (!m->rx_busy) {
        if (!tx) {
            m->rx_busy = 1;
            m->rx_bit = 0;
            m->rx_cnt = m->cpb / 2;
            m->last_activity = m->st.cycles;
        }
        return;
    }
    if (--m->rx_cnt)
        return;
    m->rx_cnt = m->cpb;
    if (m->rx_bit == 0) {
        if (tx)
            m->rx_busy = 0; /* a glitch */
    } else if (m->rx_bit <= 8) {
        m->rx_sh = (uint8_t)(m->rx_sh >> 1 | (tx ? 0x80 : 0));
    } else {
        m->rx_busy = 0;
        if (tx)
            push(m, m->rx_sh);
        else
            m->st.framing_errors++;
        m->last_activity = m->st.cycles;
        return;
    }
    m->rx_bit++;
}

static void send_byte(struct uart_model *m, uint8_t b)
{
    for (int bit = 0; bit < 10; bit++) {
        int level = bit == 0 ? 0 : bit == 9 ? 1 : (b >> (bit - 1)) & 1; /* LSB first */
        m->s.set_rx(m->s.ctx, level);
        for (uint32_t i = 0; i < m->cpb; i++)
            tick(m);
    }
}

struct uart_model *uart_model_new(const struct uart_slave *slave, uint32_t clks_per_bit)
{
    struct uart_model *m = calloc(1, sizeof(*m));

    if (!m)
        return NULL;
    m->s = *slave;
    m->cpb = clks_per_bit < 2 ? 2 : clks_per_bit;
    m->s.set_rx(m->s.ctx, 1);
    return m;
}

void uart_model_free(struct uart_model *m)
{
    if (!m)
        return;
    free(m->q);
    free(m);
}

void uart_model_write(struct uart_model *m, const uint8_t *buf, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t b = buf[i];
        int f = fault(m);

        m->st.bytes_out++;
        if (f == 2) {
            m->st.drop_out++;
            continue;
        }
        if (f == 1) {
            m->st.corrupt_out++;
            b ^= flip(m);
        }
        send_byte(m, b);
    }
    m->s.set_rx(m->s.ctx, 1);
}

size_t uart_model_read(struct uart_model *m, uint8_t *buf, size_t n)
{
    uint64_t quiet = (uint64_t)QUIET_BYTES * 10 * m->cpb;
    size_t got;

    while (m->qlen < n && (m->rx_busy || m->st.cycles - m->last_activity < quiet))
        tick(m);
    got = m->qlen < n ? m->qlen : n;
    memcpy(buf, m->q + m->qhead, got);
    m->qhead += got;
    m->qlen -= got;
    return got;
}

void uart_model_discard(struct uart_model *m)
{
    m->qhead = m->qlen = 0;
}

void uart_model_idle_us(struct uart_model *m, uint64_t clk_hz, uint32_t us)
{
    uint64_t n = clk_hz / 1000000u * us;

    while (n--)
        tick(m);
}

void uart_model_random_faults(struct uart_model *m, uint64_t seed, uint32_t one_in)
{
    m->rng = seed ? seed : 1;
    m->one_in = one_in;
}

void uart_model_get_stats(const struct uart_model *m, struct uart_model_stats *st)
{
    *st = m->st;
}
