// Upstream: https://github.com/llvm/llvm-project/issues/218091 (@main written here: it calls @g6 with the report's constants and prints the result; the report's unused @mlirfuzz_opaque_i64 declaration left out)
// Original command: mlir-opt small.mlir --sparsification-and-bufferization, then lowered and run with mlir-runner
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: the tensor.insert into a tensor built in the loop writes a buffer hoisted out of the loop; @main prints -1 before the pass and -1992215323 after it; the pass runs a nested pipeline: with apply-pattern-count=0 it is still wrong, hand bisection with --mlir-debug-counter=pass-execution-count=K (single-threaded): K=15 right, K=16 wrong (its nested loop-invariant-code-motion)
// CHECK-RESULTS: --entry=main --exec-lowering=builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-vector-to-scf,convert-scf-to-cf,convert-vector-to-llvm,expand-strided-metadata,finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)
// ARGS: --sparsification-and-bufferization

func.func @g6(%a: i64, %cb: i64) -> i64 {
  %i0 = index.constant 0
  %i8 = index.constant 8
  %i1 = index.constant 1
  %i4 = index.constant 4
  %start = index.casts %a : i64 to index
  %r = scf.for %k = %i0 to %i8 step %i1 iter_args(%acc = %start) -> (index) {
    %t = tensor.from_elements %a, %a, %a, %cb, %cb, %a, %a, %cb, %cb, %a, %a, %cb, %cb, %cb, %cb, %cb : tensor<4x4xi64>
    %p = index.remu %k, %i4
    %e = tensor.extract %t[%p, %p] : tensor<4x4xi64>
    %q = index.remu %acc, %i4
    %e0 = tensor.extract %t[%q, %q] : tensor<4x4xi64>
    %u = tensor.from_elements %e0, %e0, %e0, %e0, %e0, %e0, %e0, %cb : tensor<8xi64>
    %f = tensor.extract %u[%k] : tensor<8xi64>
    %w = tensor.from_elements %cb, %e0, %e, %e0, %f, %e0, %f, %f : tensor<8xi64>
    %s = index.remu %acc, %i8
    %e4 = tensor.extract %w[%s] : tensor<8xi64>
    %ins = tensor.insert %e4 into %t[%p, %p] : tensor<4x4xi64>
    %e6 = tensor.extract %ins[%p, %p] : tensor<4x4xi64>
    %n = index.castu %e6 : i64 to index
    scf.yield %n : index
  }
  %out = index.castu %r : index to i64
  return %out : i64
}

func.func @main() {
  %ca = arith.constant -1 : i64
  %cb = arith.constant -1992215323 : i64
  %r = call @g6(%ca, %cb) : (i64, i64) -> i64
  vector.print %r : i64
  return
}
