#!/bin/sh
# SPDX-License-Identifier: MIT
#
# A compile command of a Verilated bench, with verilated.h precompiled: run_bench.sh passes
# it to Verilator's makefile as OBJCACHE, which prefixes every compile with it.
#   pch_cxx.sh <pch-dir> <compiler> <arguments...>
# Parsing verilated.h is most of the time of a small generated file; a bench has 5 to 15 of
# them, and every bench the same header. The precompiled header is built once per set of
# flags (GCC uses one only with the flags it was made with) into <pch-dir>/<checksum>/,
# published with one rename, so benches running side by side share it. Clang's header names
# the file it was made from and will not load once that is gone: it is made from
# <pch-dir>/vl.h, which stays (written once, never replaced: clang also checks its time).
set -eu
dir=$1
shift
cxx=$1
shift

# The flags that shape the header: all but the output, the source and dependency files.
flags=""
skip=""
for a in "$@"; do
    if [ -n "$skip" ]; then
        skip=""
        continue
    fi
    case $a in
    -o | -MF | -MT | -MQ) skip=1 ;;
    -c | -MMD | -MD | -MP | *.cpp | *.cc) ;;
    *) flags="$flags $a" ;;
    esac
done
key=$(echo "$cxx $flags" | cksum | tr ' ' '_')
case $("$cxx" --version 2>/dev/null) in
*clang*) ext=pch ;;
*) ext=gch ;;
esac
pch="$dir/$key/vl.h"
if [ ! -f "$pch.$ext" ]; then
    mkdir -p "$dir"
    tmp=$(mktemp -d "$dir/.pch-XXXXXX")
    header="$tmp/vl.h"
    if [ $ext = pch ]; then
        header="$dir/vl.h"
        if [ ! -f "$header" ]; then
            echo '#include "verilated.h"' >"$tmp/vl.h"
            mv -n "$tmp/vl.h" "$header"
        fi
    fi
    # shellcheck disable=SC2086
    if "$cxx" $flags -x c++-header "$header" -o "$tmp/vl.h.$ext" 2>/dev/null; then
        mv -T "$tmp" "$dir/$key" 2>/dev/null || rm -rf "$tmp"
    else
        rm -rf "$tmp" # no header: compile without it
    fi
fi
if [ -f "$pch.$ext" ]; then
    if [ $ext = pch ]; then
        exec "$cxx" -include-pch "$pch.pch" "$@"
    fi
    exec "$cxx" -include "$pch" -Winvalid-pch "$@"
fi
exec "$cxx" "$@"
