#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Lints one rtl-lib module with -Wall: with its default parameters, then with each extra
# parameter set given (one argument per set, -G overrides separated by spaces).
#   run_lint.sh <verilator> <source-root> <module> ["-GA=1 -GB=2" ...]
# Modules it instantiates are found in rtl-lib/ (-y).
set -eu

verilator=$1
src=$2
module=$3
shift 3

lint() {
    echo "lint $module $*"
    # shellcheck disable=SC2086
    "$verilator" --lint-only -Wall -y "$src/rtl-lib" --top-module "$module" \
        "$src/rtl-lib/$module.v" "$@"
}

lint
for set in "$@"; do
    # shellcheck disable=SC2086
    lint $set
done
echo "PASS lint $module"
