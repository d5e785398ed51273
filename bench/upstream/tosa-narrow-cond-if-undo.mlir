// Upstream: https://github.com/llvm/llvm-project/issues/206952
// Original command: mlir-opt -tosa-narrow-i64-to-i32 a.mlir
// MLIR 22.1 (Debian llvm-22): the conversion fails to legalize @m1 (func.call of the !shape.witness function, shape.const_witness), then SIGSEGV (exit 139) in ConversionPatternRewriterImpl::undoRewrites rolling back the tosa.cond_if's ConvertTypedOp<mlir::tosa::IfOp, ...> (a pattern name with spaces and parentheses of its own)
// ARGS: -tosa-narrow-i64-to-i32

module {
  func.func @m1(%arg0: tensor<1xi1>, %arg1: tensor<4xi64>, %arg2: tensor<4xi64>) -> () {
    %3 = tosa.cond_if %arg0 (%arg3 = %arg1, %arg4 = %arg2) : tensor<1xi1> (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64> {
    ^bb0(%arg3: tensor<4xi64>, %arg4: tensor<4xi64>):
      tosa.yield %arg3 : tensor<4xi64>
    } else {
    ^bb0(%arg3: tensor<4xi64>, %arg4: tensor<4xi64>):
      tosa.yield %arg4 : tensor<4xi64>
    }
    
    %6 = call @m0() : () -> !shape.witness
    return 
  }
  
  func.func @m0() -> !shape.witness {
    %0 = shape.const_witness true
    return %0 : !shape.witness
  }
}
