#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The kernel side of an iCE40 design as it goes on the chip (issue 7's goal counts the
# kernel's cells, the reference having no host link): synthesises DESIGN.v as the build's
# quick recipe does (yosys synth_ice40 -dsp), but with the generated system (oclhls_system)
# kept whole, so that no cell mixes its logic with the shell's and every cell's name starts
# with its instance path; then flattens, packs the netlist into logic cells (nextpnr-ice40
# --pack-only: packing decides the count, placement adds only the odd feed-through), and
# prints the system's share, the cells named after instance u_shell.u_system:
#   kernel_side <LUT4> <DFF> <CARRY> <logic cells packed>
#   shell <LUT4> <DFF> <CARRY> <logic cells packed>
#   unnamed <logic cells packed>          (nextpnr's own carry feed-in cells)
# (Synthesised flat, as the build does, yosys names a cell after any net it touches, and a
# count by names moved by some 30 cells between builds of one design.)
#   ice40_kernel_side.sh DESIGN.v TOP PCF WORK-DIR
set -eu
design=$1 top=$2 pcf=$3 work=$4
helpers=$(dirname "$0")
mkdir -p "$work"
yosys -q -p "read_verilog $design; hierarchy -top $top; \
    setattr -mod -set keep_hierarchy 1 *oclhls_system*; synth_ice40 -dsp -top $top; \
    setattr -mod -unset keep_hierarchy *oclhls_system*; flatten; write_json $work/flat.json" >"$work/yosys.log" 2>&1 ||
    { cat "$work/yosys.log"; exit 1; }
nextpnr-ice40 --up5k --package sg48 --pcf "$pcf" --json "$work/flat.json" --pack-only \
    --write "$work/packed.json" -q -l "$work/pack.log" >/dev/null 2>&1 ||
    { cat "$work/pack.log"; exit 1; }
python3 "$helpers/ice40_stat.py" kernel_side "$work/flat.json" "$work/packed.json"
