// Upstream: four reports in one --split-input-file input, run through remove-dead-values then canonicalize:
//   https://github.com/llvm/llvm-project/issues/116368 (chunk 1: fixed, runs fine on 22.1)
//   https://github.com/llvm/llvm-project/issues/221037 (chunk 2: a canonicalize hang; here remove-dead-values runs first and
//     leaves 'branch has 1 operands for successor #1, but target block has 0': a verifier failure after remove-dead-values)
//   https://github.com/llvm/llvm-project/issues/204096 (chunk 3: SIGSEGV in remove-dead-values)
//   https://github.com/llvm/llvm-project/issues/159675 (chunk 4: the maintainer's canonicalize hang; remove-dead-values first removes it)
// Original commands: mlir-opt -remove-dead-values / -canonicalize on each
// MLIR 22.1 (Debian llvm-22): chunk 2 fails verification, then SIGSEGV in chunk 3 (exit 139); chunk 4 never runs, chunk 1's output is lost
// ARGS: --split-input-file --pass-pipeline=builtin.module(remove-dead-values,canonicalize) --output-split-marker=//=====

module {
  func.func @payload() attributes { transform.target_tag = "start_here" } {
    %D = arith.constant dense<1.0> : tensor<2x4xf32>
    %E = arith.constant dense<2.0> : tensor<2x4xf32>
    linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]
    } ins(%D : tensor<2x4xf32>) outs(%E : tensor<2x4xf32>) {
      ^bb0(%arg0: f32, %arg1: f32):
        linalg.yield %arg0 : f32
    } -> tensor<2x4xf32>
    return
  }
}

// -----

func.func @loop() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %enter = arith.cmpi sgt, %c2, %c0 : i32
  cf.cond_br %enter, ^exit, ^header(%c2 : i32)
^header(%iv: i32):
  %done = arith.cmpi eq, %iv, %c2 : i32
  cf.cond_br %done, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return
}

// -----

module {
  pdl_interp.func private @matcher(%arg0: !llvm.ptr) {
    pdl_interp.finalize
  }
  module @rewriters {
  }
  func.func private @callee(%arg0: memref<f32>) -> memref<f32> {
    %false = arith.constant false
    %0 = scf.if %false -> (memref<f32>) {
      scf.yield %arg0 : memref<f32>
    } else {
      %1 = bufferization.clone %arg0 : memref<f32> to memref<f32>
      scf.yield %1 : memref<f32>
    }
    return %0 : memref<f32>
  }
}

// -----

module {
  %c0 = arith.constant 0 : index
  %0 = arith.addi %c0, %0 : index
}
