// With --split-input-file a crash ends only its own chunk: the supervisor
// documents it in that chunk's directory and starts a new worker for the
// next chunk. Here chunk 1 succeeds, chunk 2 crashes, chunk 3 succeeds and
// chunk 4 fails in a pass; the output holds the chunks that succeeded, in
// order, joined by the marker, and the worst outcome (the crash, 5) is the
// exit code.
//
// The crash is irs-test-abort's abort(), a SIGABRT in sanitizer builds too.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t %t.whole
// RUN: sh -c 'irscope-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-abort{op=arith.muli},irs-test-fail{op=arith.subi}))" --dump-after-each=%t 2>%t.err; echo exit=$?' > %t.out
// RUN: FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:" < %t.err
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.out

// The same without instrumentation: the supervisor locates the step by
// replaying chunk 2 (not chunk 1) and the output is the same.
// RUN: sh -c 'irscope-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-abort{op=arith.muli},irs-test-fail{op=arith.subi}))" --failure-dir=%t.whole 2>%t.whole.err; echo exit=$?' > %t.whole.out
// RUN: FileCheck %s --check-prefix=ERR -DDIR=%t.whole --implicit-check-not="irscope-opt: error:" < %t.whole.err
// RUN: diff %t.out %t.whole.out
// RUN: ls %t.whole | FileCheck %s --check-prefix=WHOLE --match-full-lines
// WHOLE: chunk-002
// WHOLE-NEXT: chunk-004
// WHOLE-EMPTY:
// RUN: diff %t/chunk-002/failure-input.mlir %t.whole/chunk-002/failure-input.mlir

// RUN: ls %t | FileCheck %s --check-prefix=TOP --match-full-lines
// TOP: chunk-001
// TOP-NEXT: chunk-002
// TOP-NEXT: chunk-003
// TOP-NEXT: chunk-004
// TOP-EMPTY:
// RUN: ls %t/chunk-002 | FileCheck %s --check-prefix=FILES1 --match-full-lines
// FILES1: 0000-input.mlir
// FILES1-NEXT: 0001-func.func-canonicalize.mlir
// FILES1-NEXT: failure-input.mlir
// FILES1-NEXT: manifest.xml
// FILES1-NEXT: report.xml
// FILES1-NEXT: reproducer-full.mlir
// FILES1-NEXT: reproducer.mlir
// FILES1-EMPTY:

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/chunk-001/manifest.xml %t/chunk-002/manifest.xml %t/chunk-003/manifest.xml %t/chunk-004/manifest.xml
// RUN: xmllint --noout --schema %schemas/report.xsd %t/chunk-002/report.xml %t/chunk-004/report.xml
// RUN: cat %t/chunk-001/manifest.xml %t/chunk-002/manifest.xml %t/chunk-003/manifest.xml %t/chunk-004/manifest.xml \
// RUN:   | FileCheck %s --check-prefix=MANIFESTS
// MANIFESTS: <irscope-manifest version="1" status="ok">
// MANIFESTS: <irscope-manifest version="1" status="crash">
// MANIFESTS: <steps count="3" failed="2">
// MANIFESTS: <failure report="report.xml"/>
// MANIFESTS: <irscope-manifest version="1" status="ok">
// MANIFESTS: <irscope-manifest version="1" status="pass-failure">

// The crash report describes chunk 2 only; its reproducers hold that chunk.
// RUN: FileCheck %s --check-prefix=REPORT1 < %t/chunk-002/report.xml
// REPORT1: <input path="{{.*}}crash-split-input-file.mlir" {{.*}} chunk="2" line="73"
// REPORT1: <failure kind="crash" step="2" pass="irs-test-abort" anchor="func.func" {{.*}}signal-name="SIGABRT"
// RUN: FileCheck %s --check-prefix=PRE1 --implicit-check-not=func.func < %t/chunk-002/failure-input.mlir
// PRE1: func.func @b(%arg0: i32) -> i32 {
// PRE1-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// RUN: FileCheck %s --check-prefix=FULL1 --implicit-check-not=sym_name < %t/chunk-002/reproducer-full.mlir
// FULL1: "func.func"() <{function_type = (i32) -> i32, sym_name = "b"}>

func.func @a(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %y = arith.addi %x, %c0 : i32
  return %y : i32
}

// -----

func.func @b(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %y = arith.muli %x, %x : i32
  %z = arith.muli %y, %c1 : i32
  return %z : i32
}
// Chunk 2's worker dies; chunk 4 runs in a new worker.
// ERR: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-abort{op=arith.muli}))' crashed with SIGABRT
// ERR: irscope-opt: note: report: [[DIR]]/chunk-002/report.xml

// -----

func.func @c(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %y = arith.ori %x, %c0 : i32
  return %y : i32
}

// -----

func.func @d(%x: i32, %z: i32) -> i32 {
  // ERR: crash-split-input-file.mlir:[[#@LINE+1]]:8: error: irs-test-fail: injected failure at 'arith.subi'
  %y = arith.subi %x, %z : i32
  return %y : i32
}

// ERR-NEXT: {{^}}  %y = arith.subi %x, %z : i32{{$}}
// ERR-NEXT: {{^ +\^$}}
// ERR-NEXT: irscope-opt: error: step 3 'builtin.module(func.func(irs-test-fail{op=arith.subi}))' failed: pass 'irs-test-fail' signalled failure; report: [[DIR]]/chunk-004/report.xml

// OUT:      module {
// OUT-NEXT:   func.func @a(%arg0: i32) -> i32 {
// OUT-NEXT:     return %arg0 : i32
// OUT-NEXT:   }
// OUT-NEXT: }
// OUT-EMPTY:
// OUT-NEXT: {{//}} -----
// OUT-NEXT: {{//}} -----
// OUT-NEXT: module {
// OUT-NEXT:   func.func @c(%arg0: i32) -> i32 {
// OUT-NEXT:     return %arg0 : i32
// OUT-NEXT:   }
// OUT-NEXT: }
// OUT-EMPTY:
// OUT-NEXT: {{//}} -----
// OUT-NEXT: exit=5
// OUT-EMPTY:
