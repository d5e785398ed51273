// Quick hang verdicts are bets, and this one loses. The pipeline sleeps
// 600 ms per arith.addi (irs-test-slow): with four of them it runs 2.4 s,
// past --test-timeout=1.5, which counts as a hang. Candidates with fewer
// addi are slow but end; judged after a fraction of the timeout (5 x the
// slowest step that ended) they pass for hangs, and the reduction goes down
// to one addi (0.6 s). The result is then run at the full timeout, does
// not hang, and the reduction is redone from the input without quick
// verdicts: three addi (1.8 s) is the smallest module that really exceeds
// the timeout; two (1.2 s) do not.
//
// The margins (0.3 s either way) are wide for a sleep, even on a loaded
// machine (two lit workers on two cores, ASan); the test asserts the
// outcome, not a time.

// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(irs-test-slow{op=arith.addi ms=600})" --test-timeout=1.5 --strategies=erase-ops -j 1 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s
// CHECK: opt-reduce: hangs: candidates judged hung after {{[0-9.]+}} s (5 x the slowest step that ended), the result did not hang at the full --test-timeout: reduced again without quick verdicts
// CHECK-NEXT: opt-reduce: culprit pass execution: pass 'irs-test-slow' on 'builtin.module' at {{.*}}hang-slow.mlir (#1, in flight when it hung: none began in the hang's last {{[0-9.]+}} s)
// CHECK-NEXT: opt-reduce: done: {{.*}}; signature: timeout in irs-test-slow
// CHECK-NEXT: exit=0
// RUN: grep -c arith.addi %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^3$}}

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %0, %a : i32
  %2 = arith.addi %1, %a : i32
  %3 = arith.addi %2, %a : i32
  %4 = arith.muli %3, %a : i32
  return %4 : i32
}
