// opt-reduce --miscompile never drifts from a wrong result into an undefined
// one. arith-int-range-narrowing narrows this shift to i32 although its
// amount (32) is only in range for i64 (llvm/llvm-project#218191): @main
// prints 0 before the step and 4 after it (x86 masks the amount). Folding
// the loaded amount into a constant keeps the results different, but then
// LLVM folds the narrowed shift to poison and the step's output prints
// whatever its register held, which forked executions agree on. So the
// step's output runs again in the second worker, under the other filling,
// and must print what it printed first: the reduced module keeps the load,
// and irscope-opt --check-results still finds the miscompile in it.
// Under AddressSanitizer the poisoned shift can print the same value under
// both fillings (ASan's allocator ignores the filling), so the check cannot
// always tell.
// UNSUPPORTED: asan

// RUN: rm -rf %t && mkdir -p %t
// RUN: opt-reduce %s --arith-int-range-narrowing=int-bitwidths-supported=32 --miscompile --entry=main -o %t/r.mlir 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: wrong-result in arith-int-range-narrowing
// RUN: FileCheck %s --check-prefix=OUT < %t/r.mlir
// OUT: memref.load
// OUT: arith.shrsi
// OUT: vector.print
// RUN: sh -c 'irscope-opt %t/r.mlir --arith-int-range-narrowing=int-bitwidths-supported=32 --check-results --entry=main -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CHECK
// CHECK: changed the results of '@main': line 1 was '0', is now '4'
// CHECK: exit=9

memref.global "private" @v : memref<1xi64> = dense<32>
func.func @main() {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @v : memref<1xi64>
  %amt = memref.load %g[%c0] : memref<1xi64>
  %c63 = arith.constant 63 : i64
  %m = arith.andi %amt, %c63 : i64
  %c4 = arith.constant 4 : i64
  %r = arith.shrsi %c4, %m : i64
  vector.print %r : i64
  return
}
