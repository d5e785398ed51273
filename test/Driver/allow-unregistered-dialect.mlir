// --allow-unregistered-dialect: ops of unknown dialects are parsed, kept
// through the pipeline and printed in generic form exactly as by mlir-opt,
// uninstrumented and step by step. Without the flag the input is rejected.
// RUN: %mlir_opt %s --allow-unregistered-dialect --canonicalize --cse > %t.ref
// RUN: irscope-opt %s --allow-unregistered-dialect --canonicalize --cse > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --allow-unregistered-dialect --canonicalize --cse --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out
// RUN: not irscope-opt %s --canonicalize 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = "foo.bar"(%arg0) {attr = 1 : i64} : (i32) -> i32
// CHECK-NEXT:    "foo.sink"(%0) ({
// CHECK-NEXT:      "foo.yield"() : () -> ()
// CHECK-NEXT:    }) : (i32) -> ()
// Unregistered ops may have side effects: not erased even when unused.
// CHECK-NEXT:    %1 = "foo.unused"() : () -> i32
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }

func.func @f(%a: i32) -> i32 {
  // ERR: allow-unregistered-dialect.mlir:[[@LINE+1]]:17: error: operation being parsed with an unregistered dialect
  %0 = "foo.bar"(%a) {attr = 1 : i64} : (i32) -> i32
  %c0 = arith.constant 0 : i32
  %1 = arith.addi %0, %c0 : i32
  %2 = arith.addi %0, %c0 : i32
  "foo.sink"(%1) ({
    "foo.yield"() : () -> ()
  }) : (i32) -> ()
  %3 = "foo.unused"() : () -> i32
  return %2 : i32
}
