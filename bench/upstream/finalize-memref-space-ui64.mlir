// Upstream: https://github.com/llvm/llvm-project/issues/111242
// Original command: mlir-opt --finalize-memref-to-llvm test.mlir
// MLIR 22.1 (Debian llvm-22): no crash any more (the assertion 'must be signless integer' of the report), but 'conversion of memref memory space 1 : ui64 to integer address space failed' is reported as an error while the pass succeeds: exit 0, the module printed unconverted; irscope-opt must do the same
// ARGS: --finalize-memref-to-llvm

func.func @func1()  {
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<10xf32, 1 : ui64>
  return
}
