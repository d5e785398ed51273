// opt-reduce --miscompile never drifts into reads of memory nothing wrote.
// Erasing the stores that initialise @main's buffer keeps the wrong result
// (garbage + 1 before the step, garbage - 1 after it), and executions forked
// from one process find the same garbage there, so only running the IR
// before the step under two fillings of fresh memory (IrsExecFill) tells
// that it prints no result at all. The reduced module keeps a write of
// every element it prints.

// RUN: opt-reduce %s --pass-pipeline='builtin.module(canonicalize,irs-test-miscompile{func=add},cse)' --miscompile -o %t --emit-lit-test=%t.lit.mlir 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: wrong-result in irs-test-miscompile
// RUN: FileCheck %s --check-prefix=OUT < %t
// OUT: memref.alloc
// OUT-COUNT-4: memref.store
// OUT: vector.print

// The emitted test passes without the bug, run by the plain tools.
// RUN: mlir-opt %t.lit.mlir --pass-pipeline='builtin.module(convert-vector-to-scf,lower-affine,convert-scf-to-cf,convert-vector-to-llvm,convert-math-to-llvm,expand-strided-metadata,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-runner -e main --entry-point-result=void --shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so,%llvm_lib_dir/libmlir_runner_utils.so \
// RUN:   | FileCheck %t.lit.mlir --match-full-lines

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k1 = arith.constant 1 : i32
  %k10 = arith.constant 10 : i32
  %k20 = arith.constant 20 : i32
  %k30 = arith.constant 30 : i32
  %k40 = arith.constant 40 : i32
  %buf = memref.alloc() : memref<4xi32>
  memref.store %k10, %buf[%c0] : memref<4xi32>
  memref.store %k20, %buf[%c1] : memref<4xi32>
  memref.store %k30, %buf[%c2] : memref<4xi32>
  memref.store %k40, %buf[%c3] : memref<4xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %buf[%i] : memref<4xi32>
    %y = func.call @add(%x, %k1) : (i32, i32) -> i32
    memref.store %y, %buf[%i] : memref<4xi32>
  }
  %z = arith.constant 0 : i32
  %v = vector.transfer_read %buf[%c0], %z {in_bounds = [true]} : memref<4xi32>, vector<4xi32>
  vector.print %v : vector<4xi32>
  memref.dealloc %buf : memref<4xi32>
  return
}
