#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The cost model of the report's estimates (hls/target/unit_costs.c): rtl-lib's integer and
# memory units synthesised alone for the iCE40 (yosys synth_ice40 -dsp), their LUT4,
# flip-flop, carry, EBR and DSP counts and the logic cells they need at least (the largest of
# the first three: a logic cell has one of each). Not a test: run it by hand when a unit
# changes and put the figures into unit_costs.c and docs/performance.md:
#   cmake --build build --target bench-unit-costs
#   unit_costs.sh <source-root> <work-dir> [MODULE[:P=V,P=V...] ...]
set -eu
src=$1
work=$2
shift 2
[ $# -gt 0 ] || set -- ocl_div:W=8 ocl_div:W=16 ocl_div:W=32 ocl_div:W=32,SIGNED=1 ocl_div:W=64 \
    ocl_lsu_load:DW=32,MEM_DW=64,DEPTH=34,CACHE=1 ocl_lsu_load:DW=32,MEM_DW=512,DEPTH=34,CACHE=1 \
    ocl_lsu_load:DW=8,MEM_DW=512,DEPTH=34,CACHE=1 ocl_lsu_load:DW=32,MEM_DW=64,DEPTH=34,CACHE=0 \
    ocl_lsu_load:DW=32,MEM_DW=512,DEPTH=34,CACHE=0 ocl_lsu_store:DW=32,MEM_DW=64,DEPTH=4 \
    ocl_lsu_store:DW=32,MEM_DW=512,DEPTH=4 ocl_lsu_store:DW=8,MEM_DW=512,DEPTH=4 \
    ocl_atomic:MEM_DW=64,DEPTH=35,OP=0,RESULT=1 ocl_atomic:MEM_DW=512,DEPTH=35,OP=0,RESULT=1 \
    ocl_atomic:MEM_DW=512,DEPTH=35,OP=0,RESULT=0
mkdir -p "$work"
count() { # count CELL-PATTERN STAT-FILE: the cells of that type in yosys' stat
    awk -v p="$1" '$1 ~ p {s += $2} END {print s + 0}' "$2"
}
printf '%-52s %6s %6s %6s %4s %4s %6s\n' unit LUT4 FF CARRY EBR DSP "LCs>="
for spec in "$@"; do
    mod=${spec%%:*}
    params=${spec#"$mod"}
    params=${params#:}
    tag=$(echo "$spec" | tr ':=,' '___')
    set_params=""
    for p in $(echo "$params" | tr ',' ' '); do
        set_params="$set_params chparam -set ${p%%=*} ${p#*=} $mod;"
    done
    if ! yosys -q -l "$work/$tag.log" -p "read_verilog -sv $src/rtl-lib/*.v; $set_params
            synth_ice40 -dsp -top $mod; tee -q -o $work/$tag.stat stat" >/dev/null 2>&1; then
        echo "$spec: yosys failed (see $work/$tag.log)"
        exit 1
    fi
    luts=$(count '^SB_LUT4$' "$work/$tag.stat")
    ffs=$(count '^SB_DFF' "$work/$tag.stat")
    carries=$(count '^SB_CARRY$' "$work/$tag.stat")
    lcs=$luts
    [ "$ffs" -gt "$lcs" ] && lcs=$ffs
    [ "$carries" -gt "$lcs" ] && lcs=$carries
    printf '%-52s %6s %6s %6s %4s %4s %6s\n' "$spec" "$luts" "$ffs" "$carries" \
        "$(count '^SB_RAM40_4K$' "$work/$tag.stat")" "$(count '^SB_MAC16$' "$work/$tag.stat")" "$lcs"
done
