// --check-results with --split-input-file: every chunk is executed,
// bisected and documented on its own, its lines prefixed with the chunk;
// the exit code is the worst. Chunk 0's @add is miscompiled by step 2,
// chunk 1 has no @add (no step changes its IR: one execution, results match), chunk 2's reference crashes
// (a clear error, no culprit).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --split-input-file --pass-pipeline="builtin.module(canonicalize,irs-test-miscompile{func=add},cse)" --check-results --failure-dir=%t/f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s -DDIR=%t/f --implicit-check-not="irscope-opt:"
// CHECK: irscope-opt: error: chunk 0: step 2 'builtin.module(irs-test-miscompile{func=add})' changed the results of '@main': line 1 was '42', is now '38'; report: [[DIR]]/chunk-000/report.xml
// CHECK-NEXT: irscope-opt: note: chunk 0: found with {{[4-6]}} executions
// CHECK-NEXT: irscope-opt: note: chunk 1: results match the input's after all 3 steps (1 executions)
// CHECK-NEXT: irscope-opt: error: chunk 2: the input '{{.*}}check-results-split.mlir' does not run cleanly: '@main' crashed (signal {{[0-9]+}}); --check-results needs a reference result
// CHECK-NEXT: exit=9

// Each chunk's artefacts are its own: chunk 0's pre-step IR holds its
// @add, the reproducer its step.
// RUN: FileCheck %s --check-prefix=PRE < %t/f/chunk-000/failure-input.mlir
// PRE: func.func @add
// PRE: arith.addi
// RUN: FileCheck %s --check-prefix=REPORT < %t/f/chunk-000/report.xml
// REPORT: <failure kind="wrong-result" step="2" pass="irs-test-miscompile"
// RUN: not ls %t/f/chunk-001 %t/f/chunk-002

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %r = call @add(%c40, %c2) : (i32, i32) -> i32
  vector.print %r : i32
  return
}

// -----

func.func @mul(%a: i32, %b: i32) -> i32 {
  %c = arith.muli %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %r = call @mul(%c40, %c2) : (i32, i32) -> i32
  vector.print %r : i32
  return
}

// -----

func.func @main() {
  %p = llvm.mlir.zero : !llvm.ptr
  %c7 = arith.constant 7 : i32
  llvm.store %c7, %p : i32, !llvm.ptr
  return
}
