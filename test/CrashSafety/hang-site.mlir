// A step that hangs: before killing the worker at --step-timeout, the
// supervisor asks it for a stack trace (SIGUSR1 to the thread running the
// step). The worker prints it, irscope-opt names where the step was stuck
// ("note: hung in", like "note: crashed in" for a crash) and report.xml
// keeps the trace, readable in <stack-trace>, and the site as `hang-site`.
// irs-test-hang is a hidden function of libirscope that waits in pause():
// llvm-symbolizer names it with its line; without a symbolizer it is named
// by offset, with the nearest caller that has a symbol.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-hang{op=arith.muli},cse)" --step-timeout=2 --dump-after-each=%t -o /dev/null; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:" --implicit-check-not="[0x" --implicit-check-not="(end of stack trace)" --implicit-check-not="step timed out" --implicit-check-not="Stack trace:" < %t.log
// Shown as a crash is: the error line, the site, a few symbolised frames
// below it (the worker's header, glibc's raw frame lines and the end marker
// stay in report.xml) and the report.
// ERR: {{^}}irscope-opt: error: step 2 'builtin.module(irs-test-hang{op=arith.muli})' timed out after 2 s{{$}}
// ERR-NEXT: irscope-opt: note: hung in runHang{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+$}}
// (A debug build may show one more frame of the pass before MLIR's.)
// ERR-NEXT: {{^}}  #1 {{.+}}
// ERR: irscope-opt: note: timed out while running pass 'irs-test-hang' on 'builtin.module' in {{.*}}hang-site.mlir: no action began in its last {{[0-9.]+}} s{{$}}
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=6

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="timeout" step="2" pass="irs-test-hang" anchor="builtin.module" elapsed-ms="{{[0-9.]+}}" timeout-s="2"{{.*}} hang-site="libirscope.so.0+0x[[SITE:[0-9a-f]+]]">
// REPORT-NOT: crash-site=
// REPORT-NEXT: <message>step 2 'builtin.module(irs-test-hang{op=arith.muli})' timed out after 2 s</message>
// REPORT-NEXT: <stderr>irscope-opt: step timed out
// REPORT-NEXT: Stack trace:
// REPORT: (end of stack trace)
// REPORT-NEXT: </stderr>
// From the stopped frame down, demangled: the pass, under the pass manager.
// REPORT-NEXT: <stack-trace>#0 pause+0x{{[0-9a-f]+}} (libc.so.6)
// REPORT-NEXT: #1 libirscope.so.0+0x[[SITE]] (no symbol)
// REPORT: mlir::PassManager::run(mlir::Operation*)
// REPORT: </stack-trace>
// REPORT-NEXT: <symbolised-trace>#0 runHang{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+$}}
// REPORT: </symbolised-trace>
// The pass was on the module; the step applied no pattern, so nothing of
// the step repeats (canonicalize's patterns of step 1 are not counted); no
// action began after the pass's own, so the step stalled in it (the
// timeout is 2 s so that the 500 ms without a new action always passes
// before it, also on a loaded machine).
// REPORT-NEXT: <action tag="pass-execution" name="irs-test-hang" index="{{[0-9]+}}" op="builtin.module" loc="{{.*}}hang-site.mlir" in-flight="true"/>
// REPORT-NEXT: <stall ms="{{[0-9]+}}">
// REPORT-NEXT: <action tag="pass-execution" name="irs-test-hang" index="{{[0-9]+}}" op="builtin.module" loc="{{.*}}hang-site.mlir"/>
// REPORT-NEXT: </stall>
// REPORT-NEXT: </failure>
// REPORT: <step index="2" pass="irs-test-hang" anchor="builtin.module" status="timeout"

// The explorer shows what the worker printed, the trace included.
// RUN: irscope-report %t -o %t/page.html
// RUN: FileCheck %s --check-prefix=HTML < %t/page.html
// HTML: Step 2 (irs-test-hang on builtin.module) failed: timeout
// HTML: <pre id="stack-trace">irscope-opt: step timed out
// HTML-NEXT: Stack trace:

// Threading on, the hang nested on one of two functions: the thread that
// runs the hung pass is asked (here one waiting in pause(), not the main
// thread waiting for the thread pool).
// RUN: rm -rf %t.nested
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-hang{op=arith.muli}))" --step-timeout=0.5 --failure-dir=%t.nested -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NESTED
// NESTED: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-hang{op=arith.muli}))' timed out after 0.5 s{{$}}
// NESTED-NEXT: irscope-opt: note: hung in runHang{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+$}}
// NESTED: irscope-opt: note: report:
// NESTED-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer {{.*}}/reproducer.mlir
// NESTED-NEXT: exit=6
// RUN: FileCheck %s --check-prefix=NESTED-REPORT < %t.nested/report.xml
// RUN: rm -rf %t.nosym
// RUN: sh -c 'LLVM_SYMBOLIZER_PATH=/nonexistent irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-hang{op=arith.muli}))" --step-timeout=0.5 --failure-dir=%t.nosym -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOSYM
// NOSYM: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-hang{op=arith.muli}))' timed out after 0.5 s{{$}}
// NOSYM-NEXT: irscope-opt: note: hung in libirscope.so.0+0x{{[0-9a-f]+}} (under mlir::{{.*}})
// NESTED-REPORT: <settings verify-each="true" threading="true"
// NESTED-REPORT: hang-site="libirscope.so.0+0x{{[0-9a-f]+}}"
// NESTED-REPORT-NOT: llvm::StdThreadPool::wait
// NESTED-REPORT: </stack-trace>

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %e = arith.muli %b, %b : i32
  return %e : i32
}

func.func @g(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  return %b : i32
}
