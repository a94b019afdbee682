#!/bin/sh
# SPDX-License-Identifier: MIT
# check_stale_output.sh OCLHLS CLI_DIR: a failed `oclhls build -o FILE` leaves no FILE behind,
# not even one an earlier build wrote (a test reading FILE would take it for the result).
set -u
oclhls=$1 cli=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! "$oclhls" build "$cli/defines.cl" -D SCALE=3 -I "$cli/include" -o "$out/k.oclbin" \
    >"$out/log" 2>&1 || [ ! -s "$out/k.oclbin" ]; then
    cat "$out/log"
    echo "FAIL: the first build did not write k.oclbin"
    exit 1
fi
"$oclhls" build "$cli/defines.cl" -o "$out/k.oclbin" >"$out/log" 2>&1
rc=$?
cat "$out/log"
if [ "$rc" -ne 1 ]; then
    echo "FAIL: the second build (no SCALE, no -I) should fail with status 1, got $rc"
    exit 1
fi
if [ -e "$out/k.oclbin" ]; then
    echo "FAIL: the failed build left the earlier k.oclbin in place"
    exit 1
fi
echo "PASS: the failed build removed the earlier program file"
