// With --split-input-file every chunk is a run of its own: its dumps, its
// manifest and, when it fails, its report go into DIR/chunk-NNN (N counted
// from 1, which <input chunk= line=> repeats with the chunk's first line of
// text), so nothing of one chunk overwrites another's. Here chunk 1 succeeds, chunk 2 fails in
// a pass (irs-test-fail) and chunk 3 fails verification (irs-test-corrupt);
// the exit code is the worse of the two failures (3). Diagnostics name the
// input file and the line in it, as mlir-opt's do.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && sh -c 'irscope-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-fail{op=arith.muli},irs-test-corrupt{op=arith.subi}))" --dump-after-each=%t; echo exit=$?' > %t.out 2>&1

// RUN: cd %t && ls chunk-001 chunk-002 chunk-003 | FileCheck %s --check-prefix=FILES
// FILES: chunk-001:
// FILES-NEXT: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: 0002-func.func-irs-test-fail.mlir
// FILES-NEXT: 0003-func.func-irs-test-corrupt.mlir
// FILES-NEXT: manifest.xml
// FILES-EMPTY:
// FILES-NEXT: chunk-002:
// FILES-NEXT: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: failure-input.mlir
// FILES-NEXT: failure-output.mlir
// FILES-NEXT: manifest.xml
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer.mlir
// FILES-EMPTY:
// FILES-NEXT: chunk-003:
// FILES-NEXT: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: 0002-func.func-irs-test-fail.mlir
// FILES-NEXT: failure-input.mlir
// FILES-NEXT: failure-output.mlir
// FILES-NEXT: manifest.xml
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer.mlir
// RUN: ls %t | FileCheck %s --check-prefix=TOP
// TOP: chunk-001
// TOP-NEXT: chunk-002
// TOP-NEXT: chunk-003
// TOP-EMPTY:

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/chunk-001/manifest.xml %t/chunk-002/manifest.xml %t/chunk-003/manifest.xml
// RUN: xmllint --noout --schema %schemas/report.xsd %t/chunk-002/report.xml %t/chunk-003/report.xml
// RUN: FileCheck %s --check-prefix=M0 < %t/chunk-001/manifest.xml
// M0: <irscope-manifest version="1" status="ok">
// M0: <input path="{{.*}}split-input-file-dumps.mlir" {{.*}} chunk="1" line="1" ops="5" dump="0000-input.mlir"{{( dump-hash="[0-9a-f]{16}")?}}/>
// RUN: FileCheck %s --check-prefix=M1 < %t/chunk-002/manifest.xml
// M1: <irscope-manifest version="1" status="pass-failure">
// M1: <input path="{{.*}}split-input-file-dumps.mlir" {{.*}} chunk="2" line="88" ops="4" dump="0000-input.mlir"{{( dump-hash="[0-9a-f]{16}")?}}/>
// M1: <failure report="report.xml"/>
// RUN: FileCheck %s --check-prefix=M2 < %t/chunk-003/manifest.xml
// M2: <irscope-manifest version="1" status="verify-failure">
// M2: <input path="{{.*}}split-input-file-dumps.mlir" {{.*}} chunk="3" line="100" ops=
// M2: <failure report="report.xml"/>

// Each dump holds its own chunk only.
// RUN: FileCheck %s --check-prefix=D0 --implicit-check-not=func.func < %t/chunk-001/0001-func.func-canonicalize.mlir
// D0: func.func @a(
// RUN: FileCheck %s --check-prefix=D1 --implicit-check-not=func.func < %t/chunk-002/failure-input.mlir
// D1: func.func @b(
// RUN: FileCheck %s --check-prefix=D2 --implicit-check-not=func.func < %t/chunk-003/failure-input.mlir
// D2: func.func @c(

// Each report describes its own chunk's failure, at the right place (the
// input file and the line in it).
// RUN: FileCheck %s --check-prefix=R1 < %t/chunk-002/report.xml
// R1: <failure kind="pass-failure" step="2" pass="irs-test-fail"
// R1: <diagnostic severity="error" location="{{.*}}split-input-file-dumps.mlir:{{[0-9]+}}:8">
// RUN: FileCheck %s --check-prefix=R2 < %t/chunk-003/report.xml
// R2: <failure kind="verify-failure" step="3" pass="irs-test-corrupt"
// R2: <diagnostic severity="error" location="{{.*}}split-input-file-dumps.mlir:{{[0-9]+}}:8">

// What the run printed: each chunk's diagnostics and one-line error with its
// own report, then the output.
// RUN: FileCheck %s --check-prefix=OUT -DDIR=%t < %t.out

func.func @a(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %y = arith.addi %x, %c0 : i32
  return %y : i32
}

// -----

func.func @b(%x: i32) -> i32 {
  // OUT: split-input-file-dumps.mlir:[[#@LINE+1]]:8: error: irs-test-fail: injected failure at 'arith.muli'
  %y = arith.muli %x, %x : i32
  return %y : i32
}
// OUT-NEXT: {{^}}  %y = arith.muli %x, %x : i32{{$}}
// OUT-NEXT: {{^ +\^$}}
// OUT-NEXT: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-fail{op=arith.muli}))' failed: pass 'irs-test-fail' signalled failure; report: [[DIR]]/chunk-002/report.xml
// OUT-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/chunk-002/reproducer.mlir

// -----

func.func @c(%x: i32, %z: i32) -> i32 {
  // OUT-NEXT: split-input-file-dumps.mlir:[[#@LINE+1]]:8: error: operand #0 does not dominate this use
  %y = arith.subi %x, %z : i32
  return %y : i32
}
// OUT-NEXT: {{^}}  %y = arith.subi %x, %z : i32{{$}}
// OUT-NEXT: {{^ +\^$}}
// OUT: irscope-opt: error: step 3 'builtin.module(func.func(irs-test-corrupt{op=arith.subi}))' broke the IR: verifier failed after pass 'irs-test-corrupt'; report: [[DIR]]/chunk-003/report.xml
// OUT-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/chunk-003/reproducer.mlir

// The output holds the chunk that succeeded, joined by the output marker
// as mlir-opt joins them.
// OUT-NEXT: module {
// OUT-NEXT: func.func @a(%arg0: i32) -> i32 {
// OUT-NEXT: return %arg0 : i32
// OUT-NEXT: }
// OUT-NEXT: }
// OUT-EMPTY:
// OUT-NEXT: {{//}} -----
// OUT-NEXT: {{//}} -----
// OUT-NEXT: exit=3
