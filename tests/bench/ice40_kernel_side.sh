#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The kernel side of an iCE40 design as it goes on the chip (issue 7's goal counts the
# kernel's cells, the reference having no host link): synthesises DESIGN.v flattened as the
# build's quick recipe does (yosys synth_ice40 -dsp), packs the netlist into logic cells
# (nextpnr-ice40 --pack-only: packing decides the count, placement adds only the odd
# feed-through), and prints the generated system's share, the cells yosys and nextpnr
# named after a cell of instance u_shell.u_system:
#   kernel_side <LUT4> <DFF> <CARRY> <logic cells packed>
#   shell <LUT4> <DFF> <CARRY> <logic cells packed>
#   unnamed <logic cells packed>          (nextpnr's own carry feed-in cells)
#   ice40_kernel_side.sh DESIGN.v TOP PCF WORK-DIR
set -eu
design=$1 top=$2 pcf=$3 work=$4
helpers=$(dirname "$0")
mkdir -p "$work"
yosys -q -p "read_verilog $design; hierarchy -top $top; synth_ice40 -dsp -top $top; \
    write_json $work/flat.json" >"$work/yosys.log" 2>&1 ||
    { cat "$work/yosys.log"; exit 1; }
nextpnr-ice40 --up5k --package sg48 --pcf "$pcf" --json "$work/flat.json" --pack-only \
    --write "$work/packed.json" -q -l "$work/pack.log" >/dev/null 2>&1 ||
    { cat "$work/pack.log"; exit 1; }
python3 "$helpers/ice40_stat.py" kernel_side "$work/flat.json" "$work/packed.json"
