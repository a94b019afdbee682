#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the random differential test for other seeds by hand:
#   tests/kernels/random/run_seed.sh BUILD_DIR SEED...
# For each seed: gen_random_kernels, oclhls build --lint --model, compile test_random.c against
# the generated reference, run it. Files go to BUILD_DIR/tests/kernels/random/seeds/.
# The build report goes to seeds/random_SEED.log. Exit status 1 if any seed failed.
set -u
[ $# -ge 2 ] || { echo "usage: $0 BUILD_DIR SEED..." >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
shift
src=$(cd "$(dirname "$0")" && pwd)
out=$build/tests/kernels/random/seeds
mkdir -p "$out"
export OCL_ICD_VENDORS="$build/icd" OCLHLS_CACHE_DIR="$build/cache"
failed=0
for seed in "$@"; do
    if "$build/tests/kernels/random/gen_random_kernels" "$seed" "$out" &&
       { "$build/bin/oclhls" build "$out/random_$seed.cl" --lint --model -w \
             -o "$out/random_$seed.oclbin" >"$out/random_$seed.log" 2>&1 ||
         { grep -v '^kernel\|^  \|^board' "$out/random_$seed.log"; false; }; } &&
       ${CC:-cc} -fwrapv -Wall -Wextra -Werror -I "$src/.." -I "$out" \
           "-DREF_HEADER=\"random_${seed}_ref.h\"" "$src/test_random.c" "$src/../kt.c" \
           -lOpenCL -o "$out/test_random_$seed" &&
       "$out/test_random_$seed" "$out/random_$seed.oclbin"; then
        :
    else
        echo "seed $seed FAILED"
        failed=$((failed + 1))
    fi
done
echo "$# seeds, $failed failed"
[ $failed -eq 0 ]
