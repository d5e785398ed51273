// The lit test opt-reduce --miscompile --emit-lit-test writes reads the
// reduced module as the reduction read its input: the flags that reading
// took (--allow-unregistered-dialect, each --irdl-file by absolute path)
// are on both RUN lines that parse IR, the pipeline's tool and the
// lowering's mlir-opt, as on the crash path's RUN lines
// (emit-lit-test-read-flags.mlir). Here @main's print carries an
// unregistered dialect's attribute (the lowering drops it, so the module
// runs), and the strategies leave attributes alone: without the flag the
// emitted test cannot parse its own module.
//
// RUN: rm -rf %t.suite %t.d && mkdir %t.suite %t.d && cp %dialects/irs_test.irdl.mlir %t.d/
// RUN: cd %t.d && opt-reduce --allow-unregistered-dialect --irdl-file=irs_test.irdl.mlir %s --pass-pipeline='builtin.module(canonicalize,irs-test-miscompile{func=add},cse)' --miscompile --strategies=pipeline,erase-symbols,erase-ops -o %t.out --emit-lit-test=%t.suite/unregistered.test 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: wrong-result in irs-test-miscompile
// RUN: FileCheck %s --check-prefix=LIT -DDIR=%t.d < %t.suite/unregistered.test
// LIT: // {{RUN}}: irscope-opt %s --allow-unregistered-dialect --irdl-file=[[DIR]]/irs_test.irdl.mlir --pass-pipeline='builtin.module(irs-test-miscompile{func=add})' \
// LIT-NEXT: // {{RUN}}: | mlir-opt --allow-unregistered-dialect --irdl-file=[[DIR]]/irs_test.irdl.mlir --pass-pipeline='builtin.module(convert-vector-to-scf,
// LIT-NEXT: // {{RUN}}: | mlir-runner -e main
// LIT: vector.print {{.*}}{foo.note = #foo<"kept">}
//
// The emitted test runs on its own, and fails today (the step changes what
// @main prints); the module run as it is passes its CHECK lines.
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: not lit -v %t.suite | FileCheck %s --check-prefix=EMITTED --implicit-check-not="unregistered dialect"
// EMITTED: FAIL: opt-reduce-emitted :: unregistered.test
// EMITTED: error: CHECK: expected string not found in input
// RUN: mlir-opt --allow-unregistered-dialect %t.suite/unregistered.test --pass-pipeline='builtin.module(convert-scf-to-cf,convert-vector-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-runner -e main --entry-point-result=void --shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %t.suite/unregistered.test --match-full-lines
// Without the flag, the module does not parse.
// RUN: not mlir-opt %t.suite/unregistered.test 2>&1 | FileCheck %s --check-prefix=UNREG
// UNREG: attribute created with unregistered dialect

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @mul(%a: i32, %b: i32) -> i32 {
  %c = arith.muli %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %p = call @mul(%c40, %c2) : (i32, i32) -> i32
  vector.print %p : i32
  %s = call @add(%c40, %c2) : (i32, i32) -> i32
  "vector.print"(%s) <{punctuation = #vector.punctuation<newline>}> {foo.note = #foo<"kept">} : (i32) -> ()
  return
}
