#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The hand-written reference vector_add of issue 7 (tests/bench/ref/) on the iCE40 UP5K:
# cycles per work-item from its Verilator bench (SPRAM model), logic cells and Fmax from
# yosys synth_ice40 -dsp and nextpnr-ice40 --up5k, and work-items per second = Fmax / cycles
# per work-item, printed beside the figures the issue expects of such a design. Leaves
# "cycles-per-work-item logic-cells Fmax" in <work-dir>/figures.
#   bench_ref_vector_add.sh <source-root> <work-dir> <bench-binary>
set -eu
src=$1
work=$2
tb=$3
mkdir -p "$work"
TARGET_MHZ=40

"$tb" >"$work/tb.log" 2>&1 || { cat "$work/tb.log"; echo "FAIL: the reference's bench"; exit 1; }
cpw=$(sed -n 's/^ref_vector_add: n=1000, [0-9]* cycles, \([0-9.]*\) cycles per work-item$/\1/p' "$work/tb.log")
[ -n "$cpw" ] || { cat "$work/tb.log"; echo "FAIL: no cycle count for n=1000"; exit 1; }

ref=$src/tests/bench/ref
if ! yosys -q -l "$work/yosys.log" -p "read_verilog $ref/ref_top.v $ref/ref_vector_add.v $ref/ref_spram64.v; synth_ice40 -dsp -top ref_top -json $work/top.json" >/dev/null 2>&1; then
    echo "FAIL: yosys (see $work/yosys.log)"
    exit 1
fi
if ! nextpnr-ice40 --up5k --package sg48 --json "$work/top.json" --pcf "$ref/ref_top.pcf" \
    --freq "$TARGET_MHZ" --timing-allow-fail --seed 1 --report "$work/report.json" \
    -l "$work/nextpnr.log" -q >/dev/null 2>&1; then
    echo "FAIL: nextpnr-ice40 (see $work/nextpnr.log)"
    exit 1
fi
set -- $(python3 - "$work/report.json" <<'EOPY'
import json, sys
r = json.load(open(sys.argv[1]))
u = r["utilization"]
fmax = min(c["achieved"] for c in r["fmax"].values())
print(u["ICESTORM_LC"]["used"], u["ICESTORM_SPRAM"]["used"], "%.1f" % fmax)
EOPY
)
lcs=$1 sprams=$2 fmax=$3
wips=$(awk -v f="$fmax" -v c="$cpw" 'BEGIN { printf "%.1f", f / c }')
# For bench_vector_add_ice40.sh, which prints oclhls' figures beside these.
echo "$cpw $lcs $fmax" >"$work/figures"
printf '%-28s %12s   %s\n' "reference vector_add (UP5K)" measured "issue 7 expects of it"
printf '%-28s %12s   %s\n' "cycles per work-item" "$cpw" "about 1.5-2"
printf '%-28s %12s   %s\n' "Fmax (MHz)" "$fmax" "34-46"
printf '%-28s %12s   %s\n' "logic cells" "$lcs" "about 350-400 (with a 57-bit config shift register)"
printf '%-28s %12s\n' "SPRAM blocks" "$sprams"
printf '%-28s %12s   %s\n' "work-items per second (M)" "$wips" "Fmax / cycles per work-item"
echo "oclhls' vector_add must reach at least $wips M work-items/s in at most 1.3 x $lcs LCs"
