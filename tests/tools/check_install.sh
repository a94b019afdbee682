#!/bin/sh
# SPDX-License-Identifier: MIT
#
# tools.install_package: oclhls installed as a user would, at a prefix chosen when
# installing, serves a project of its own (examples/cmake_package) with nothing from the
# source or build tree: the CMake package builds the kernel's program file and rebuilds it
# when a header it includes changes, the host runs it through the installed ICD
# (OCL_ICD_VENDORS=<prefix>/etc/OpenCL/vendors), and pkg-config, the manual page and bash
# completion are there and work.
#   check_install.sh <build-dir> <source-dir> <work-dir>
set -eu
build=$1
src=$2
work=$3
fail() {
    echo "FAIL: $*"
    exit 1
}
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
    fail "cmake --install (see $work/install.log)"

vendors=$prefix/etc/OpenCL/vendors
lib=$(cat "$vendors/oclhls.icd") || fail "no $vendors/oclhls.icd"
case $lib in "$prefix"/*) ;; *) fail "oclhls.icd names $lib, outside $prefix" ;; esac
[ -f "$lib" ] || fail "oclhls.icd names $lib, which is not there"

# the example from a copy, so that its header can be touched
cp -r "$src/examples/cmake_package" "$work/example-src"
cmake -S "$work/example-src" -B "$work/example" -DCMAKE_PREFIX_PATH="$prefix" \
    >"$work/configure.log" 2>&1 || fail "configuring the example (see $work/configure.log)"
grep -q "OCL_ICD_VENDORS=$vendors " "$work/configure.log" ||
    fail "the CMake package's OCLHLS_ICD_VENDORS_DIR is not $vendors (see $work/configure.log)"
cmake --build "$work/example" >"$work/build.log" 2>&1 || fail "building the example (see $work/build.log)"
program=$work/example/saxpy.oclbin
[ -f "$program" ] || fail "oclhls_add_kernel wrote no $program"
# In a sanitizer build (docs/sanitizers.md) the example, not instrumented, runs with the
# sanitizer's runtime preloaded (OCLHLS_SANITIZER_PRELOAD), without leak checking: the tools
# the runtime starts inherit the preload, and their leaks are not ours.
run_example() {
    if [ -n "${OCLHLS_SANITIZER_PRELOAD:-}" ]; then
        OCL_ICD_VENDORS=$vendors LD_PRELOAD=$OCLHLS_SANITIZER_PRELOAD ASAN_OPTIONS=detect_leaks=0 \
            LSAN_OPTIONS=detect_leaks=0 "$@"
    else
        OCL_ICD_VENDORS=$vendors "$@"
    fi
}
run_example "$work/example/saxpy" "$program" 4096 || fail "the example's run"

# a header the kernel includes changed: the program is built again
stamp=$(cksum <"$program")
sleep 1
echo '#define SAXPY_A 3.0f' >"$work/example-src/saxpy_params.h"
cmake --build "$work/example" >>"$work/build.log" 2>&1 || fail "rebuilding the example"
[ "$(cksum <"$program")" != "$stamp" ] || fail "editing saxpy_params.h did not rebuild saxpy.oclbin"
run_example "$work/example/saxpy" "$program" 1000 || fail "the rebuilt example's run"

# pkg-config: the loader to link, the compiler and the .icd's directory
pc=$(find "$prefix" -name oclhls.pc | head -1)
[ -n "$pc" ] || fail "no oclhls.pc"
export PKG_CONFIG_PATH="${pc%/*}"
pkg-config --libs oclhls | grep -q -- -lOpenCL || fail "pkg-config --libs oclhls: $(pkg-config --libs oclhls)"
[ -x "$(pkg-config --variable=oclhls oclhls)" ] || fail "pkg-config --variable=oclhls is not the compiler"
[ "$(pkg-config --variable=icd_vendors oclhls)" = "$vendors" ] || fail "pkg-config icd_vendors"

# the manual page and bash completion
grep -q '^\.TH OCLHLS 1' "$prefix/share/man/man1/oclhls.1" || fail "no manual page"
completion=$prefix/share/bash-completion/completions/oclhls
got=$(bash -c ". '$completion'; COMP_WORDS=('$prefix/bin/oclhls' build --board ice); COMP_CWORD=3;
                 _oclhls; echo \"\${COMPREPLY[*]}\"")
[ "$got" = "icebreaker" ] || fail "completing --board ice gave '$got'"
echo "PASS: installed at $prefix, example built, run, rebuilt and run again"
