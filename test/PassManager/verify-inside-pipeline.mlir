// A registered pass pipeline (sparsifier) is one step to irscope and some
// twenty passes to MLIR. mlir-opt verifies after each of them, so the
// pass that breaks the IR (convert-scf-to-cf leaves blocks in an
// affine.for, llvm/llvm-project#217895) is reported with its own error;
// without that verification the passes after it would run on broken IR
// and the first error would be another one ('llvm.return' op mismatching
// result types). Every mode of irscope-opt reports mlir-opt's first error,
// and the step narrows to the pattern a hand bisection with mlir-opt's
// --mlir-debug-counter=apply-pattern-count=K finds (K=25 fails to
// legalize scf.if, K=26 breaks the affine.for).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: not %mlir_opt --sparsifier %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: sh -c 'irscope-opt --sparsifier %s -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefixes=FIRST,IRS
// RUN: sh -c 'irscope-opt --sparsifier %s --dump-after-each=%t/d -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefixes=FIRST,IRS,NARROW
// RUN: sh -c 'irscope-opt --sparsifier %s --dump-after-each=%t/u --crash-protection=0 -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefixes=FIRST,IRS
// RUN: sh -c 'irscope-opt --sparsifier %s --timing -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefixes=FIRST,IRS
// FIRST-NOT: error
// FIRST: verify-inside-pipeline.mlir:[[@LINE+13]]:8: error: 'affine.for' op expects region #0 to have 0 or 1 blocks
// FIRST-NOT: 'llvm.return' op mismatching result types
// IRS: irscope-opt: error: step 1 'builtin.module(sparsifier)' broke the IR: verifier failed after pass 'sparsifier'
// NARROW: irscope-opt: note: first rewrite that breaks the IR: #26 of 28 in step 1 'builtin.module(sparsifier)': pattern '(anonymous namespace)::IfLowering' on 'scf.if'
// IRS: exit=3

// --verify-each=0 turns the verification off, in mlir-opt as here.
// RUN: %mlir_opt --sparsifier %s --verify-each=0 -o /dev/null
// RUN: irscope-opt --sparsifier %s --verify-each=0 --dump-after-each=%t/n -o /dev/null

func.func @f(%c: i1) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r = affine.for %i = 0 to 4 iter_args(%acc = %z) -> i64 {
    %v = scf.if %c -> i64 {
      %s = arith.addi %acc, %one : i64
      scf.yield %s : i64
    } else {
      scf.yield %acc : i64
    }
    affine.yield %v : i64
  }
  return %r : i64
}
