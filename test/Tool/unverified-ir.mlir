// With the verifier off (-verify-each=0) the plain tool keeps the IR a
// pass broke in memory and runs the next passes on it; step by step, the
// tool reads that IR back for the next step and for the dump's text, and
// must not verify it then (llvm/llvm-project#218926: fir-opt's
// simplify-hlfir-intrinsics leaves an arith.cmpi on ui32, fir-opt
// -verify-each=0 prints it and exits 0). Same exit, same output, and the
// broken IR in the dump.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(test-pass-invalid-parent),cse)" -verify-each=0 -o %t/plain.mlir
// RUN: irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(test-pass-invalid-parent),cse)" -verify-each=0 --dump-after-each=%t/d -o %t/steps.mlir
// RUN: diff %t/plain.mlir %t/steps.mlir
// RUN: FileCheck %s < %t/d/0001-func.func-test-pass-invalid-parent.mlir
// CHECK: "test.call"() <{callee = @some_unknown_func}> : () -> ()
// RUN: FileCheck %s < %t/d/0002-builtin.module-cse.mlir

// Without dumps too (the whole pipeline in one run of the tool).
// RUN: irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(test-pass-invalid-parent),cse)" -verify-each=0 -o %t/whole.mlir
// RUN: diff %t/plain.mlir %t/whole.mlir

func.func @f() {
  return
}
