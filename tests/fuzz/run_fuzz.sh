#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs one libFuzzer target for the test suite (docs/fuzzing.md).
#
#   run_fuzz.sh fuzz FUZZER SECONDS WORK_DIR DICT|- CORPUS_DIR...
#     Fuzzes for SECONDS, starting from the corpus folders (the seeds, the regressions),
#     new inputs into WORK_DIR/corpus (emptied first), a finding into WORK_DIR/artifacts.
#     Passes when libFuzzer ended without a finding after more than 0 runs.
#   run_fuzz.sh regressions FUZZER REGRESSION_DIR
#     Runs every file of REGRESSION_DIR once (no fuzzing). Passes when each one ran and
#     none failed.
#
# Any sanitizer report or failed check ends the fuzzer with a non-zero status, which fails
# the test; so does a missing fuzzer, an empty folder or a run that did nothing.
set -u

fail() {
    echo "FAIL: $*"
    exit 1
}

mode=${1:-}
fuzzer=${2:-}
[ -x "$fuzzer" ] || fail "no fuzzer $fuzzer: it is built with clang and libFuzzer" \
    "(Debian: libclang-rt-19-dev, which tests/setup.sh installs); see docs/fuzzing.md"
# The sanitizers' reports name source lines; -fno-sanitize-recover already ends the run.
export UBSAN_OPTIONS=print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1

case $mode in
fuzz)
    [ $# -ge 6 ] || fail "usage: $0 fuzz FUZZER SECONDS WORK_DIR DICT|- CORPUS_DIR..."
    seconds=$3 work=$4 dict=$5
    shift 5
    for d in "$@"; do
        [ -n "$(ls -A "$d" 2>/dev/null)" ] || fail "no inputs in $d"
    done
    rm -rf "$work/corpus" "$work/artifacts"
    mkdir -p "$work/corpus" "$work/artifacts" || fail "cannot make $work"
    set -- -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/" "$work/corpus" "$@"
    [ "$dict" = - ] || set -- -dict="$dict" "$@"
    "$fuzzer" "$@" >"$work/log" 2>&1
    rc=$?
    # the log is long (every new input): its start and end say what happened
    head -n 12 "$work/log"
    echo ...
    tail -n 40 "$work/log"
    if [ $rc -ne 0 ]; then
        echo "the input that failed: $(ls "$work"/artifacts/* 2>/dev/null)"
        echo "reproduce: $fuzzer <that file>; once fixed, keep it in tests/fuzz/regressions/"
        fail "the fuzzer ended with status $rc (a finding, above)"
    fi
    runs=$(sed -n 's/^Done \([0-9][0-9]*\) runs.*/\1/p' "$work/log" | tail -n 1)
    [ -n "$runs" ] && [ "$runs" -gt 0 ] || fail "libFuzzer did not report its runs ('Done N runs')"
    echo "PASS: $runs runs in $seconds s, no finding"
    ;;
regressions)
    [ $# -eq 3 ] || fail "usage: $0 regressions FUZZER REGRESSION_DIR"
    files=$(find "$3" -type f | sort)
    [ -n "$files" ] || fail "no regression inputs in $3"
    count=$(echo "$files" | wc -l)
    # shellcheck disable=SC2086 # file names are ours: no spaces
    out=$("$fuzzer" -timeout=10 $files 2>&1)
    rc=$?
    echo "$out"
    [ $rc -eq 0 ] || fail "the fuzzer ended with status $rc on a regression input (above)"
    ran=$(echo "$out" | grep -c '^Executed ')
    [ "$ran" -eq "$count" ] || fail "$ran of the $count regression inputs ran"
    echo "PASS: $count regression inputs, none failed"
    ;;
*)
    fail "usage: $0 fuzz|regressions ..."
    ;;
esac
