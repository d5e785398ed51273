#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CI's smoke run of the fuzz targets (docs/fuzzing.md): builds them with
# clang-22 into ${BUILD_DIR:-build-fuzz} (-DIRS_FUZZ=ON) and runs each for
# ${FUZZ_SECONDS:-5} seconds from its seed corpus test/fuzz/corpus/<reader>
# (every seed is run first). New inputs go to a scratch directory, never
# into the corpus; a crash leaves its input in $BUILD_DIR/fuzz-artifacts
# and fails the run, as does a scratch directory a target leaves behind
# in its TMPDIR (fuzzMakeTempDir removes its own at exit).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-5}
CC=clang-22 CXX=clang++-22 cmake -S . -B "$BUILD_DIR" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DIRS_FUZZ=ON >/dev/null
cmake --build "$BUILD_DIR" --target irscope-fuzz -j "$(nproc)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$BUILD_DIR/fuzz-artifacts"
failed=0
for corpus in test/fuzz/corpus/*/; do
  r=$(basename "$corpus")
  dict=test/fuzz/$r.dict
  mkdir -p "$scratch/$r" "$scratch/tmp-$r"
  if TMPDIR="$scratch/tmp-$r" "$BUILD_DIR/bin/irscope-fuzz-$r" -max_total_time="$SECONDS_EACH" \
      -close_fd_mask=3 -timeout=20 -print_final_stats=1 \
      -artifact_prefix="$BUILD_DIR/fuzz-artifacts/$r-" \
      $([ -f "$dict" ] && echo "-dict=$dict") \
      "$scratch/$r" "$corpus" > "$scratch/$r.log" 2>&1; then
    echo "fuzz-smoke: $r: $(grep -o 'stat::number_of_executed_units: [0-9]*' \
      "$scratch/$r.log" | grep -o '[0-9]*$' || echo '?') inputs, ok"
  else
    echo "fuzz-smoke: $r: FAILED" >&2
    tail -n 40 "$scratch/$r.log" >&2
    failed=1
  fi
  if [ -n "$(ls -A "$scratch/tmp-$r")" ]; then
    echo "fuzz-smoke: $r: left $(ls -A "$scratch/tmp-$r" | head -3 | tr '\n' ' ')in TMPDIR" >&2
    failed=1
  fi
done
exit $failed
