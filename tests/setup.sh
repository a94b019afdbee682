#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what is missing (Debian 12 packages, as root or through sudo) and builds oclhls
# into $OCLHLS_BUILD_DIR (default: build/ in the source tree). Safe to run again: it installs
# nothing that is there and rebuilds only what changed.
#   setup.sh [--tests]   --tests: also the tools only the test suite runs (run_tests.sh)
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${OCLHLS_BUILD_DIR:-$src/build}

packages=(
    cmake make gcc g++ pkg-config
    clang-19 llvm-19-dev libclang-common-19-dev   # frontend: OpenCL C → LLVM IR, LLVM-C API
    verilator                                     # sim board: lint and models
    yosys nextpnr-ice40 fpga-icestorm             # iCE40: synthesis, place and route, packing
    ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-c-headers clinfo  # ICD loader, CL headers
    libcjson-dev nettle-dev zlib1g-dev            # metadata JSON, cache hashes, checksums
    python3                                       # benchmarks read nextpnr's JSON reports
    libftdi1-dev libusb-1.0-0-dev                 # usb transport: FT2232H MPSSE
)
# Only the test suite needs these (the quick start does without: its first result sooner).
test_packages=(
    libclang-rt-19-dev                            # tests/fuzz: libFuzzer, ASan, UBSan runtimes
    valgrind                                      # api.threads_race: helgrind
    pocl-opencl-icd                               # bench.host_overhead: PoCL to compare with
    chromium                                      # tests/report: the report page, headless
)
if [ "${1:-}" = "--tests" ]; then
    packages+=("${test_packages[@]}")
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$p")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
fi

cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$(nproc)"
echo "setup: built in $build"
