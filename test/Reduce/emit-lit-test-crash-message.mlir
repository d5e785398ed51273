// A crash whose signature has an error message that came before the signal
// (llvm/llvm-project#206952, reduced: tosa-narrow-i64-to-i32 reports
// "failed to legalize operation 'func.call'" in @m1, then dies of SIGSEGV
// undoing the conversion). The reduction's candidates run single-threaded;
// threaded over the two functions, the pass holds its diagnostics until
// both finish, and the crash loses the message. The pin test therefore runs
// single-threaded too, and passes under lit.
//
// lit would take any line of this file holding the word RUN and a colon
// for one of its own RUN lines, hence {{RUN}}: in the checks below.

// RUN: rm -rf %t.suite && mkdir %t.suite
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(tosa-narrow-i64-to-i32))" -o %t.out --emit-lit-test=%t.suite/reduced.test --emit-lit-test-mode=pin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: {{.*}}; signature: crash in tosa-narrow-i64-to-i32

// RUN: FileCheck %s --check-prefix=EMIT < %t.suite/reduced.test
// EMIT:      // {{RUN}}: not --crash irscope-opt %s --crash-protection=0 --mlir-disable-threading --pass-pipeline='builtin.module(func.func(tosa-narrow-i64-to-i32))' -o /dev/null 2>&1 | FileCheck %s
// EMIT-NEXT: // CHECK: error: failed to legalize operation 'func.call'
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: lit -v %t.suite | FileCheck %s --check-prefix=LIT
// LIT: PASS: opt-reduce-emitted :: reduced.test (1 of 1)

module {
  func.func @m1(%arg0: tensor<1xi1>, %arg1: tensor<4xi64>, %arg2: tensor<4xi64>) {
    %0 = tosa.cond_if %arg0 (%arg3 = %arg1, %arg4 = %arg2) : tensor<1xi1> (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64> {
    ^bb0(%arg3: tensor<4xi64>, %arg4: tensor<4xi64>):
      tosa.yield %arg1 : tensor<4xi64>
    } else {
    ^bb0(%arg3: tensor<4xi64>, %arg4: tensor<4xi64>):
      tosa.yield %arg1 : tensor<4xi64>
    }
    call @m0() : () -> ()
    return
  }
  func.func @m0() {
    return
  }
}
