// --split-input-file: every chunk is parsed and run on its own; a chunk that
// fails to parse or verify produces no output but does not stop the others;
// the outputs are joined with the split marker exactly as mlir-opt joins
// them, and the exit code is non-zero. Uninstrumented and step by step.
// RUN: not %mlir_opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.ref 2> %t.ref.err
// RUN: not irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.out 2> %t.err
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && not irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --dump-after-each=%t.d > %t.step 2> /dev/null
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// CHECK:       {{^}}module {
// CHECK-NEXT:    func.func @first(%arg0: i32) -> i32 {
// CHECK-NEXT:      return %arg0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  {{^// -{5}$}}
// CHECK-NEXT:  {{^// -{5}$}}
// CHECK-NEXT:  {{^// -{5}$}}
// CHECK-NEXT:  {{^}}module {
// CHECK-NEXT:    func.func @last(%arg0: f32) -> f32 {
// CHECK-NEXT:      return %arg0 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NOT:   {{.}}

// Both failing chunks are reported, at their positions in this file, by
// name, as mlir-opt reports them.
// RUN: FileCheck %s --check-prefix=ERR < %t.ref.err
// RUN: FileCheck %s --check-prefix=ERR < %t.err

func.func @first(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = arith.addi %a, %c0 : i32
  return %r : i32
}

// -----

// ERR: {{^}}{{.*}}split-input-file.mlir:[[@LINE+2]]:23: error: use of undeclared SSA value name
func.func @bad_syntax(%a: i32) -> i32 {
  %r = arith.addi %a, %undefined : i32
  return %r : i32
}

// -----

// ERR: {{^}}{{.*}}split-input-file.mlir:[[@LINE+2]]:3: error: type of return operand 0 ('i32') doesn't match function result type ('f32') in function @bad_verify
func.func @bad_verify(%a: i32) -> f32 {
  return %a : i32
}

// -----

func.func @last(%a: f32) -> f32 {
  %r = arith.negf %a : f32
  %s = arith.negf %r : f32
  return %s : f32
}
