#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Fit of the examples on the iCE40UP5K (tracker issue 7): builds each example with
# `oclhls build --board ice40` on an empty bitstream cache, one after another, and prints one
# Markdown table row per example from the build's summary. When a build fails (does not fit,
# misses timing) the row has the fit check's figures instead: logic cells are then the
# check's lower bound max(LUT4, DFF, CARRY) before packing, marked ">=" (or nextpnr's count
# after packing, when it found no placement), and the build's reason follows the table. Not a ctest: each build takes minutes.
#   ice40_fit_table.sh <oclhls> <source-root> <work-dir> [example ...]
# Environment: FIT_BOARD, the board (default ice40, the iCEBreaker); OCLHLS_ICE40_TOOLS,
# system or yowasp, the tools (docs/user-guide.md, "Building for iCE40").
set -eu
if [ $# -lt 3 ]; then
    echo "usage: $0 <oclhls> <source-root> <work-dir> [example ...]" >&2
    exit 2
fi
oclhls=$1
src=$2
work=$3
shift 3
[ $# -gt 0 ] || set -- vector_add fir histogram matmul
mkdir -p "$work"
rm -rf "$work/cache"
export OCLHLS_CACHE_DIR="$work/cache"

# used / available of a resource: from the summary ("  SPRAM   4 / 4   (100%)") or, for a
# failed build, from the fit check ("  SPRAM   4 of 4  OVER by ...").
resource() {
    used=$(sed -n "s|^  $1 *\([0-9]*\) / *\([0-9]*\).*|\1 / \2|p" "$2" | tail -1)
    [ -n "$used" ] || used=$(sed -n "s|^  $1 *\([0-9]*\) of *\([0-9]*\).*|$3\1 / \2|p" "$2" | tail -1)
    echo "${used:--}"
}

echo "| example | logic cells | EBR | SPRAM | DSP | Fmax MHz | PLL clock MHz | build s | fits |"
echo "|---|---|---|---|---|---|---|---|---|"
failed=""
for name in "$@"; do
    log="$work/$name.log"
    t0=$(date +%s.%N)
    if "$oclhls" build "$src/examples/$name/$name.cl" --board "${FIT_BOARD:-ice40}" \
        -o "$work/$name.oclbin" 2>"$log"; then
        fits=yes
    else
        failed="$failed $name"
        if grep -q 'does not fit.*after synthesis' "$log"; then
            fits="no (fit check after synthesis)"
        elif grep -q 'nextpnr found no placement' "$log"; then
            fits="no (nextpnr found no placement)"
        elif grep -q 'misses timing' "$log"; then
            fits="no (misses timing)"
        else
            fits="no (build failed)"
        fi
    fi
    t1=$(date +%s.%N)
    secs=$(echo "$t0 $t1" | awk '{ printf "%.0f", $2 - $1 }')
    # A failure after synthesis gives the lower bound; a placement failure nextpnr's packed count.
    bound='>= '
    grep -q 'nextpnr found no placement' "$log" && bound=''
    lcs=$(resource 'logic cells' "$log" "$bound")
    ebr=$(resource 'EBR (RAM40_4K)' "$log" '')
    spram=$(resource 'SPRAM' "$log" '')
    dsp=$(resource 'DSP (MAC16)' "$log" '')
    # The summary's Fmax, else the last place and route's.
    fmax=$(sed -n 's/^  Fmax *\([0-9.]*\) MHz.*/\1/p' "$log" | tail -1)
    [ -n "$fmax" ] || fmax=$(sed -n 's/^place & route.*Fmax \([0-9.]*\) MHz.*/\1/p' "$log" | tail -1)
    clock=$(sed -n 's/^  clock *\([0-9.]*\) MHz.*/\1/p' "$log" | tail -1)
    echo "| $name | $lcs | $ebr | $spram | $dsp | ${fmax:--} | ${clock:--} | $secs | $fits |"
done
for name in $failed; do
    echo
    echo "$name: the build failed ($work/$name.log):"
    grep -v '^  arg ' "$work/$name.log" | sed -n '/^synth:/,$p' | tail -30
done
