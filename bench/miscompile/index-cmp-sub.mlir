// https://github.com/llvm/llvm-project/issues/216042
// index.cmp's canonicalization rewrites (x - y) ule 0 into x ule y, which
// is wrong when the subtraction wraps: @main prints 0, after -canonicalize
// 1. Reproduces with MLIR 22.1.8.
// PIPELINE: builtin.module(cse,loop-invariant-code-motion,canonicalize,cse,symbol-dce)
// CULPRIT: canonicalize
memref.global "private" @gx : memref<1xi64> = dense<0>

func.func @main() {
  %m = memref.get_global @gx : memref<1xi64>
  %z = arith.constant 0 : index
  %v = memref.load %m[%z] : memref<1xi64>
  %x = index.casts %v : i64 to index
  %two = index.constant 2
  %n = index.sub %x, %two
  %zero = index.constant 0
  %r = index.cmp ule(%n, %zero)
  %e = arith.extui %r : i1 to i64
  vector.print %e : i64
  return
}
