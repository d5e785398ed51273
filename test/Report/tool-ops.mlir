// The page of a --tool run: irscope does not parse the tool's IR, so the
// run records no op counts; irscope-report counts them from the dump text,
// as it counts dialects, for each step's line and the op chart.
// RUN: rm -rf %t && irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),symbol-dce)" --dump-after-each=%t -o /dev/null
// RUN: irscope-report %t
// RUN: FileCheck %s < %t/report.html
// CHECK-NOT: ops -1
// CHECK: <div class="col" {{.*}} data-ops="6" title="input: 6 ops,
// CHECK: data-ops="6" title="step 1 cse: 6 ops,
// CHECK: data-ops="4" title="step 2 symbol-dce: 4 ops,
// CHECK: id="step-1"
// CHECK-SAME: ops 6 {{.*}} 6
// CHECK: id="step-2"
// CHECK-SAME: ops 6 {{.*}} 4

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @dead() {
  return
}
