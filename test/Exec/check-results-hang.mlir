// A hang in JIT'd code is an outcome of the execution: --exec-timeout stops
// it. The reference never ends here, so there is nothing to compare with
// and no step is blamed (exit 2).

// RUN: sh -c 'irscope-opt %s --canonicalize --check-results --exec-timeout=0.5 -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="irscope-opt: error:"
// CHECK: irscope-opt: error: the input '{{.*}}check-results-hang.mlir' does not run cleanly: '@main' timed out; --check-results needs a reference result
// CHECK-NEXT: exit=2

// RUN: not irscope-opt %s --check-results --exec-timeout=soon 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: irscope-opt: error: {{.*}}'--exec-timeout'{{.*}}soon

func.func @main() {
  %true = arith.constant true
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.while (%i = %c0) : (i64) -> i64 {
    scf.condition(%true) %i : i64
  } do {
  ^bb0(%j: i64):
    %n = arith.addi %j, %c1 : i64
    scf.yield %n : i64
  }
  vector.print %r : i64
  return
}
