#!/bin/sh
# SPDX-License-Identifier: MIT
# check_cache_cmd.sh OCLHLS: `oclhls cache` on a temporary cache of fake entries lists each
# kind with its entries and their size, and the limit; `oclhls cache clean --older-than`
# removes only the entries unused for that long, `oclhls cache clean` the rest, leaving the
# cache directory itself and builds in progress. No model is built: it takes milliseconds.
set -u
oclhls=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache="$work/cache"
export OCLHLS_CACHE_DIR="$cache"
unset OCLHLS_CACHE_MAX

fail() {
    echo "FAIL: $*"
    exit 1
}

# $1: what; $2: the output; $3: an extended regex one of its lines must match
expect_line() {
    printf '%s\n' "$2" | grep -Eq "$3" || fail "$1: no line matches '$3'"
}

mkdir -p "$cache/sim-models/k1" "$cache/sim-models/k2" "$cache/programs/k3" \
    "$cache/sim-models/.build-abc" || fail "cannot make the fake cache"
head -c 2048 /dev/zero >"$cache/sim-models/k1/model.so"
head -c 1024 /dev/zero >"$cache/sim-models/k2/model.so"
head -c 100 /dev/zero >"$cache/programs/k3/program.oclbin"
head -c 500 /dev/zero >"$cache/sim-models/.build-abc/part.o"
touch -d '10 days ago' "$cache/sim-models/k2" || fail "touch -d"

out=$("$oclhls" cache) || fail "oclhls cache exited with $?"
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -Fqx "cache: $cache" || fail "show: the cache directory"
expect_line show "$out" '^limit: 2\.0 GiB \(the default'
expect_line show "$out" '^sim-models +2 +3\.0 KiB$'
expect_line show "$out" '^programs +1 +100 B$'
expect_line show "$out" '^total +3 +3\.1 KiB$'
expect_line show "$out" '^not counted: 500 B in 1 '

out=$(OCLHLS_CACHE_MAX=5M "$oclhls" cache show) || fail "cache show exited with $?"
expect_line "OCLHLS_CACHE_MAX=5M" "$out" '^limit: 5\.0 MiB \(OCLHLS_CACHE_MAX=5M\)$'
out=$(OCLHLS_CACHE_MAX=5Q "$oclhls" cache 2>&1) || fail "a malformed limit is not an error"
expect_line "OCLHLS_CACHE_MAX=5Q" "$out" "warning: OCLHLS_CACHE_MAX='5Q' is not a size"
expect_line "OCLHLS_CACHE_MAX=5Q" "$out" '^limit: 2\.0 GiB'

out=$("$oclhls" cache clean --older-than 5) || fail "clean --older-than exited with $?"
expect_line "clean --older-than 5" "$out" '^removed 1 entries \(1\.0 KiB\)'
[ ! -e "$cache/sim-models/k2" ] && [ -e "$cache/sim-models/k1/model.so" ] &&
    [ -e "$cache/programs/k3" ] || fail "clean --older-than 5: not only the old entry removed"

out=$("$oclhls" cache clean) || fail "clean exited with $?"
expect_line clean "$out" '^removed 2 entries \(2\.1 KiB\)'
out=$("$oclhls" cache) || fail "oclhls cache exited with $?"
printf '%s\n' "$out"
expect_line "after clean" "$out" '^sim-models +0 +0 B$'
expect_line "after clean" "$out" '^programs +0 +0 B$'
expect_line "after clean" "$out" '^total +0 +0 B$'
[ -d "$cache" ] && [ -e "$cache/sim-models/.build-abc/part.o" ] ||
    fail "clean removed the cache directory or a build in progress"
[ -z "$(ls -A "$cache/sim-models" | grep -v '^\.build-abc$')" ] || fail "clean left something"

"$oclhls" cache clean --older-than soon 2>/dev/null
[ $? -eq 2 ] || fail "--older-than soon: not a usage error"
"$oclhls" cache frobnicate 2>/dev/null
[ $? -eq 2 ] || fail "an unknown argument: not a usage error"
"$oclhls" cache --help | grep -q 'oclhls cache clean --older-than DAYS' || fail "cache --help"
echo "PASS: oclhls cache shows and cleans the cache"
