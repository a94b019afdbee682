#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Where the logic cells of an iCE40 build go: builds KERNEL.cl for the iCEBreaker without a
# bitstream, synthesises the program's Verilog with yosys synth_ice40 -dsp keeping the
# hierarchy (-noflatten) and prints the cells of every module instance, then synthesises it
# again flattened (as the real build does) for the total. No place and route.
#   ice40_area.sh <oclhls> <work-dir> KERNEL.cl [oclhls build options...]
# Last, the split between the generated system and the shell (both flattened inside).
# LC estimate = max(LUT4, DFF, CARRY): the lower bound the build's fit check uses. nextpnr
# puts a LUT and a DFF into one logic cell only when the LUT drives the DFF, so the placed
# count is often well above it (vector_add: bound 3151, 5066 placed). Hierarchy kept,
# constants and unread outputs do not cross module boundaries, so the per-module figures
# are upper bounds of the flattened ones. Needs yosys and python3.
set -eu
oclhls=$1
work=$2
kernel=$3
shift 3
board=icebreaker
top=icebreaker_top
mkdir -p "$work"
name=$(basename "$kernel" .cl)

"$oclhls" build "$kernel" --board "$board" --no-bitstream -o "$work/$name.oclbin" "$@" \
    2>"$work/$name.build.log" || { cat "$work/$name.build.log"; exit 1; }

helpers=$(dirname "$0")
python3 "$helpers/ice40_stat.py" verilog "$work/$name.oclbin" "$work/$name.v"

(cd "$work" && yosys -q -p "read_verilog $name.v; synth_ice40 -dsp -noflatten -top $top; \
    tee -q -o $name.hier.stat stat" >/dev/null)
(cd "$work" && yosys -q -p "read_verilog $name.v; synth_ice40 -dsp -top $top; \
    tee -q -o $name.flat.stat stat" >/dev/null)
sh "$helpers/ice40_split_synth.sh" "$work/$name.v" "$top" "$work/$name.split.stat"

PYTHONPATH=$helpers python3 - "$work/$name.hier.stat" "$work/$name.flat.stat" "$name" "$work/$name.split.stat" <<'EOF'
import sys
from ice40_stat import counts, design_totals, sections, short, split_rows

mods, tree = sections(sys.argv[1])
flat, _ = sections(sys.argv[2])
print('%s on the iCEBreaker (iCE40UP5K, 5280 LCs), yosys synth_ice40 -dsp -noflatten' % sys.argv[3])
print('%-40s %6s %6s %6s %7s %4s %4s' % ('module (own cells of one instance) x count', 'LUT4', 'DFF', 'CARRY', 'LC est', 'RAM', 'DSP'))
base = min((d for d, _, _ in tree), default=0)
for depth, mod, n in tree:
    c = mods.get(mod) or mods.get('\\' + mod) or {}
    lut, dff, carry, lc, ram, dsp = counts(c)
    label = '  ' * ((depth - base) // 2) + short(mod) + (' x%d' % n if n > 1 else '')
    print('%-40s %6d %6d %6d %7d %4d %4d' % (label[:40], lut, dff, carry, lc, ram, dsp))
# The hierarchy section of stat ends with the whole design's cells (instances counted).
total = design_totals(sys.argv[1])
lut, dff, carry, lc, ram, dsp = counts(total)
print('%-40s %6d %6d %6d %7d %4d %4d' % ('sum, hierarchy kept', lut, dff, carry, lc, ram, dsp))
ft = {}
for c in flat.values():
    for k, v in c.items():
        ft[k] = ft.get(k, 0) + v
lut, dff, carry, lc, ram, dsp = counts(ft)
print('%-40s %6d %6d %6d %7d %4d %4d' % ('total, flattened (as the build)', lut, dff, carry, lc, ram, dsp))
for part, (lut, dff, carry, lc, ram, dsp) in split_rows(sys.argv[4]):
    label = 'kernel side (oclhls_system), flat' if part == 'kernel_side' else 'shell, flat'
    print('%-40s %6d %6d %6d %7d %4d %4d' % (label, lut, dff, carry, lc, ram, dsp))
EOF
