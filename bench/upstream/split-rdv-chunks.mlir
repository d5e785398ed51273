// Upstream: three -remove-dead-values reports in one --split-input-file input:
//   https://github.com/llvm/llvm-project/issues/116368 (chunk 1, fixed: runs fine on 22.1)
//   https://github.com/llvm/llvm-project/issues/204096 (chunk 2, still SIGSEGV on 22.1)
//   https://github.com/llvm/llvm-project/issues/128341 (chunk 3, fixed: runs fine on 22.1)
// Original command (each): mlir-opt test.mlir -remove-dead-values
// MLIR 22.1 (Debian llvm-22): SIGSEGV in chunk 2 (exit 139); the output of chunk 1 is lost, chunk 3 never runs
// ARGS: --split-input-file -remove-dead-values

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
  func.func @main(%init_ndhwc: tensor<1x2x2x2x1xf32>) -> () {
    %0 = arith.constant 0.0 : f32
    %fill_ndhwc = linalg.fill ins(%0 : f32) outs(%init_ndhwc : tensor<1x2x2x2x1xf32>) -> tensor<1x2x2x2x1xf32>
    return
  }
}
