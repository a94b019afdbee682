#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Benchmark of the sim board's first results (issue 28): for a fixed set of kernels, the
# time from a host program's clBuildProgram on a kernel never seen before to its verified
# result (cold: the model is built), split into verilate / compile / link as the model
# builder reports them (OCLHLS_DEBUG), the same program again (warm: cached), and the
# simulated cycles per second of vector_add at N = 1,048,576. Figures are printed beside
# their targets; nothing is asserted (wall-clock times depend on the machine's load).
#
#   tests/bench/bench_model_build.sh [BUILD_DIR]      (cmake --build build --target bench-model-build)
#
# Cold runs use a private cache (removed at the end) whose Verilator runtime is built first
# (that first model build is printed too: the "very first run on a machine" figure);
# "units cold" runs also build the library units the kernel needs (board-support/sim/flow/
# lib_units.h), "units cached" runs find them in the cache as every later kernel does.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(cd "${1:-$src/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OCL_ICD_VENDORS=$build/icd OCLHLS_CACHE_DIR=$work/cache

now() { date +%s.%N; }

# run LABEL TARGET_S COMMAND...: runs a host program with OCLHLS_DEBUG and prints one row.
run() {
    local label=$1 target=$2 t0 t1 split
    shift 2
    t0=$(now)
    if ! OCLHLS_DEBUG=1 "$@" >"$work/out" 2>"$work/err"; then
        cat "$work/out" "$work/err"
        echo "bench_model_build: $label failed"
        exit 1
    fi
    t1=$(now)
    grep -q "verified\|checks, 0 failed" "$work/out" || {
        cat "$work/out"
        echo "bench_model_build: $label: no verified result"
        exit 1
    }
    split=$(sed -n 's/.*sim-model [0-9a-f]*: verilator \([0-9.]*\)s, compile \([0-9.]*\)s (.*, \([0-9]*\) library units, .*link \([0-9.]*\)s/verilate \1 s, compile \2 s, link \4 s, \3 units/p' "$work/err")
    [ -n "$split" ] || split="model cached"
    printf '  %-34s %6.1f s   (target %s)   %s\n' "$label" "$(awk "BEGIN {print $t1 - $t0}")" "$target" "$split"
}

# Forgets the models and compiled programs, keeps the Verilator runtime and library units.
forget_models() { rm -rf "$OCLHLS_CACHE_DIR/sim-models" "$OCLHLS_CACHE_DIR/programs"; }

va=$src/examples/vector_add/vector_add.cl
bs=$src/examples/black_scholes/black_scholes.cl
io=$src/tests/kernels/int_ops.cl
echo "bench_model_build: sim board, $(nproc) cores, $(uptime | sed 's/.*load/load/')"
echo "first results (clBuildProgram of a kernel never seen before to its verified result):"
run "vector_add, empty cache" "<= 3 + 30 s" "$build/examples/vector_add/vector_add" "$va" 1000
forget_models
run "vector_add, cold" "<= 3 s" "$build/examples/vector_add/vector_add" "$va" 1000
run "vector_add, warm" "ms" "$build/examples/vector_add/vector_add" "$va" 1000
run "black_scholes, units cold" "<= 10 + 30 s" "$build/examples/black_scholes/black_scholes" "$bs" 1000
forget_models
run "black_scholes, units cached" "<= 10 s" "$build/examples/black_scholes/black_scholes" "$bs" 1000
run "black_scholes, warm" "ms" "$build/examples/black_scholes/black_scholes" "$bs" 1000
run "int_ops (8 kernels), units cold" "-" "$build/tests/kernels/test_int_ops" "$io"
forget_models
run "int_ops (8 kernels), units cached" "<= 10 s" "$build/tests/kernels/test_int_ops" "$io"
run "int_ops (8 kernels), warm" "ms" "$build/tests/kernels/test_int_ops" "$io"

echo "simulation speed:"
"$build/bin/oclhls" build "$va" -o "$work/va.oclbin" --model >/dev/null 2>&1
"$build/tests/bench/bench_vector_add" "$work/va.oclbin" 1048576 | sed -n 's/^ *simulated cycles\/s: *\([0-9]*\).*/  vector_add, N = 1048576: \1 simulated cycles\/s (target >= 5000000)/p'
