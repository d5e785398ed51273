// Upstream: https://github.com/llvm/llvm-project/issues/201521
// Original command: mlir-opt -test-legalize-patterns a.mlir
// MLIR 22.1 (Debian llvm-22): LLVM ERROR 'SmallVector unable to grow' then SIGABRT (exit 134) while pattern AnyFunctionOpInterfaceSignatureConversion converts @callee's signature (the assertion of the report, 'Dropping more elements than exist', is compiled out); needs mlir-opt's test pass
// TOOL: mlir-opt
// ARGS: -test-legalize-patterns

module {
  func.func private @callee(i64) -> (i64, i32, i32, f32)
}
