#!/bin/sh
# SPDX-License-Identifier: MIT
# verilog_snapshot_diff.sh BEFORE AFTER: compares two snapshots of verilog_snapshot.sh on
# what the compiler generates: each design's kernel modules and system top (from its first
# "// Kernel '" or "// System top" line on), not the rtl-lib and shell Verilog the program
# file carries before them, so a refactoring of hls/ can be checked while rtl-lib changes
# under it. Diagnostics (*.error) are compared whole. Prints each file that differs, or
# "generated Verilog identical (N files)"; exit status 1 when any differs.
set -u
[ $# -eq 2 ] || { echo "usage: $0 BEFORE AFTER" >&2; exit 2; }
generated() { sed -n "/^\/\/ Kernel '\|^\/\/ System top/,\$p" "$1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0 n=0
for f in $( (ls "$1"; ls "$2") | sort -u); do
    n=$((n + 1))
    if [ ! -f "$1/$f" ] || [ ! -f "$2/$f" ]; then
        echo "only in one snapshot: $f"
        rc=1
    elif [ "${f%.v}" != "$f" ]; then
        generated "$1/$f" >"$tmp/a"
        generated "$2/$f" >"$tmp/b"
        if [ ! -s "$tmp/a" ] || ! cmp -s "$tmp/a" "$tmp/b"; then
            echo "generated Verilog differs: $f"
            rc=1
        fi
    elif ! cmp -s "$1/$f" "$2/$f"; then
        echo "diagnostics differ: $f"
        rc=1
    fi
done
[ $rc -eq 0 ] && echo "generated Verilog identical ($n files)"
exit $rc
