#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Sets up, builds, and runs a real pipeline on the shipped example with
# --dump-after-each, then says where the dumps went.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
OUT=${DEMO_DIR:-build/demo-dumps}
rm -rf "$OUT"
build/bin/irscope-opt examples/demo.mlir \
  --pass-pipeline='builtin.module(func.func(canonicalize,cse),inline,func.func(loop-invariant-code-motion,canonicalize),sccp,symbol-dce,convert-scf-to-cf,canonicalize,cse)' \
  --dump-after-each="$OUT" --timing -o build/demo-out.mlir
echo
echo "dumps: $OUT ($(ls "$OUT" | wc -l) files; manifest: $OUT/manifest.xml)"
echo "output: build/demo-out.mlir"
