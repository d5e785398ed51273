// Passes that translate a nested module to LLVM IR need every dialect's
// LLVM translation interface registered in the context, as mlir-opt
// registers them. Found running
// https://github.com/llvm/llvm-project/issues/186642
// (bench/upstream/gpu-nvvm-binary-stray-barrier.mlir): mlir-opt crashes in
// gpu-module-to-binary, irscope-opt failed the step instead with "missing
// `LLVMTranslationDialectInterface` registration for dialect for op:
// gpu.module". Here the gpu.module is valid: the output is mlir-opt's,
// whole and step by step, and the reducer's context can run it too.

// RUN: %mlir_opt %s --gpu-module-to-binary=format=llvm > %t.ref
// RUN: irscope-opt %s --gpu-module-to-binary=format=llvm > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --gpu-module-to-binary=format=llvm --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out
// CHECK: gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_75">, offload = "BC

// opt-reduce's context has them too: the pipeline succeeds there (without
// them the step failed, and opt-reduce reduced that failure).
// RUN: not opt-reduce %s --gpu-module-to-binary=format=llvm -o %t.red 2>&1 | FileCheck %s --check-prefix=RED
// RED: opt-reduce: error: the input is not interesting: the pipeline succeeds on it

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_75">] {
    llvm.func @kernel() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}
