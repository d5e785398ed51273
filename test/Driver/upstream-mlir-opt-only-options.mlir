// mlir-opt options that irscope-opt does not have are unknown options, not
// passes that do not exist. Upstream bug reports carry them: the command of
// https://github.com/llvm/llvm-project/issues/62374
// (bench/upstream/affine-tile-copy-hang.mlir) ends in `-debug`, and
// https://github.com/llvm/llvm-project/issues/132741 is run with
// `--mlir-print-stacktrace-on-diagnostic`; irscope-opt used to answer
// "'debug' does not refer to a registered pass or pass pipeline".

// RUN: not irscope-opt %s -affine-loop-tile -debug 2>&1 | FileCheck %s --check-prefix=DEBUG
// DEBUG: irscope-opt: error: unknown option '-debug'
// DEBUG-NOT: registered pass
// RUN: not irscope-opt %s --canonicalize --mlir-print-stacktrace-on-diagnostic 2>&1 | FileCheck %s --check-prefix=STACK
// STACK: irscope-opt: error: unknown option '--mlir-print-stacktrace-on-diagnostic'
// RUN: not irscope-opt %s --canonicalize --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=OPDIAG
// OPDIAG: irscope-opt: error: unknown option '--mlir-print-op-on-diagnostic'
// RUN: not irscope-opt %s -debug-only=greedy-rewriter --canonicalize 2>&1 | FileCheck %s --check-prefix=DEBUGONLY
// DEBUGONLY: irscope-opt: error: unknown option '-debug-only'

// The mlir-opt options irscope-opt has still work, and so do passes whose
// names merely start like one (debugify-*, no such pass exists here).
// RUN: irscope-opt %s --canonicalize --mlir-print-ir-after-all --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=KNOWN
// KNOWN: IR Dump After Canonicalizer (canonicalize)
// RUN: not irscope-opt %s --debugify-level=x 2>&1 | FileCheck %s --check-prefix=PASS
// PASS: irscope-opt: error: unknown option '--debugify-level'

func.func @f() {
  return
}
