#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The kernel side against the shell (issue 7's goal counts the kernel's cells): synthesises
# DESIGN.v for the iCE40 flattened as the build does (yosys synth_ice40 -dsp), but with the
# generated system (kernels, their CSRs, dispatchers, LSUs and memory arbiter) kept as one
# module, so no logic crosses between it and the shell. Writes yosys' stat to OUT.stat,
# which ice40_area.sh reads (ice40_stat.split_rows). bench.vector_add_ice40 counts the
# kernel side in the netlist as built instead (ice40_kernel_side.sh).
#   ice40_split_synth.sh DESIGN.v TOP OUT.stat
set -eu
yosys -q -p "read_verilog $1; hierarchy -top $2; \
    setattr -mod -set keep_hierarchy 1 *oclhls_system*; synth_ice40 -dsp -top $2; \
    tee -q -o $3 stat" >/dev/null
