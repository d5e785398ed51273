// Upstream: https://github.com/llvm/llvm-project/issues/128273
// Original command: mlir-opt --affine-loop-invariant-code-motion --lower-affine ... test.mlir | mlir-runner --entry-point-result=i32 (@helper, an innocent function @main calls, added here: the narrowing then has two functions to choose from)
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: the store of a zero-trip affine.for is hoisted out of it; @main prints -58822 before the pass and 821775651 after it; hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=2 right, K=3 wrong (@main)
// CHECK-RESULTS: --entry=main
// ARGS: --affine-loop-invariant-code-motion

module {
  func.func @helper(%n: index) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
      %s = arith.addi %acc, %one : i32
      scf.yield %s : i32
    }
    return %r : i32
  }
  func.func @main() -> i32 {
    %idx0 = index.constant 0
    %c3 = arith.constant 3 : index
    %c821775651_i32 = arith.constant 821775651 : i32
    %c-58822_i32 = arith.constant -58822 : i32
    %alloc_150 = memref.alloc() : memref<1xi32>
    memref.store %c-58822_i32, %alloc_150[%idx0] : memref<1xi32>
    affine.for %1 = 0 to 0 {
      affine.store %c821775651_i32, %alloc_150[%idx0] : memref<1xi32>
    }
    %11 = memref.load %alloc_150[%idx0] : memref<1xi32>
    vector.print %11 : i32
    %h = func.call @helper(%c3) : (index) -> i32
    vector.print %h : i32
    return %11 : i32
  }
}
