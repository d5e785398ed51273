// Upstream: https://github.com/llvm/llvm-project/issues/216289
// Original command: mlir-opt small.mlir --affine-loop-coalescing (then lowered and run with mlir-runner); @main added here to call and print @f
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: the inner loop reads the outer iter_arg %a, which coalescing merges with the inner one; @main prints 625 before the pass and 65536 after it
// CHECK-RESULTS: --entry=main
// ARGS: --affine-loop-coalescing

func.func @f(%init: i64) -> i64 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (i64) : i32 {
    %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %a) -> (i64) : i32 {
      %t = arith.addi %b, %a : i64
      scf.yield %t : i64
    }
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @main() {
  %one = arith.constant 1 : i64
  %r = call @f(%one) : (i64) -> i64
  vector.print %r : i64
  return
}
