// Upstream: https://github.com/llvm/llvm-project/issues/186642
// Original command: mlir-opt main.mlir -gpu-kernel-outlining -lower-affine --convert-scf-to-cf --convert-gpu-to-nvvm --nvvm-attach-target=chip=sm_75 --gpu-module-to-binary -gpu-to-llvm
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in gpu-module-to-binary, translating the gpu.module's stray gpu.barrier (nvvm.barrier0 outside any function) to LLVM IR
// ARGS: -gpu-kernel-outlining -lower-affine --convert-scf-to-cf --convert-gpu-to-nvvm --nvvm-attach-target=chip=sm_75 --gpu-module-to-binary -gpu-to-llvm

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.barrier
  }

  func.func @main() -> i32 {
    %mem = memref.alloca() : memref<10xf32>
    %c0_index = arith.constant 0 : index
    %cst = arith.constant 3.140000e+00 : f32
    memref.store %cst, %mem[%c0_index] : memref<10xf32>
    %loaded = memref.load %mem[%c0_index] : memref<10xf32>
    %cast = arith.fptosi %loaded : f32 to i32
    memref.dealloc %mem : memref<10xf32>
    return %cast : i32
  }
}
