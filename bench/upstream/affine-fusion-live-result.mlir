// Upstream: https://github.com/llvm/llvm-project/issues/216464
// Original command: mlir-opt small.mlir --affine-loop-fusion -o /dev/null
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139): sibling fusion erases an affine.for whose iter_arg result is still used, the pass walks the freed op
// ARGS: --affine-loop-fusion

func.func @f(%m: memref<4xi32>, %n: memref<4xi32>, %init: i32) -> i32 {
  %a = affine.for %i = 0 to 4 iter_args(%x = %init) -> (i32) {
    %v = affine.load %m[%i] : memref<4xi32>
    %t = arith.addi %x, %v : i32
    affine.yield %t : i32
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %m[%i] : memref<4xi32>
    affine.store %v, %n[%i] : memref<4xi32>
  }
  return %a : i32
}
