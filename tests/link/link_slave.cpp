// SPDX-License-Identifier: MIT
//
// The SPI slave of the link co-simulation: rtl-lib/ocl_spi_link (Verilated, MEM_DW = 32)
// with a 128 KB byte-array memory (read latency 2, optional stalls), a CSR stub that counts every
// write, a fake kernel (writing 1 to 0x400 makes the POLL word busy for a while), a fake
// iCE40 configuration port (CRESET_B, CDONE; SPI slave configuration, or booting from the
// flash as SPI master) and a model of the board's 16 MiB SPI flash that shares the wires
// (flash_model below). Loaded by the usb transport's co-simulation port
// (OCLHLS_USB_COSIM=<this .so>[:args]); the test reads its counters through link_tb_*.
//
// args (comma separated): unconfigured (the FPGA waits for a bitstream; default:
// configured, flash asleep), clk=<Hz> (default 24000000), kernel=<cycles> (default 3000),
// bits=<file> (the configuration port accepts only this bitstream; default: any),
// flash=<file> (the flash's contents: loaded when the file exists, saved at close when
// changed; for tests in another process, e.g. oclhls program --flash), flash_bad=<address>
// (a flash byte that programming does not change, to test read-back verification).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vocl_spi_link.h"
#include "verilated.h"

#include "usb_cosim_abi.h"

namespace
{

constexpr uint32_t MEM_BYTES = 131072; // the iCEBreaker's SPRAM
constexpr int MEM_LATENCY = 2;
constexpr uint32_t KERNEL_CTRL = 0x400;

// The iCEBreaker's flash, a Winbond W25Q128JV (datasheet revision F, 2018): 16 MiB, JEDEC
// ID EF 40 18, busy times: the typical values of its "AC Electrical Characteristics"
// (tPP 0.4 ms, tSE 45 ms, tBE2 150 ms).
constexpr uint32_t FLASH_BYTES = 16u << 20;
constexpr uint8_t FLASH_ID[3] = {0xEF, 0x40, 0x18};
constexpr uint64_t FLASH_PAGE_US = 400, FLASH_SECTOR_US = 45000, FLASH_BLOCK_US = 150000;
// An iCE40 reading its image as SPI master: tens of ms for a UP5K bitstream.
constexpr uint64_t BOOT_US = 30000;

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

    // SPI flash on the same wires (flash_model).
    bool flash_asleep = true;
    uint8_t flash_shift = 0;
    int flash_nbits = 0;
    uint64_t flash_conflicts = 0;
    std::vector<uint8_t> flash = std::vector<uint8_t>(FLASH_BYTES, 0xFF);
    std::vector<uint8_t> flash_cmd;  // opcode and address of the current instruction
    std::vector<uint8_t> flash_page; // Page Program data bytes
    size_t flash_ncmd = 0;           // bytes of the current instruction so far
    bool flash_ignore = false;       // the current instruction is not for the flash
    bool flash_wel = false;
    uint64_t flash_busy_until = 0; // in clk cycles
    uint8_t flash_out = 0xFF;      // the byte shifted out on MISO
    bool flash_driving = false;
    uint32_t flash_read_addr = 0;
    uint64_t flash_errors = 0;
    std::string flash_first_error, flash_path;
    bool flash_dirty = false;
    uint64_t flash_bad_byte = UINT64_MAX; // a worn-out cell: programming it has no effect

    // Booting from the flash (CRESET_B released with SPI_SS_B high).
    bool boot_pending = false;
    uint64_t boot_at = 0, boots = 0;
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

// ---------------------------------------------------------------- flash_model
// The W25Q128JV's standard SPI instructions a programmer uses: Write Enable (06h), Write
// Disable (04h), Read Status Register-1 (05h), Read Data (03h), Page Program (02h), Sector
// Erase (20h), 64KB Block Erase (D8h), Read JEDEC ID (9Fh), Power-down (B9h), Release
// Power-down (ABh). Host mistakes the chip would silently ignore are counted as protocol
// errors: program or erase without Write Enable, instructions other than Read Status while
// busy, CS_n rising inside a byte, programming bits that are not erased, unknown opcodes.
// While the FPGA is configured the bus is the host link's: an awake flash would act on
// the link's frames, which is counted in flash_conflicts (and the frame is ignored here).

uint64_t us_to_cycles(const LinkTb *tb, uint64_t us)
{
    return us * tb->clk_hz / 1000000u;
}

bool flash_busy(const LinkTb *tb)
{
    return tb->cycles < tb->flash_busy_until;
}

void flash_error(LinkTb *tb, const char *fmt, unsigned a, unsigned b = 0)
{
    char msg[160];

    std::snprintf(msg, sizeof(msg), fmt, a, b);
    if (tb->flash_errors++ == 0)
        tb->flash_first_error = msg;
}

uint8_t flash_status(const LinkTb *tb)
{
    // WEL is cleared when a program or erase completes (Status Register, WEL).
    return flash_busy(tb) ? 0x03 : (tb->flash_wel ? 0x02 : 0x00);
}

uint32_t flash_addr(const LinkTb *tb)
{
    return (uint32_t)tb->flash_cmd[1] << 16 | (uint32_t)tb->flash_cmd[2] << 8 | tb->flash_cmd[3];
}

void flash_select(LinkTb *tb)
{
    tb->flash_nbits = 0;
    tb->flash_ncmd = 0;
    tb->flash_cmd.clear();
    tb->flash_page.clear();
    tb->flash_ignore = false;
    tb->flash_driving = false;
}

// A whole byte arrived under CS_n: take it and choose the next byte on MISO.
void flash_byte(LinkTb *tb, uint8_t b)
{
    size_t i = tb->flash_ncmd++;

    if (i == 0) {
        if (tb->flash_asleep) { // only Release Power-down is heard, at CS_n rising
            tb->flash_ignore = b != 0xAB;
        } else if (tb->configured && b != 0xB9 && b != 0xAB) {
            tb->flash_conflicts++; // an awake flash would act on a link frame
            tb->flash_ignore = true;
        } else if (flash_busy(tb) && b != 0x05) {
            flash_error(tb, "instruction 0x%02x while busy", b);
            tb->flash_ignore = true;
        }
    }
    if (tb->flash_ignore)
        return;
    uint8_t op = i == 0 ? b : tb->flash_cmd[0];
    if (i < 4)
        tb->flash_cmd.push_back(b);
    else if (op == 0x02)
        tb->flash_page.push_back(b);
    tb->flash_driving = true;
    switch (op) {
    case 0x9F:
        tb->flash_out = i < 3 ? FLASH_ID[i] : 0xFF;
        break;
    case 0x05:
        tb->flash_out = flash_status(tb);
        break;
    case 0x03:
        if (i == 3)
            tb->flash_read_addr = flash_addr(tb);
        if (i >= 3)
            tb->flash_out = tb->flash[tb->flash_read_addr++ % FLASH_BYTES];
        else
            tb->flash_driving = false;
        break;
    default:
        tb->flash_driving = false;
    }
}

void flash_erase(LinkTb *tb, uint32_t size, uint64_t us)
{
    uint32_t base = (flash_addr(tb) % FLASH_BYTES) & ~(size - 1);

    std::memset(&tb->flash[base], 0xFF, size);
    tb->flash_busy_until = tb->cycles + us_to_cycles(tb, us);
    tb->flash_dirty = true;
}

void flash_program(LinkTb *tb)
{
    uint32_t addr = flash_addr(tb) % FLASH_BYTES, page = addr & ~255u;
    size_t n = tb->flash_page.size() > 256 ? 256 : tb->flash_page.size();
    // more than 256 bytes: the last 256 count (Page Program)
    size_t skip = tb->flash_page.size() - n;

    bool reported = false;
    for (size_t k = 0; k < n; k++) {
        uint32_t at = page + ((addr - page + k) & 255u);
        uint8_t v = tb->flash_page[skip + k];
        if ((v & ~tb->flash[at]) && !reported) { // one error per instruction
            flash_error(tb, "programming bits that are not erased at 0x%06x (was 0x%02x)", at,
                        tb->flash[at]);
            reported = true;
        }
        if (at != tb->flash_bad_byte)
            tb->flash[at] &= v; // programming only clears bits
    }
    tb->flash_busy_until = tb->cycles + us_to_cycles(tb, FLASH_PAGE_US);
    tb->flash_dirty = true;
}

// CS_n rose: Write Enable, programs, erases and power modes act now.
void flash_deselect(LinkTb *tb)
{
    size_t n = tb->flash_ncmd;
    uint8_t op = n ? tb->flash_cmd.empty() ? 0 : tb->flash_cmd[0] : 0;

    tb->flash_driving = false;
    if (tb->flash_ignore || n == 0 || tb->flash_cmd.empty())
        return;
    if (tb->flash_asleep) {
        if (op == 0xAB)
            tb->flash_asleep = false;
        return;
    }
    if (tb->flash_nbits != 0 && op != 0x03 && op != 0x05 && op != 0x9F) {
        flash_error(tb, "CS_n rose %u bits into a byte of instruction 0x%02x", tb->flash_nbits, op);
        return;
    }
    bool writes = op == 0x02 || op == 0x20 || op == 0xD8;
    if (writes && !tb->flash_wel) {
        flash_error(tb, "instruction 0x%02x without Write Enable", op);
        return;
    }
    switch (op) {
    case 0x06:
        tb->flash_wel = true;
        break;
    case 0x04:
        tb->flash_wel = false;
        break;
    case 0xB9:
        tb->flash_asleep = true;
        break;
    case 0xAB:
    case 0x05:
    case 0x03:
    case 0x9F:
        break;
    case 0x02:
        if (n < 5)
            flash_error(tb, "Page Program with %u bytes (needs an address and data)", (unsigned)n);
        else
            flash_program(tb);
        break;
    case 0x20:
    case 0xD8:
        if (n != 4)
            flash_error(tb, "erase 0x%02x with %u bytes (needs 4)", op, (unsigned)n);
        else
            flash_erase(tb, op == 0x20 ? 4096u : 65536u,
                        op == 0x20 ? FLASH_SECTOR_US : FLASH_BLOCK_US);
        break;
    default:
        flash_error(tb, "unsupported instruction 0x%02x", op);
        return;
    }
    if (writes)
        tb->flash_wel = false;
}

// The iCE40 as SPI master wakes the flash (Release Power-down) and reads from address 0:
// it configures when the image there has the preamble 7E AA 99 7E (after icepack's
// comment block).
void boot_from_flash(LinkTb *tb)
{
    static const uint8_t preamble[4] = {0x7E, 0xAA, 0x99, 0x7E};

    tb->boot_pending = false;
    tb->flash_asleep = false;
    for (size_t i = 0; i + 4 <= 4096; i++)
        if (std::memcmp(&tb->flash[i], preamble, 4) == 0) {
            tb->configured = true;
            tb->cdone = true;
            tb->boots++;
            return;
        }
}

void check_boot(LinkTb *tb)
{
    if (tb->boot_pending && tb->cycles >= tb->boot_at)
        boot_from_flash(tb);
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
    tb->flash_shift = (uint8_t)(tb->flash_shift << 1 | tb->mosi);
    if (++tb->flash_nbits == 8) {
        tb->flash_nbits = 0;
        flash_byte(tb, tb->flash_shift);
    }
}

extern "C" void slave_set_pins(void *ctx, int sclk, int mosi, int cs_n)
{
    auto *tb = static_cast<LinkTb *>(ctx);

    if (cs_n == 0 && tb->cs_n == 1)
        flash_select(tb);
    else if (cs_n == 1 && tb->cs_n == 0)
        flash_deselect(tb);
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

    if (!tb->configured) { // the design is held in reset: only time passes
        tb->cycles += n;
        check_boot(tb);
        return;
    }
    while (n--)
        cycle(tb);
}

extern "C" int slave_get_miso(void *ctx)
{
    auto *tb = static_cast<LinkTb *>(ctx);

    if (tb->disconnected)
        return 1;
    if (tb->flash_driving && !tb->cs_n) // bit 7 first, each bit before its rising edge
        return tb->flash_out >> (7 - tb->flash_nbits) & 1;
    if (!tb->configured || !tb->top->spi_miso_oe)
        return 1; // pulled up
    return tb->top->spi_miso;
}

extern "C" void slave_set_gpio(void *ctx, uint8_t value, uint8_t direction)
{
    auto *tb = static_cast<LinkTb *>(ctx);
    int creset_n = (direction & MPSSE_PIN_CRESET_N) ? !!(value & MPSSE_PIN_CRESET_N) : 1;
    // SPI_SS_B not driven by the FT2232H: pulled up (the FPGA becomes the SPI master)
    int ss_n = (direction & MPSSE_PIN_CS_N) ? !!(value & MPSSE_PIN_CS_N) : 1;

    if (!creset_n) { // held in reset: the design is gone
        tb->configured = false;
        tb->cfg_active = false;
        tb->cdone = false;
        tb->boot_pending = false;
    } else if (!tb->creset_n) { // released: CS_n low selects SPI slave configuration
        tb->cfg_active = !ss_n;
        tb->boot_pending = ss_n; // CS_n high: the FPGA boots from the flash
        tb->boot_at = tb->cycles + us_to_cycles(tb, BOOT_US);
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

    check_boot(tb);
    return tb->cdone ? MPSSE_PIN_CDONE : 0;
}

// Reads a whole file (at most max bytes); false when it cannot be read.
bool load_file(const std::string &path, std::vector<uint8_t> *out, size_t max)
{
    FILE *f = std::fopen(path.c_str(), "rb");
    uint8_t buf[65536];
    size_t n;

    if (!f)
        return false;
    out->clear();
    while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0 && out->size() < max)
        out->insert(out->end(), buf, buf + (n < max - out->size() ? n : max - out->size()));
    std::fclose(f);
    return true;
}

void save_flash(const LinkTb *tb)
{
    FILE *f = std::fopen(tb->flash_path.c_str(), "wb");

    if (!f || std::fwrite(tb->flash.data(), 1, FLASH_BYTES, f) != FLASH_BYTES)
        std::fprintf(stderr, "link_slave: cannot write the flash image %s\n",
                     tb->flash_path.c_str());
    if (f)
        std::fclose(f);
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
        } else if (tok.rfind("bits=", 0) == 0) {
            if (!load_file(tok.substr(5), &tb->expect_bits, SIZE_MAX)) {
                delete tb;
                return -1;
            }
        } else if (tok.rfind("flash_bad=", 0) == 0) {
            tb->flash_bad_byte = std::strtoull(tok.c_str() + 10, nullptr, 0);
        } else if (tok.rfind("flash=", 0) == 0) {
            tb->flash_path = tok.substr(6);
            std::vector<uint8_t> image;
            if (load_file(tb->flash_path, &image, FLASH_BYTES))
                std::memcpy(tb->flash.data(), image.data(), image.size());
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
    if (tb->flash_errors)
        std::fprintf(stderr, "link_slave: %llu flash protocol error(s), the first: %s\n",
                     (unsigned long long)tb->flash_errors, tb->flash_first_error.c_str());
    if (!tb->flash_path.empty() && tb->flash_dirty)
        save_flash(tb);
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
TB_API uint8_t *link_tb_flash(void)
{
    return g_tb ? g_tb->flash.data() : nullptr;
}
TB_API uint64_t link_tb_flash_errors(void)
{
    return g_tb ? g_tb->flash_errors : 0;
}
TB_API uint64_t link_tb_flash_boots(void)
{
    return g_tb ? g_tb->boots : 0;
}
