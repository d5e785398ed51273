// --check-results with --split-input-file: every chunk is executed,
// bisected and documented on its own, its lines prefixed with the chunk
// (counted from 1, as opt-reduce's --chunk counts; its directory is
// chunk-NNN with the same number); the exit code is the worst. Chunk 1's
// @add is miscompiled by step 2, chunk 2 has no @add (no step changes its
// IR: one execution, results match), chunk 3's reference crashes (a clear
// error, no culprit), chunk 4 is miscompiled by canonicalize
// (llvm/llvm-project#219456, as in narrow-pattern.mlir), which is narrowed
// to the rewrite at the file's line of its scf.while.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --split-input-file --pass-pipeline="builtin.module(canonicalize,irs-test-miscompile{func=add},cse)" --check-results --failure-dir=%t/f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s -DDIR=%t/f --implicit-check-not="irscope-opt:"
// CHECK: irscope-opt: error: chunk 1: step 2 'builtin.module(irs-test-miscompile{func=add})' changed the results of '@main': line 1 was '42', is now '38'; report: [[DIR]]/chunk-001/report.xml
// CHECK-NEXT: irscope-opt: note: chunk 1: found with {{[4-6]}} executions
// CHECK-NEXT: irscope-opt: note: chunk 2: results match the input's after all 3 steps (1 executions)
// CHECK-NEXT: irscope-opt: error: chunk 3: the input '{{.*}}check-results-split.mlir' does not run cleanly: '@main' crashed (signal {{[0-9]+}}); --check-results needs a reference result
// CHECK-NEXT: irscope-opt: error: chunk 4: step 1 'builtin.module(canonicalize)' changed the results of '@main': line 1 was '2', is now '20'; report: [[DIR]]/chunk-004/report.xml
// CHECK-NEXT: irscope-opt: note: chunk 4: found with {{[4-6]}} executions
// CHECK-NEXT: irscope-opt: note: chunk 4: first wrong rewrite: #4 of 40 in step 1 'builtin.module(canonicalize)': pattern '(anonymous namespace)::WhileMoveIfDown' on 'scf.while' at {{.*}}check-results-split.mlir:86:15
// CHECK-NEXT: irscope-opt: note: chunk 4: narrowed single-threaded with 7 executions
// CHECK-NEXT: exit=9

// The line is the file's (the chunk was parsed on its own), in the
// report's location and its one-line op too.
// RUN: sed -n 86p %s | FileCheck %s --check-prefix=LINE
// LINE: %result:3 = scf.while
// RUN: FileCheck %s --check-prefix=ACTION -DIN=%s < %t/f/chunk-004/report.xml
// ACTION: <input path="[[IN]]" {{.*}} chunk="4" line="81"
// ACTION: <action tag="apply-pattern" {{.*}} loc="[[IN]]:86:15"
// ACTION-NEXT: <generic-op>{{.*}} loc(&quot;[[IN]]&quot;:86:15)</generic-op>

// Each chunk's artefacts are its own: chunk 1's pre-step IR holds its
// @add, the reproducer its step.
// RUN: FileCheck %s --check-prefix=PRE < %t/f/chunk-001/failure-input.mlir
// PRE: func.func @add
// PRE: arith.addi
// RUN: FileCheck %s --check-prefix=REPORT < %t/f/chunk-001/report.xml
// REPORT: <failure kind="wrong-result" step="2" pass="irs-test-miscompile"
// RUN: not ls %t/f/chunk-000 %t/f/chunk-002 %t/f/chunk-003

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

// -----

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
