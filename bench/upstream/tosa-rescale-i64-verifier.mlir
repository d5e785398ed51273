// Upstream: https://github.com/llvm/llvm-project/issues/224020
// Original command: mlir-opt test.mlir --pass-pipeline='builtin.module(func.func(tosa-to-linalg))' (upstream, assertions on: the i64 output of tosa.rescale trips an assertion in the lowering)
// MLIR 22.1 (Debian llvm-22): exit 1, the verifier rejects tosa-to-linalg's output: "'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('i64')" (RescaleConverter builds an i32 body for the i64 result); hand bisection (--mlir-debug-counter=apply-pattern-count=K, single-threaded): K=0 "failed to legalize operation 'tosa.rescale'", K=1 the verifier error (RescaleConverter on tosa.rescale, apply-pattern #1 of 1)
// ARGS: --pass-pipeline=builtin.module(func.func(tosa-to-linalg))

module {
  func.func @main(%arg0: tensor<1x4x4x1xi32>, %arg1: tensor<1xi16>, %arg2: tensor<1xi8>, %arg3: tensor<1xi32>, %arg4: tensor<1xi32>) -> tensor<1x8x8x3xi64> {
    %0 = "tosa.const"() <{values = dense<1> : tensor<1x8x8x3xi64>}> : () -> tensor<1x8x8x3xi64>
    %1 = "tosa.const"() <{values = dense<0> : tensor<1xi64>}> : () -> tensor<1xi64>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi64>}> : () -> tensor<1xi64>
    %3 = tosa.rescale %0, %arg3, %arg2, %1, %2 {input_unsigned = true, output_unsigned = true, per_channel = false, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<1x8x8x3xi64>, tensor<1xi32>, tensor<1xi8>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x8x8x3xi64>
    return %3 : tensor<1x8x8x3xi64>
  }
}
