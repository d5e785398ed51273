// --emit-lit-test=FILE writes a lit test that pins the reduced failure: a
// RUN line running irscope-opt with the reduced pipeline under `not`, a
// CHECK line on the first error (numbers and SSA names as regexes), and the
// reduced module. Run on its own by lit, it passes.
//
// lit would take any line of this file holding the word RUN and a colon
// for one of its own RUN lines, hence {{RUN}}: in the checks below.

// RUN: rm -rf %t.suite && mkdir %t.suite
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-fail{op=arith.muli}))" --strategies=pipeline,erase-symbols -o %t.out --emit-lit-test=%t.suite/reduced.test --emit-lit-test-mode=pin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail

// RUN: FileCheck %s --check-prefix=EMIT --match-full-lines < %t.suite/reduced.test
// EMIT:      // Reduced by opt-reduce from '{{.*}}emit-lit-test.mlir': pass-failure in pass 'irs-test-fail'.
// EMIT:      // {{RUN}}: not irscope-opt %s --crash-protection=0 --pass-pipeline='builtin.module(func.func(irs-test-fail{op=arith.muli}))' -o /dev/null 2>&1 | FileCheck %s
// EMIT-NEXT: // CHECK: error: irs-test-fail: injected failure at 'arith.muli'
// EMIT-EMPTY:
// EMIT-NEXT: module {
// EMIT-NEXT:   func.func @f(%arg0: i32) -> i32 {
// EMIT-NEXT:     %0 = arith.muli %arg0, %arg0 : i32
// EMIT-NEXT:     return %0 : i32
// EMIT-NEXT:   }
// EMIT-NEXT: }

// The module in the test is the reduced output.
// RUN: sed -n '/^module {/,$p' %t.suite/reduced.test > %t.module
// RUN: diff %t.module %t.out

// A verifier failure, whose first error holds a number: the number becomes
// a regex in the CHECK line.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-corrupt{op=arith.muli}))" --strategies=erase-symbols -o %t.verify.out --emit-lit-test=%t.suite/reduced-verify.test --emit-lit-test-mode=pin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VLOG
// VLOG: opt-reduce: done: {{.*}}; signature: verify-failure in irs-test-corrupt
// RUN: FileCheck %s --check-prefix=VEMIT --match-full-lines < %t.suite/reduced-verify.test
// VEMIT:      // Reduced by opt-reduce from '{{.*}}emit-lit-test.mlir': verify-failure in pass 'irs-test-corrupt'.
// VEMIT:      // {{RUN}}: not irscope-opt %s --crash-protection=0 --pass-pipeline='builtin.module(func.func(irs-test-corrupt{op=arith.muli}))' -o /dev/null 2>&1 | FileCheck %s
// VEMIT-NEXT: // CHECK: error: operand #{{[{][{]}}[0-9a-zA-Z_.]+{{[}][}]}} does not dominate this use
// VEMIT:      {{ *}}%1 = arith.muli %0, %0 : i32

// lit runs both and they pass.
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: lit -v %t.suite | FileCheck %s --check-prefix=LIT
// LIT-DAG: PASS: opt-reduce-emitted :: reduced.test
// LIT-DAG: PASS: opt-reduce-emitted :: reduced-verify.test

func.func @unrelated() {
  return
}
func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
