#!/bin/sh
# SPDX-License-Identifier: MIT
# expect_hir_ops.sh OCLHLS KERNEL.cl OPCODE COUNT: builds the kernel (sim board, -v) and
# checks how many operations of OPCODE (e.g. mul) its hardware IR keeps.
set -u
oclhls=$1 kernel=$2 opcode=$3 want=$4
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! "$oclhls" build "$kernel" -v -o "$out/k.oclbin" >"$out/log" 2>&1; then
    cat "$out/log"
    echo "FAIL: the build failed"
    exit 1
fi
grep " = $opcode " "$out/log"
got=$(grep -c " = $opcode " "$out/log")
[ "$got" = "$want" ] || { echo "FAIL: $got $opcode operations, expected $want"; exit 1; }
echo "PASS: $want $opcode operations"
