#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Builds (if needed) and runs the self-checking bench of one rtl-lib module.
#   run_bench.sh <verilator> <source-root> <build-dir> <module> [plusargs...]
#   run_bench.sh <verilator> <source-root> <build-dir> <module> --build-only
# --build-only builds and does not run: the rtl.build.bench_runtime test does that for one
# small bench before the others, so that the Verilator runtime and the precompiled headers
# every bench uses are built once, not by each of the first benches started side by side.
# The model is Verilated from tests/rtl/tb_<module>.sv + rtl-lib/ into <build-dir>/<module>.
# A stamp holding the checksum of every input is kept there, so an unchanged bench is
# not rebuilt.
set -eu

verilator=$1
src=$2
bin=$3
module=$4
shift 4

tb="$src/tests/rtl/tb_$module.sv"
main="$src/tests/rtl/tb_main.cpp"
# The floating-point units' benches call the host's arithmetic (DPI, fp_ref.cpp).
case $module in
ocl_fp_*) main="$main $src/tests/rtl/fp_ref.cpp" ;;
esac
out="$bin/$module"
exe="$out/tb"
mkdir -p "$out"

flags="--cc --exe -O2 --x-assign unique --x-initial unique \
--top-module tb_$module --prefix Vtb -Wno-fatal -Wall \
-Mdir $out -o tb -y $src/rtl-lib -I$src/tests/rtl"
# shellcheck source=tests/rtl/bench_flags.sh
. "$src/tests/rtl/bench_flags.sh"
rt="$bin/verilated-rt"

stamp=$( (echo "$flags $opt_fast $make_flags"; "$verilator" --version; cat "$src/tests/rtl/bench.vlt" "$tb" $main "$src"/rtl-lib/*.v "$src"/tests/rtl/*.svh "$src/tests/rtl/pch_cxx.sh" "$src/tests/rtl/group_small.sh" "$src/tests/rtl/bench_flags.sh") \
    | cksum)

fail() {
    cat "$out/build.log"
    echo "FAIL: could not build the bench of $module"
    exit 1
}

# The runtime objects the bench's makefile lists (VM_GLOBAL_FAST/SLOW in Vtb_classes.mk).
runtime_objs() {
    sed -n '/^VM_GLOBAL_\(FAST\|SLOW\)/,/^$/p' "$out/Vtb_classes.mk" |
        grep -v '^VM_GLOBAL' | tr -d '\\' | tr -s ' \t\n' ' ' | sed 's/\([^ ][^ ]*\)/\1.o/g'
}

# Builds the runtime in the bench's folder and publishes it with one rename (a bench
# running beside this one may do the same; the first rename wins).
build_runtime() {
    # shellcheck disable=SC2046
    make -C "$out" -f Vtb.mk -j 2 "OPT_FAST=$opt_fast" $make_flags $(runtime_objs) >>"$out/build.log" 2>&1 || fail
    tmp=$(mktemp -d "$bin/.verilated-rt-XXXXXX")
    for o in $(runtime_objs); do cp "$out/$o" "$tmp/"; done
    echo "$rt_stamp" >"$tmp/stamp"
    mv -T "$tmp" "$rt" 2>/dev/null || rm -rf "$tmp"
}

if [ ! -x "$exe" ] || [ ! -f "$out/stamp" ] || [ "$(cat "$out/stamp")" != "$stamp" ]; then
    rm -f "$out/stamp"
    # shellcheck disable=SC2086
    "$verilator" $flags "$src/tests/rtl/bench.vlt" "$tb" $main >"$out/build.log" 2>&1 || fail
    # Any -Wall warning (in rtl-lib under the bench's parameter sets, or in the bench)
    # fails the test.
    if grep -q '^%Warning' "$out/build.log"; then
        grep -A4 '^%Warning' "$out/build.log"
        echo "FAIL: Verilator warnings while building the bench of $module"
        exit 1
    fi
    rt_stamp=$( (echo "$opt_fast $make_flags"; "$verilator" --version; runtime_objs) | cksum)
    if [ ! -f "$rt/stamp" ] || [ "$(cat "$rt/stamp")" != "$rt_stamp" ]; then
        rm -rf "$rt"
        build_runtime
    fi
    for o in $(runtime_objs); do cp "$rt/$o" "$out/$o" && touch "$out/$o"; done
    # The small generated files of each level as one translation unit (group_small.sh).
    { read -r g1; read -r g2; read -r g3; read -r g4; } <<GROUPS
$(sh "$src/tests/rtl/group_small.sh" "$out" Vtb)
GROUPS
    # shellcheck disable=SC2086
    make -C "$out" -f Vtb.mk -j 2 "OPT_FAST=$opt_fast" $make_flags OBJCACHE="sh $src/tests/rtl/pch_cxx.sh $bin/vl-pch" \
        "$g1" "$g2" "$g3" "$g4" >>"$out/build.log" 2>&1 || fail
    echo "$stamp" >"$out/stamp"
fi

if [ "${1-}" = --build-only ]; then
    exit 0
fi
exec "$exe" "$@"
