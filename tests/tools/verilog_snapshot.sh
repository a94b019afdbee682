#!/bin/sh
# SPDX-License-Identifier: MIT
# verilog_snapshot.sh BUILD_DIR OUT_DIR [PATTERN]: the generated Verilog of every kernel
# file of the tree (those whose path matches the grep pattern PATTERN), for the sim board
# and the iCEBreaker (without a bitstream), one file each in OUT_DIR
# (<path with / as __>.<board>.v), or <...>.<board>.error with the compiler's diagnostics
# when the build fails (tests/kernels/bad/ and friends). For changes that must not change
# the hardware (a refactoring of hls/, issue 29): snapshot before, snapshot after, then
#   diff -r BEFORE AFTER
# must print nothing. Needs the build tree's oclhls and oclbin_section; uses a private cache.
set -u
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $0 BUILD_DIR OUT_DIR [PATTERN]" >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
src=$(cd "$(dirname "$0")/../.." && pwd)
out=$2
pattern=${3:-.}
oclhls=$build/bin/oclhls
section=$build/tests/tools/oclbin_section
for tool in "$oclhls" "$section"; do
    [ -x "$tool" ] || { echo "$tool: not built (cmake --build $build)" >&2; exit 2; }
done
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OCLHLS_CACHE_DIR="$tmp/cache"
n=0 failed=0
for cl in $(cd "$src" && find examples tests -name '*.cl' | sort | grep -- "$pattern"); do
    name=$(echo "$cl" | sed 's|/|__|g; s|\.cl$||')
    for board in sim icebreaker; do
        opts="--board $board"
        [ "$board" = sim ] || opts="$opts --no-bitstream"
        # shellcheck disable=SC2086
        if (cd "$src/$(dirname "$cl")" && "$oclhls" build "$src/$cl" $opts -w -o "$tmp/k.oclbin") \
            >"$tmp/log" 2>&1; then
            "$section" "$tmp/k.oclbin" verilog >"$out/$name.$board.v" || exit 1
        else
            # the diagnostics without the build's temporary paths
            sed "s|$tmp|TMP|g" "$tmp/log" >"$out/$name.$board.error"
            failed=$((failed + 1))
        fi
        n=$((n + 1))
    done
done
echo "$n builds into $out ($failed failed as their kernels expect or not: see *.error)"
