#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Fit and timing on the ULX3S (ECP5 LFE5U-85F, issue 35): builds each kernel with
# `oclhls build --board ulx3s` (yosys, nextpnr-ecp5, ecppack; one build at a time) and
# prints one Markdown row per kernel from the build's summary, the measured figures beside
# the issue's targets: integer kernels at least 80 MHz, float kernels at least 50 MHz,
# vector_add's build at most 180 s. Not a ctest: each build takes about a minute.
#   ecp5_fit.sh <oclhls> <source-root> <work-dir> [kernel.cl:int|float ...]
# Default kernels: the examples vector_add, fir, histogram, matmul (integer), black_scholes
# and tests/kernels/float_kernels.cl (float).
set -eu
if [ $# -lt 3 ]; then
    echo "usage: $0 <oclhls> <source-root> <work-dir> [kernel.cl:int|float ...]" >&2
    exit 2
fi
oclhls=$1
src=$2
work=$3
shift 3
[ $# -gt 0 ] || set -- examples/vector_add/vector_add.cl:int examples/fir/fir.cl:int \
    examples/histogram/histogram.cl:int examples/matmul/matmul.cl:int \
    examples/black_scholes/black_scholes.cl:float tests/kernels/float_kernels.cl:float
mkdir -p "$work"
# An empty build cache of its own (ECP5 builds are cached): every row is a new build.
rm -rf "$work/cache"
export OCLHLS_CACHE_DIR="$work/cache"

# "  LUT4   2330 /  83640    2.8 %" -> "2330 (2.8 %)"
cells() {
    sed -n "s|^  $1 *\([0-9]*\) / *[0-9]* *\([0-9.]*\) %.*|\1 (\2 %)|p" "$2" | tail -1
}

echo "| kernel | LUT4 | FF | DP16KD | MULT18X18D | Fmax MHz (target) | clock MHz | build s (target) | meets |"
echo "|---|---|---|---|---|---|---|---|---|"
for spec in "$@"; do
    file=${spec%:*}
    kind=${spec##*:}
    name=$(basename "$file" .cl)
    log="$work/$name.log"
    t0=$(date +%s.%N)
    ok=yes
    "$oclhls" build "$src/$file" --board ulx3s -o "$work/$name.oclbin" 2>"$log" || ok=no
    t1=$(date +%s.%N)
    secs=$(echo "$t0 $t1" | awk '{ printf "%.0f", $2 - $1 }')
    fmax=$(sed -n 's|^  Fmax \([0-9.]*\) MHz.*|\1|p' "$log" | tail -1)
    clock=$(sed -n 's|^bitstream: .*clock \([0-9.]*\) MHz.*|\1|p' "$log" | tail -1)
    target=80
    [ "$kind" = float ] && target=50
    meets=$ok
    if [ "$ok" = yes ] && [ -n "$fmax" ]; then
        meets=$(echo "$fmax $target" | awk '{ print ($1 >= $2) ? "yes" : "no (Fmax)" }')
    elif grep -q 'misses timing' "$log"; then
        meets="no (misses timing)"
        fmax=$(sed -n 's|.*reaches \([0-9.]*\) MHz.*|\1|p' "$log" | tail -1)
    else
        meets="no (build failed)"
    fi
    btarget=""
    if [ "$name" = vector_add ]; then
        btarget=" (180)"
        [ "$secs" -le 180 ] || meets="$meets, build time over"
    fi
    echo "| $name ($kind) | $(cells LUT4 "$log") | $(cells FF "$log") | $(cells DP16KD "$log") | $(cells MULT18X18D "$log") | ${fmax:--} ($target) | ${clock:--} | $secs$btarget | $meets |"
done
