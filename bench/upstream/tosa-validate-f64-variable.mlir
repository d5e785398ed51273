// Upstream: https://github.com/llvm/llvm-project/issues/205710
// Original command: mlir-opt -tosa-validate a.mlir
// MLIR 22.1 (Debian llvm-22): no crash (the report's 'UNREACHABLE: unknown type' is compiled out, so the f64 variable is named 'mxint8'): the pass fails with ''tosa.variable' op illegal: ... got (mxint8), did you mean (i8)?', exit 1
// ARGS: -tosa-validate

module {
  tosa.variable @m : tensor<2x?xf64>
}
