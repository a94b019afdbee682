// SPDX-License-Identifier: MIT
//
// The SPI slave of the link co-simulation: rtl-lib/ocl_spi_link (Verilated, MEM_DW = 32)
// with a 128 KB byte-array memory (read latency 2, optional stalls), a CSR stub that counts every
// write, a fake kernel (writing 1 to 0x400 makes the POLL word busy for a while), a fake
// iCE40 configuration port (CRESET_B, CDONE) and a model of the SPI flash that shares the
// wires (deep power-down). Loaded by the usb transport's co-simulation port
// (OCLHLS_USB_COSIM=<this .so>[:args]); the test reads its counters through link_tb_*.
//
// args (comma separated): unconfigured (the FPGA waits for a bitstream; default:
// configured, flash asleep), clk=<Hz> (default 24000000), kernel=<cycles> (default 3000).
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vocl_spi_link.h"
#include "verilated.h"

extern "C" {
#include "transport/usb/mpsse.h"
#include "transport/usb/mpsse_model.h"
}

namespace
{

constexpr uint32_t MEM_BYTES = 131072; // the iCEBreaker's SPRAM
constexpr int MEM_LATENCY = 2;
constexpr uint32_t KERNEL_CTRL = 0x400;

struct LinkTb {
    VerilatedContext ctx;
    Vocl_spi_link *top = nullptr;
    uint64_t clk_hz = 24000000;
    uint64_t cycles = 0;

    std::vector<uint8_t> mem = std::vector<uint8_t>(MEM_BYTES);
    bool rsp_valid[MEM_LATENCY] = {};
    uint32_t rsp_data[MEM_LATENCY] = {};
    uint32_t stall_per_request = 0, stall_left = 0;

    std::vector<uint32_t> csr = std::vector<uint32_t>(1024);
    std::vector<uint64_t> csr_writes_at = std::vector<uint64_t>(1024);
    uint64_t csr_writes = 0, csr_reads = 0;
    int csr_rd_pending = 0;
    uint32_t csr_rd_value = 0;
    uint64_t kernel_cycles = 3000, busy_left = 0;

    // Pins as the MPSSE drives them.
    int sclk = 0, mosi = 1, cs_n = 1, creset_n = 1;
    bool disconnected = false; // MISO floats high, MOSI goes nowhere

    // Fake iCE40 configuration.
    bool configured = true, cfg_active = false, cdone = true;
    std::vector<uint8_t> expect_bits, got_bits;
    uint8_t cfg_shift = 0;
    int cfg_nbits = 0;
    uint64_t cfg_extra_clocks = 0;

    // SPI flash on the same wires.
    bool flash_asleep = true;
    uint8_t flash_shift = 0;
    int flash_nbits = 0;
    uint64_t flash_conflicts = 0;
};

LinkTb *g_tb; // the instance the test's link_tb_* calls look at

uint32_t csr_index(uint32_t addr)
{
    return (addr / 4) % 1024;
}

void cycle(LinkTb *tb)
{
    Vocl_spi_link *t = tb->top;

    t->eval();
    // Decisions for this rising edge, from the outputs before it.
    bool accept = t->mem_req_valid && t->mem_req_ready;
    bool read_now = false;
    uint32_t read_value = 0;
    if (accept) {
        uint32_t base = t->mem_req_addr % MEM_BYTES;
        if (t->mem_req_we) {
            for (int j = 0; j < 4; j++)
                if (t->mem_req_wstrb >> j & 1)
                    tb->mem[(base + j) % MEM_BYTES] = (uint8_t)(t->mem_req_wdata >> (8 * j));
        } else {
            read_now = true;
            for (int j = 0; j < 4; j++)
                read_value |= (uint32_t)tb->mem[(base + j) % MEM_BYTES] << (8 * j);
        }
        tb->stall_left = tb->stall_per_request;
    }
    if (t->csr_wr) {
        uint32_t i = csr_index(t->csr_addr);
        tb->csr[i] = t->csr_wdata;
        tb->csr_writes++;
        tb->csr_writes_at[i]++;
        if (t->csr_addr == KERNEL_CTRL && (t->csr_wdata & 1)) {
            tb->busy_left = tb->kernel_cycles;
            tb->csr[csr_index(KERNEL_CTRL + 4)] = 0; // STATUS: running
        }
    }
    if (t->csr_rd) {
        tb->csr_reads++;
        tb->csr_rd_pending = 2; // CSR read latency 1 after the request cycle
        tb->csr_rd_value = tb->csr[csr_index(t->csr_addr)];
    }
    t->clk = 1;
    t->eval();
    // Registered inputs for the next cycle.
    for (int i = 0; i + 1 < MEM_LATENCY; i++) {
        tb->rsp_valid[i] = tb->rsp_valid[i + 1];
        tb->rsp_data[i] = tb->rsp_data[i + 1];
    }
    tb->rsp_valid[MEM_LATENCY - 1] = read_now;
    tb->rsp_data[MEM_LATENCY - 1] = read_value;
    t->mem_rsp_valid = tb->rsp_valid[0];
    t->mem_rsp_data = tb->rsp_data[0];
    if (tb->stall_left)
        tb->stall_left--;
    t->mem_req_ready = tb->stall_left == 0;
    t->csr_rvalid = 0;
    if (tb->csr_rd_pending && --tb->csr_rd_pending == 0) {
        t->csr_rvalid = 1;
        t->csr_rdata = tb->csr_rd_value;
    }
    if (tb->busy_left && --tb->busy_left == 0)
        tb->csr[csr_index(KERNEL_CTRL + 4)] = 2; // STATUS: done
    t->poll_status = tb->busy_left ? 1u : 0u;
    t->clk = 0;
    t->eval();
    tb->cycles++;
}

void apply_pins(LinkTb *tb)
{
    Vocl_spi_link *t = tb->top;

    t->rst = tb->configured ? 0 : 1;
    t->spi_sclk = tb->disconnected ? 0 : tb->sclk;
    t->spi_mosi = tb->disconnected ? 1 : tb->mosi;
    t->spi_cs_n = (tb->disconnected || !tb->configured) ? 1 : tb->cs_n;
}

// Rising SCLK with CS_n low: the configuration port and the flash shift a bit.
void sclk_rise(LinkTb *tb)
{
    if (tb->cfg_active) {
        if (tb->got_bits.size() < tb->expect_bits.size()) {
            tb->cfg_shift = (uint8_t)(tb->cfg_shift << 1 | tb->mosi);
            if (++tb->cfg_nbits == 8) {
                tb->got_bits.push_back(tb->cfg_shift);
                tb->cfg_nbits = 0;
            }
        } else if (tb->got_bits == tb->expect_bits && ++tb->cfg_extra_clocks >= 49) {
            tb->cfg_active = false;
            tb->configured = true;
            tb->cdone = true;
        }
    }
    if (tb->flash_nbits < 8) {
        tb->flash_shift = (uint8_t)(tb->flash_shift << 1 | tb->mosi);
        if (++tb->flash_nbits == 8) {
            uint8_t cmd = tb->flash_shift;
            if (tb->flash_asleep) {
                if (cmd == 0xAB)
                    tb->flash_asleep = false;
            } else if (cmd == 0xB9) {
                tb->flash_asleep = true;
            } else if (tb->configured) {
                tb->flash_conflicts++; // an awake flash would act on a link frame
            }
        }
    }
}

extern "C" void slave_set_pins(void *ctx, int sclk, int mosi, int cs_n)
{
    auto *tb = static_cast<LinkTb *>(ctx);

    if (cs_n == 0 && tb->cs_n == 1)
        tb->flash_nbits = 0;
    tb->mosi = mosi;
    tb->cs_n = cs_n;
    if (sclk && !tb->sclk && !cs_n)
        sclk_rise(tb);
    tb->sclk = sclk;
    apply_pins(tb);
}

extern "C" void slave_step(void *ctx, uint32_t n)
{
    auto *tb = static_cast<LinkTb *>(ctx);

    while (n--)
        cycle(tb);
}

extern "C" int slave_get_miso(void *ctx)
{
    auto *tb = static_cast<LinkTb *>(ctx);

    if (tb->disconnected || !tb->configured || !tb->top->spi_miso_oe)
        return 1; // pulled up
    return tb->top->spi_miso;
}

extern "C" void slave_set_gpio(void *ctx, uint8_t value, uint8_t direction)
{
    auto *tb = static_cast<LinkTb *>(ctx);
    int creset_n = (direction & MPSSE_PIN_CRESET_N) ? !!(value & MPSSE_PIN_CRESET_N) : 1;

    if (!creset_n) { // held in reset: the design is gone
        tb->configured = false;
        tb->cfg_active = false;
        tb->cdone = false;
    } else if (!tb->creset_n) { // released: CS_n low selects SPI slave configuration
        tb->cfg_active = !(value & MPSSE_PIN_CS_N);
        tb->got_bits.clear();
        tb->cfg_nbits = 0;
        tb->cfg_extra_clocks = 0;
    }
    tb->creset_n = creset_n;
    apply_pins(tb);
}

extern "C" uint8_t slave_get_gpio(void *ctx)
{
    auto *tb = static_cast<LinkTb *>(ctx);

    return tb->cdone ? MPSSE_PIN_CDONE : 0;
}

} // namespace

extern "C" __attribute__((visibility("default"))) int
oclhls_usb_cosim_open(const char *args, struct mpsse_slave *slave, uint64_t *clk_hz)
{
    auto *tb = new LinkTb;
    std::string a = args ? args : "";
    size_t pos = 0;

    while (pos <= a.size()) {
        size_t end = a.find(',', pos);
        std::string tok = a.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
        if (tok == "unconfigured") {
            tb->configured = false;
            tb->cdone = false;
            tb->flash_asleep = false;
        } else if (tok.rfind("clk=", 0) == 0) {
            tb->clk_hz = std::strtoull(tok.c_str() + 4, nullptr, 10);
        } else if (tok.rfind("kernel=", 0) == 0) {
            tb->kernel_cycles = std::strtoull(tok.c_str() + 7, nullptr, 10);
        }
        if (end == std::string::npos)
            break;
        pos = end + 1;
    }
    tb->top = new Vocl_spi_link(&tb->ctx);
    tb->top->mem_req_ready = 1;
    tb->top->rst = 1;
    apply_pins(tb);
    tb->top->rst = 1;
    for (int i = 0; i < 8; i++)
        cycle(tb);
    apply_pins(tb);
    slave->ctx = tb;
    slave->set_pins = slave_set_pins;
    slave->step = slave_step;
    slave->get_miso = slave_get_miso;
    slave->set_gpio = slave_set_gpio;
    slave->get_gpio = slave_get_gpio;
    *clk_hz = tb->clk_hz;
    g_tb = tb;
    return 0;
}

extern "C" __attribute__((visibility("default"))) void oclhls_usb_cosim_close(void *ctx)
{
    auto *tb = static_cast<LinkTb *>(ctx);

    if (g_tb == tb)
        g_tb = nullptr;
    tb->top->final();
    delete tb->top;
    delete tb;
}

// ---------------------------------------------------------------- test hooks
#define TB_API extern "C" __attribute__((visibility("default")))

TB_API uint8_t *link_tb_mem(void)
{
    return g_tb ? g_tb->mem.data() : nullptr;
}
TB_API uint64_t link_tb_csr_writes(void)
{
    return g_tb ? g_tb->csr_writes : 0;
}
TB_API uint64_t link_tb_csr_writes_at(uint32_t addr)
{
    return g_tb ? g_tb->csr_writes_at[csr_index(addr)] : 0;
}
TB_API uint64_t link_tb_cycles(void)
{
    return g_tb ? g_tb->cycles : 0;
}
TB_API void link_tb_set_mem_stall(uint32_t cycles_per_request)
{
    if (g_tb)
        g_tb->stall_per_request = cycles_per_request;
}
TB_API void link_tb_disconnect(int on)
{
    if (g_tb)
        g_tb->disconnected = on != 0;
}
TB_API void link_tb_expect_bitstream(const uint8_t *bits, size_t len)
{
    if (g_tb)
        g_tb->expect_bits.assign(bits, bits + len);
}
TB_API int link_tb_configured(void)
{
    return g_tb && g_tb->configured;
}
TB_API int link_tb_flash_asleep(void)
{
    return g_tb && g_tb->flash_asleep;
}
TB_API uint64_t link_tb_flash_conflicts(void)
{
    return g_tb ? g_tb->flash_conflicts : 0;
}
