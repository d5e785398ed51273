// https://github.com/llvm/llvm-project/issues/211599
// affine-loop-fusion fuses the consumer loop into the producer in front of
// a call that writes the buffer through a memref.cast alias (@escape adds
// 100 to what the producer stored): @main prints 200, 204, ... , after
// -affine-loop-fusion 0, 4, ... Reproduces with MLIR 22.1.8.
// PIPELINE: builtin.module(cse,affine-loop-fusion{mode=producer maximal},canonicalize,cse,symbol-dce)
// CULPRIT: affine-loop-fusion{mode=producer maximal}
func.func @escape(%v: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %k = arith.constant 100.0 : f64
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %v[%i] : memref<?xf64>
    %y = arith.addf %x, %k : f64
    memref.store %y, %v[%i] : memref<?xf64>
  }
  return
}
func.func @control(%in: memref<32xf64>, %comm: memref<32xf64>, %out: memref<32xf64>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<32xf64>
    %b = arith.addf %a, %a : f64
    affine.store %b, %comm[%i] : memref<32xf64>
  }
  %view = memref.cast %comm : memref<32xf64> to memref<?xf64>
  func.call @escape(%view) : (memref<?xf64>) -> ()
  affine.for %j = 0 to 16 {
    %c = affine.load %comm[%j] : memref<32xf64>
    %d = arith.addf %c, %c : f64
    affine.store %d, %out[%j] : memref<32xf64>
  }
  return
}
func.func @main() {
  %in = memref.alloc() : memref<32xf64>
  %comm = memref.alloc() : memref<32xf64>
  %out = memref.alloc() : memref<32xf64>
  affine.for %k = 0 to 32 {
    %k64 = arith.index_cast %k : index to i64
    %kf = arith.sitofp %k64 : i64 to f64
    affine.store %kf, %in[%k] : memref<32xf64>
    affine.store %kf, %comm[%k] : memref<32xf64>
    affine.store %kf, %out[%k] : memref<32xf64>
  }
  call @control(%in, %comm, %out) : (memref<32xf64>, memref<32xf64>, memref<32xf64>) -> ()

  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  %v = vector.transfer_read %out[%c0], %z {in_bounds = [true]} : memref<32xf64>, vector<8xf64>
  vector.print %v : vector<8xf64>
  memref.dealloc %in : memref<32xf64>
  memref.dealloc %comm : memref<32xf64>
  memref.dealloc %out : memref<32xf64>
  return
}
