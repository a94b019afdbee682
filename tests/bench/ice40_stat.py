# SPDX-License-Identifier: MIT
"""Helpers of the iCE40 area scripts (ice40_area.sh, bench_vector_add_ice40.sh).

  python3 ice40_stat.py verilog FILE.oclbin OUT.v   the program file's "verilog" section
  python3 ice40_stat.py summary FILE.oclbin         "<logic cells> <Fmax> <clock>" of the
                                                     build's summary (its "ice40" section)
  python3 ice40_stat.py kernel_side FLAT.json PACKED.json
                                                     "<part> LUT4 DFF CARRY <logic cells>" of
                                                     a flat yosys netlist and nextpnr's packing
                                                     of it (--pack-only --write), by the name of
                                                     each cell: kernel_side (u_shell.u_system),
                                                     shell; "unnamed <cells>": nextpnr's own
                                                     carry feed-in cells
Imported, it gives the stat parsing: sections(), design_totals(), counts(), short(),
split_rows() (ice40_area.sh's rows of a stat whose oclhls_system was kept apart).
"""
import json
import re
import struct
import sys


def oclbin_section(path, wanted):
    # Layout: common/oclbin.h (a 16-byte header, then 40-byte section entries).
    data = open(path, 'rb').read()
    count = struct.unpack_from('<I', data, 12)[0]
    for i in range(count):
        name, off, size, _, _ = struct.unpack_from('<16sQQII', data, 16 + 40 * i)
        if name.rstrip(b'\0') == wanted:
            return data[off:off + size]
    sys.exit('no %s section in %s' % (wanted.decode(), path))


def sections(path):
    """yosys' text stat: {module: {cell type: count}} and the hierarchy tree's rows."""
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
    """The cell counts after the "design hierarchy" heading (every instance counted)."""
    total, in_tree = {}, False
    for line in open(path):
        if line.startswith('=== design hierarchy ==='):
            in_tree = True
        m = re.match(r'\s+(SB_\w+)\s+(\d+)$', line)
        if in_tree and m:
            total[m.group(1)] = int(m.group(2))
    return total


def counts(c):
    """LUT4, DFF, CARRY, the LC lower bound max of the three, RAM blocks, DSPs."""
    lut = c.get('SB_LUT4', 0)
    dff = sum(v for k, v in c.items() if k.startswith('SB_DFF'))
    carry = c.get('SB_CARRY', 0)
    ram = sum(v for k, v in c.items() if k.startswith('SB_RAM') or k == 'SB_SPRAM256KA')
    dsp = c.get('SB_MAC16', 0)
    return lut, dff, carry, max(lut, dff, carry), ram, dsp


def short(mod):
    """A module's name without yosys' parameter decoration."""
    mod = mod.lstrip('\\')
    m = re.match(r'\$paramod\$?[0-9a-f]*\\(\w+)(\\.*)?', mod)
    return m.group(1) if m else mod


def split_rows(path):
    """(part, counts) of a stat whose oclhls_system was kept apart from the shell."""
    mods, _ = sections(path)
    return [('kernel_side' if short(m) == 'oclhls_system' else 'shell', counts(c))
            for m, c in sorted(mods.items())]


def part_of(name):
    """Which part a cell of a flat netlist belongs to, by the instance path in its name."""
    if name.startswith('u_shell.u_system.'):
        return 'kernel_side'
    return 'unnamed' if name.startswith('$') else 'shell'


def top_cells(path):
    design = json.load(open(path))
    return next(m for m in design['modules'].values()
                if m.get('attributes', {}).get('top'))['cells']


def kernel_side_rows(flat_path, packed_path):
    """{part: [LUT4, DFF, CARRY, logic cells packed]} of a flat netlist and its packing."""
    rows = {'kernel_side': [0, 0, 0, 0], 'shell': [0, 0, 0, 0], 'unnamed': [0, 0, 0, 0]}
    for name, cell in top_cells(flat_path).items():
        kind = cell['type']
        column = (0 if kind == 'SB_LUT4' else 1 if kind.startswith('SB_DFF')
                  else 2 if kind == 'SB_CARRY' else None)
        if column is not None:
            rows[part_of(name)][column] += 1
    for name, cell in top_cells(packed_path).items():
        if cell['type'] == 'ICESTORM_LC':
            rows[part_of(name)][3] += 1
    return rows


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'verilog':
        open(sys.argv[3], 'wb').write(oclbin_section(sys.argv[2], b'verilog'))
    elif len(sys.argv) == 3 and sys.argv[1] == 'summary':
        summary = json.loads(oclbin_section(sys.argv[2], b'ice40'))
        print(summary['utilization']['lc']['used'], '%.2f' % summary['fmax_mhz'],
              '%.3f' % summary['clock_mhz'])
    elif len(sys.argv) == 4 and sys.argv[1] == 'kernel_side':
        rows = kernel_side_rows(sys.argv[2], sys.argv[3])
        for part in ('kernel_side', 'shell'):
            print(part, *rows[part])
        print('unnamed', rows['unnamed'][3])
    else:
        sys.exit(__doc__)
