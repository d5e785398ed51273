// opt-reduce --miscompile, shown with -v:
// - the determinism of the IR going into the step is checked once, on the
//   result, as the last test ([confirm]), not on every candidate;
// - strategy rename is never tried (its tests would cost executions to
//   shorten names only): @my_long_name stays.

// RUN: opt-reduce %s --pass-pipeline='builtin.module(canonicalize,irs-test-miscompile{func=my_long_name},cse)' --miscompile --exec-timeout=60 -v -o %t 2>&1 | FileCheck %s --check-prefix=LOG --implicit-check-not='[rename]'
// LOG: opt-reduce: test 1 [check] the module as it is: wrong-result in irs-test-miscompile, interesting
// LOG: [confirm] the module as it is: wrong-result in irs-test-miscompile, interesting
// LOG-NOT: opt-reduce: test {{[0-9]}}
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: wrong-result in irs-test-miscompile
// RUN: FileCheck %s --check-prefix=OUT < %t
// OUT: func.func @my_long_name(
// OUT: arith.addi
// OUT: call @my_long_name

func.func @my_long_name(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %s = call @my_long_name(%c40, %c2) : (i32, i32) -> i32
  vector.print %s : i32
  return
}
