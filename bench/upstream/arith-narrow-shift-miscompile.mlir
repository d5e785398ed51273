// Upstream: https://github.com/llvm/llvm-project/issues/218191
// Original command: mlir-opt small.mlir --arith-int-range-narrowing=int-bitwidths-supported=32 (then lowered and run with mlir-runner)
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: the pass narrows arith.shrsi to i32 although its amount (32) is only in range for i64; @main prints 0 before the pass and 4 after it
// CHECK-RESULTS: --entry=main
// ARGS: --arith-int-range-narrowing=int-bitwidths-supported=32

memref.global "private" @v : memref<1xi64> = dense<32>
func.func @main() {
  %g = memref.get_global @v : memref<1xi64>
  %z = arith.constant 0 : index
  %a = memref.load %g[%z] : memref<1xi64>
  %mask = arith.constant 63 : i64
  %amt = arith.andi %a, %mask : i64      // 0 <= %amt <= 63, valid for i64
  %v = arith.constant 4 : i64
  %r = arith.shrsi %v, %amt : i64        // 4 >> 32 == 0
  vector.print %r : i64
  return
}
