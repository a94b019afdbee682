#!/bin/sh
# SPDX-License-Identifier: MIT
# run_ecp5_build.sh OCLHLS KERNEL.cl OUT.oclbin: `oclhls build --board ulx3s` succeeds, prints
# the ECP5 summary, and the program file holds the bitstream (ECP5 sync header) and the
# "ecp5" section with the clock the PLL was set to. Exit 77 (skipped) when the board or
# nextpnr-ecp5 is missing.
set -u
oclhls=$1 src=$2 out=$3
"$oclhls" boards | grep -q '^ulx3s ' || { echo "SKIP: no ulx3s board"; exit 77; }
"$oclhls" build "$src" --board ulx3s -o "$out" 2>"$out.log"
rc=$?
grep -v '^  arg ' "$out.log" | tail -20
if [ $rc -ne 0 ]; then
    grep -q 'nextpnr-ecp5 failed (exit status 127\|No such file' "$out.log" &&
        { echo "SKIP: nextpnr-ecp5 not installed (tests/setup.sh --pypi-tools)"; exit 77; }
    echo "FAIL: the build failed"
    exit 1
fi
grep -q '^  Fmax [0-9.]* MHz' "$out.log" || { echo "FAIL: no summary"; exit 1; }
python3 - "$out" <<'PY' || exit 1
import json, struct, sys
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
if not (40 <= s['clock_mhz'] <= 80 and s['clock_mhz'] <= s['fmax_mhz'] and
        meta['clock_mhz'] == s['clock_mhz']):
    sys.exit('FAIL: clock %s, Fmax %s, meta clock %s' % (s['clock_mhz'], s['fmax_mhz'], meta['clock_mhz']))
print('PASS: bitstream %d bytes, clock %.3f MHz, Fmax %.2f MHz' % (len(bit), s['clock_mhz'], s['fmax_mhz']))
PY
