// Output that changes from run to run (here the clock's fraction of a
// second) is not a miscompile:
// the confirmation runs the IR before and after the suspect step twice
// each, sees a difference and says the results are not deterministic
// (exit 8, no report).

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(inline,symbol-dce)" --check-results --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="irscope-opt: error:"
// CHECK: irscope-opt: error: the results are not deterministic: two executions of the input printed different results; not a miscompile ({{[0-9]+}} executions)
// CHECK-NEXT: exit=8
// RUN: not ls %t/report.xml

func.func private @rtclock() -> f64

func.func private @now() -> f64 {
  %t = call @rtclock() : () -> f64
  return %t : f64
}

func.func @main() {
  %t = call @now() : () -> f64
  %s = math.floor %t : f64
  %f = arith.subf %t, %s : f64
  vector.print %f : f64
  return
}
