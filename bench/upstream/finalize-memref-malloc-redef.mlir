// Upstream: https://github.com/llvm/llvm-project/issues/120950
// Original command: mlir-opt -finalize-memref-to-llvm a.mlir
// MLIR 22.1 (Debian llvm-22): no crash any more, but 'redefinition of reserved function 'malloc' of different type' is reported as an error while the pass succeeds: exit 0 and the module printed unconverted; irscope-opt must do the same (same exit, same output, same error)
// ARGS: -finalize-memref-to-llvm

#map = affine_map<(d0) -> (d0 + 1)>
module {
  llvm.func @malloc(i64)
  func.func @loop_nest_depth() {
    %alloc = memref.alloc() : memref<1024x64xf32, 1>
    %cst = arith.constant 7.000000e+00 : f32
    affine.for %arg0 = 0 to 8 step 2 {
      affine.for %arg1 = 0 to 16 step 4 {
        affine.store %cst, %alloc[%arg0, %arg1] : memref<1024x64xf32, 1>
      }
    }
    affine.for %arg0 = 0 to 16 {
      affine.for %arg1 = 0 to 8 {
        affine.for %arg2 = 0 to 8 step 4 {
          affine.store %cst, %alloc[%arg0, %arg2] : memref<1024x64xf32, 1>
        }
      }
    }
    llvm.return
  }
}
