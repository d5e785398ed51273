// A module with aliases and a resource: see dump-forked-shared.mlir.
func.func @g0(%x: i32, %i: index) -> index {
  %c = arith.constant 0 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%i]
  return %j : index
}
func.func @g1(%x: i32, %i: index) -> index {
  %c = arith.constant 1 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 3)>()[%i]
  return %j : index
}
func.func @g2(%x: i32, %i: index) -> index {
  %c = arith.constant 2 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%i]
  return %j : index
}
func.func @g3(%x: i32, %i: index) -> index {
  %c = arith.constant 3 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 5)>()[%i]
  return %j : index
}
func.func @g4(%x: i32, %i: index) -> index {
  %c = arith.constant 4 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 6)>()[%i]
  return %j : index
}
func.func @g5(%x: i32, %i: index) -> index {
  %c = arith.constant 5 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 7)>()[%i]
  return %j : index
}
func.func @g6(%x: i32, %i: index) -> index {
  %c = arith.constant 6 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%i]
  return %j : index
}
func.func @g7(%x: i32, %i: index) -> index {
  %c = arith.constant 7 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 9)>()[%i]
  return %j : index
}
func.func @g8(%x: i32, %i: index) -> index {
  %c = arith.constant 8 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 10)>()[%i]
  return %j : index
}
func.func @g9(%x: i32, %i: index) -> index {
  %c = arith.constant 9 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 11)>()[%i]
  return %j : index
}
func.func @r() -> tensor<3xi64> {
  %c = arith.constant dense_resource<blob1> : tensor<3xi64>
  return %c : tensor<3xi64>
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000"
    }
  }
#-}
