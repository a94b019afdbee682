/* SPDX-License-Identifier: MIT */
#include "mpsse_model.h"

#include <stdlib.h>
#include <string.h>

#include "mpsse.h"

#define MAX_SCHEDULED 64

struct scheduled_fault {
    enum mpsse_fault_dir dir;
    enum mpsse_fault_kind kind;
    uint64_t position;
    int used;
};

struct byte_queue {
    uint8_t *data;
    size_t head, len, cap;
};

struct mpsse_model {
    struct mpsse_slave slave;
    uint64_t slave_clk_hz;
    uint8_t low_value, low_dir; /* ADBUS as last set */
    uint16_t divisor;
    int div5; /* the chip starts with the divide-by-5 on (12 MHz master clock) */
    uint32_t half;
    struct byte_queue in, out; /* unparsed commands; bytes for the host */
    uint64_t count[2];         /* data bytes seen, per mpsse_fault_dir */
    struct scheduled_fault sched[MAX_SCHEDULED];
    uint64_t rng;
    uint32_t one_in;
    struct mpsse_model_stats stats;
};

static void queue_push(struct byte_queue *q, const uint8_t *p, size_t n)
{
    if (q->head && q->head == q->len)
        q->head = q->len = 0;
    if (q->len + n > q->cap) {
        size_t cap = q->cap ? q->cap : 1024;
        uint8_t *d;

        while (cap < q->len + n)
            cap *= 2;
        d = realloc(q->data, cap);
        if (!d)
            abort(); /* a test model: out of memory is fatal */
        q->data = d;
        q->cap = cap;
    }
    memcpy(q->data + q->len, p, n);
    q->len += n;
}

static void queue_drop(struct byte_queue *q, size_t n)
{
    q->head += n;
    if (q->head == q->len)
        q->head = q->len = 0;
}

static void update_half(struct mpsse_model *m)
{
    uint64_t master = m->div5 ? MPSSE_MASTER_HZ / 5 : MPSSE_MASTER_HZ;
    /* half an SCLK period = (1 + div) master cycles (AN_108 divisor formula) */
    uint64_t half = m->slave_clk_hz * (1u + m->divisor) / master;

    if (half < 2) {
        m->stats.too_fast++;
        half = 2;
    }
    m->half = (uint32_t)half;
}

struct mpsse_model *mpsse_model_new(const struct mpsse_slave *slave, uint64_t slave_clk_hz)
{
    struct mpsse_model *m = calloc(1, sizeof(*m));

    if (!m)
        return NULL;
    m->slave = *slave;
    m->slave_clk_hz = slave_clk_hz;
    m->div5 = 1;
    m->divisor = 0xFFFF;
    m->low_value = MPSSE_PIN_CS_N | MPSSE_PIN_CRESET_N;
    update_half(m);
    m->slave.set_pins(m->slave.ctx, 0, 0, 1);
    return m;
}

void mpsse_model_free(struct mpsse_model *m)
{
    if (!m)
        return;
    free(m->in.data);
    free(m->out.data);
    free(m);
}

static uint64_t next_rand(struct mpsse_model *m)
{
    /* xorshift64*: deterministic for a seed */
    m->rng ^= m->rng >> 12;
    m->rng ^= m->rng << 25;
    m->rng ^= m->rng >> 27;
    return m->rng * 2685821657736338717ull;
}

/* The fault (if any) on the next data byte of direction dir; -1 for none. */
static int take_fault(struct mpsse_model *m, enum mpsse_fault_dir dir)
{
    uint64_t pos = m->count[dir]++;

    for (int i = 0; i < MAX_SCHEDULED; i++) {
        struct scheduled_fault *f = &m->sched[i];
        if (f->used && f->dir == dir && f->position == pos) {
            f->used = 0;
            m->stats.faults_injected++;
            return (int)f->kind;
        }
    }
    if (m->one_in && next_rand(m) % m->one_in == 0) {
        m->stats.faults_injected++;
        return (int)(next_rand(m) % 3);
    }
    return -1;
}

static uint8_t flip_mask(struct mpsse_model *m)
{
    uint8_t mask = (uint8_t)(m->one_in ? next_rand(m) : 0x10);
    return mask ? mask : 0x01;
}

static void drive(struct mpsse_model *m)
{
    m->slave.set_pins(m->slave.ctx, m->low_value & MPSSE_PIN_SCLK ? 1 : 0,
                      m->low_value & MPSSE_PIN_MOSI ? 1 : 0, m->low_value & MPSSE_PIN_CS_N ? 1 : 0);
}

static void set_bit(struct mpsse_model *m, uint8_t pin, int v)
{
    m->low_value = v ? (uint8_t)(m->low_value | pin) : (uint8_t)(m->low_value & ~pin);
}

/* One SCLK cycle in SPI mode 0 (out on the falling edge, in on the rising edge). */
static int clock_bit(struct mpsse_model *m, int mosi)
{
    int miso;

    set_bit(m, MPSSE_PIN_SCLK, 0);
    set_bit(m, MPSSE_PIN_MOSI, mosi);
    drive(m);
    m->slave.step(m->slave.ctx, m->half);
    miso = m->slave.get_miso(m->slave.ctx) ? 1 : 0;
    set_bit(m, MPSSE_PIN_SCLK, 1);
    drive(m);
    m->slave.step(m->slave.ctx, m->half);
    m->stats.sclk_cycles++;
    return miso;
}

/* SCLK back to idle low, held for half a period. */
static void clock_idle(struct mpsse_model *m)
{
    set_bit(m, MPSSE_PIN_SCLK, 0);
    drive(m);
    m->slave.step(m->slave.ctx, m->half);
}

static uint8_t shift_byte(struct mpsse_model *m, uint8_t out)
{
    uint8_t in = 0;

    for (int bit = 7; bit >= 0; bit--)
        in = (uint8_t)(in << 1 | clock_bit(m, out >> bit & 1));
    return in;
}

static void bytes_io(struct mpsse_model *m, const uint8_t *data, size_t n)
{
    uint8_t *rx = malloc(n), *ret = malloc(n);
    size_t k = 0;

    if (!rx || !ret)
        abort();
    for (size_t i = 0; i < n; i++) {
        int f = take_fault(m, MPSSE_MOSI);
        uint8_t b = data[i];

        if (f == MPSSE_CORRUPT)
            b ^= flip_mask(m);
        if (f == MPSSE_DROP) { /* never reaches the pins; nothing comes back for it */
            rx[i] = 0xFF;
            continue;
        }
        rx[i] = shift_byte(m, b);
        if (f == MPSSE_REPEAT) /* clocked twice; the second MISO byte is lost */
            (void)shift_byte(m, b);
    }
    clock_idle(m);
    /* MISO faults: the host sees the returned bytes changed, one missing (the transfer
     * still returns n bytes: 0xFF at its end) or one twice (the last one falls off) */
    for (size_t i = 0; i < n && k < n; i++) {
        int f = take_fault(m, MPSSE_MISO);

        if (f == MPSSE_DROP)
            continue;
        ret[k++] = f == MPSSE_CORRUPT ? (uint8_t)(rx[i] ^ flip_mask(m)) : rx[i];
        if (f == MPSSE_REPEAT && k < n)
            ret[k++] = rx[i];
    }
    while (k < n)
        ret[k++] = 0xFF;
    queue_push(&m->out, ret, n);
    free(rx);
    free(ret);
}

static void bytes_out(struct mpsse_model *m, const uint8_t *data, size_t n)
{
    for (size_t i = 0; i < n; i++)
        (void)shift_byte(m, data[i]);
    clock_idle(m);
}

static void clocks(struct mpsse_model *m, uint64_t n)
{
    int mosi = m->low_value & MPSSE_PIN_MOSI ? 1 : 0;

    while (n--)
        (void)clock_bit(m, mosi);
    clock_idle(m);
}

static void set_low(struct mpsse_model *m, uint8_t value, uint8_t dir)
{
    m->low_value = value;
    m->low_dir = dir;
    drive(m);
    if (m->slave.set_gpio)
        m->slave.set_gpio(m->slave.ctx, value, dir);
    m->slave.step(m->slave.ctx, m->half);
}

static uint8_t get_low(struct mpsse_model *m)
{
    uint8_t in = m->slave.get_gpio ? m->slave.get_gpio(m->slave.ctx) : 0xFF;

    if (m->slave.get_miso(m->slave.ctx))
        in |= MPSSE_PIN_MISO;
    else
        in &= (uint8_t)~MPSSE_PIN_MISO;
    return (uint8_t)((m->low_value & m->low_dir) | (in & ~m->low_dir));
}

/* Length of the command at p (n bytes available), 0 if incomplete. */
static size_t command_len(const uint8_t *p, size_t n)
{
    switch (p[0]) {
    case 0x11:
    case 0x31:
        return n < 3 ? 0 : 3 + (size_t)(p[1] | p[2] << 8) + 1;
    case 0x80:
    case 0x82:
    case 0x86:
    case 0x8F:
        return 3;
    case 0x8E:
        return 2;
    default:
        return 1;
    }
}

static void execute(struct mpsse_model *m, const uint8_t *p, size_t len)
{
    uint8_t b;

    switch (p[0]) {
    case 0x11:
        bytes_out(m, p + 3, len - 3);
        break;
    case 0x31:
        bytes_io(m, p + 3, len - 3);
        break;
    case 0x80:
        set_low(m, p[1], p[2]);
        break;
    case 0x81:
        b = get_low(m);
        queue_push(&m->out, &b, 1);
        break;
    case 0x82: /* ACBUS: nothing is connected in this model */
        break;
    case 0x83:
        b = 0xFF;
        queue_push(&m->out, &b, 1);
        break;
    case 0x86:
        m->divisor = (uint16_t)(p[1] | p[2] << 8);
        update_half(m);
        break;
    case 0x8A:
    case 0x8B:
        m->div5 = p[0] == 0x8B;
        update_half(m);
        break;
    case 0x8E:
        clocks(m, (uint64_t)p[1] + 1);
        break;
    case 0x8F:
        clocks(m, ((uint64_t)(p[1] | p[2] << 8) + 1) * 8);
        break;
    case 0x84: /* loopback, 3-phase and adaptive clocking: accepted, not modelled */
    case 0x85:
    case 0x87: /* send immediate: the model returns bytes at once anyway */
    case 0x8C:
    case 0x8D:
    case 0x96:
    case 0x97:
        break;
    default: {
        const uint8_t bad[2] = {MPSSE_BAD_COMMAND, p[0]};
        queue_push(&m->out, bad, 2);
        m->stats.bad_commands++;
    }
    }
}

void mpsse_model_write(struct mpsse_model *m, const uint8_t *buf, size_t n)
{
    queue_push(&m->in, buf, n);
    for (;;) {
        const uint8_t *p = m->in.data + m->in.head;
        size_t avail = m->in.len - m->in.head, len;

        if (!avail)
            break;
        len = command_len(p, avail);
        if (!len || len > avail)
            break;
        execute(m, p, len);
        queue_drop(&m->in, len);
    }
}

size_t mpsse_model_read(struct mpsse_model *m, uint8_t *buf, size_t n)
{
    size_t avail = m->out.len - m->out.head;

    if (n > avail)
        n = avail;
    memcpy(buf, m->out.data + m->out.head, n);
    queue_drop(&m->out, n);
    return n;
}

void mpsse_model_idle_us(struct mpsse_model *m, uint32_t us)
{
    m->slave.step(m->slave.ctx, (uint32_t)(m->slave_clk_hz * us / 1000000u));
}

uint64_t mpsse_model_bytes(const struct mpsse_model *m, enum mpsse_fault_dir dir)
{
    return m->count[dir];
}

int mpsse_model_fault_at(struct mpsse_model *m, enum mpsse_fault_dir dir,
                         enum mpsse_fault_kind kind, uint64_t position)
{
    for (int i = 0; i < MAX_SCHEDULED; i++) {
        struct scheduled_fault *f = &m->sched[i];
        if (!f->used) {
            f->dir = dir;
            f->kind = kind;
            f->position = position;
            f->used = 1;
            return 0;
        }
    }
    return -1;
}

void mpsse_model_random_faults(struct mpsse_model *m, uint64_t seed, uint32_t one_in)
{
    m->rng = seed ? seed : 0x9E3779B97F4A7C15ull;
    m->one_in = one_in;
}

void mpsse_model_get_stats(const struct mpsse_model *m, struct mpsse_model_stats *out)
{
    *out = m->stats;
}

