#!/bin/sh
# SPDX-License-Identifier: MIT
# expect_delay_lines.sh OCLHLS KERNEL.cl MIN_BITS [MAX_BITS]: builds the kernel for the
# iCEBreaker (no bitstream) and for the sim board, and checks the pipeline registers moved
# into block RAM (hls/emit/emit_pipeline_regs.c): on the iCEBreaker the ocl_delay_line instances
# together must replace at least MIN_BITS flip-flops (WIDTH x DELAY summed) and, given
# MAX_BITS, at most that many (the block RAMs the kernel leaves free bound them); on the
# sim board there must be none. The program file keeps the Verilog as plain text.
set -u
oclhls=$1 kernel=$2 min_bits=$3 max_bits=${4:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for board in icebreaker sim; do
    opts="--board $board"
    [ $board = icebreaker ] && opts="$opts --no-bitstream"
    # shellcheck disable=SC2086
    if ! "$oclhls" build "$kernel" $opts -o "$out/$board.oclbin" >"$out/log" 2>&1; then
        cat "$out/log"
        echo "FAIL: the $board build failed"
        exit 1
    fi
    grep -ao 'ocl_delay_line #(.WIDTH([0-9]*), .DELAY([0-9]*)) u_dl[0-9]*' "$out/$board.oclbin" \
        >"$out/$board.lines"
    sed "s/^/$board: /" "$out/$board.lines"
done
bits=$(sed 's/.*WIDTH(\([0-9]*\)), .DELAY(\([0-9]*\)).*/\1 \2/' "$out/icebreaker.lines" |
    awk '{ n += $1 * $2 } END { print n + 0 }')
status=0
if [ "$bits" -lt "$min_bits" ]; then
    echo "FAIL: icebreaker: delay lines replace $bits flip-flops, expected at least $min_bits"
    status=1
else
    echo "PASS: icebreaker: delay lines replace $bits flip-flops (at least $min_bits)"
fi
if [ -n "$max_bits" ] && [ "$bits" -gt "$max_bits" ]; then
    echo "FAIL: icebreaker: delay lines replace $bits flip-flops, expected at most $max_bits"
    status=1
fi
if [ -s "$out/sim.lines" ]; then
    echo "FAIL: sim: the sim board keeps its pipeline registers, but has delay lines"
    status=1
else
    echo "PASS: sim: no delay lines"
fi
exit $status
