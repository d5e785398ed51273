// After a reduction opt-reduce names the one rewrite the reduced failure
// comes from (docs/opt-reduce.md, "Messages"): the reduced module runs once
// more, single-threaded, with irscope-opt's answers inside a step. Real
// upstream cases: a crash in convert-arith-to-spirv (the pattern in flight,
// llvm/llvm-project#205233, this file), IR that -convert-xegpu-to-xevm
// leaves invalid (narrowed to pattern application 3 of 3,
// llvm/llvm-project#205069), a canonicalize hang (the last rewrite it
// began before folding one op forever, llvm/llvm-project#221152). --emit-lit-test names it in a
// comment; the pin form adds a RUN line pair on upstream mlir-opt's own
// debug counter (K - 1 pattern applications do not fail, K do), which lit
// runs below. lit would take any line of this file holding the word RUN
// and a colon for one of its own RUN lines, hence {{RUN}}: in the checks.
//
// RUN: rm -rf %t.suite && mkdir %t.suite
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" -o %t.crash.out --emit-lit-test=%t.suite/crash.test --emit-lit-test-mode=pin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH
// CRASH: opt-reduce: culprit rewrite: pattern '(anonymous namespace)::ExtUIPattern' on 'arith.extui' (#2, in flight when it crashed)
// CRASH-NEXT: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in convert-arith-to-spirv
// RUN: FileCheck %s --check-prefix=CRASHLIT --match-full-lines < %t.suite/crash.test
// CRASHLIT:      // Culprit rewrite: pattern '(anonymous namespace)::ExtUIPattern' on 'arith.extui' (#2, in flight when it crashed).
// CRASHLIT-NEXT: // With upstream mlir-opt's debug counter, the first 2 apply-pattern actions fail
// CRASHLIT-NEXT: // as above and the first 1 do not:
// CRASHLIT-NEXT: // {{RUN}}: mlir-opt %s --mlir-disable-threading -pass-pipeline='builtin.module(func.func(convert-arith-to-spirv))' --mlir-debug-counter=apply-pattern-count=1 -o /dev/null 2> %t.culprit-before || true
// CRASHLIT-NEXT: // {{RUN}}: FileCheck %s --check-prefix=CULPRIT-BEFORE --allow-empty < %t.culprit-before
// CRASHLIT-NEXT: // CULPRIT-BEFORE-NOT: Stack dump:
// CRASHLIT-NEXT: // {{RUN}}: not --crash mlir-opt %s --mlir-disable-threading -pass-pipeline='builtin.module(func.func(convert-arith-to-spirv))' --mlir-debug-counter=apply-pattern-count=2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=CULPRIT
// CRASHLIT-NEXT: // CULPRIT: Stack dump:
//
// The fix form names it and gives the two commands as comments (a fixed
// pass would fail a check that the K-th application still crashes).
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" -o %t.fix.out --emit-lit-test=%t.fix.test 2>/dev/null
// RUN: FileCheck %s --check-prefix=FIX --match-full-lines < %t.fix.test
// FIX:      // Culprit rewrite: pattern '(anonymous namespace)::ExtUIPattern' on 'arith.extui' (#2, in flight when it crashed).
// FIX-NEXT: // With upstream mlir-opt's debug counter, the first 2 apply-pattern actions fail
// FIX-NEXT: // as above and the first 1 do not:
// FIX-NEXT: //   mlir-opt %s --mlir-disable-threading -pass-pipeline='builtin.module(func.func(convert-arith-to-spirv))' --mlir-debug-counter=apply-pattern-count=1 -o /dev/null
// FIX-NEXT: //   mlir-opt %s --mlir-disable-threading -pass-pipeline='builtin.module(func.func(convert-arith-to-spirv))' --mlir-debug-counter=apply-pattern-count=2 -o /dev/null
// FIX-EMPTY:
//
// A verifier failure: the failing step narrowed to one pattern application.
// RUN: opt-reduce --allow-unregistered-dialect %S/../Tool/Inputs/xegpu-to-xevm-verifier.mlir --pass-pipeline="builtin.module(convert-xegpu-to-xevm)" -o %t.verify.out --emit-lit-test=%t.suite/verify.test --emit-lit-test-mode=pin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERIFY
// VERIFY: opt-reduce: culprit rewrite: pattern '(anonymous namespace)::ConvertYieldOpTypes' on 'scf.yield' (#3 of 3 in step 1)
// VERIFY-NEXT: opt-reduce: done:
// RUN: FileCheck %s --check-prefix=VERIFYLIT < %t.suite/verify.test
// VERIFYLIT: // Culprit rewrite: pattern '(anonymous namespace)::ConvertYieldOpTypes' on 'scf.yield' (#3 of 3 in step 1).
// VERIFYLIT: --mlir-debug-counter=apply-pattern-count=2 -o /dev/null 2> %t.culprit-before || true
// VERIFYLIT: // CULPRIT-BEFORE-NOT: error: 'vector.shape_cast' op has different number of scalable dims
// VERIFYLIT: // {{RUN}}: not mlir-opt %s --allow-unregistered-dialect --mlir-disable-threading -pass-pipeline='builtin.module(convert-xegpu-to-xevm)' --mlir-debug-counter=apply-pattern-count=3 -o /dev/null 2>&1 | FileCheck %s --check-prefix=CULPRIT
//
// Both emitted tests pass: upstream mlir-opt agrees on the culprit.
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: lit -v %t.suite | FileCheck %s --check-prefix=LIT
// LIT-DAG: PASS: opt-reduce-emitted :: crash.test
// LIT-DAG: PASS: opt-reduce-emitted :: verify.test
//
// A hang: it stops beginning actions (a folder loops): the last one it
// began, with its number.
// RUN: opt-reduce %S/../Actions/hang-stall.mlir --pass-pipeline="builtin.module(func.func(canonicalize))" --test-timeout=2 --strategies=erase-symbols -o %t.hang.out --emit-lit-test=%t.hang.test 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HANG
// HANG: opt-reduce: culprit rewrite: pattern '(anonymous namespace)::AddIAddConstant' on 'arith.addi' at {{.*}}hang-stall.mlir:41:11 (#{{[1-9][0-9]*}}, the last action begun: none began in the hang's last {{[0-9.]+}} s)
// RUN: FileCheck %s --check-prefix=HANGLIT < %t.hang.test
// HANGLIT: // Culprit rewrite: pattern '(anonymous namespace)::AddIAddConstant' on 'arith.addi' at {{.*}} (#{{[1-9][0-9]*}}, the last action begun
// HANGLIT-NOT: debug-counter
//
// A pass failure is not narrowed in-process: no culprit line.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.extui}))" -o %t.fail.out 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL-NOT: culprit
// FAIL: opt-reduce: done:

func.func @unrelated(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @m(%arg0: tensor<8xi8>) {
  %0 = arith.extui %arg0 : tensor<8xi8> to tensor<8xi32>
  return
}
