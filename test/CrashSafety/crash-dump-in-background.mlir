// A crash while dumps are printed in the background (--dump-in-background):
// the supervisor's final manifest still validates and, being the final one,
// has no dump left pending="true"; every dump it names is complete on disk
// and no temporary file is left.
//
// The crash is irs-test-abort's abort(), a SIGABRT in sanitizer builds too.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),irs-test-abort{op=arith.muli})" --dump-after-each=%t --dump-in-background -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 3 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: ls %t | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: 0002-func.func-cse.mlir
// FILES-NEXT: failure-input.mlir
// FILES-NEXT: manifest.xml
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer-full.mlir
// FILES-NEXT: reproducer.mlir
// FILES-EMPTY:

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST --implicit-check-not=pending < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="crash">
// MANIFEST: <steps count="3" failed="3">
// MANIFEST: <dump file="0001-func.func-canonicalize.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <dump file="0002-func.func-cse.mlir"{{( hash="[0-9a-f]{16}")?}}/>

// RUN: FileCheck %s --check-prefix=CSE --match-full-lines < %t/0002-func.func-cse.mlir
// CSE:      module {
// CSE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CSE-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CSE-NEXT:     %1 = arith.muli %0, %0 : i32
// CSE-NEXT:     return %1 : i32
// CSE-NEXT:   }
// CSE-NEXT: }
// RUN: diff %t/0002-func.func-cse.mlir %t/failure-input.mlir

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
