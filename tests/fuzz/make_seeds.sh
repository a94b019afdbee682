#!/bin/sh
# SPDX-License-Identifier: MIT
# make_seeds.sh OCLHLS OCLBIN_SEEDS LINK_SEEDS SOURCE_DIR OUT_DIR
# The fuzz targets' seed corpora, made afresh in OUT_DIR/<target> from the tree and what the
# build made, never kept in the tree (docs/fuzzing.md):
#   board   the boards' own board.json files;
#   oclbin  program files the compiler writes now from tests/kernels (memory.cl: every
#           access width, scalar and pointer arguments; printf.cl: printf sites; pipes.cl,
#           channels.cl: pipe arguments, autorun kernels; local_mem.cl: __local arguments;
#           constant_tables.cl: constant data), slimmed and as their meta JSON, and the
#           hand-written metadata of regressions/oclbin in containers (oclbin_seeds);
#   link    a correct board's answers to the link target's session, clean and spoiled in
#           each way the protocol recovers from (link_seeds).
set -eu
[ $# -eq 5 ] || { echo "usage: $0 OCLHLS OCLBIN_SEEDS LINK_SEEDS SOURCE_DIR OUT_DIR"; exit 2; }
oclhls=$1 oclbin_seeds=$2 link_seeds=$3 src=$4 out=$5

rm -rf "$out"
mkdir -p "$out/board" "$out/oclbin" "$out/link" "$out/programs"
for f in "$src"/board-support/*/board.json; do
    cp "$f" "$out/board/$(basename "$(dirname "$f")").json"
done
for k in memory printf pipes channels local_mem constant_tables; do
    "$oclhls" build "$src/tests/kernels/$k.cl" -o "$out/programs/$k.oclbin" >/dev/null
done
"$oclbin_seeds" "$out/oclbin" "$out"/programs/*.oclbin "$src"/tests/fuzz/regressions/oclbin/*.json
"$link_seeds" "$out/link" >/dev/null
for t in board oclbin link; do
    n=$(find "$out/$t" -type f | wc -l)
    [ "$n" -gt 0 ] || { echo "FAIL: no seeds for $t"; exit 1; }
    echo "$t: $n seeds, $(du -sk "$out/$t" | cut -f1) KB"
done
echo PASS
