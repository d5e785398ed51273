// irs-test-thread-race marks an op only when the context is multithreaded.
// Two runs with the same threading agree, so plain --check-determinism
// passes it (exit 0); --check-determinism=threads runs the step once with
// threading on and once off and pinpoints it (exit 8), with the diff. Its
// output is the plain run's (threaded, as the plain tool runs): the run goes
// on from the threaded run's result.

// RUN: rm -rf %t %t.plain
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse)" --check-determinism --failure-dir=%t.plain > /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: exit=0
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse)" --check-determinism=threads --failure-dir=%t -o %t.out.mlir; echo exit=$?' > %t.log 2>&1
// RUN: irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse)" -o %t.plain.mlir
// RUN: cmp %t.plain.mlir %t.out.mlir
// RUN: FileCheck %s -DDIR=%t < %t.log
// CHECK: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-thread-race{op=arith.addi}))' is not deterministic: pass 'irs-test-thread-race' printed different IR with threading on and off; report: [[DIR]]/report.xml
// CHECK-NEXT: irscope-opt: note: replay: irscope-opt --check-determinism=threads --run-reproducer [[DIR]]/reproducer.mlir
// CHECK-NEXT: exit=8
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: determinism-mode="threads"
// REPORT: <diff>--- threading-on
// REPORT-NEXT: +++ threading-off
// REPORT: -    %{{.*}} = arith.addi %{{.*}} {irs.thread_race} : i32
// REPORT-NEXT: +    %{{.*}} = arith.addi %{{.*}} : i32

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
