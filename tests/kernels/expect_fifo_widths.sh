#!/bin/sh
# SPDX-License-Identifier: MIT
# expect_fifo_widths.sh OCLHLS KERNEL.cl FIFO=WIDTH...: builds the kernel (sim board) and
# checks the WIDTH parameter of the named token FIFOs of the generated Verilog, e.g.
# l0_exit=64 for the instance u_l0_exit. The program file keeps the Verilog as plain text.
set -u
oclhls=$1 kernel=$2
shift 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! "$oclhls" build "$kernel" -o "$out/k.oclbin" >"$out/log" 2>&1; then
    cat "$out/log"
    echo "FAIL: the build failed"
    exit 1
fi
grep -ao 'ocl_fifo #(.WIDTH([0-9]*), .DEPTH([0-9]*)[^u]* u_l[0-9]*_[a-z]*' "$out/k.oclbin" \
    >"$out/fifos"
cat "$out/fifos"
status=0
for want in "$@"; do
    name=${want%%=*} width=${want#*=}
    got=$(sed -n "s/.*WIDTH(\([0-9]*\)).* u_$name\$/\1/p" "$out/fifos")
    if [ "$got" != "$width" ]; then
        echo "FAIL: $name is ${got:-missing} bits wide, expected $width"
        status=1
    else
        echo "PASS: $name is $width bits wide"
    fi
done
exit $status
