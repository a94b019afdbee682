# SPDX-License-Identifier: MIT
# Sourced by run_bench.sh and build_bench.sh: the benches' C++ compiler and make flags, in
# one place so that every bench's precompiled headers and runtime objects fit the others.
#
# The C++: the per-cycle code at -Og (compiles in about half the time of Verilator's
# default -Os, and the longest bench, ocl_spi_link, still runs in 5 s), the code that runs
# once at -O0; the Verilator runtime is compiled once per build tree (verilated-rt/) and
# copied into each bench, and verilated.h precompiled once per set of flags (pch_cxx.sh).
# The compiler: OCLHLS_BENCH_CXX (clang++ where the build has it: about a third less CPU
# time than g++ for these files), else Verilator's default g++. With clang the -Og code is
# compiled without the pre-RA machine scheduler and with FastISel, as the sim flow compiles
# its own (board-support/sim/flow/verilator_rt.c: about half the CPU on large files).
# Sets cxx, opt_fast (one make argument: "OPT_FAST=$opt_fast") and make_flags (split).
cxx=${OCLHLS_BENCH_CXX:-g++}
opt_fast=-Og
case $("$cxx" --version 2>/dev/null) in
*clang*) opt_fast="-Og -mllvm -fast-isel -mllvm -enable-misched=false" ;;
esac
make_flags="OPT_SLOW=-O0 VM_PARALLEL_BUILDS=1 CXX=$cxx LINK=$cxx"
