#!/bin/sh
# SPDX-License-Identifier: MIT
# run_ice40_build.sh OCLHLS CHECK_BITSTREAM KERNEL.cl OUT.oclbin fit|nofit [WHEN]
#   fit:   the build succeeds and check_bitstream accepts the program file; the PLL
#          settings decoded from the bitstream itself (iceunpack, icebox_vlog) are the
#          summary's, so the clock chosen after routing really reached the bitstream;
#   nofit: the build fails and says what does not fit, by how much, and what costs most
#          (units inside the kernel, traced to source lines); with WHEN, the report says
#          it found so at that step ("after packing": without synthesising again).
# Exit 77 (skipped) when no ice40 board or no iCE40 tool is installed.
set -u
oclhls=$1 check=$2 src=$3 out=$4 mode=$5 when=${6:-}
"$oclhls" boards | grep -q ' ice40 ' || { echo "SKIP: no ice40 board"; exit 77; }
for t in yosys nextpnr-ice40 icepack iceunpack icebox_vlog; do
    command -v "$t" >/dev/null || { echo "SKIP: $t not installed"; exit 77; }
done
log=$out.log
"$oclhls" build "$src" --board ice40 -o "$out" 2>"$log"
rc=$?
grep -v '^  arg \|^  [a-z]* [0-9]' "$log" | tail -40
case $mode in
fit)
    [ $rc -eq 0 ] || { echo "FAIL: the build failed"; exit 1; }
    grep -q '^summary (' "$log" || grep -q 'cached build' "$log" || { echo "FAIL: no summary"; exit 1; }
    "$check" "$out" "$out.bin" >"$out.check" || { cat "$out.check"; exit 1; }
    cat "$out.check"
    want=$(grep '^pll ' "$out.check")
    iceunpack "$out.bin" "$out.asc" 2>/dev/null && icebox_vlog "$out.asc" >"$out.v" 2>/dev/null ||
        { echo "FAIL: iceunpack/icebox_vlog cannot decode the bitstream"; exit 1; }
    # ".DIVF(7'b0110100)," -> "DIVF=52"
    got=$(awk -F"[(')]" '/^ *\.(DIVR|DIVF|DIVQ|FILTER_RANGE)\(/ {
            n = 0; b = substr($3, 2); for (i = 1; i <= length(b); i++) n = 2 * n + substr(b, i, 1)
            sub(/^ *\./, "", $1); printf " %s=%d", $1, n }' "$out.v")
    echo "bitstream: pll$got"
    [ "pll$got" = "$want" ] || { echo "FAIL: the bitstream's PLL is not the summary's ($want)"; exit 1; }
    # The report's measured area per unit: the kernel's units, counted by synthesis.
    "$oclhls" report "$out" --json -o "$out.json" || { echo "FAIL: oclhls report"; exit 1; }
    tr -d ' \t\n' <"$out.json" | grep -q '"instance":"u_shell\.u_system\.u_k0[^"]*","cells":[1-9]' ||
        { echo "FAIL: the report has no measured cells of a kernel unit"; exit 1; }
    echo "report: measured units of the kernel"
    echo PASS ;;
nofit)
    [ $rc -eq 1 ] || { echo "FAIL: exit status $rc, expected 1"; exit 1; }
    grep -q 'does not fit' "$log" && grep -q 'OVER by' "$log" && grep -q 'units that cost most' "$log" &&
        grep -q 'what to try' "$log" || { echo "FAIL: the failure does not give the numbers"; exit 1; }
    if [ -n "$when" ]; then
        grep -q "does not fit .*($when" "$log" || { echo "FAIL: not found $when"; exit 1; }
        if [ "$when" = "after packing" ] && grep -q '^synth (dense)' "$log"; then
            echo "FAIL: synthesised again although packing showed it cannot fit"
            exit 1
        fi
    fi
    # The costliest units are traced into the kernel, to a source line.
    grep -q '^ *[0-9]* *u_shell\.u_system\.u_k0\.[^ ]* .*oclk_[a-z_]* > .*line [0-9]' "$log" ||
        { echo "FAIL: no costly unit traced to a kernel source line"; exit 1; }
    echo PASS ;;
esac
