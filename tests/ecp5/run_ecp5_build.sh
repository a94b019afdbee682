#!/bin/sh
# SPDX-License-Identifier: MIT
# run_ecp5_build.sh OCLHLS KERNEL.cl OUT.oclbin [retuned]: `oclhls build --board ulx3s` succeeds, prints
# the ECP5 summary, and the program file holds the bitstream (ECP5 sync header) and the
# "ecp5" section with the clock the PLL was set to, at or below the routed Fmax and within
# the board's clocks. The routed configuration (the bitstream's source, kept for the check)
# has the kernel PLL at the summary's setting, set there after routing when the kernel is
# slower than the board's highest clock (with `retuned`, it must be), and both PLLs with the loop filter ecppll gives.
# Then the same build again finds it in the cache: the same program file, in no time.
# The builds use a cache of their own (OUT.cache, emptied first), so the first one is new.
# Exit 77 (skipped) when the board or nextpnr-ecp5 is missing.
set -u
oclhls=$1 src=$2 out=$3 expect=${4:-}
"$oclhls" boards | grep -q '^ulx3s ' || { echo "SKIP: no ulx3s board"; exit 77; }
rm -rf "$out.cache"
export OCLHLS_CACHE_DIR="$out.cache"
OCLHLS_KEEP_BUILD=1 "$oclhls" build "$src" --board ulx3s -o "$out" 2>"$out.log"
rc=$?
grep -v '^  arg ' "$out.log" | tail -20
kept=$(sed -n 's/^ecp5: build directory kept: //p' "$out.log")
trap '[ -z "$kept" ] || rm -rf "$kept"' EXIT
if [ $rc -ne 0 ]; then
    grep -q 'nextpnr-ecp5 failed (exit status 127\|No such file' "$out.log" &&
        { echo "SKIP: nextpnr-ecp5 not installed (tests/setup.sh --pypi-tools)"; exit 77; }
    echo "FAIL: the build failed"
    exit 1
fi
grep -q '^  Fmax [0-9.]* MHz' "$out.log" || { echo "FAIL: no summary"; exit 1; }
python3 - "$out" "$kept/top.config" "$expect" <<'PY' || exit 1
import json, re, struct, sys
b = open(sys.argv[1], 'rb').read()
sec = {}
for i in range(struct.unpack_from('<I', b, 12)[0]):
    name, off, size, _, _ = struct.unpack_from('<16sQQII', b, 16 + 40 * i)
    sec[name.rstrip(b'\0').decode()] = b[off:off + size]
bit, summary, meta = sec.get('bitstream', b''), sec.get('ecp5'), json.loads(sec['meta'])
# An ECP5 bitstream: a comment block, then the preamble 0xFFFFBDB3.
if b'\xff\xff\xbd\xb3' not in bit[:4096]:
    sys.exit('FAIL: the bitstream section is not an ECP5 bitstream')
s = json.loads(summary)
if not (40 <= s['clock_mhz'] <= s['fmax_mhz'] and meta['clock_mhz'] == s['clock_mhz']):
    sys.exit('FAIL: clock %s, Fmax %s, meta clock %s' % (s['clock_mhz'], s['fmax_mhz'], meta['clock_mhz']))
# The EHXPLLL tile groups of the routed configuration, as {word: bits}.
plls = []
for block in re.split(r'\n(?=\.)', open(sys.argv[2]).read()):
    if block.startswith('.tile_group') and 'enum: MODE EHXPLLL' in block:
        plls.append(dict(re.findall(r'^word: (\w+) ([01]+)$', block, re.M)))
p = s['pll']
want = {'CLKI_DIV': p['clki_div'] - 1, 'CLKFB_DIV': p['clkfb_div'] - 1,
        'CLKOP_DIV': p['clkop_div'] - 1, 'CLKOP_CPHASE': p['clkop_cphase']}
kernel = [w for w in plls if all(int(w[k], 2) == v for k, v in want.items())]
if len(plls) != 2 or len(kernel) != 1:
    sys.exit('FAIL: %d PLLs in the routed configuration, %d at the summary setting %s'
             % (len(plls), len(kernel), want))
# ecppll's loop filter: ICP_CURRENT 12, LPF_RESISTOR 8, MFG_ENABLE_FILTEROPAMP 1, MFG_GMCREF_SEL 2
for w in plls:
    got = [int(w[k], 2) for k in ('ICP_CURRENT', 'LPF_RESISTOR', 'MFG_ENABLE_FILTEROPAMP', 'MFG_GMCREF_SEL')]
    if got != [12, 8, 1, 2]:
        sys.exit('FAIL: a PLL\'s loop filter is %s, not ecppll\'s [12, 8, 1, 2]' % got)
if sys.argv[3] == 'retuned' and not s['clock_set_after_routing']:
    sys.exit('FAIL: the PLL was not set after routing (the kernel reached the board\'s highest clock?)')
print('PASS: bitstream %d bytes, clock %.3f MHz%s, Fmax %.2f MHz' % (len(bit), s['clock_mhz'],
      ' (set after routing)' if s['clock_set_after_routing'] else '', s['fmax_mhz']))
PY
"$oclhls" build "$src" --board ulx3s -o "$out.again" 2>"$out.again.log" ||
    { cat "$out.again.log"; echo "FAIL: the second build failed"; exit 1; }
grep -q '^ecp5: cached build ' "$out.again.log" || { cat "$out.again.log"; echo "FAIL: the second build was not found in the cache"; exit 1; }
grep -q '^  Fmax [0-9.]* MHz' "$out.again.log" || { echo "FAIL: a cached build prints no summary"; exit 1; }
cmp -s "$out" "$out.again" || { echo "FAIL: the cached build's program file differs from the first"; exit 1; }
echo "PASS: the second build came from the cache, the same program file"
