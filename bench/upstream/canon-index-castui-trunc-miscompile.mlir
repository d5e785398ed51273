// Upstream: https://github.com/llvm/llvm-project/issues/90238
// Original command: mlir-opt --canonicalize test.mlir, lowered to LLVM and run with mlir-runner (the issue prints every value; here only the truncated one)
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: IndexCastUIOfIndexCastUI folds index_castui(index_castui(x : index -> i8) : i8 -> index) to x, dropping the truncation to i8; @main prints 16 before canonicalize and 10000 after it (apply-pattern #6 of 11, single-threaded)
// CHECK-RESULTS: --entry=main
// ARGS: --canonicalize

module {
    func.func @main() {
        %c = arith.constant 100 : i64
        %0 = call @c0() : () -> i64
        %1 = arith.muli %c, %0 : i64
        %2 = arith.index_castui %1 : i64 to index
        %3 = arith.index_castui %2 : index to i8
        %4 = arith.index_castui %3 : i8 to index
        vector.print %4 : index
        return
    }
    func.func @c0() -> i64 {
        %cl = arith.constant 100 : i64
        return %cl : i64
    }
}
