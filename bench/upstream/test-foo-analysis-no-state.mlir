// Upstream: https://github.com/llvm/llvm-project/issues/203221
// Original command: mlir-opt -test-foo-analysis a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) after printing "function: @test_sink_targeted_op_only" and "test.sink_target -> ": the test dataflow analysis has no state for the op (the report's assertion is compiled out); needs mlir-opt's test pass; hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=1 runs, K=2 crashes
// TOOL: mlir-opt
// ARGS: -test-foo-analysis

module {
  func.func @test_sink_targeted_op_only() attributes {llvm.emit_callee_called, tag = "test.sink_target"} {
    %0 = "test.sink_target"() : () -> i32
    %1 = "test.<xont.sink.target:ignore>"(%0) : (i32) -> i32
    "test.some_use"(%1) : (i32) -> ()
    return
  }
}
