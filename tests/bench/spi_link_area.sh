#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Area of the SPI host link alone: yosys synth_ice40 -dsp on rtl-lib/ocl_spi_link.v with the
# iCEBreaker shell's parameters (MEM_DW = 64, board-support/ice40/ice40_shell.v), printing
# its LUT4 / DFF / CARRY / EBR. With --pnr also places it with nextpnr-ice40 --up5k inside a
# small wrapper (inputs from a shift register on one pin, outputs xor-folded into one
# registered pin: nothing is removed, the link's own paths are timed) and prints the packed
# logic cells and Fmax (48 MHz target: the UP5K shell's top clock).
#   spi_link_area.sh [--pnr] [MEM_DW] [WORK-DIR]     (environment: SEED for nextpnr,
#                                                    SPI_LINK_SRC another ocl_spi_link.v)
# The wrapper's shift register (131 flip-flops at MEM_DW 64) and xor tree are in the packed
# count, which moves by up to about 90 LCs with small netlist changes (how LUTs and
# flip-flops pair up): compare LUT4 / DFF first, and Fmax over a few seeds.
set -eu
pnr=0
if [ "${1:-}" = "--pnr" ]; then pnr=1; shift; fi
mem_dw=${1:-64}
if [ -n "${2:-}" ]; then
    work=$2
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
here=$(cd "$(dirname "$0")" && pwd)
src=${SPI_LINK_SRC:-$here/../../rtl-lib/ocl_spi_link.v}    # another version, to compare
mkdir -p "$work"

yosys -q -p "read_verilog $src; chparam -set MEM_DW $mem_dw ocl_spi_link; \
    synth_ice40 -dsp -top ocl_spi_link; tee -q -o $work/link.stat stat" >/dev/null
awk -v dw="$mem_dw" '
    /SB_LUT4/            { lut += $2 }
    /SB_DFF/             { dff += $2 }
    /SB_CARRY/           { carry += $2 }
    /SB_RAM40_4K/        { ebr += $2 }
    END { printf "ocl_spi_link MEM_DW=%d (yosys synth_ice40 -dsp): LUT4 %d  DFF %d  CARRY %d  EBR %d\n",
                 dw, lut, dff, carry, ebr }' "$work/link.stat"

[ "$pnr" = 1 ] || exit 0

# Wrapper: every input of the link comes from a shift register on one pin, and all its
# outputs are xor-folded into one registered pin; the SPI pins go straight through.
cat >"$work/link_top.v" <<VEOF
\`default_nettype none
module link_top (
    input  wire clk, input wire rst_pin, input wire sh_in,
    input  wire spi_sclk, input wire spi_cs_n, input wire spi_mosi,
    output wire spi_miso, output wire spi_miso_oe, output reg fold
);
    localparam integer DW = $mem_dw;
    localparam integer IN_W = 32 + 1 + 1 + 1 + DW + 32;
    localparam integer OUT_W = 2 + 64 + 1 + 1 + 32 + DW + DW / 8;
    reg  [IN_W-1:0]  in_q;
    reg  rst_q;
    wire [OUT_W-1:0] out_w;
    always @(posedge clk) begin
        in_q  <= {in_q[IN_W-2:0], sh_in};
        rst_q <= rst_pin;
        fold  <= ^out_w;
    end
    ocl_spi_link #(.MEM_DW(DW)) u_link (
        .clk(clk), .rst(rst_q),
        .spi_sclk(spi_sclk), .spi_cs_n(spi_cs_n), .spi_mosi(spi_mosi),
        .spi_miso(spi_miso), .spi_miso_oe(spi_miso_oe),
        .csr_wr(out_w[0]), .csr_rd(out_w[1]), .csr_addr(out_w[33:2]),
        .csr_wdata(out_w[65:34]), .csr_rdata(in_q[31:0]), .csr_rvalid(in_q[32]),
        .mem_req_valid(out_w[66]), .mem_req_ready(in_q[33]), .mem_req_we(out_w[67]),
        .mem_req_addr(out_w[99:68]), .mem_req_wdata(out_w[100 +: DW]),
        .mem_req_wstrb(out_w[100 + DW +: DW / 8]),
        .mem_rsp_valid(in_q[34]), .mem_rsp_data(in_q[35 +: DW]),
        .poll_status(in_q[35 + DW +: 32])
    );
endmodule
\`default_nettype wire
VEOF
yosys -q -p "read_verilog $src $work/link_top.v; synth_ice40 -dsp -top link_top; \
    write_json $work/link_top.json" >/dev/null
nextpnr-ice40 --up5k --package sg48 --json "$work/link_top.json" --freq 48 --seed "${SEED:-1}" \
    --pcf-allow-unconstrained --timing-allow-fail >"$work/pnr.log" 2>&1 || { tail -20 "$work/pnr.log"; exit 1; }
lc=$(grep -m1 'ICESTORM_LC:' "$work/pnr.log" | sed 's/.*ICESTORM_LC: *\([0-9]*\).*/\1/')
fmax=$(grep "Max frequency for clock" "$work/pnr.log" | tail -1 | sed 's/.*: *\([0-9.]*\) MHz.*/\1/')
echo "link_top (ocl_spi_link + wrapper registers) nextpnr-ice40 --up5k: $lc LCs, Fmax $fmax MHz (48 MHz target, seed ${SEED:-1})"
