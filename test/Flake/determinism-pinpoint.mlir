// --check-determinism runs every step twice on identical copies of its
// input and stops at the first step whose printed results differ: here
// step 7 of 10, irs-test-nondeterministic (a random attribute). Exit code
// 8; report.xml of kind nondeterminism carries a unified diff of the two
// outputs, next to the pre-step IR, the first run's output and a
// reproducer of the step. The output is the plain tool's: its run goes on
// after step 7 from the first run's output, as mlir-opt runs steps 8-10
// on failure-output.mlir.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,cse,func.func(canonicalize),sccp,cse,symbol-dce,func.func(irs-test-nondeterministic{op=arith.muli}),canonicalize,cse,symbol-dce)" --check-determinism --failure-dir=%t -o %t.out.mlir; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t --implicit-check-not=error: < %t.log
// CHECK: irscope-opt: error: step 7 'builtin.module(func.func(irs-test-nondeterministic{op=arith.muli}))' is not deterministic: pass 'irs-test-nondeterministic' printed different IR in two runs on the same input; report: [[DIR]]/report.xml
// CHECK-NEXT: irscope-opt: note: replay: irscope-opt --check-determinism --run-reproducer [[DIR]]/reproducer.mlir
// CHECK-NEXT: exit=8

// RUN: %mlir_opt %t/failure-output.mlir --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" | cmp - %t.out.mlir
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="nondeterminism" step="7" pass="irs-test-nondeterministic" anchor="func.func" elapsed-ms="{{[0-9.]+}}" determinism-mode="repeat">
// REPORT: <diff>--- first-run
// REPORT-NEXT: +++ second-run
// REPORT-NEXT: @@ {{.*}} @@
// REPORT: -    %{{.*}} = arith.muli %{{.*}} {irs.nondet = {{[0-9]+}} : i64} : i32
// REPORT-NEXT: +    %{{.*}} = arith.muli %{{.*}} {irs.nondet = {{[0-9]+}} : i64} : i32
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <post-step-ir file="failure-output.mlir" form="custom"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(irs-test-nondeterministic{op=arith.muli}))"/>
// REPORT: <steps count="10" failed="7">

// The pre-step IR has no attribute yet; the reproducer replays the step.
// RUN: FileCheck %s --check-prefix=PRE --implicit-check-not=irs.nondet < %t/failure-input.mlir
// PRE: arith.muli
// RUN: irscope-opt --run-reproducer %t/reproducer.mlir | FileCheck %s --check-prefix=REPLAY
// REPLAY: arith.muli {{.*}}{irs.nondet =

// Without the nondeterministic step the same pipeline is clean (exit 0).
// RUN: irscope-opt %s --pass-pipeline="builtin.module(canonicalize,cse,func.func(canonicalize),sccp,cse,symbol-dce,canonicalize,cse,symbol-dce)" --check-determinism --failure-dir=%t.clean | FileCheck %s --check-prefix=CLEAN
// CLEAN: arith.muli
// RUN: not ls %t.clean

func.func @f(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.muli %0, %b : i32
  return %1 : i32
}
