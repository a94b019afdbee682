#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The quick start: set-up (tests/setup.sh), compile examples/vector_add/vector_add.cl for the
# sim board with `oclhls build`, and run its host program through the cl* API and the system
# ICD loader (pointed at the build tree with OCL_ICD_VENDORS).
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${OCLHLS_BUILD_DIR:-$src/build}
"$src/tests/setup.sh"
export OCL_ICD_VENDORS="$build/icd"
"$build/bin/oclhls" build "$src/examples/vector_add/vector_add.cl" --board sim \
    -o "$build/vector_add.oclbin"
"$build/examples/vector_add/vector_add" "$build/vector_add.oclbin" "${1:-4096}"
