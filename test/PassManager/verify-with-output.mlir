// A --verify-with check that rejects a step is irscope's finding (exit 3,
// its report), not a failure of the plain tool, which runs no such check:
// mlir-opt runs the same pipeline to its end, exits 0 and writes its
// output. So irscope-opt writes that output too: the steps after the
// rejected one run as mlir-opt runs them, on the module as the step left
// it, and -o (atomically) and stdout get mlir-opt's bytes. The report,
// dumps and manifest stay those of the finding.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,symbol-dce)" -o %t/plain.mlir

// Supervised (the default) and in-process, to -o and to stdout.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,symbol-dce)" --verify-with="builtin.module(irs-test-fail{op=llvm.add})" --failure-dir=%t/f1 -o %t/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOUND -DDIR=%t/f1 --implicit-check-not=error:
// FOUND: error: irs-test-fail: injected failure at 'llvm.add'
// FOUND: irscope-opt: error: step 2 'builtin.module(convert-arith-to-llvm)' broke the IR: verify-with(builtin.module(irs-test-fail{op=llvm.add})) failed after pass 'convert-arith-to-llvm'; report: [[DIR]]/report.xml
// FOUND-NEXT: irscope-opt: note: replay: irscope-opt --verify-with='builtin.module(irs-test-fail{op=llvm.add})' --run-reproducer [[DIR]]/reproducer.mlir
// FOUND-NEXT: exit=3
// RUN: cmp %t/plain.mlir %t/out.mlir
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,symbol-dce)" --verify-with="builtin.module(irs-test-fail{op=llvm.add})" --failure-dir=%t/f2 > %t/stdout.mlir 2> %t/err2; echo exit=$? >> %t/err2'
// RUN: FileCheck %s --check-prefix=FOUND -DDIR=%t/f2 < %t/err2
// RUN: cmp %t/plain.mlir %t/stdout.mlir
// RUN: sh -c 'irscope-opt %s --crash-protection=0 --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,symbol-dce)" --verify-with="builtin.module(irs-test-fail{op=llvm.add})" --failure-dir=%t/f3 -o %t/cp0.mlir 2> %t/err3; echo exit=$? >> %t/err3'
// RUN: FileCheck %s --check-prefix=FOUND -DDIR=%t/f3 < %t/err3
// RUN: cmp %t/plain.mlir %t/cp0.mlir

// The finding's documents are the finding's: step 3 ran for the output
// only, so the manifest says it did not run and has no dump of it.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,symbol-dce)" --verify-with="builtin.module(irs-test-fail{op=llvm.add})" --dump-after-each=%t/d -o %t/dumped.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=EXIT3
// EXIT3: exit=3
// RUN: cmp %t/plain.mlir %t/dumped.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST: <step index="2" pass="convert-arith-to-llvm" anchor="builtin.module" status="verify-failure"
// MANIFEST: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run"
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <failure kind="verify-failure" step="2" pass="convert-arith-to-llvm" anchor="builtin.module" hook="verify-with(builtin.module(irs-test-fail{op=llvm.add}))"
// REPORT: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run">
// RUN: ls %t/d | FileCheck %s --check-prefix=DUMPS --implicit-check-not=0003
// DUMPS: 0001-func.func-canonicalize.mlir

// A check that changed the IR (symbol-dce deletes @dead) cannot be gone on
// from: the plain run starts over on the input.
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(cse))" -o %t/plain-cse.mlir
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse))" --verify-with="builtin.module(symbol-dce)" --failure-dir=%t/f4 -o %t/changed.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=EXIT3
// RUN: cmp %t/plain-cse.mlir %t/changed.mlir

// A later step that fails without the check too (irs-test-fail at the
// llvm.mul step 2 made): no output, an existing -o stays, as the plain
// run leaves it; exit 3 and the report stay.
// RUN: echo old > %t/kept.mlir
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,irs-test-fail{op=llvm.mul})" --failure-dir=%t/f5p -o %t/kept.mlir 2>/dev/null
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,irs-test-fail{op=llvm.mul})" --verify-with="builtin.module(irs-test-fail{op=llvm.add})" --failure-dir=%t/f5 -o %t/kept.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LATER -DDIR=%t/f5
// LATER: error: irs-test-fail: injected failure at 'llvm.mul'
// LATER: irscope-opt: note: run on as the plain tool runs, step 3 'builtin.module(irs-test-fail{op=llvm.mul})' fails: no output, as the plain tool writes none
// LATER: irscope-opt: error: step 2 'builtin.module(convert-arith-to-llvm)' broke the IR: {{.*}}; report: [[DIR]]/report.xml
// LATER: exit=3
// RUN: FileCheck %s --check-prefix=OLD < %t/kept.mlir
// OLD: old

// A later step that crashes: the worker dies in the plain run it went on
// with, as the plain tool dies there (irscope-opt without the check:
// exit 5). One note says so, not that a pass may have corrupted memory;
// no output, the old -o stays; exit 3 and the report stay.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,irs-test-crash{op=llvm.mul})" --failure-dir=%t/f7p -o %t/kept.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAINCRASH
// PLAINCRASH: irscope-opt: error: step 3 'builtin.module(irs-test-crash{op=llvm.mul})' crashed with SIGSEGV
// PLAINCRASH: exit=5
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,irs-test-crash{op=llvm.mul})" --verify-with="builtin.module(irs-test-fail{op=llvm.add})" --failure-dir=%t/f7 -o %t/kept.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASHED -DDIR=%t/f7 --implicit-check-not="corrupted memory"
// CRASHED: irscope-opt: error: step 2 'builtin.module(convert-arith-to-llvm)' broke the IR: {{.*}}; report: [[DIR]]/report.xml
// CRASHED-NEXT: irscope-opt: note: run on as the plain tool runs, step 3 'builtin.module(irs-test-crash{op=llvm.mul})' crashed with SIGSEGV: no output, as the plain tool writes none
// CRASHED-NEXT: irscope-opt: note: replay: irscope-opt --verify-with='builtin.module(irs-test-fail{op=llvm.add})' --run-reproducer [[DIR]]/reproducer.mlir
// CRASHED-NEXT: exit=3
// RUN: FileCheck %s --check-prefix=OLD < %t/kept.mlir
// RUN: FileCheck %s --check-prefix=REPORT7 < %t/f7/report.xml
// REPORT7: <failure kind="verify-failure" step="2" pass="convert-arith-to-llvm"

// With --split-input-file every chunk's output is mlir-opt's, the
// rejected chunk's too.
// RUN: %mlir_opt %S/Inputs/verify-with-split.mlir --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm)" -o %t/plain-split.mlir
// RUN: sh -c 'irscope-opt %S/Inputs/verify-with-split.mlir --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm)" --verify-with="builtin.module(irs-test-fail{op=llvm.add})" --failure-dir=%t/f6 -o %t/split.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=EXIT3
// RUN: cmp %t/plain-split.mlir %t/split.mlir

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %e = arith.muli %c, %c : i32
  return %e : i32
}
func.func private @dead() { return }
