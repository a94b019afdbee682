#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Builds a Verilated bench the way run_bench.sh does, for the benches that are not one
# rtl-lib module's (rtl.build.ice40_shell, rtl.gate.ocl_fifo):
#   build_bench.sh <verilator> <source-root> <rtl-build-dir> <Mdir> <verilator arguments...>
# The arguments are Verilator's without --build and without -Mdir: this script verilates
# into <Mdir>, copies in the Verilator runtime objects that rtl.build.bench_runtime built
# (<rtl-build-dir>/verilated-rt) and compiles the rest with verilated.h precompiled
# (pch_cxx.sh), instead of compiling the runtime and parsing the header again per bench.
# Without a built runtime the bench's makefile compiles its own. The exit status is
# Verilator's (any -Wall warning fails it, as with --build) or make's.
set -eu

verilator=$1
src=$2
bin=$3
mdir=$4
shift 4

# The same compiler and make flags as run_bench.sh, so the precompiled headers and runtime
# objects fit.
# shellcheck source=tests/rtl/bench_flags.sh
. "$src/tests/rtl/bench_flags.sh"

"$verilator" "$@" -Mdir "$mdir"
# The runtime objects the bench's makefile lists (VM_GLOBAL_FAST/SLOW), as run_bench.sh reads them.
objs=$(sed -n '/^VM_GLOBAL_\(FAST\|SLOW\)/,/^$/p' "$mdir"/*_classes.mk |
    grep -v '^VM_GLOBAL' | tr -d '\\' | tr -s ' \t\n' ' ' | sed 's/\([^ ][^ ]*\)/\1.o/g')
for o in $objs; do
    if [ -f "$bin/verilated-rt/$o" ]; then
        cp "$bin/verilated-rt/$o" "$mdir/$o" && touch "$mdir/$o"
    fi
done
mk=$(basename "$(ls "$mdir"/*.mk | grep -v '_classes.mk$' | head -n 1)")
# The small generated files of each level as one translation unit (group_small.sh).
{ read -r g1; read -r g2; read -r g3; read -r g4; } <<GROUPS
$(sh "$src/tests/rtl/group_small.sh" "$mdir" "${mk%.mk}")
GROUPS
# shellcheck disable=SC2086
exec make -C "$mdir" -f "$mk" -j 2 "OPT_FAST=$opt_fast" $make_flags OBJCACHE="sh $src/tests/rtl/pch_cxx.sh $bin/vl-pch" \
    "$g1" "$g2" "$g3" "$g4"
