#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Gate-level check of ocl_fifo in iCE40 block RAM: yosys synth_ice40 maps ocl_fifo with
# WIDTH 17, DEPTH 8, BLOCK_RAM 1 (a loop back FIFO the compiler puts in block RAM) to
# SB_RAM40_4K cells plus logic; the netlist must use block RAM, and tb_fifo_unit
# (tests/rtl/tb_ocl_fifo.sv) runs its random push/pop checks on it, with yosys' own
# simulation models of the iCE40 cells.
#   run_gate_fifo.sh <verilator> <yosys> <yosys' ice40/cells_sim.v> <source-root> <build-dir>
set -eu
verilator=$1
yosys=$2
cells=$3
src=$4
bin=$5
out=$bin/ocl_fifo_gate
mkdir -p "$out"

"$yosys" -q -p "read_verilog $src/rtl-lib/ocl_fifo.v; \
    chparam -set WIDTH 17 -set DEPTH 8 -set BLOCK_RAM 1 ocl_fifo; \
    synth_ice40 -top ocl_fifo; rename ocl_fifo ocl_fifo_gate; \
    tee -q -o $out/stat.txt stat; write_verilog -noattr $out/netlist.v" >"$out/yosys.log" 2>&1 || {
    cat "$out/yosys.log"
    echo "FAIL: yosys could not synthesise ocl_fifo"
    exit 1
}
if ! grep -q 'SB_RAM40_4K' "$out/stat.txt"; then
    cat "$out/stat.txt"
    echo "FAIL: ocl_fifo with BLOCK_RAM = 1 is not in block RAM"
    exit 1
fi
# Not -Wall: the netlist and the cell models are not ours.
# The bench runs for a fraction of a second: its C++ at -Og and -O0 (as run_bench.sh), in
# parallel files, with the benches' runtime and precompiled headers (build_bench.sh).
sh "$src/tests/rtl/build_bench.sh" "$verilator" "$src" "$bin" "$out" \
    --cc --exe -O1 --x-assign unique --x-initial unique \
    --top-module tb_ocl_fifo_gate --prefix Vtb -Wno-fatal -Wno-lint -Wno-style \
    -DOCL_FIFO_GATE -DNO_ICE40_DEFAULT_ASSIGNMENTS -o tb \
    "$src/tests/rtl/bench.vlt" "$cells" "$out/netlist.v" "$src/tests/rtl/tb_ocl_fifo.sv" \
    "$src/tests/rtl/tb_main.cpp" >"$out/build.log" 2>&1 || {
    cat "$out/build.log"
    echo "FAIL: could not build the gate-level bench"
    exit 1
}
"$out/tb" +verilator+rand+reset+2 +verilator+seed+1
