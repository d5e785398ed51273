// --split-input-file runs the whole pipeline, nested func.func passes
// included, on every chunk, whatever the chunks before it held. Here the
// first chunk is an empty module: the func.func passes must still run on
// the functions of the later chunks, as they do in mlir-opt.
// RUN: %mlir_opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.ref
// RUN: irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.out
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --dump-after-each=%t.d > %t.step
// RUN: FileCheck %s < %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.step

// CHECK:       {{^}}module {
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  {{^// -{5}$}}
// CHECK-NEXT:  {{^}}module {
// CHECK-NEXT:    func.func @f(%arg0: f32) -> (f32, f32) {
// CHECK-NEXT:      %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:      return %arg0, %0 : f32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// -----

func.func @f(%x: f32) -> (f32, f32) {
  %r = arith.negf %x : f32
  %s = arith.negf %r : f32
  %t = arith.addf %x, %x : f32
  %u = arith.addf %x, %x : f32
  return %s, %u : f32, f32
}
