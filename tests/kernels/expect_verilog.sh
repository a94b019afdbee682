#!/bin/sh
# SPDX-License-Identifier: MIT
# expect_verilog.sh OCLHLS KERNEL.cl BOARD COUNT PATTERN: builds the kernel for BOARD (no
# bitstream) and checks the generated Verilog, which the program file keeps as plain text,
# has exactly COUNT lines matching the grep pattern PATTERN.
set -u
oclhls=$1 kernel=$2 board=$3 count=$4 pattern=$5
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
opts="--board $board"
[ "$board" != sim ] && opts="$opts --no-bitstream"
# shellcheck disable=SC2086
if ! "$oclhls" build "$kernel" $opts -o "$out/k.oclbin" >"$out/log" 2>&1; then
    cat "$out/log"
    echo "FAIL: the $board build failed"
    exit 1
fi
got=$(grep -ac -- "$pattern" "$out/k.oclbin")
grep -a -- "$pattern" "$out/k.oclbin"
if [ "$got" != "$count" ]; then
    echo "FAIL: $board: $got lines match '$pattern', expected $count"
    exit 1
fi
echo "PASS: $board: $count lines match '$pattern'"
