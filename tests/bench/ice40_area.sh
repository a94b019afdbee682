#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Where the logic cells of an iCE40 build go: builds KERNEL.cl for the iCEBreaker without a
# bitstream, synthesises the program's Verilog with yosys synth_ice40 -dsp keeping the
# hierarchy (-noflatten) and prints the cells of every module instance, then synthesises it
# again flattened (as the real build does) for the total. No place and route.
#   ice40_area.sh <oclhls> <work-dir> KERNEL.cl [oclhls build options...]
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

# The "verilog" section of the program file (layout: board-support/common/oclbin.h).
python3 - "$work/$name.oclbin" "$work/$name.v" <<'EOF'
import struct, sys
data = open(sys.argv[1], 'rb').read()
count = struct.unpack_from('<I', data, 12)[0]
for i in range(count):
    name, off, size, _, _ = struct.unpack_from('<16sQQII', data, 16 + 40 * i)
    if name.rstrip(b'\0') == b'verilog':
        open(sys.argv[2], 'wb').write(data[off:off + size])
        sys.exit(0)
sys.exit('no verilog section in ' + sys.argv[1])
EOF

(cd "$work" && yosys -q -p "read_verilog $name.v; synth_ice40 -dsp -noflatten -top $top; \
    tee -q -o $name.hier.stat stat" >/dev/null)
(cd "$work" && yosys -q -p "read_verilog $name.v; synth_ice40 -dsp -top $top; \
    tee -q -o $name.flat.stat stat" >/dev/null)

# Text stat: "=== module ===" sections with "SB_xxx  N" lines, then the hierarchy tree.
python3 - "$work/$name.hier.stat" "$work/$name.flat.stat" "$name" <<'EOF'
import re, sys

def sections(path):
    mods, cur, tree, in_tree = {}, None, [], False
    for line in open(path):
        m = re.match(r'=== (\S+) ===', line)
        if m:
            cur = mods.setdefault(m.group(1), {})
            continue
        if line.startswith('=== design hierarchy ==='):
            in_tree, cur = True, None
            continue
        m = re.match(r'\s+(SB_\w+)\s+(\d+)$', line)
        if m and cur is not None:
            cur[m.group(1)] = int(m.group(2))
        m = re.match(r'^(\s+)(\S+)\s+(\d+)$', line)
        if in_tree and m and not m.group(2).startswith('SB_') and not m.group(2).startswith('Number'):
            tree.append((len(m.group(1)), m.group(2), int(m.group(3))))
    return mods, tree

def design_totals(path):
    # The cell counts after the "design hierarchy" heading (every instance counted).
    total, in_tree = {}, False
    for line in open(path):
        if line.startswith('=== design hierarchy ==='):
            in_tree = True
        m = re.match(r'\s+(SB_\w+)\s+(\d+)$', line)
        if in_tree and m:
            total[m.group(1)] = int(m.group(2))
    return total

def counts(c):
    lut = c.get('SB_LUT4', 0)
    dff = sum(v for k, v in c.items() if k.startswith('SB_DFF'))
    carry = c.get('SB_CARRY', 0)
    ram = sum(v for k, v in c.items() if k.startswith('SB_RAM') or k == 'SB_SPRAM256KA')
    dsp = c.get('SB_MAC16', 0)
    return lut, dff, carry, max(lut, dff, carry), ram, dsp

def short(mod):
    mod = mod.lstrip('\\')
    m = re.match(r'\$paramod\$?[0-9a-f]*\\(\w+)(\\.*)?', mod)
    return m.group(1) if m else mod

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
EOF
