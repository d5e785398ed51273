// RUN: not mlir-opt %s -split-input-file
// Verifier errors with MLIR's "see current operation" note (same location:
// no second source line), a note at another location, locations without a
// file position and in another file, a fused location.

func.func @types() {
  %0 = arith.constant 1 : i32
  %1 = "arith.addi"(%0, %0) : (i32, i32) -> i64
  return
}

// -----

func.func @dominance(%a: i32) -> i32 {
  %1 = "arith.addi"(%0, %0) : (i32, i32) -> i32
  %0 = arith.addi %a, %a : i32
  return %1 : i32
}

// -----

func.func @unknown() {
  %0 = "arith.addi"() : () -> i64 loc(unknown)
  return
}

// -----

func.func @named() {
  %0 = "arith.addi"() : () -> i64 loc("named")
  return
}

// -----

func.func @other_file() {
  %0 = "arith.addi"() : () -> i64 loc("other.mlir":3:4)
  return
}

// -----

func.func @fused() {
  %0 = "arith.addi"() : () -> i64 loc(fused["elsewhere.mlir":1:1, unknown])
  return
}
