// The RUN lines --emit-lit-test writes read the reduced case as the
// reduction read its input: with --allow-unregistered-dialect and each
// --irdl-file (by absolute path) on every RUN line, irscope-opt's and
// upstream mlir-opt's, in the pin and the fix form. Here the crash sits in
// an unregistered op's region, so the reduced case keeps that op: without
// the flag the emitted test cannot even parse it.
//
// RUN: rm -rf %t.suite && mkdir %t.suite
// RUN: opt-reduce --allow-unregistered-dialect %s --pass-pipeline="builtin.module(convert-arith-to-spirv)" -o %t.pin.out --emit-lit-test=%t.suite/unregistered.test --emit-lit-test-mode=pin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REDUCE
// REDUCE: opt-reduce: culprit rewrite: pattern '(anonymous namespace)::ExtUIPattern' on 'arith.extui' (#2, in flight when it crashed)
// RUN: FileCheck %s --check-prefix=PIN < %t.suite/unregistered.test
// PIN:      // {{RUN}}: not --crash irscope-opt %s --allow-unregistered-dialect --crash-protection=0
// PIN:      // {{RUN}}: mlir-opt %s --allow-unregistered-dialect --mlir-disable-threading {{.*}}apply-pattern-count=1
// PIN:      // {{RUN}}: not --crash mlir-opt %s --allow-unregistered-dialect --mlir-disable-threading {{.*}}apply-pattern-count=2
// PIN:      "test.container"() ({
//
// The fix form's RUN line too.
// RUN: opt-reduce --allow-unregistered-dialect %s --pass-pipeline="builtin.module(convert-arith-to-spirv)" -o %t.fix.out --emit-lit-test=%t.fix.test 2>/dev/null
// RUN: FileCheck %s --check-prefix=FIX < %t.fix.test
// FIX: // {{RUN}}: mlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(convert-arith-to-spirv)' | FileCheck %s
//
// An IRDL dialect's op the failure needs: its file given by a relative
// path, written by absolute path (lit runs the test elsewhere).
// RUN: rm -rf %t.d && mkdir %t.d && cp %dialects/irs_test.irdl.mlir %t.d/
// RUN: cd %t.d && opt-reduce --irdl-file=irs_test.irdl.mlir %S/Inputs/irdl-crash.mlir --pass-pipeline="builtin.module(irs-test-crash{op=irs_test.sink})" -o %t.irdl.out --emit-lit-test=%t.suite/irdl.test --emit-lit-test-mode=pin 2>/dev/null
// RUN: FileCheck %s --check-prefix=IRDL -DDIR=%t.d < %t.suite/irdl.test
// IRDL: // {{RUN}}: not --crash irscope-opt %s --irdl-file=[[DIR]]/irs_test.irdl.mlir --crash-protection=0
// IRDL: "irs_test.sink"
//
// Both emitted pin tests pass on their own.
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: lit -v %t.suite | FileCheck %s --check-prefix=LIT
// LIT-DAG: PASS: opt-reduce-emitted :: unregistered.test
// LIT-DAG: PASS: opt-reduce-emitted :: irdl.test

"test.container"() ({
^bb0(%a: tensor<8xi8>):
  %0 = arith.extui %a : tensor<8xi8> to tensor<8xi32>
  "test.end"(%0) : (tensor<8xi32>) -> ()
}) : () -> ()
func.func @unrelated(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
