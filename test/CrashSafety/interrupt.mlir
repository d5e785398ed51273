// SIGINT (or SIGTERM) to irscope-opt while a step runs: the supervisor stops
// the worker, marks the manifest "interrupted" (it still validates), removes
// half-written temporaries, keeps every dump already written, writes no
// report and no -o file, and exits with 130.
//
// The interrupt comes while the worker hangs in step 3, whatever the load:
// irs-test-hang{interrupt=1} sends SIGINT to its parent, irscope-opt, as it
// starts to hang (a kill from the shell after a sleep may come too early).
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t %t.out %t.term %t.count
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),irs-test-hang{op=arith.muli interrupt=1 file=%t.count},symbol-dce)" --dump-after-each=%t -o %t.out; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=ERR --implicit-check-not="irscope-opt: error:" < %t.log
// ERR: irscope-opt: error: interrupted in step 3 'builtin.module(irs-test-hang{op=arith.muli interrupt=1 file={{.*}}})'
// ERR-NEXT: exit=130
// RUN: not ls %t.out

// RUN: ls %t | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: 0002-func.func-cse.mlir
// FILES-NEXT: manifest.xml
// FILES-EMPTY:

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="interrupted">
// MANIFEST: <steps count="4"
// MANIFEST-NEXT: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(canonicalize))</pipeline>
// MANIFEST-NEXT: <dump file="0001-func.func-canonicalize.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <step index="2" pass="cse" anchor="func.func" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(cse))</pipeline>
// MANIFEST-NEXT: <dump file="0002-func.func-cse.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// The step it was stopped in is marked as such, with how long it had run
// (not "not-run", which would give its time to the step before).
// MANIFEST: <step index="3" pass="irs-test-hang" anchor="builtin.module" status="interrupted" elapsed-ms="{{[0-9]+\.[0-9][0-9][0-9]}}">
// MANIFEST: <step index="4" pass="symbol-dce" anchor="builtin.module" status="not-run">
// MANIFEST-NOT: <failure
// MANIFEST: </irscope-manifest>

// The explorer page shows the step as interrupted, its bar sized by the
// time it ran.
// RUN: irscope-report %t 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: irscope-report: wrote {{.*}}report.html
// RUN: FileCheck %s --check-prefix=PAGE < %t/report.html
// PAGE: <a class="bar status-interrupted" href="#step-3" data-step="3" data-status="interrupted" style="flex-grow: {{[0-9.]+}}" title="step 3 irs-test-hang (builtin.module): interrupted, {{[0-9]+\.[0-9][0-9][0-9]}} ms">
// PAGE: <span class="badge status-interrupted">interrupted</span> irs-test-hang on builtin.module &middot; ran {{[0-9]+\.[0-9][0-9][0-9]}} ms before it was interrupted</summary>

// The dumps written before the interrupt are complete.
// RUN: FileCheck %s --check-prefix=CSE --match-full-lines < %t/0002-func.func-cse.mlir
// CSE:      module {
// CSE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CSE-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CSE-NEXT:     %1 = arith.muli %0, %0 : i32
// CSE-NEXT:     return %1 : i32
// CSE-NEXT:   }
// CSE-NEXT:   func.func private @dead()
// CSE-NEXT: }

// SIGTERM, without instrumentation (where the worker only knows it is
// somewhere in the pipeline): the same exit code and one line. No failure
// directory is made for an interrupted run, not even an empty
// $TMPDIR/irscope-failure-* one.
// RUN: mkdir %t.term
// The signal is sent once the worker exists (the supervisor's handlers are
// in place by then).
// RUN: sh -c 'TMPDIR=%t.term irscope-opt %s --pass-pipeline="builtin.module(irs-test-hang{op=arith.muli})" -o /dev/null & pid=$!; \
// RUN:   i=0; until pgrep -P $pid >/dev/null || [ $i -ge 1200 ]; do sleep 0.05; i=$((i+1)); done; sleep 0.2; \
// RUN:   kill -TERM $pid; wait $pid; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TERM --implicit-check-not="irscope-opt: error:"
// TERM: irscope-opt: error: interrupted in {{the pipeline|step 1 'builtin.module\(irs-test-hang\{op=arith.muli\}\)'}}
// TERM-NEXT: exit=130
// RUN: ls %t.term | count 0

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
func.func private @dead()
