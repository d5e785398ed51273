// A crash by abort() (SIGABRT, as report_fatal_error and failed asserts
// end): its signature is kind "crash" with the signal, and the reduction
// keeps a candidate only if it still dies of SIGABRT in the same pass. The
// lit test written by --emit-lit-test expects the crash with `not --crash`
// and the crash handler's line, and passes when lit runs it.
//
// lit would take any line of this file holding the word RUN and a colon
// for one of its own RUN lines, hence {{RUN}}: in the checks below.
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.suite && mkdir %t.suite
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli}))" --strategies=erase-symbols,erase-ops -o %t.out --emit-lit-test=%t.suite/reduced.test --emit-lit-test-mode=pin; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: {{.*}}; signature: crash in irs-test-abort
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=@g --implicit-check-not=arith.addi < %t.out
// OUT:      func.func @f(%arg0: i32) -> i32 {
// OUT-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// OUT-NEXT:   return %0 : i32
// OUT-NEXT: }

// RUN: FileCheck %s --check-prefix=EMIT --match-full-lines < %t.suite/reduced.test
// EMIT:      // Reduced by opt-reduce from '{{.*}}abort.mlir': crash in pass 'irs-test-abort'.
// EMIT:      // {{RUN}}: not --crash irscope-opt %s --crash-protection=0 --pass-pipeline='builtin.module(func.func(irs-test-abort{op=arith.muli}))' -o /dev/null 2>&1 | FileCheck %s
// EMIT-NEXT: // CHECK: irscope-opt: fatal signal SIGABRT
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: lit -v %t.suite | FileCheck %s --check-prefix=LIT
// LIT: PASS: opt-reduce-emitted :: reduced.test (1 of 1)

func.func @g(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %x, %x : i32
  return %1 : i32
}
