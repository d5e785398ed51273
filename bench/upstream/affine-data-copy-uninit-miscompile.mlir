// Upstream: https://github.com/llvm/llvm-project/issues/217538
// Original command: mlir-opt small.mlir --affine-data-copy-generate ... (then lowered and run with mlir-runner, three times); fast-mem-space=0 here so that the default lowering handles the copy buffer
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: the pass copies a fast buffer it never filled back into @m; @main prints 99 before the pass and a different garbage value on every run after it
// CHECK-RESULTS: --entry=main
// ARGS: --affine-data-copy-generate=fast-mem-space=0

module {
  memref.global "private" @m : memref<4xi32> = dense<[3, -7, 11, -13]>
  func.func @main() {
    %s = arith.constant 99 : i32
    %c0 = arith.constant 0 : index
    %m = memref.get_global @m : memref<4xi32>
    affine.for %i = 0 to 4 {
      affine.store %s, %m[0] : memref<4xi32>
      memref.store %s, %m[%c0] : memref<4xi32>
    }
    %q = affine.load %m[0] : memref<4xi32>
    vector.print %q : i32
    return
  }
}
