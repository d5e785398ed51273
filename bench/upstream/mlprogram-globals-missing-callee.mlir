// Upstream: https://github.com/llvm/llvm-project/issues/109649
// Original command: mlir-opt -mlprogram-pipeline-globals a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in ForwardIterator::makeIterable under the pass's walk: test.call_and_store calls @callee, which the module does not define; a module pass that applies no pattern; needs mlir-opt's test dialect; hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=0 runs, K=1 crashes (MLProgramPipelineGlobalsPass on builtin.module)
// TOOL: mlir-opt
// ARGS: -mlprogram-pipeline-globals

func.func @call_and_store_after(%arg1: memref<f32>) {
  memref.load %arg1[] {name = "caller"} : memref<f32>
  test.call_and_store @callee(%arg1), %arg1 {name = "call", store_before_call = false} : (memref<f32>, memref<f32>) -> ()
  memref.load %arg1[] {name = "post"} : memref<f32>
  return
}
