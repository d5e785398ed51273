// A crash outside any action: the verifier after convert-func-to-llvm dies
// on the llvm.func carrying linkage = "external" (llvm/llvm-project
// #205266, MLIR 22.1.8). With threads, opt-reduce's tests see it on the
// threads of MLIR's pool that verify the function and its C wrapper; the
// culprit run (single-threaded) sees it on its one thread after the pass
// ended. Either way no action is in flight: the culprit is the pass of the
// pipeline that ran last, as irscope-opt's note names it
// (test/Actions/crash-index-after-group-verify.mlir), with its number, and
// said to have ended.

// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(llvm-request-c-wrappers),convert-func-to-llvm)" -o %t.mlir 2>&1 | FileCheck %s
// CHECK: opt-reduce: culprit pass execution: pass 'convert-func-to-llvm' on 'builtin.module' (#1, crashed after it ended: in the verifier or the pass manager)
// CHECK: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in convert-func-to-llvm, in mlir::LLVM::LinkageAttr::getLinkage
// The reduced module still crashes the plain tool with the reduced pipeline.
// RUN: not --crash %mlir_opt %t.mlir --pass-pipeline="builtin.module(convert-func-to-llvm)" -o /dev/null

func.func @test() -> i32 attributes {linkage = "external"} {
  %retval = arith.constant 0 : i32
  func.return %retval : i32
}

// The attribute is read as the wrong type; under the sanitizers' allocator
// that may be a report of its own rather than this SIGSEGV.
// UNSUPPORTED: asan
