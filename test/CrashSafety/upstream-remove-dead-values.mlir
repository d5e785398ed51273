// A real upstream crash (MLIR 22.1.8): -remove-dead-values dies of SIGSEGV
// on a private function whose scf.if yields, from its else branch, a
// bufferization.clone result that feeds a bufferization.dealloc. (The same
// function made public does not crash.) irscope-opt documents it as step 2
// of the pipeline, with the IR that went into it (cse already applied), and
// both reproducers make mlir-opt itself crash again.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// The bug is upstream's: plain mlir-opt crashes on this input.
// RUN: not --crash %mlir_opt -remove-dead-values %s -o /dev/null

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),remove-dead-values,symbol-dce)" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(remove-dead-values)' crashed with SIGSEGV
// ERR-NEXT: irscope-opt: note: crashed in {{.+}}
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="2" pass="remove-dead-values" anchor="builtin.module" {{.*}}signal="11" signal-name="SIGSEGV"
// REPORT-NEXT: <message>step 2 'builtin.module(remove-dead-values)' crashed with SIGSEGV</message>
// The stack trace runs through MLIR's pass manager.
// REPORT-NEXT: <stderr>irscope-opt: fatal signal SIGSEGV
// REPORT-NEXT: Stack trace:
// REPORT: libMLIR
// REPORT: </stderr>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(remove-dead-values)"/>
// REPORT-NEXT: <full-reproducer file="reproducer-full.mlir" pipeline="builtin.module(func.func(cse),remove-dead-values,symbol-dce)"/>
// REPORT: <step index="1" pass="cse" anchor="func.func" status="ok"
// REPORT: <step index="2" pass="remove-dead-values" anchor="builtin.module" status="crash"
// REPORT: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run">

// cse merged the two constants; the shape that crashes is intact.
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: func.func private @f(%arg0: i1, %arg1: memref<4xf32>) {
// PRE-NEXT: %0 = scf.if %arg0 -> (memref<4xf32>) {
// PRE-NEXT: scf.yield %arg1 : memref<4xf32>
// PRE-NEXT: } else {
// PRE-NEXT: %1 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
// PRE-NEXT: scf.yield %1 : memref<4xf32>
// PRE-NEXT: }
// PRE-NEXT: %true = arith.constant true
// PRE-NEXT: bufferization.dealloc (%0 : memref<4xf32>) if (%true)
// PRE-NEXT: return

// mlir-opt replays both reproducers into the same crash.
// RUN: not --crash %mlir_opt --run-reproducer %t/reproducer.mlir -o /dev/null
// RUN: not --crash %mlir_opt --run-reproducer %t/reproducer-full.mlir -o /dev/null

func.func private @f(%c: i1, %m: memref<4xf32>) {
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %m : memref<4xf32>
  } else {
    %k = bufferization.clone %m : memref<4xf32> to memref<4xf32>
    scf.yield %k : memref<4xf32>
  }
  %t = arith.constant true
  %u = arith.constant true
  bufferization.dealloc (%r : memref<4xf32>) if (%u)
  return
}
