// What a crash looks like on the terminal, in the order a reader wants it:
// the one-line error naming step, pass and signal; the crash site
// (symbolised: a hidden function gets its name and line from
// llvm-symbolizer; without a symbolizer, an unnamed site gets its nearest
// named caller); the next few frames (demangled, without parameter lists;
// file:line where the object has debug info, as irscope's own library has
// in this build); the report's path last. Neither the worker's "fatal
// signal" and "Stack trace:" lines nor the raw glibc frame lines
// ("module(symbol+0xOFF) [0xADDR]") reach the terminal; report.xml keeps
// them.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli},symbol-dce)" --failure-dir=%t -o /dev/null; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t --implicit-check-not="[0x" --implicit-check-not="irscope-opt: error:" --implicit-check-not="fatal signal" --implicit-check-not="Stack trace:" < %t.log
// CHECK: {{^}}irscope-opt: error: step 2 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT{{$}}
// CHECK-NEXT: irscope-opt: note: crashed in runAbort{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+$}}
// (A debug build may show one more frame of the pass before MLIR's.)
// (MLIR's action dispatch adds a frame of its own; irscope's handler in it
// is left out.)
// CHECK-NEXT: {{^}}  #1 {{.+}}
// CHECK-NEXT: {{^}}  #2 {{.+}}
// CHECK-NEXT: {{^}}  #3 {{.+}}
// CHECK-NEXT: {{^}}  #4 {{.+}}
// MLIR's pass adaptor is among the four (the last one in a debug build).
// RUN: grep -E '^  #[34] mlir::detail::OpToOpPassAdaptor::.+ \(libMLIR\.so\.[0-9.]+\)$' %t.log
// The MLIR action the worker was in: the pass, on the implicit module.
// CHECK-NEXT: irscope-opt: note: crashed while running pass 'irs-test-abort' on 'builtin.module' in {{.*}}crash-terminal.mlir{{$}}
// CHECK-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// CHECK-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// CHECK-NEXT: exit=5
// RUN: count 10 < %t.log

// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <stderr>irscope-opt: fatal signal SIGABRT
// REPORT: libMLIR.so.{{[0-9.]+}}(_ZN4mlir11PassManager3runEPNS_9OperationE+0x{{[0-9a-f]+}})[0x
// REPORT: </stack-trace>
// The trace as the terminal shows it, symbolised, from the site on.
// REPORT-NEXT: <symbolised-trace>#0 runAbort{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+$}}
// REPORT-NEXT: #1 {{.+}}
// REPORT: #{{[2-4]}} mlir::detail::OpToOpPassAdaptor::{{.+}} (libMLIR.so.{{[0-9.]+}}){{$}}
// REPORT: </symbolised-trace>
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml

// The explorer shows the symbolised frames, and the site with its line.
// RUN: irscope-report %t -o %t/page.html
// RUN: FileCheck %s --check-prefix=HTML < %t/page.html
// HTML: <p id="crash-site">Crashed in runAbort{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+}}</p>
// HTML: <pre id="stack-trace">irscope-opt: fatal signal SIGABRT
// HTML-NEXT: Stack trace:
// HTML-NEXT: #0 runAbort{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+$}}
// HTML-NEXT: #1 {{.+}}

// Without a symbolizer the frames keep glibc's names, and the unnamed site
// its nearest named caller.
// RUN: rm -rf %t
// RUN: env LLVM_SYMBOLIZER_PATH=/nonexistent not irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli},symbol-dce)" --failure-dir=%t -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOSYM --implicit-check-not="[0x"
// NOSYM: irscope-opt: error: step 2 {{.*}} crashed with SIGABRT{{$}}
// NOSYM-NEXT: irscope-opt: note: crashed in libirscope.so.0+0x{{[0-9a-f]+}} (under mlir::{{.+}})
// NOSYM-NEXT: {{^}}  #1 {{.+}}
// No symbolizer, no <symbolised-trace>: the page falls back to the
// demangled trace and the unnamed site with its caller, as it shows older
// reports.
// RUN: FileCheck %s --check-prefix=NOSYMREPORT < %t/report.xml
// NOSYMREPORT: </stack-trace>
// NOSYMREPORT-NOT: symbolised-trace
// RUN: irscope-report %t -o %t/page.html
// RUN: FileCheck %s --check-prefix=NOSYMHTML < %t/page.html
// NOSYMHTML: <p id="crash-site">Crashed in a function without a symbol in libirscope.so.0 (under mlir::{{.+}})</p>
// NOSYMHTML: <pre id="stack-trace">irscope-opt: fatal signal SIGABRT
// NOSYMHTML-NEXT: Stack trace:
// NOSYMHTML-NEXT: #0 a function without a symbol in libirscope.so.0

// An upstream crash in MLIR itself (named site: no caller needed).
// RUN: rm -rf %t
// RUN: not irscope-opt %S/upstream-vector-extract-fold.mlir --pass-pipeline="builtin.module(func.func(cse),sccp,symbol-dce)" --failure-dir=%t -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UP --implicit-check-not="[0x"
// UP: irscope-opt: error: step 2 'builtin.module(sccp)' crashed with SIGSEGV{{$}}
// UP-NEXT: irscope-opt: note: crashed in mlir::DenseElementsAttr::AttributeElementIterator::operator* (libMLIR.so.{{[0-9.]+}}){{$}}
// UP-NEXT: {{^}}  #1 mlir::vector::ExtractOp::fold (libMLIR
// UP: irscope-opt: note: report:

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %e = arith.muli %b, %b : i32
  return %e : i32
}
