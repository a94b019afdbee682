#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Builds (if needed) and runs the self-checking bench of one rtl-lib module.
#   run_bench.sh <verilator> <source-root> <build-dir> <module> [plusargs...]
# The model is Verilated from tests/rtl/tb_<module>.sv + rtl-lib/ into <build-dir>/<module>.
# A stamp holding the checksum of every input is kept there, so an unchanged bench is
# not rebuilt. Uses ccache when it is installed.
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

flags="--cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique \
--top-module tb_$module --prefix Vtb -Wno-fatal -Wall \
-Mdir $out -o tb -y $src/rtl-lib -I$src/tests/rtl"

stamp=$( (echo "$flags"; "$verilator" --version; cat "$src/tests/rtl/bench.vlt" "$tb" $main "$src"/rtl-lib/*.v "$src"/tests/rtl/*.svh) \
    | cksum)
if [ ! -x "$exe" ] || [ ! -f "$out/stamp" ] || [ "$(cat "$out/stamp")" != "$stamp" ]; then
    rm -f "$out/stamp"
    if command -v ccache >/dev/null 2>&1; then
        OBJCACHE=ccache
        export OBJCACHE
    fi
    # shellcheck disable=SC2086
    "$verilator" $flags "$src/tests/rtl/bench.vlt" "$tb" $main >"$out/build.log" 2>&1 || {
        cat "$out/build.log"
        echo "FAIL: could not build the bench of $module"
        exit 1
    }
    # Any -Wall warning (in rtl-lib under the bench's parameter sets, or in the bench)
    # fails the test.
    if grep -q '^%Warning' "$out/build.log"; then
        grep -A4 '^%Warning' "$out/build.log"
        echo "FAIL: Verilator warnings while building the bench of $module"
        exit 1
    fi
    echo "$stamp" >"$out/stamp"
fi

exec "$exe" "$@"
