// --emit-lit-test=FILE writes, by default, the regression test a fix is
// committed with: a comment naming the bug's signature, a RUN line in
// upstream style that expects the reduced pipeline to succeed (with
// -verify-diagnostics when the failure is a diagnostic, and no
// -split-input-file: the test is one module;
// irscope-opt when the pipeline has irscope passes, mlir-opt otherwise),
// CHECK-LABEL lines for the reduced symbols, the reduced module. Run by lit
// it fails today; with the bug gone (simulated by taking the failing pass
// out of its RUN line) it passes. --emit-lit-test-mode=pin writes the test
// that expects today's failure (emit-lit-test.mlir), which passes today.
//
// lit would take any line of this file holding the word RUN and a colon
// for one of its own RUN lines, hence {{RUN}}: in the checks below.

// RUN: rm -rf %t.suite %t.fixed && mkdir %t.suite %t.fixed
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-fail{op=arith.muli}))" --strategies=pipeline,erase-symbols -o %t.out --emit-lit-test=%t.suite/fail.test 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=EMITTED --match-full-lines < %t.suite/fail.test
// EMITTED:    // Regression test reduced by opt-reduce from '{{.*}}emit-lit-test-fix.mlir'.
// EMITTED-NEXT: // Bug: pass-failure in pass 'irs-test-fail': irs-test-fail: injected failure at 'arith.muli'
// EMITTED:    // {{RUN}}: irscope-opt %s -pass-pipeline='builtin.module(func.func(irs-test-fail{op=arith.muli}))' -verify-diagnostics | FileCheck %s
// EMITTED-NEXT: // CHECK-LABEL: @f
// EMITTED-EMPTY:
// EMITTED-NEXT: module {
// EMITTED-NEXT:   func.func @f(%arg0: i32) -> i32 {

// A crash: no `not`, no -verify-diagnostics; the signature names the site.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" --strategies=erase-symbols -o %t.crash.out --emit-lit-test=%t.suite/crash.test 2>&1 | FileCheck %s --check-prefix=LOG2
// LOG2: signature: crash in irs-test-crash
// RUN: FileCheck %s --check-prefix=CRASH --match-full-lines < %t.suite/crash.test
// CRASH:      // Bug: crash in pass 'irs-test-crash', in {{.+}}
// CRASH:      // {{RUN}}: irscope-opt %s -pass-pipeline='builtin.module(func.func(irs-test-crash{op=arith.muli}))' | FileCheck %s

// A pipeline of MLIR's passes only runs with mlir-opt.
// RUN: opt-reduce %s --affine-super-vectorize=virtual-vector-size=0 --strategies=erase-symbols -o %t.vec.out --emit-lit-test=%t.suite/vectorize.test 2>&1 | FileCheck %s --check-prefix=LOG3
// LOG3: signature: pass-failure in affine-super-vectorize
// RUN: FileCheck %s --check-prefix=VEC --match-full-lines < %t.suite/vectorize.test
// VEC:      // Bug: pass-failure in pass 'affine-super-vectorize': Vectorization factor must be greater than zero.
// VEC:      // {{RUN}}: mlir-opt %s -pass-pipeline='builtin.module(func.func(affine-super-vectorize{virtual-vector-size=0}))' -verify-diagnostics | FileCheck %s
// VEC-NEXT: // CHECK-LABEL: @unrelated

// The pin form of the first failure, next to them.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=erase-symbols -o %t.pin.out --emit-lit-test=%t.suite/pin.test --emit-lit-test-mode=pin 2>&1 | FileCheck %s --check-prefix=LOG
// RUN: FileCheck %s --check-prefix=PIN < %t.suite/pin.test
// PIN: // {{RUN}}: not irscope-opt %s --crash-protection=0

// Today: the regression tests fail, the pin test passes.
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: not lit -v %t.suite > %t.today 2>&1
// RUN: FileCheck %s --check-prefix=TODAY < %t.today
// TODAY-DAG: FAIL: opt-reduce-emitted :: fail.test
// TODAY-DAG: FAIL: opt-reduce-emitted :: crash.test
// TODAY-DAG: FAIL: opt-reduce-emitted :: vectorize.test
// TODAY-DAG: PASS: opt-reduce-emitted :: pin.test

// Once fixed (the failing pass replaced by one that does nothing to this
// IR, the vector size made valid), the same tests pass.
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.fixed/lit.cfg.py
// RUN: sed 's/irs-test-fail{op=arith.muli}/canonicalize/' %t.suite/fail.test > %t.fixed/fail.test
// RUN: sed 's/irs-test-crash{op=arith.muli}/canonicalize/' %t.suite/crash.test > %t.fixed/crash.test
// RUN: sed 's/virtual-vector-size=0/virtual-vector-size=4/' %t.suite/vectorize.test > %t.fixed/vectorize.test
// RUN: lit -v %t.fixed | FileCheck %s --check-prefix=FIXED
// FIXED-DAG: PASS: opt-reduce-emitted :: fail.test
// FIXED-DAG: PASS: opt-reduce-emitted :: crash.test
// FIXED-DAG: PASS: opt-reduce-emitted :: vectorize.test

// A bad mode is a usage error.
// RUN: sh -c 'opt-reduce %s --irs-test-fail=op=arith.muli --emit-lit-test=%t.x --emit-lit-test-mode=keep; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: opt-reduce: error: unknown --emit-lit-test-mode 'keep' (expected fix or pin)
// BAD: exit=2

func.func @unrelated() {
  return
}
func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func @g(%x: i32) -> i32 {
  %1 = arith.muli %x, %x : i32
  return %1 : i32
}
