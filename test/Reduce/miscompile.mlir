// opt-reduce --miscompile reduces a wrong result, as irscope-opt
// --check-results finds it: the culprit step (here irs-test-miscompile,
// which turns the additions of @add into subtractions) is found on the
// input, then candidates are kept while that step still changes what
// @main prints, the IR before it and after it both running cleanly. The
// other functions, their calls and prints and the innocent steps go.

// RUN: opt-reduce %s --pass-pipeline='builtin.module(canonicalize,irs-test-miscompile{func=add},cse)' --miscompile -o %t --emit-lit-test=%t.lit.mlir 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: pipeline: builtin.module(irs-test-miscompile{func=add}) (reduced from
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: wrong-result in irs-test-miscompile
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=@mul --implicit-check-not=@neg --implicit-check-not=arith.muli < %t
// OUT: func.func @add(
// OUT: arith.addi
// OUT: func.func @main()
// OUT: call @add
// OUT: vector.print

// The emitted test holds the reference output (what @main printed before
// the pipeline) and runs the step, the lowering and mlir-runner.
// RUN: FileCheck %s --check-prefix=LIT < %t.lit.mlir
// LIT: // {{RUN}}: irscope-opt %s --pass-pipeline='builtin.module(irs-test-miscompile{func=add})' \
// LIT-NEXT: // {{RUN}}: | mlir-opt --pass-pipeline='builtin.module(convert-vector-to-scf,
// LIT-NEXT: // {{RUN}}: | mlir-runner -e main --entry-point-result=void --shared-libs=
// LIT-NEXT: // {{RUN}}: | FileCheck %s --match-full-lines
// LIT-NEXT: // {{CHECK}}: {{-?[0-9]+}}

// That test fails today: the step's output prints something else...
// RUN: irscope-opt %t.lit.mlir --pass-pipeline='builtin.module(irs-test-miscompile{func=add})' \
// RUN:   | mlir-opt --pass-pipeline='builtin.module(convert-scf-to-cf,convert-vector-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-runner -e main --entry-point-result=void --shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | not FileCheck %t.lit.mlir --match-full-lines
// ... and passes without the bug (the module run as it is).
// RUN: mlir-opt %t.lit.mlir --pass-pipeline='builtin.module(convert-scf-to-cf,convert-vector-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-runner -e main --entry-point-result=void --shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %t.lit.mlir --match-full-lines

// Without a step that changes the results there is nothing to reduce.
// RUN: sh -c "opt-reduce %s --pass-pipeline='builtin.module(canonicalize,cse)' --miscompile -o %t.same; echo exit=\$?" 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: opt-reduce: error: the input is not interesting
// SAME: exit=2

// Bad uses.
// RUN: sh -c "opt-reduce %s --test=/bin/true --miscompile -o %t.bad; echo exit=\$?" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: opt-reduce: error: '--miscompile' needs a pipeline and cannot be combined with '--test'
// BAD-NEXT: exit=2

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @mul(%a: i32, %b: i32) -> i32 {
  %c = arith.muli %a, %b : i32
  return %c : i32
}

func.func @neg(%a: i32) -> i32 {
  %z = arith.constant 0 : i32
  %c = arith.subi %z, %a : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %p = call @mul(%c40, %c2) : (i32, i32) -> i32
  vector.print %p : i32
  %n = call @neg(%p) : (i32) -> i32
  vector.print %n : i32
  %s = call @add(%c40, %c2) : (i32, i32) -> i32
  vector.print %s : i32
  return
}
