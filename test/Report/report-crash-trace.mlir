// The page of a crashed run shows the trace as a person reads it, and as
// a bug report upstream needs it: the worker's stderr with the raw glibc
// frames replaced by the report's symbolised ones (function at file:line)
// of the failing pass, down to mlir::PassManager::run (irscope's own
// frames below it stay in report.xml), the crash site with its line
// (without a symbolizer: the demangled frames, and the unnamed site with
// its nearest named caller, no offset of this build anywhere), and both
// replays with absolute paths (mlir-opt's only when the pipeline has no
// irscope pass, which mlir-opt does not know).

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli})" --dump-after-each=rel -o /dev/null 2>/dev/null
// RUN: irscope-report rel 2>&1 | FileCheck %s --check-prefix=OUT -DDIR=%t
// OUT: irscope-report: wrote [[DIR]]/rel/report.html
// RUN: FileCheck %s -DDIR=%t --check-prefix=SYM --implicit-check-not="[0x" --implicit-check-not=irsPassManagerRun --implicit-check-not=irsSupervisorRun --implicit-check-not=__libc_start_main < rel/report.html
// SYM: <p id="crash-site">Crashed in runAbort{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+}}</p>
// SYM: <pre id="stack-trace">irscope-opt: fatal signal SIGABRT
// SYM-NEXT: Stack trace:
// SYM-NEXT: #0 runAbort{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+$}}
// SYM: mlir::PassManager::run (libMLIR.so{{[.0-9]+}})
// SYM-NEXT: ({{[0-9]+}} frames below mlir::PassManager::run, the driver's, are in report.xml)
// SYM-NEXT: </pre>
// SYM: <pre id="reproducer-command">irscope-opt --run-reproducer [[DIR]]/rel/reproducer.mlir</pre>
// RUN: rm -rf nosym && env LLVM_SYMBOLIZER_PATH=/nonexistent not irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli})" --dump-after-each=nosym -o /dev/null 2>/dev/null
// RUN: irscope-report nosym
// RUN: FileCheck %s -DDIR=%t/nosym --implicit-check-not="[0x" --implicit-check-not=+0x --implicit-check-not=irsPassManagerRun < nosym/report.html
// CHECK: <p id="crash-site">Crashed in a function without a symbol in libirscope.so.0 (under mlir::detail::OpToOpPassAdaptor::run)</p>
// CHECK: <pre id="stack-trace">irscope-opt: fatal signal SIGABRT
// CHECK-NEXT: Stack trace:
// CHECK-NEXT: #0 a function without a symbol in libirscope.so.0
// A pass runs inside MLIR's action dispatch (the action bridge's handler).
// CHECK: mlir::MLIRContext::executeActionInternal(
// CHECK: mlir::detail::OpToOpPassAdaptor::run(
// CHECK: mlir::PassManager::run(mlir::Operation*) (libMLIR.so{{[.0-9]+}})
// CHECK-NEXT: ({{[0-9]+}} frames below mlir::PassManager::run, the driver's, are in report.xml)
// CHECK: <pre id="reproducer-command">irscope-opt --run-reproducer [[DIR]]/reproducer.mlir</pre>
// CHECK-NEXT: <p class="note">mlir-opt cannot replay it: the pipeline has irscope's own passes</p>

// An upstream crash: both replays.
// RUN: not irscope-opt %S/../CrashSafety/upstream-vector-extract-fold.mlir --pass-pipeline="builtin.module(func.func(cse),sccp)" --dump-after-each=up -o /dev/null 2>/dev/null
// RUN: irscope-report up
// RUN: FileCheck %s --check-prefix=UP -DDIR=%t < up/report.html
// UP: <p id="crash-site">Crashed in mlir::DenseElementsAttr::AttributeElementIterator::operator*</p>
// UP: <pre id="reproducer-command">irscope-opt --run-reproducer [[DIR]]/up/reproducer.mlir</pre>
// UP-NEXT: <pre id="mlir-opt-command">mlir-opt --run-reproducer [[DIR]]/up/reproducer.mlir -o /dev/null</pre>
// RUN: not --crash mlir-opt --run-reproducer %t/up/reproducer.mlir -o /dev/null

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %e = arith.muli %b, %b : i32
  return %e : i32
}
