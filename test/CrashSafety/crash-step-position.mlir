// A crash in the first step of a pipeline, without and with
// --dump-after-each, and in the last step (a crash in a middle step:
// crash-segv.mlir without dumps, crash-dump-after-each.mlir with them).
// The step is always named right, the IR that went into it is rebuilt (for
// step 1: the input as parsed), and the manifest keeps every dump written
// before the crash.
//
// The crash is irs-test-abort's abort(), a SIGABRT in sanitizer builds too.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.first %t.firstd %t.lastd

// First step, whole pipeline in one pass manager (located by replay).
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli},canonicalize),cse)" --failure-dir=%t.first -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIRST -DDIR=%t.first --implicit-check-not="irscope-opt: error:"
// FIRST: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-abort{op=arith.muli}))' crashed with SIGABRT
// FIRST: irscope-opt: note: report: [[DIR]]/report.xml
// FIRST-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// FIRST-NEXT: exit=5
// RUN: xmllint --noout --schema %schemas/report.xsd %t.first/report.xml
// RUN: FileCheck %s --check-prefix=FIRSTREPORT < %t.first/report.xml
// FIRSTREPORT: <failure kind="crash" step="1" pass="irs-test-abort" anchor="func.func" {{.*}}signal-name="SIGABRT"
// FIRSTREPORT: <pre-step-ir file="failure-input.mlir"/>
// FIRSTREPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli}))"/>
// FIRSTREPORT: <steps count="3" failed="1">
// FIRSTREPORT-NEXT: <step index="1" pass="irs-test-abort" anchor="func.func" status="crash"
// FIRSTREPORT: <step index="2" pass="canonicalize" anchor="func.func" status="not-run">
// FIRSTREPORT: <step index="3" pass="cse" anchor="builtin.module" status="not-run">
// Nothing ran before step 1: its input is the module as parsed.
// RUN: FileCheck %s --check-prefix=PARSED < %t.first/failure-input.mlir
// PARSED: func.func @f(%arg0: i32) -> i32 {
// PARSED-NEXT: %c0_i32 = arith.constant 0 : i32
// PARSED-NEXT: %0 = arith.addi %arg0, %c0_i32 : i32
// PARSED-NEXT: %1 = arith.addi %0, %0 : i32
// PARSED-NEXT: %2 = arith.addi %0, %0 : i32
// PARSED-NEXT: %3 = arith.muli %1, %2 : i32

// First step, step by step with dumps: only the input dump exists, and it
// is the last good one.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli},canonicalize),cse)" --dump-after-each=%t.firstd -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIRST -DDIR=%t.firstd --implicit-check-not="irscope-opt: error:"
// RUN: ls %t.firstd | FileCheck %s --check-prefix=FIRSTFILES --match-full-lines
// FIRSTFILES: 0000-input.mlir
// FIRSTFILES-NEXT: failure-input.mlir
// FIRSTFILES-NEXT: manifest.xml
// FIRSTFILES-NEXT: report.xml
// FIRSTFILES-NEXT: reproducer-full.mlir
// FIRSTFILES-NEXT: reproducer.mlir
// FIRSTFILES-EMPTY:
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t.firstd/manifest.xml
// RUN: FileCheck %s --check-prefix=FIRSTMANIFEST < %t.firstd/manifest.xml
// FIRSTMANIFEST: <irscope-manifest version="1" status="crash">
// FIRSTMANIFEST: <steps count="3" failed="1">
// FIRSTMANIFEST-NEXT: <step index="1" pass="irs-test-abort" anchor="func.func" status="crash"
// FIRSTMANIFEST: <failure report="report.xml"/>
// RUN: xmllint --noout --schema %schemas/report.xsd %t.firstd/report.xml
// RUN: FileCheck %s --check-prefix=FIRSTDREPORT < %t.firstd/report.xml
// FIRSTDREPORT: <pre-step-ir file="failure-input.mlir"/>
// FIRSTDREPORT-NEXT: <last-good-dump file="0000-input.mlir"/>
// RUN: diff %t.firstd/0000-input.mlir %t.firstd/failure-input.mlir
// RUN: diff %t.first/failure-input.mlir %t.firstd/failure-input.mlir

// Last step, with dumps: every earlier step's dump is kept, and the last
// one is what went into the crashing step.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),cse,func.func(irs-test-abort{op=arith.muli}))" --dump-after-each=%t.lastd -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LAST -DDIR=%t.lastd --implicit-check-not="irscope-opt: error:"
// LAST: irscope-opt: error: step 3 'builtin.module(func.func(irs-test-abort{op=arith.muli}))' crashed with SIGABRT
// LAST: irscope-opt: note: report: [[DIR]]/report.xml
// LAST-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// LAST-NEXT: exit=5
// RUN: ls %t.lastd | FileCheck %s --check-prefix=LASTFILES --match-full-lines
// LASTFILES: 0000-input.mlir
// LASTFILES-NEXT: 0001-func.func-canonicalize.mlir
// LASTFILES-NEXT: 0002-builtin.module-cse.mlir
// LASTFILES-NEXT: failure-input.mlir
// LASTFILES-NEXT: manifest.xml
// LASTFILES-NEXT: report.xml
// LASTFILES-NEXT: reproducer-full.mlir
// LASTFILES-NEXT: reproducer.mlir
// LASTFILES-EMPTY:
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t.lastd/manifest.xml
// RUN: FileCheck %s --check-prefix=LASTMANIFEST < %t.lastd/manifest.xml
// LASTMANIFEST: <irscope-manifest version="1" status="crash">
// LASTMANIFEST: <steps count="3" failed="3">
// LASTMANIFEST-NEXT: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// LASTMANIFEST: <step index="2" pass="cse" anchor="builtin.module" status="ok" changed="true">
// LASTMANIFEST: <step index="3" pass="irs-test-abort" anchor="func.func" status="crash"
// LASTMANIFEST: <failure report="report.xml"/>
// RUN: xmllint --noout --schema %schemas/report.xsd %t.lastd/report.xml
// RUN: FileCheck %s --check-prefix=LASTREPORT < %t.lastd/report.xml
// LASTREPORT: <failure kind="crash" step="3" pass="irs-test-abort" anchor="func.func" {{.*}}signal-name="SIGABRT"
// LASTREPORT: <steps count="3" failed="3">
// LASTREPORT-NEXT: <step index="1" pass="canonicalize" anchor="func.func" status="ok"
// LASTREPORT: <step index="2" pass="cse" anchor="builtin.module" status="ok"
// LASTREPORT: <step index="3" pass="irs-test-abort" anchor="func.func" status="crash"
// RUN: diff %t.lastd/0002-builtin.module-cse.mlir %t.lastd/failure-input.mlir
// Both earlier steps took effect.
// RUN: FileCheck %s --check-prefix=BOTH < %t.lastd/failure-input.mlir
// BOTH: func.func @f(%arg0: i32) -> i32 {
// BOTH-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// BOTH-NEXT: %1 = arith.muli %0, %0 : i32
// BOTH-NEXT: return %1 : i32

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
