// Upstream: https://github.com/llvm/llvm-project/issues/205266
// Original command: mlir-opt input.mlir "-pass-pipeline=builtin.module(spirv-attach-target{ver=v1.0 caps=Addresses,Int64,Kernel},convert-gpu-to-spirv{use-64bit-index=true},gpu.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce)),func.func(llvm-request-c-wrappers),convert-scf-to-cf,convert-cf-to-llvm,convert-arith-to-llvm,convert-math-to-llvm,convert-func-to-llvm,gpu-to-llvm{use-bare-pointers-for-kernels=true},gpu-module-to-binary,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,reconcile-unrealized-casts)"
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in step 'convert-func-to-llvm': FuncOpConversion carries the function's string attribute linkage = "external" over as the llvm.func's linkage, and the verifier after the pass dies in LLVM::LinkageAttr::getLinkage (plain mlir-opt prints no stack trace for the whole pipeline: its handler dies too); hand bisection on the step's input (--mlir-debug-counter=apply-pattern-count=K, single-threaded): K=0 clean, K=1 crashes (FuncOpConversion on @test; the log's last action is ReturnOpLowering, #2)
// ARGS: --pass-pipeline=builtin.module(spirv-attach-target{ver=v1.0\ caps=Addresses,Int64,Kernel},convert-gpu-to-spirv{use-64bit-index=true},gpu.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce)),func.func(llvm-request-c-wrappers),convert-scf-to-cf,convert-cf-to-llvm,convert-arith-to-llvm,convert-math-to-llvm,convert-func-to-llvm,gpu-to-llvm{use-bare-pointers-for-kernels=true},gpu-module-to-binary,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,reconcile-unrealized-casts)

func.func @test() -> i32 attributes {linkage = "external"} {
  %retval = arith.constant 0 : i32
  func.return %retval : i32
}
