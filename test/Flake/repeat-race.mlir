// irs-test-race is a real data race between the pass's instances on two
// threads. With meet=1 the two windows always overlap in a multithreaded
// run, so every run of --repeat crashes: each run is a plain run (one pass
// manager, MLIR's threading), the crash site is part of the signature,
// and the signature's artefacts are in one directory (the supervisor's
// replay locates the step, as a replay with threading reproduces it).
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-race{op=func.func meet=1 spin=20000000}))" --repeat=3 --failure-dir=%t/r; echo exit=$?' > %t/r.log 2>&1
// RUN: FileCheck %s -DDIR=%t/r < %t/r.log
// CHECK: irscope-opt: repeat: run 1 failed in a new way:
// CHECK-NEXT: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-race{op=func.func meet=1 spin=20000000}))' crashed with SIGSEGV
// CHECK: irscope-opt: note: report: [[DIR]]/failure-1/report.xml
// CHECK: irscope-opt: repeat: 3 of 3 runs failed (100.00%, 95% Wilson interval {{.*}})
// CHECK-NEXT: irscope-opt: repeat:   no step known: 3 failed
// CHECK-NEXT: irscope-opt: repeat:   signature 1: crash SIGSEGV at libirscope.so{{[.0-9]*}}+0x{{[0-9a-f]+}} (in {{.+}}) in step 0 (?), 3 runs, first in run 1; artefacts: [[DIR]]/failure-1
// CHECK: exit=5
// RUN: xmllint --noout --schema %schemas/report.xsd %t/r/failure-1/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/r/failure-1/report.xml
// REPORT: <failure kind="crash" step="1" pass="irs-test-race"
// REPORT: <stderr>

// Without threading the windows never overlap.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-race{op=func.func meet=1 spin=1000}))" --repeat=3 --mlir-disable-threading --failure-dir=%t/st; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ST
// ST: irscope-opt: repeat: 0 of 3 runs failed
// ST: exit=0

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
