#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Issue 31's iCE40 figure: an integer kernel with a multiply as SIMD 2 fits the UP5K, with its
# logic cells and Fmax. bench_simd_ice40.cl's `gain` (16-bit samples times a 16-bit gain) is
# built as one lane (-DLANES=1) and as SIMD 2 (-DLANES=2), each one after the other:
#   - logic cells, DSPs, Fmax and the PLL clock: `oclhls build --board icebreaker` (the
#     bitstream cache makes a repeated build instant);
#   - the kernel side's cells: the generated system packed alone (ice40_kernel_side.sh);
#   - cycles per work-item: N = 4096 in the co-simulated iCEBreaker (link_gain_test, which
#     checks every result, on the same program built --no-bitstream; the build's target
#     bench-simd-ice40 sets the co-simulation's environment);
#   - work-items per second = Fmax / cycles per work-item, as bench_vector_add_ice40.sh.
# Prints the figures beside the target; fails when a step fails or SIMD 2 does not fit.
#   bench_simd_ice40.sh <oclhls> <link_gain_test> <source-root> <work-dir>
set -eu
oclhls=$1
run_test=$2
src=$3
work=$4
helpers=$(dirname "$0")
kernel=$src/tests/bench/bench_simd_ice40.cl
n=4096
mkdir -p "$work"

for lanes in 1 2; do
    bin=$work/gain$lanes.oclbin
    "$oclhls" build "$kernel" -DLANES=$lanes --board icebreaker -o "$bin" \
        >"$work/build$lanes.log" 2>&1 ||
        { cat "$work/build$lanes.log"; echo "FAIL: the iCEBreaker build of $lanes lane(s)"; exit 1; }
    dsp=$(sed -n 's/^ *DSP (MAC16) *\([0-9]*\) .*/\1/p' "$work/build$lanes.log")
    set -- $(python3 "$helpers/ice40_stat.py" summary "$bin")
    [ $# -eq 3 ] || { echo "FAIL: no build summary in $bin"; exit 1; }
    lcs=$1 fmax=$2 clock=$3

    python3 "$helpers/ice40_stat.py" verilog "$bin" "$work/gain$lanes.v"
    set -- $(sh "$helpers/ice40_kernel_side.sh" "$work/gain$lanes.v" icebreaker_top \
        "$src/board-support/icebreaker/icebreaker.pcf" "$work/kernel_side$lanes" |
        sed -n 's/^kernel_side //p')
    [ $# -eq 4 ] || { echo "FAIL: no kernel side in $work/kernel_side$lanes"; exit 1; }
    klc=$4

    # the co-simulation runs the program's Verilog: a build without the bitstream
    "$oclhls" build "$kernel" -DLANES=$lanes --board icebreaker --no-bitstream \
        -o "$work/gain${lanes}_cosim.oclbin" >/dev/null 2>&1 ||
        { echo "FAIL: the co-simulation's build of $lanes lane(s)"; exit 1; }
    "$run_test" "$work/gain${lanes}_cosim.oclbin" $n >"$work/run$lanes.log" 2>&1 ||
        { cat "$work/run$lanes.log"; echo "FAIL: gain ($lanes lane(s)) in the co-simulation"; exit 1; }
    cpw=$(sed -n 's/^gain N=[0-9]*: [0-9]* busy cycles, \([0-9.]*\) cycles per work-item.*/\1/p' \
        "$work/run$lanes.log")
    [ -n "$cpw" ] || { cat "$work/run$lanes.log"; echo "FAIL: no cycle count"; exit 1; }
    echo "$lcs $klc ${dsp:-?} $fmax $clock $cpw" >"$work/figures$lanes"
done

set -- $(cat "$work/figures1") $(cat "$work/figures2")
awk -v lcs1="$1" -v klc1="$2" -v dsp1="$3" -v fmax1="$4" -v clk1="$5" -v cpw1="$6" \
    -v lcs2="$7" -v klc2="$8" -v dsp2="$9" -v fmax2="${10}" -v clk2="${11}" -v cpw2="${12}" \
    -v n="$n" 'BEGIN {
    f = "%-46s %12s %12s   %s\n"
    printf f, "gain (16-bit samples) on the iCEBreaker (UP5K)", "one lane", "SIMD 2", "target (issue 31)"
    printf f, "logic cells placed (with the shell)", lcs1 " / 5280", lcs2 " / 5280",
        sprintf("SIMD 2 fits the UP5K: %s", lcs2 <= 5280 ? "met" : "NOT MET")
    printf f, "kernel side: logic cells packed", klc1, klc2, ""
    printf f, "DSP (MAC16)", dsp1 " / 8", dsp2 " / 8", ""
    printf f, "Fmax (MHz)", fmax1, fmax2, "(in docs/performance.md)"
    printf f, "PLL clock (MHz)", clk1, clk2, ""
    printf f, sprintf("cycles per work-item (N = %d)", n), cpw1, cpw2, ""
    printf f, "work-items per second (M), Fmax / cycles", sprintf("%.1f", fmax1 / cpw1),
        sprintf("%.1f", fmax2 / cpw2), ""
    printf f, "work-items per clock", sprintf("%.3f", 1 / cpw1), sprintf("%.3f", 1 / cpw2),
        "(the memory: 2.00, 4 bytes of 8 per clock)"
    if (lcs2 > 5280) {
        print "FAIL: SIMD 2 does not fit the UP5K"
        exit 1
    }
}'
