#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The whole test suite: set-up (tests/setup.sh), then every ctest test, two at a time.
# Verilator models are cached in <build>/cache, so a second run is much faster.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${OCLHLS_BUILD_DIR:-$src/build}
"$src/tests/setup.sh" --tests
cd "$build"
ctest -j "$(nproc)" --output-on-failure --timeout 1200 "$@"
