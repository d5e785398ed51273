// dialects/irs_test.irdl.mlir is itself valid IR: it parses and verifies
// with irscope-opt and with mlir-opt, both print it the same way, the
// printed form survives mlir-opt's round-trip check, and it still loads as
// a dialect after being printed.

// RUN: irscope-opt %dialects/irs_test.irdl.mlir > %t.irs
// RUN: %mlir_opt %dialects/irs_test.irdl.mlir > %t.ref
// RUN: diff %t.ref %t.irs
// RUN: %mlir_opt --verify-roundtrip %dialects/irs_test.irdl.mlir -o /dev/null
// RUN: FileCheck %s < %t.irs

// A pipeline with the verifier after every step accepts it as well.
// RUN: irscope-opt %dialects/irs_test.irdl.mlir --verify-each --pass-pipeline='builtin.module(irs-op-stats)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// The printed definition loads as the same dialect.
// RUN: irscope-opt --irdl-file=%t.irs %s | FileCheck %s --check-prefix=USE

// CHECK:      irdl.dialect @irs_test {
// CHECK-NEXT:   irdl.type @box {
// CHECK-NEXT:     %[[E:.*]] = irdl.any
// CHECK-NEXT:     irdl.parameters(elem: %[[E]])
// CHECK:        irdl.operation @const {
// CHECK-NEXT:     %[[I32:.*]] = irdl.is i32
// CHECK-NEXT:     %[[INT:.*]] = irdl.base "#builtin.integer"
// CHECK-NEXT:     irdl.attributes {"value" = %[[INT]]}
// CHECK-NEXT:     irdl.results(res: %[[I32]])
// CHECK:        irdl.operation @add {
// CHECK-NEXT:     %[[I32:.*]] = irdl.is i32
// CHECK-NEXT:     irdl.operands(lhs: %[[I32]], rhs: %[[I32]])
// CHECK-NEXT:     irdl.results(res: %[[I32]])
// CHECK:        irdl.operation @wrap {
// CHECK-NEXT:     %[[T:.*]] = irdl.any
// CHECK-NEXT:     %[[BOX:.*]] = irdl.parametric @irs_test::@box<%[[T]]>
// CHECK-NEXT:     irdl.operands(value: %[[T]])
// CHECK-NEXT:     irdl.results(boxed: %[[BOX]])
// CHECK:        irdl.operation @sink {
// CHECK-NEXT:     %[[T:.*]] = irdl.any
// CHECK-NEXT:     irdl.operands(values: variadic %[[T]])

// One type and four operations, 21 irdl ops in all.
// STATS:      remark: op statistics: 22 operations in 2 dialects
// STATS-NEXT: note: irdl: 21 (irdl.operation 4, irdl.any 3, irdl.operands 3, irdl.results 3, irdl.is 2, irdl.attributes 1, irdl.base 1, irdl.dialect 1, irdl.parameters 1, irdl.parametric 1, irdl.type 1)
// STATS-NEXT: note: builtin: 1 (builtin.module 1)

// USE: "irs_test.add"(%arg0, %arg0) : (i32, i32) -> i32
func.func @use(%a: i32) -> i32 {
  %s = "irs_test.add"(%a, %a) : (i32, i32) -> i32
  return %s : i32
}
