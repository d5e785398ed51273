// A failing test file as a compiler engineer has one: split into chunks at
// marker lines (mlir-opt's --split-input-file), most of them harmless. Here
// three upstream -remove-dead-values reports, llvm/llvm-project#116368 and
// #128341 (fixed: MLIR 22.1 runs them) around #204096 (still SIGSEGV on
// 22.1). opt-reduce takes --split-input-file as mlir-opt spells it, reduces
// the first chunk that fails as reported, alone, names it (chunks counted
// from 1, lines of the file), and writes one module, which crashes upstream
// mlir-opt without --split-input-file; the emitted test has none either.
//
// RUN: not --crash %mlir_opt -split-input-file -remove-dead-values %s -o /dev/null
// RUN: rm -rf %t.suite && mkdir %t.suite
// RUN: opt-reduce %s -split-input-file -remove-dead-values -o %t.out --emit-lit-test=%t.suite/split.test --emit-lit-test-mode=pin 2>&1 \
// RUN:   | FileCheck %s
// CHECK: opt-reduce: input: '{{.*}}split-input-file.mlir', chunk 2 of 3, lines 71-87
// CHECK-NEXT: opt-reduce: ops: 11 -> {{[0-9]+}}
// CHECK: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in remove-dead-values
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=pdl_interp --implicit-check-not=linalg --implicit-check-not=----- < %t.out
// OUT: {{^}}module {
// OUT: bufferization.clone
// RUN: not --crash %mlir_opt -remove-dead-values %t.out -o /dev/null
//
// The pin test runs the reduced module without -split-input-file, and passes.
// RUN: FileCheck %s --check-prefix=LIT < %t.suite/split.test
// LIT: // Reduced by opt-reduce from '{{.*}}split-input-file.mlir', chunk 2 of 3, lines 71-87: crash in pass 'remove-dead-values'.
// LIT-NOT: split-input-file
// LIT: // {{RUN}}: not --crash irscope-opt %s --crash-protection=0 --pass-pipeline='builtin.module(remove-dead-values)' -o /dev/null 2>&1 | FileCheck %s
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: lit -v %t.suite | FileCheck %s --check-prefix=SUITE
// SUITE: PASS: opt-reduce-emitted :: split.test
//
// --chunk=N reduces chunk N: one that fails is reduced as found; one that
// does not is an input that is not interesting (exit 2); one past the last
// is one line (exit 2). -v says how each chunk searched ran.
// RUN: opt-reduce %s --split-input-file --chunk=2 -remove-dead-values -o %t.two 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: opt-reduce: input: '{{.*}}', chunk 2 of 3, lines 71-87
// RUN: cmp %t.out %t.two
// RUN: not opt-reduce %s --split-input-file --chunk=3 -remove-dead-values -o %t.three 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: opt-reduce: error: the input is not interesting: the pipeline succeeds on it
// RUN: not opt-reduce %s --split-input-file --chunk=4 -remove-dead-values 2>&1 | FileCheck %s --check-prefix=FOUR
// FOUR: opt-reduce: error: --chunk=4: '{{.*}}split-input-file.mlir' has 3 chunks
// RUN: not opt-reduce %s --split-input-file --chunk=0 -remove-dead-values 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: opt-reduce: error: option '--chunk' expects a chunk number from 1, not '0'
// RUN: not opt-reduce %s --chunk=2 -remove-dead-values 2>&1 | FileCheck %s --check-prefix=NEEDS
// NEEDS: opt-reduce: error: '--chunk' needs '--split-input-file'
//
// No chunk fails: one line, exit 2, nothing written.
// RUN: rm -f %t.none
// RUN: not opt-reduce %s --split-input-file -canonicalize -o %t.none -v 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: opt-reduce: note: '{{.*}}', chunk 1 of 3, lines 1-67: the input is not interesting: the pipeline succeeds on it
// NONE: opt-reduce: note: '{{.*}}', chunk 3 of 3, lines 91-97: the input is not interesting: the pipeline succeeds on it
// NONE-NEXT: opt-reduce: error: no chunk of '{{.*}}split-input-file.mlir' fails as reported (3 chunks; -v says how each ran)
// RUN: not test -e %t.none

module {
  func.func @payload() attributes { transform.target_tag = "start_here" } {
    %D = arith.constant dense<1.0> : tensor<2x4xf32>
    %E = arith.constant dense<2.0> : tensor<2x4xf32>
    linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]
    } ins(%D : tensor<2x4xf32>) outs(%E : tensor<2x4xf32>) {
      ^bb0(%arg0: f32, %arg1: f32):
        linalg.yield %arg0 : f32
    } -> tensor<2x4xf32>
    return
  }
}

// -----

module {
  pdl_interp.func private @matcher(%arg0: !llvm.ptr) {
    pdl_interp.finalize
  }
  module @rewriters {
  }
  func.func private @callee(%arg0: memref<f32>) -> memref<f32> {
    %false = arith.constant false
    %0 = scf.if %false -> (memref<f32>) {
      scf.yield %arg0 : memref<f32>
    } else {
      %1 = bufferization.clone %arg0 : memref<f32> to memref<f32>
      scf.yield %1 : memref<f32>
    }
    return %0 : memref<f32>
  }
}

// -----

module {
  func.func @main(%init_ndhwc: tensor<1x2x2x2x1xf32>) -> () {
    %0 = arith.constant 0.0 : f32
    %fill_ndhwc = linalg.fill ins(%0 : f32) outs(%init_ndhwc : tensor<1x2x2x2x1xf32>) -> tensor<1x2x2x2x1xf32>
    return
  }
}
