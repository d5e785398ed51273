// Without instrumentation the pipeline runs in one MLIR pass manager, so the
// worker only knows that it is somewhere in the pipeline when it dies. The
// supervisor then replays the chunk step by step (quietly) to find the step.
// Here the same crashing pass appears twice, as step 1 and step 3, but only
// fires in step 3, after lower-affine has produced the arith.muli it looks
// for: the report must name step 3, and the IR that went into it is the
// lowered one. The replays print nothing: the user sees the worker's crash
// output once and one error line.
//
// The crash is irs-test-abort's abort(), a SIGABRT in sanitizer builds too.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli}),lower-affine,func.func(irs-test-abort{op=arith.muli}),cse)" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:" --implicit-check-not="fatal signal"
// ERR: irscope-opt: error: step 3 'builtin.module(func.func(irs-test-abort{op=arith.muli}))' crashed with SIGABRT
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="3" pass="irs-test-abort" anchor="func.func" {{.*}}signal="6" signal-name="SIGABRT"
// REPORT-NEXT: <message>step 3 'builtin.module(func.func(irs-test-abort{op=arith.muli}))' crashed with SIGABRT</message>
// The stack trace is the one of the run the user started.
// REPORT-NEXT: <stderr>irscope-opt: fatal signal SIGABRT
// REPORT-NEXT: Stack trace:
// REPORT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli}))"/>
// REPORT: <steps count="4" failed="3">
// REPORT-NEXT: <step index="1" pass="irs-test-abort" anchor="func.func" status="ok"
// REPORT: <step index="2" pass="lower-affine" anchor="builtin.module" status="ok"
// REPORT: <step index="3" pass="irs-test-abort" anchor="func.func" status="crash"
// REPORT: <step index="4" pass="cse" anchor="builtin.module" status="not-run">

// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE-NOT: affine.apply
// PRE: %[[C3:.*]] = arith.constant 3 : index
// PRE-NEXT: arith.muli %arg0, %[[C3]]
// PRE-NOT: affine.apply

func.func @f(%i: index) -> index {
  %r = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
  return %r : index
}
