// Upstream: https://github.com/llvm/llvm-project/issues/222543
// Original command: mlir-opt test.mlir --test-legalize-patterns="allow-pattern-rollback=0"
// MLIR 22.1 (Debian llvm-22): LLVM ERROR "op 'tosa.add' folder rollback of IR modifications requested", SIGABRT (exit 134) also in a release build; the pass is mlir-opt's test pass
// TOOL: mlir-opt
// ARGS: --test-legalize-patterns=allow-pattern-rollback=0

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4xf16>, tensor<1x1xf16>) -> tensor<1x8x8x3xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2x4xf16>, %arg1: tensor<1x1xf16>):
    %0 = "tosa.const"() {values = dense<2.000000e+00> : tensor<1x8x8x3xf32>} : () -> tensor<1x8x8x3xf32>
    %1 = "tosa.add"(%0, %0) : (tensor<1x8x8x3xf32>, tensor<1x8x8x3xf32>) -> tensor<1x8x8x3xf32>
    "func.return"(%1) : (tensor<1x8x8x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
