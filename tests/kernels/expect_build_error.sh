#!/bin/sh
# SPDX-License-Identifier: MIT
# expect_build_error.sh OCLHLS KERNEL.cl REGEX [BUILD OPTIONS...]: the build must fail (exit 1,
# no program file) and its diagnostics must match REGEX (grep -E).
set -u
oclhls=$1 kernel=$2 regex=$3
shift 3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$oclhls" build "$kernel" "$@" -o "$out/k.oclbin" >"$out/log" 2>&1
rc=$?
cat "$out/log"
if [ "$rc" -ne 1 ]; then
    echo "FAIL: expected exit status 1, got $rc"
    exit 1
fi
if [ -e "$out/k.oclbin" ]; then
    echo "FAIL: a program file was written for a failed build"
    exit 1
fi
if ! grep -Eq "$regex" "$out/log"; then
    echo "FAIL: diagnostics do not match: $regex"
    exit 1
fi
echo "PASS: failed as expected with: $(grep -E "$regex" "$out/log" | head -n 1)"
