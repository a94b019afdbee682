#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Each rtl-lib float unit synthesised alone for the iCE40 UP5K (yosys synth_ice40 -dsp,
# nextpnr-ice40 --up5k): latency (the module's LATENCY), initiation interval, logic cells,
# DSPs and Fmax, printed beside the 40 MHz target of the float units (rtl-lib headers).
#   bench_fp_units.sh <source-root> <work-dir> [unit...]
# Exit status 1 when a unit misses the target (the flow is seeded: the figures do not depend on
# the machine's speed or load).
# A unit has ~100 operand and result bits but the UP5K-SG48 has 39 pins, so each is wrapped:
# operands come from a 96-bit shift register fed by one pin and the result is folded into a
# 32-bit XOR-shift register read out on one pin (every result bit stays observable). The
# wrapper alone is measured first ("wrapper" row) and subtracted from the units' LCs; its
# LCs are written to <work-dir>/wrapper/lcs, and with FP_UNITS_WRAPPER_LCS=<that file> a run
# takes them from there instead of placing and routing the wrapper again (ctest: one wrapper
# test that the units' tests require).
set -eu
src=$1
work=$2
shift 2
units=${*:-"wrapper ocl_fp_add ocl_fp_mul ocl_fp_fma ocl_fp_div ocl_fp_sqrt ocl_fp_cmp ocl_fp_minmax ocl_fp_from_int ocl_fp_to_int"}
mkdir -p "$work"
TARGET_MHZ=40
base_lcs=0
if [ -n "${FP_UNITS_WRAPPER_LCS:-}" ]; then
    base_lcs=$(cat "$FP_UNITS_WRAPPER_LCS") || { echo "FAIL: no wrapper figure"; exit 1; }
    echo "wrapper: $base_lcs LCs (from $FP_UNITS_WRAPPER_LCS)"
else
    case " $units " in *" wrapper "*) ;; *) units="wrapper $units" ;; esac
fi

# The unit instance, its result on y[31:0].
instance() {
    case $1 in
    wrapper) echo "reg [31:0] r; always @(posedge clk) r <= sh[31:0] ^ sh[63:32] ^ sh[95:64]; assign y = r;" ;;
    ocl_fp_add) echo "ocl_fp_add u(.clk(clk), .en(1'b1), .a(sh[31:0]), .b(sh[63:32]), .sub(sh[64]), .y(y));" ;;
    ocl_fp_mul | ocl_fp_div) echo "$1 u(.clk(clk), .en(1'b1), .a(sh[31:0]), .b(sh[63:32]), .y(y));" ;;
    ocl_fp_fma) echo "ocl_fp_fma u(.clk(clk), .en(1'b1), .a(sh[31:0]), .b(sh[63:32]), .c(sh[95:64]), .y(y));" ;;
    ocl_fp_sqrt) echo "ocl_fp_sqrt u(.clk(clk), .en(1'b1), .a(sh[31:0]), .y(y));" ;;
    ocl_fp_minmax) echo "ocl_fp_minmax u(.clk(clk), .en(1'b1), .a(sh[31:0]), .b(sh[63:32]), .max(sh[64]), .y(y));" ;;
    ocl_fp_cmp) echo "wire lt, eq, uno; ocl_fp_cmp u(.clk(clk), .en(1'b1), .a(sh[31:0]), .b(sh[63:32]), .lt(lt), .eq(eq), .uno(uno)); assign y = {29'd0, lt, eq, uno};" ;;
    ocl_fp_from_int) echo "ocl_fp_from_int #(.W(32), .SIGNED(1)) u(.clk(clk), .en(1'b1), .a(sh[31:0]), .y(y));" ;;
    ocl_fp_to_int) echo "ocl_fp_to_int #(.W(32), .SIGNED(1)) u(.clk(clk), .en(1'b1), .a(sh[31:0]), .y(y));" ;;
    *) echo "unknown unit $1" >&2; exit 2 ;;
    esac
}

missed=""
printf '%-16s %7s %3s %6s %5s %9s   %s\n' unit latency II LCs DSPs "Fmax MHz" "(target ${TARGET_MHZ} MHz)"
for u in $units; do
    dir="$work/$u"
    mkdir -p "$dir"
    cat >"$dir/top.v" <<EOT
module bench_top(input wire clk, input wire din, output wire dout);
    reg [95:0] sh;
    always @(posedge clk) sh <= {sh[94:0], din};
    wire [31:0] y;
    $(instance "$u")
    reg [31:0] o;
    always @(posedge clk) o <= y ^ {o[30:0], 1'b0};
    assign dout = o[31];
endmodule
EOT
    srcs="$dir/top.v"
    [ "$u" = wrapper ] || srcs="$srcs $src/rtl-lib/$u.v $src/rtl-lib/ocl_lzc.v"
    # shellcheck disable=SC2086
    if ! yosys -q -l "$dir/yosys.log" -p "read_verilog $srcs; synth_ice40 -dsp -top bench_top -json $dir/top.json" >/dev/null 2>&1; then
        echo "FAIL: yosys on $u (see $dir/yosys.log)"
        exit 1
    fi
    if ! nextpnr-ice40 --up5k --package sg48 --json "$dir/top.json" --pcf-allow-unconstrained \
        --freq "$TARGET_MHZ" --timing-allow-fail --seed 1 --report "$dir/report.json" \
        -l "$dir/nextpnr.log" -q >/dev/null 2>&1; then
        echo "FAIL: nextpnr-ice40 on $u (see $dir/nextpnr.log)"
        exit 1
    fi
    set -- $(python3 - "$dir/report.json" <<'EOPY'
import json, sys
r = json.load(open(sys.argv[1]))
u = r["utilization"]
fmax = min(c["achieved"] for c in r["fmax"].values())
print(u["ICESTORM_LC"]["used"], u.get("ICESTORM_DSP", {"used": 0})["used"], "%.1f" % fmax)
EOPY
    )
    lcs=$1 dsps=$2 fmax=$3
    if [ "$u" = wrapper ]; then
        base_lcs=$lcs
        echo "$lcs" >"$dir/lcs"
        printf '%-16s %7s %3s %6s %5s %9s\n' "$u" - - "$lcs" "$dsps" "$fmax"
        continue
    fi
    latency=$(sed -n 's/.*localparam integer LATENCY *= *\([0-9]*\).*/\1/p' "$src/rtl-lib/$u.v" | head -1)
    if awk -v f="$fmax" -v t="$TARGET_MHZ" 'BEGIN { exit !(f >= t) }'; then
        verdict=met
    else
        verdict="NOT MET"
        missed="$missed $u"
    fi
    printf '%-16s %7s %3s %6s %5s %9s   %s\n' "$u" "${latency:-?}" 1 "$((lcs - base_lcs))" "$dsps" "$fmax" "$verdict"
done
echo "LCs: the unit's logic cells without the wrapper's; II 1: a new operation every clock"
if [ -n "$missed" ]; then
    echo "FAIL: below the ${TARGET_MHZ} MHz target:$missed"
    exit 1
fi
