#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The ULX3S's host link (issue 35): how much of the UART's rate the frames leave for data.
# vector_add with N work-items runs on the co-simulated ULX3S (the uart transport, the UART
# model, the real shell; ctest sets the environment), OCLHLS_DEBUG prints the link's counters
# with the bytes on the wire. Payload = the bytes the program moves (a and b written, c read:
# 12 N); the wire time is the bytes the host sends (each brings one back: full duplex), 10
# bits each, at 3 Mbaud. Target: 80 % of the UART's 300 KB/s for the payload (a 256-byte
# frame's own overhead, 11 + 2 + 4 bytes plus the idle bytes, leaves about 87 %). USB round
# trips, which a board adds per frame, are not in the co-simulation.
# Prints measured beside target; fails only when a step fails (no timed assertion).
#   bench_uart_link.sh <link_vector_add_test> <source-root> [N]
set -eu
run_test=$1
src=$2
n=${3:-8192}
log=$(OCLHLS_DEBUG=1 "$run_test" run "$src/examples/vector_add/vector_add.cl" "$n" 2>&1) ||
    { printf '%s\n' "$log" | tail -20; echo "FAIL: vector_add on the co-simulated ULX3S"; exit 1; }
line=$(printf '%s\n' "$log" | grep 'uart link: [0-9]* frames' | tail -1)
[ -n "$line" ] || { echo "FAIL: no link counters in the log"; exit 1; }
frames=$(printf '%s\n' "$line" | sed -n 's/.*uart link: \([0-9]*\) frames.*/\1/p')
attempts=$(printf '%s\n' "$line" | sed -n 's/.*frames, \([0-9]*\) attempts.*/\1/p')
out=$(printf '%s\n' "$line" | sed -n 's/.*wire bytes \([0-9]*\) out.*/\1/p')
awk -v n="$n" -v out="$out" -v frames="$frames" -v attempts="$attempts" 'BEGIN {
    payload = 12 * n; secs = out * 10 / 3e6; rate = payload / secs / 1e3; share = rate / 300
    printf "uart link, vector_add N=%d: %d frames, %d attempts, %d bytes on the wire for %d payload bytes\n", n, frames, attempts, out, payload
    printf "payload rate at 3 Mbaud: measured %.1f KB/s = %.1f %% of the UART'"'"'s 300 KB/s, target >= 80 %%\n", rate, share * 100
}'
