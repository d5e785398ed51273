// A crash in the middle of a run with --dump-after-each: the dumps of the
// steps before the crash stay, the manifest (rewritten by the supervisor)
// still validates, says status="crash" and names the step that died, the
// failure artefacts join the dumps, and no temporary file is left. The
// report's run header says what the manifest's says (--dump-only-changed
// is given to tell; every step here changes the IR, so all are dumped).
//
// The crash is irs-test-abort's abort(), a SIGABRT in sanitizer builds too.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t %t.out
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),irs-test-abort{op=arith.muli},symbol-dce)" --dump-after-each=%t --dump-only-changed -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 3 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5
// RUN: not ls %t.out

// Exactly these files: the input and the two steps before the crash, the
// manifest, and the failure artefacts; no NAME.tmp-PID left over.
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
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="crash">
// MANIFEST: <input path="{{.*}}crash-dump-after-each.mlir" {{.*}}ops="9" dump="0000-input.mlir"{{( dump-hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <settings verify-each="true" threading="true" dump-only-changed="true"/>
// MANIFEST: <steps count="4" failed="3">
// MANIFEST-NEXT: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(canonicalize))</pipeline>
// MANIFEST-NEXT: <dump file="0001-func.func-canonicalize.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <step index="2" pass="cse" anchor="func.func" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(cse))</pipeline>
// MANIFEST-NEXT: <dump file="0002-func.func-cse.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// The step the worker died in has the status the report gives it (a
// <step> means the same in both documents).
// MANIFEST: <step index="3" pass="irs-test-abort" anchor="builtin.module" status="crash"
// MANIFEST: <step index="4" pass="symbol-dce" anchor="builtin.module" status="not-run">
// MANIFEST: </steps>
// MANIFEST-NEXT: <failure report="report.xml"/>
// MANIFEST-NEXT: </irscope-manifest>

// The report sits next to the dumps and points at the last good one.
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <input path="{{.*}}crash-dump-after-each.mlir" {{.*}}ops="9" dump="0000-input.mlir"{{( dump-hash="[0-9a-f]{16}")?}}/>
// REPORT: <settings verify-each="true" threading="true" dump-only-changed="true"/>
// REPORT: <failure kind="crash" step="3" pass="irs-test-abort" anchor="builtin.module" {{.*}}signal-name="SIGABRT"
// REPORT: <artifacts>
// REPORT-NEXT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <last-good-dump file="0002-func.func-cse.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(irs-test-abort{op=arith.muli})"/>
// REPORT-NEXT: <full-reproducer file="reproducer-full.mlir" pipeline="builtin.module(func.func(canonicalize,cse),irs-test-abort{op=arith.muli},symbol-dce)"/>
// REPORT-NEXT: </artifacts>
// REPORT-NEXT: <steps count="4" failed="3">

// The dumps before the crash are intact, and the IR that went into the
// crashing step is the last of them.
// RUN: FileCheck %s --check-prefix=CANON < %t/0001-func.func-canonicalize.mlir
// CANON: %0 = arith.addi %arg0, %arg0 : i32
// CANON-NEXT: %1 = arith.addi %arg0, %arg0 : i32
// CANON-NEXT: %2 = arith.muli %0, %1 : i32
// RUN: FileCheck %s --check-prefix=CSE < %t/0002-func.func-cse.mlir
// CSE: %0 = arith.addi %arg0, %arg0 : i32
// CSE-NEXT: %1 = arith.muli %0, %0 : i32
// CSE: func.func private @dead()
// RUN: diff %t/0002-func.func-cse.mlir %t/failure-input.mlir

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
func.func private @dead()
