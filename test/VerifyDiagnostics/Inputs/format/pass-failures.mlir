// RUN: not mlir-opt %s -split-input-file -convert-arith-to-emitc
// A conversion pass that fails to legalize ops in several chunks.

func.func @cast(%arg0: tensor<5xf32>) -> tensor<5xi32> {
  %t = arith.fptosi %arg0 : tensor<5xf32> to tensor<5xi32>
  return %t: tensor<5xi32>
}

// -----

func.func @shift(%arg0: i1, %arg1: i1) {
  %shli = arith.shli %arg0, %arg1 : i1
  return
}
