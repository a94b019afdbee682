#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The make variables that build a Verilated bench's small generated files as one
# translation unit per optimisation level, as the sim models' builder does
# (board-support/sim/flow/code_groups.c): for a file under 64 KiB the compiler's start
# and the precompiled header's load are most of its time, and a bench has 5 to 10 of them.
#   group_small.sh <Mdir> <prefix>
# Writes <Mdir>/oclhls_small_fast.cpp and oclhls_small_slow.cpp (each #includes its
# level's small files, as Verilator's own __ALL.cpp does for all of them) and prints four
# lines, VM_CLASSES_FAST=..., VM_SUPPORT_FAST=, VM_CLASSES_SLOW=..., VM_SUPPORT_SLOW=: one
# argument each of make's command line, which overrides the lists of <prefix>_classes.mk.
set -eu
mdir=$1
prefix=$2
small=65536

# The names a variable of <prefix>_classes.mk lists ("NAME += \" then one per line).
listed() {
    sed -n "/^$1 +=/,/^\$/p" "$mdir/${prefix}_classes.mk" | grep -v "^$1 " | tr -d '\\' |
        tr -s ' \t\n' ' '
}

# <group> <names...>: the large files, then the group of the small ones (if any).
group() {
    name=$1
    shift
    big="" grouped=""
    for c in "$@"; do
        if [ "$(wc -c <"$mdir/$c.cpp")" -lt $small ]; then
            grouped="$grouped $c"
        else
            big="$big $c"
        fi
    done
    if [ -n "$grouped" ]; then
        for c in $grouped; do echo "#include \"$c.cpp\""; done >"$mdir/$name.cpp"
        big="$big $name"
    fi
    echo $big
}

# shellcheck disable=SC2046
fast=$(group oclhls_small_fast $(listed VM_CLASSES_FAST) $(listed VM_SUPPORT_FAST))
# shellcheck disable=SC2046
slow=$(group oclhls_small_slow $(listed VM_CLASSES_SLOW) $(listed VM_SUPPORT_SLOW))
printf 'VM_CLASSES_FAST=%s\nVM_SUPPORT_FAST=\nVM_CLASSES_SLOW=%s\nVM_SUPPORT_SLOW=\n' "$fast" "$slow"
