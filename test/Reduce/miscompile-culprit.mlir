// opt-reduce --miscompile names the one rewrite the reduced wrong result
// comes from, as irscope-opt --check-results narrows it: the culprit step
// of the reduced pipeline on its pre-step IR, each trial's output executed
// and compared with the IR before the step. A real canonicalize miscompile
// (llvm/llvm-project#219456): WhileMoveIfDown on the scf.while. The
// summary's line has the other kinds' wording and counts on the module as
// written; the emitted test names it in a comment, with the debug-counter
// counts K - 1 and K that upstream mlir-opt replays below.

// RUN: rm -rf %t && mkdir -p %t
// RUN: opt-reduce %s --pass-pipeline='builtin.module(cse,loop-invariant-code-motion,canonicalize,cse,symbol-dce)' --miscompile -o %t/r.mlir --emit-lit-test=%t/r.lit.mlir 2> %t/log
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// LOG: opt-reduce: pipeline: builtin.module(canonicalize) (reduced from
// LOG-NEXT: opt-reduce: culprit rewrite: pattern '(anonymous namespace)::WhileMoveIfDown' on 'scf.while' at {{.*}}miscompile-culprit.mlir:79:15 (#4 of {{[0-9]+}} in step 1)
// LOG-NEXT: opt-reduce: note: narrowed single-threaded with {{[0-9]+}} executions
// LOG-NEXT: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: wrong-result in canonicalize

// The same action, K of N, as irscope-opt --check-results on the reduced
// file finds it (its location is in that file).
// RUN: not irscope-opt %t/r.mlir --pass-pipeline='builtin.module(canonicalize)' --check-results --failure-dir=%t/fd -o /dev/null 2> %t/check
// RUN: sed -nE "s/^opt-reduce: culprit [a-z ]*: ((pattern|pass) '.*' on '[^']*') at .* \((#[0-9]+ of [0-9]+ in step 1)\)$/\3 \1/p" %t/log > %t/ours
// RUN: sed -nE "s/^irscope-opt: note: first wrong [a-z ]*: (#[0-9]+ of [0-9]+ in step 1) '[^']*': ((pattern|pass) '.*' on '[^']*')( @[^ ]*)? at .*$/\1 \2/p" %t/check > %t/theirs
// RUN: FileCheck %s --check-prefix=SAME --match-full-lines < %t/ours
// SAME: #4 of {{[0-9]+}} in step 1 pattern '(anonymous namespace)::WhileMoveIfDown' on 'scf.while'
// RUN: diff %t/ours %t/theirs

// The emitted test names it under its CHECK lines.
// RUN: FileCheck %s --check-prefix=LIT --match-full-lines < %t/r.lit.mlir
// LIT:      // CHECK: 2
// LIT-NEXT: // Culprit rewrite: pattern '(anonymous namespace)::WhileMoveIfDown' on 'scf.while' at {{.*}}miscompile-culprit.mlir:79:15 (#4 of {{[0-9]+}} in step 1).
// LIT-NEXT: // With upstream mlir-opt's debug counter, the first 3 apply-pattern actions give
// LIT-NEXT: // the output checked above and the first 4 do not: the first RUN line's
// LIT-NEXT: // mlir-opt with --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=3 (or 4).
// LIT-EMPTY:

// Upstream mlir-opt's own debug counter on the reduced file: 3 pattern
// applications give the reference's output, 4 the wrong one.
// RUN: mlir-opt %t/r.mlir --mlir-disable-threading --pass-pipeline='builtin.module(canonicalize)' --mlir-debug-counter=apply-pattern-count=3 \
// RUN:   | mlir-opt --pass-pipeline='builtin.module(convert-scf-to-cf,convert-vector-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-runner -e main --entry-point-result=void --shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=K3 --match-full-lines
// K3: 2
// RUN: mlir-opt %t/r.mlir --mlir-disable-threading --pass-pipeline='builtin.module(canonicalize)' --mlir-debug-counter=apply-pattern-count=4 \
// RUN:   | mlir-opt --pass-pipeline='builtin.module(convert-scf-to-cf,convert-vector-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-runner -e main --entry-point-result=void --shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=K4 --match-full-lines
// K4: 20

// A pass that applies no pattern is narrowed by its executions
// (affine-loop-coalescing, llvm/llvm-project#216289): the second of three,
// the pass on @f, as irscope-opt finds it on the reduced file. The emitted
// test names it; upstream's counter does not count passes as ours, so no
// counts are given.
// RUN: opt-reduce %S/../Exec/narrow-pass-execution.mlir --pass-pipeline='builtin.module(func.func(affine-loop-coalescing))' --miscompile -o %t/p.mlir --emit-lit-test=%t/p.lit.mlir 2> %t/plog
// RUN: FileCheck %s --check-prefix=PLOG < %t/plog
// PLOG: opt-reduce: culprit pass execution: pass 'affine-loop-coalescing' on 'func.func' at {{.*}}narrow-pass-execution.mlir:31:1 (#2 of 3 in step 1)
// PLOG-NEXT: opt-reduce: note: narrowed single-threaded with {{[0-9]+}} executions
// RUN: not irscope-opt %t/p.mlir --pass-pipeline='builtin.module(func.func(affine-loop-coalescing))' --check-results --failure-dir=%t/pfd -o /dev/null 2> %t/pcheck
// RUN: sed -nE "s/^opt-reduce: culprit [a-z ]*: ((pattern|pass) '.*' on '[^']*') at .* \((#[0-9]+ of [0-9]+ in step 1)\)$/\3 \1/p" %t/plog > %t/pours
// RUN: sed -nE "s/^irscope-opt: note: first wrong [a-z ]*: (#[0-9]+ of [0-9]+ in step 1) '[^']*': ((pattern|pass) '.*' on '[^']*')( @[^ ]*)? at .*$/\1 \2/p" %t/pcheck > %t/ptheirs
// RUN: FileCheck %s --check-prefix=PSAME --match-full-lines < %t/pours
// PSAME: #2 of 3 in step 1 pass 'affine-loop-coalescing' on 'func.func'
// RUN: diff %t/pours %t/ptheirs
// RUN: FileCheck %s --check-prefix=PLIT --match-full-lines < %t/p.lit.mlir
// PLIT:      // Culprit pass execution: pass 'affine-loop-coalescing' on 'func.func' at {{.*}}narrow-pass-execution.mlir:31:1 (#2 of 3 in step 1).
// PLIT-EMPTY:

// A culprit step whose pass runs on one op and applies no pattern has no
// action to tell apart: no culprit line.
// RUN: opt-reduce %S/miscompile.mlir --pass-pipeline='builtin.module(irs-test-miscompile{func=add})' --miscompile -o %t/n.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: culprit
// NONE: opt-reduce: done:

func.func @duplicate_forward() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %result:3 = scf.while (%state = %c0) : (index) -> (index, index, index) {
    %continue = arith.cmpi slt, %state, %c1 : index
    %value = scf.if %continue -> index {
      %next = arith.addi %state, %c2 : index
      scf.yield %next : index
    } else {
      scf.yield %c20 : index
    }
    scf.condition(%continue) %value, %value, %state : index, index, index
  } do {
  ^bb0(%first: index, %second: index, %old: index):
    scf.yield %second : index
  }
  return %result#2 : index
}

func.func @main() {
  %r = call @duplicate_forward() : () -> index
  vector.print %r : index
  return
}
