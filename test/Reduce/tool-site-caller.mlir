// opt-reduce --tool names a crash site that has no symbol as an in-process
// reduction does: its module offset (tool-site-offset.mlir) under its
// nearest named caller, in the signature line.
// RUN: rm -rf %t && mkdir -p %t
// RUN: opt-reduce %s --tool=%mlir_opt --pass-pipeline='builtin.module(test-pass-crash)' -o %t/r.mlir 2>&1 | FileCheck %s
// CHECK: opt-reduce: done: wrote '{{.*}}r.mlir' ({{[0-9]+}} tests); signature: crash in mlir-opt+0x{{([0-9a-f]{1,8})}} (under mlir::detail::OpToOpPassAdaptor::run)
// RUN: not --crash %mlir_opt --pass-pipeline='builtin.module(test-pass-crash)' %t/r.mlir -o /dev/null

func.func @f(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64
  return %0 : i64
}
