#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerates the seed corpora test/fuzz/corpus/<reader>/seed-* from real
# outputs of mlir-opt, fir-opt and irscope (docs/fuzzing.md). Usage:
#   bash test/fuzz/make-corpus.sh BIN_DIR   # BIN_DIR: a normal build's bin/
# Files a fuzzer found (crash-*, regression inputs) are kept; seed-* files
# are replaced.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
BIN=$(cd "${1:?usage: make-corpus.sh BUILD/bin}" && pwd)
LLVM=/usr/lib/llvm-22/bin
C=$ROOT/test/fuzz/corpus
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W"
for r in pipeline pass-options options diag-verifier from-log manifest \
         reproducer stack-trace tool-diagnostics; do
  mkdir -p "$C/$r"
  rm -f "$C/$r"/seed-*
done
seed() { cat > "$C/$1/seed-$2"; } # seed READER NAME < content
small=$ROOT/test/Report/Inputs/small.mlir
cp "$small" in.mlir

# Pipelines as mlir-opt prints them back (every option spelt out), and the
# pipelines and pass flags the tests use.
n=0
for p in 'builtin.module(canonicalize,cse)' \
  'builtin.module(func.func(canonicalize{max-iterations=3},cse),inline)' \
  'builtin.module(convert-arith-to-llvm,convert-func-to-llvm)' \
  'builtin.module(func.func(affine-loop-fusion{mode=greedy}),symbol-dce)' \
  'any(canonicalize{test-convergence},sccp)'; do
  $LLVM/mlir-opt in.mlir --pass-pipeline="$p" --dump-pass-pipeline \
    -o /dev/null 2>&1 | sed 1d | sed 's/^ *//' | tr -d '\n' | seed pipeline "mlir-opt-dump-$n"
  n=$((n+1))
done
grep -rhoE "pass-pipeline='[^']+'" "$ROOT/test" | sed "s/^pass-pipeline='//;s/'$//" |
  sort -u | awk 'NR % 9 == 1' | head -14 > pipelines
n=0
while read -r p; do printf '%s' "$p" | seed pipeline "test-$n"; n=$((n+1)); done < pipelines
printf 'canonicalize\ninline=default-pipeline=canonicalize max-iterations=2\ncse\n' | seed pipeline flags-0
printf 'convert-scf-to-cf\nirs-test-crash=op=arith.muli\n' | seed pipeline flags-1

# Pass options: the brace contents of irscope's passes in the tests, and
# of MLIR's passes as mlir-opt prints them.
n=0
grep -rhoE "irs-test-[a-z-]+\{[^}]*\}" "$ROOT/test" | sed 's/^[^{]*{//;s/}$//' |
  sort -u | head -14 > options
$LLVM/mlir-opt in.mlir --pass-pipeline='builtin.module(inline,canonicalize)' --dump-pass-pipeline \
  -o /dev/null 2>&1 | grep -oE '\{[^{}]*\}' | sed 's/^{//;s/}$//' | head -4 >> options
while read -r o; do printf '%s' "$o" | seed pass-options "$n"; n=$((n+1)); done < options
printf 'op="arith.muli" count={1 2} seed=0x2a' | seed pass-options quoted

# irscope-opt command lines from the tests' RUN lines, one argument a line.
grep -rhE "RUN:.*irscope-opt " "$ROOT/test" | sed 's/.*irscope-opt //;s/[|>].*//' |
  sort -u | head -30 | python3 -c '
import shlex, sys
for i, line in enumerate(sys.stdin):
    try: words = shlex.split(line.replace("%s", "in.mlir").replace("%t", "out"))
    except ValueError: continue
    open(sys.argv[1] + "/seed-test-%d" % i, "w").write("\n".join(words))
' "$C/options"

# expected-* files, each with the stderr mlir-opt gives for it.
n=0
for f in "$ROOT"/test/VerifyDiagnostics/Inputs/*/*.mlir; do
  [ "$(wc -c < "$f")" -lt 6000 ] || continue
  cp "$f" in.mlir
  { cat in.mlir; printf '\n//#### stderr\n'
    $LLVM/mlir-opt in.mlir --split-input-file -o /dev/null 2>&1 | head -60; } |
    seed diag-verifier "$(basename "$f" .mlir)"
done
cp "$small" in.mlir

# --mlir-print-ir-after-all / -before-all logs of mlir-opt and fir-opt, and
# a --mlir-print-ir-tree-dir folder packed as "//=== NAME" sections.
$LLVM/mlir-opt in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse))' \
  --mlir-print-ir-after-all -o /dev/null 2>&1 | seed from-log mlir-opt-after-all
$LLVM/mlir-opt in.mlir --pass-pipeline='builtin.module(func.func(cse),inline)' \
  --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-module-scope \
  --mlir-disable-threading -o /dev/null 2>&1 | seed from-log mlir-opt-before-after-module
$LLVM/mlir-opt in.mlir --pass-pipeline='builtin.module(func.func(irs-nonexistent))' \
  --mlir-print-ir-after-all 2>&1 | seed from-log mlir-opt-error
$LLVM/mlir-opt in.mlir --pass-pipeline='builtin.module(func.func(canonicalize))' \
  --mlir-print-ir-after-all --mlir-print-ir-after-failure --mlir-print-debuginfo \
  -o /dev/null 2>&1 | seed from-log mlir-opt-debuginfo
printf 'func.func @f(%%x: !fir.ref<f32>) {\n  %%0 = fir.load %%x : !fir.ref<f32>\n  return\n}\n' > fir.mlir
$LLVM/fir-opt fir.mlir --cse --canonicalize --mlir-print-ir-after-all -o /dev/null 2>&1 |
  seed from-log fir-opt-after-all
rm -rf tree
$LLVM/mlir-opt in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse))' \
  --mlir-print-ir-tree-dir=tree --mlir-print-ir-after-all -o /dev/null 2>/dev/null
(cd tree && find . -name '*.mlir' | sort | while read -r f; do
  printf '//=== %s\n' "${f#./}"; cat "$f"; done) | seed from-log mlir-opt-tree-dir

# A run directory's manifest, failure and crash reports, reproducers.
"$BIN"/irscope-opt in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse))' \
  --dump-after-each=dumps -o /dev/null 2>/dev/null
seed manifest dumps < dumps/manifest.xml
"$BIN"/irscope-opt in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-fail{op=arith.muli}))' \
  --dump-after-each=dfail -o /dev/null 2>/dev/null
seed manifest failed-dumps < dfail/manifest.xml
seed manifest failure-report < dfail/report.xml
seed reproducer irscope-failure < dfail/reproducer.mlir
"$BIN"/irscope-opt in.mlir --pass-pipeline='builtin.module(func.func(irs-test-crash{op=arith.muli}))' \
  --failure-dir=crash -o /dev/null 2> crash.stderr
for f in crash/*.xml; do seed manifest "crash-$(basename "$f" .xml)" < "$f"; done
[ -f crash/reproducer.mlir ] && seed reproducer irscope-crash < crash/reproducer.mlir
"$BIN"/irscope-opt in.mlir --pass-pipeline='builtin.module(func.func(irs-test-flaky{op=arith.muli}))' \
  --repeat=4 --failure-dir=rep 2>/dev/null
for f in rep/*.xml; do [ -f "$f" ] && seed manifest "repeat-$(basename "$f" .xml)" < "$f"; done
$LLVM/mlir-opt in.mlir --pass-pipeline='builtin.module(func.func(canonicalize))' \
  --mlir-pass-pipeline-crash-reproducer=mlir-repro.mlir --mlir-pass-pipeline-local-reproducer \
  -o /dev/null 2>/dev/null
printf '{-# external_resources: { mlir_reproducer: { pipeline: "builtin.module(func.func(canonicalize{ max-iterations=10 }))", disable_threading: true, verify_each: false }, irscope_run: { seed: "0x2a" } } #-}\n' |
  cat "$small" - | seed reproducer handmade-both

# Stack traces: irscope's crash output, and the LLVM stack dumps mlir-opt
# and fir-opt print when they get SIGSEGV (symbolised and not).
seed stack-trace irscope-crash < crash.stderr
[ -f crash/crash-report.xml ] && sed -n '/<stack/,/<\/stack/p' crash/crash-report.xml | seed stack-trace irscope-crash-report
for t in mlir-opt fir-opt; do
  (sleep 30 | timeout -s SEGV 1 $LLVM/$t 2> "$t.segv" >/dev/null) 2>/dev/null
  seed stack-trace "$t-segv" < "$t.segv"
  (sleep 30 | LLVM_DISABLE_SYMBOLIZATION=1 timeout -s SEGV 1 $LLVM/$t 2> "$t.nosym" >/dev/null) 2>/dev/null
  seed stack-trace "$t-segv-nosym" < "$t.nosym"
done
head -c 3000 /proc/self/maps | seed stack-trace proc-maps

# Tools' diagnostics: parse errors, verifier errors with notes, pass
# failures, of mlir-opt and fir-opt.
n=0
for f in "$ROOT"/test/VerifyDiagnostics/Inputs/format/*.mlir; do
  $LLVM/mlir-opt "$f" --split-input-file -o /dev/null 2>&1 | head -80 |
    seed tool-diagnostics "mlir-opt-$(basename "$f" .mlir)"
done
printf 'func.func @f() {\n  %%0 = fir.load %%x : !fir.ref<f32>\n}\n' > bad-fir.mlir
$LLVM/fir-opt bad-fir.mlir 2>&1 | seed tool-diagnostics fir-opt-parse
$LLVM/mlir-opt in.mlir --pass-pipeline='builtin.module(func.func(canonicalize))' \
  --mlir-print-stacktrace-on-diagnostic --verify-each 2>&1 | head -40 | seed tool-diagnostics mlir-opt-ok
"$BIN"/irscope-opt in.mlir --pass-pipeline='builtin.module(func.func(irs-test-fail{op=arith.muli}))' \
  -o /dev/null 2>&1 | seed tool-diagnostics irscope-fail
# Empty seeds say nothing: drop them.
find "$C" -name 'seed-*' -empty -delete
for r in "$C"/*; do echo "$(basename "$r"): $(ls "$r" | wc -l) files, $(du -sk "$r" | cut -f1) KiB"; done
