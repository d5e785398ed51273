// mlir-opt's --mlir-print-ir-after-failure: MLIR prints the IR after the
// pass that failed (header "... Failed"), nothing after the passes that
// worked. The dump is mlir-opt's byte for byte; around it irscope-opt adds
// its failure line (and prints diagnostics without the source snippet).
// Whole pipeline, step by step (--dump-after-each) and without crash
// protection. The replay irscope-opt does to locate the failing step prints
// nothing more.

// RUN: not %mlir_opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(canonicalize,one-shot-bufferize)' --mlir-print-ir-after-failure > %t.ref 2> %t.ref.err
// RUN: sed -n '/IR Dump/,/^}$/p' %t.ref.err > %t.ref.dump
// RUN: FileCheck %s < %t.ref.dump

// RUN: sh -c 'irscope-opt %s --allow-unregistered-dialect --pass-pipeline="builtin.module(canonicalize,one-shot-bufferize)" --mlir-print-ir-after-failure --failure-dir=%t.f1 2> %t.err; echo exit=$?' > %t.out
// RUN: FileCheck %s --check-prefix=EXIT < %t.out
// RUN: sed -n '/IR Dump/,/^}$/p' %t.err > %t.dump
// RUN: diff %t.ref.dump %t.dump
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// RUN: rm -rf %t.d && not irscope-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(canonicalize,one-shot-bufferize)' --mlir-print-ir-after-failure --dump-after-each=%t.d 2> %t.step.err
// RUN: sed -n '/IR Dump/,/^}$/p' %t.step.err > %t.step.dump
// RUN: diff %t.ref.dump %t.step.dump
// RUN: FileCheck %s --check-prefix=ERR < %t.step.err

// RUN: not irscope-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(canonicalize,one-shot-bufferize)' --mlir-print-ir-after-failure --crash-protection=0 --failure-dir=%t.f2 2> %t.np.err
// RUN: sed -n '/IR Dump/,/^}$/p' %t.np.err > %t.np.dump
// RUN: diff %t.ref.dump %t.np.dump

// CHECK:      {{^}}// -----// IR Dump After OneShotBufferizePass Failed (one-shot-bufferize) //----- //
// CHECK-NEXT: {{^}}module {
// CHECK-NEXT:   func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:     %0 = "test.op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:     return %0 : tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: {{^}}}
// CHECK-NOT:  {{.}}

// EXIT: {{^}}exit=1{{$}}

// ERR:     error: op was not bufferized
// ERR-NOT: IR Dump After Canonicalizer
// ERR:     {{^}}// -----// IR Dump After OneShotBufferizePass Failed (one-shot-bufferize) //----- //
// ERR-NOT: IR Dump
// ERR:     {{^}}irscope-opt: error: step 2 'builtin.module(one-shot-bufferize)' failed
// ERR-NOT: IR Dump

func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "test.op"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
