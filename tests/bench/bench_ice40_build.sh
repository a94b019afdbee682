#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Wall time of `oclhls build examples/vector_add/vector_add.cl --board ice40` on an empty
# bitstream cache (a fresh OCLHLS_CACHE_DIR), next to the 30 s limit of tracker issue 7,
# then the same build again (a cache hit), with the logic cells and Fmax of the summary.
#   bench_ice40_build.sh <oclhls> <source-root> <work-dir>
set -eu
oclhls=$1
src=$2
work=$3
LIMIT_S=30
mkdir -p "$work"
rm -rf "$work/cache"
export OCLHLS_CACHE_DIR="$work/cache"

run() {
    t0=$(date +%s.%N)
    if ! "$oclhls" build "$src/examples/vector_add/vector_add.cl" --board ice40 \
        -o "$work/vector_add.oclbin" 2>"$work/build$1.log"; then
        echo "FAIL: the build failed (see $work/build$1.log):"
        grep -v '^  arg ' "$work/build$1.log" | tail -25
        exit 1
    fi
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }'
}

cold=$(run 1)
warm=$(run 2)
lcs=$(sed -n 's/^  logic cells *\([0-9]*\) \/ *\([0-9]*\).*/\1 of \2/p' "$work/build1.log")
fmax=$(sed -n 's/^  Fmax *\([0-9.]*\) MHz.*/\1/p' "$work/build1.log")
clock=$(sed -n 's/^  clock *\([0-9.]*\) MHz.*/\1/p' "$work/build1.log")
grep -E '^(synth|place|timing|pack)' "$work/build1.log"
printf '%-34s %8s %8s\n' "vector_add --board ice40" "time s" "limit s"
printf '%-34s %8s %8s\n' "first build (empty cache)" "$cold" "$LIMIT_S"
printf '%-34s %8s %8s\n' "second build (cache hit)" "$warm" "$LIMIT_S"
echo "logic cells: $lcs; Fmax: $fmax MHz; clock chosen: $clock MHz"
