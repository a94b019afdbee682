#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The ULX3S's SDRAM under a memory-bound kernel (issue 35): tests/ecp5/tiny.cl (b[i] = a[i])
# compiled for the ULX3S, its oclhls_system on ocl_sdram_ctrl and the timing-checking SDRAM
# model (ulx3s_bw_tb.sv) under Verilator at 80 MHz, once with the buffers in different banks
# and once in the same bank; prints the share of the SDRAM data bus each reaches and its
# share of the controller's sustained bound beside the target, 80 % of that bound
# (docs/performance.md, "The ULX3S"). Not a ctest.
#   ulx3s_sdram_bw.sh <oclhls> <source-root> <work-dir> [N]
set -eu
oclhls=$1
src=$2
work=$3
n=${4:-16384}
mkdir -p "$work"
"$oclhls" build "$src/tests/ecp5/tiny.cl" --board ulx3s --no-bitstream -o "$work/copy.oclbin" \
    2>"$work/build.log"
python3 - "$work/copy.oclbin" "$work/system.v" <<'PY'
import struct, sys
b = open(sys.argv[1], 'rb').read()
for i in range(struct.unpack_from('<I', b, 12)[0]):
    name, off, size, _, _ = struct.unpack_from('<16sQQII', b, 16 + 40 * i)
    if name.rstrip(b'\0') == b'verilog':
        open(sys.argv[2], 'wb').write(b[off:off + size])
PY
run() { # name A B
    mdir="$work/$1"
    verilator --cc --exe --build -O2 -Wno-fatal -Wno-lint -Wno-style --top-module ulx3s_bw_tb \
        --prefix Vtb -Mdir "$mdir" -o tb -I"$src/tests/rtl" -GN="$n" -GA="$2" -GB="$3" \
        "$work/system.v" "$src/tests/bench/ulx3s_bw_tb.sv" "$src/tests/rtl/tb_main.cpp" \
        -CFLAGS -DTB_MAX_CYCLES=20000000ULL >"$mdir.log" 2>&1 || { tail -30 "$mdir.log"; exit 1; }
    "$mdir/tb" | grep -v '^tb_main\|^- '
}
echo "different banks:"
run banks 0 1049600      # a at 0, b at 1 MiB + 1 KiB: bank 1 while a is in bank 0
echo "same bank:"
run conflict 0 1048576   # b at 1 MiB: the same bank as a, another row
