// What a successful --dump-after-each run says and shows: irscope-opt
// prints one summary line (steps, how many changed the IR, the directory);
// on the page the steps start collapsed except the first that changed the
// IR (there is no failing step), and each step's badge says whether the IR
// changed next to its status.

// RUN: rm -rf %t
// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(cse,cse),symbol-dce)" --dump-after-each=%t -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM -DDIR=%t --match-full-lines
// SUM: irscope-opt: dumps: 3 steps, 1 changed the IR, none failed: [[DIR]]
// The same line when the user's tool runs the steps.
// RUN: rm -rf %t.t && irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse,cse),symbol-dce)" --dump-after-each=%t.t -o /dev/null 2>&1 | FileCheck %s --check-prefix=TSUM -DDIR=%t.t --match-full-lines
// TSUM: irscope-opt: dumps: 3 steps, 1 changed the IR, none failed: [[DIR]]
// With mlir-opt's instrumentation stderr is MLIR's alone (compared byte for
// byte with mlir-opt's in test/Driver/mlir-flags-*.mlir): no summary.
// RUN: rm -rf %t.m && irscope-opt %s --pass-pipeline="builtin.module(func.func(cse))" --dump-after-each=%t.m --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET-NOT: irscope-opt: dumps:
// RUN: irscope-report %t 2>&1 | FileCheck %s --check-prefix=WROTE -DDIR=%t
// WROTE: irscope-report: wrote [[DIR]]/report.html
// RUN: FileCheck %s < %t/report.html
// CHECK: <details class="step st-unchanged" id="step-1" data-step="1" data-status="unchanged" data-symbols="">
// CHECK-SAME: <span class="badge status-unchanged">ok</span> cse on func.func <span class="badge change unchanged">unchanged</span>
// CHECK: <details class="step st-ok" id="step-3" data-step="3" data-status="ok" data-symbols="@dead @f" open>
// CHECK-SAME: <span class="badge status-ok">ok</span> symbol-dce on builtin.module <span class="badge change changed">changed</span>

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
func.func private @dead() {
  return
}
