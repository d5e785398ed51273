// A crash injected into the irsx dialect's IR (a wrap carrying
// `irsx.crash` makes the plugin's irsx-fold-wrap dereference null) is
// documented like any other: the step, the plugin in report.xml, and
// reproducers whose first lines give the replay commands with the plugin
// flags; `mlir-opt --load-dialect-plugin --load-pass-plugin --run-reproducer`
// crashes on the reproducer the same way, and so does irscope-opt.
// opt-reduce, given the same plugins, reduces the crash to the ops of the
// dialect that matter and emits a lit test and a reproducer that replay.

// RUN: rm -rf %t && mkdir %t
// RUN: sh -c 'irscope-opt %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --pass-pipeline="builtin.module(canonicalize,irsx-fold-wrap)" --failure-dir=%t/crash -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: irscope-opt: error: step 2 'builtin.module(irsx-fold-wrap)' crashed with SIGSEGV
// CRASH-NEXT: irscope-opt: note: crashed in (anonymous namespace)::FoldWrap::matchAndRewrite
// CRASH: irscope-opt: note: report: {{.*}}/crash/report.xml
// CRASH-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// CRASH-NEXT: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/crash/report.xml
// REPORT: <plugin kind="mlir-dialect" path="{{.*}}/libIrsxPlugin.so" name="irsx" version="0.1"/>
// REPORT-NEXT: <plugin kind="mlir-pass" path="{{.*}}/libIrsxPlugin.so" name="irsx" version="0.1"/>
// REPORT: <failure kind="crash" step="2" pass="irsx-fold-wrap"
// RUN: xmllint --noout --schema %schemas/report.xsd %t/crash/report.xml
// RUN: FileCheck %s --check-prefix=REPRO < %t/crash/reproducer.mlir
// REPRO: // The run loaded plugins; replay with
// REPRO-NEXT: //   mlir-opt --load-dialect-plugin={{.*}}/libIrsxPlugin.so --load-pass-plugin={{.*}}/libIrsxPlugin.so --run-reproducer FILE
// REPRO-NEXT: //   irscope-opt --load-dialect-plugin={{.*}}/libIrsxPlugin.so --load-pass-plugin={{.*}}/libIrsxPlugin.so --run-reproducer FILE
// REPRO: "irsx.wrap"{{.*}}{irsx.crash}
// REPRO: pipeline: "builtin.module(irsx-fold-wrap)"
// RUN: not --crash mlir-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --run-reproducer %t/crash/reproducer.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MLIROPT
// RUN: not --crash mlir-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --run-reproducer %t/crash/reproducer-full.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MLIROPT
// MLIROPT: Stack dump:
// MLIROPT: libIrsxPlugin.so
// RUN: sh -c 'irscope-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --run-reproducer %t/crash/reproducer.mlir --failure-dir=%t/replay -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: irscope-opt: error: step 1 'builtin.module(irsx-fold-wrap)' crashed with SIGSEGV
// REPLAY: irscope-opt: note: report: {{.*}}/report.xml
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=5

// opt-reduce: its test workers are forked after the plugins are loaded.
// RUN: opt-reduce %s --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --pass-pipeline="builtin.module(canonicalize,irsx-fold-wrap)" -o %t/reduced.mlir --emit-lit-test=%t/lit.mlir --emit-lit-test-mode=pin --reproducer=%t/reduced-repro.mlir 2>&1 | FileCheck %s --check-prefix=REDUCE
// REDUCE: opt-reduce: done: wrote '{{.*}}/reduced.mlir' ({{[0-9]+}} tests); signature: crash in irsx-fold-wrap, in {{.*}}libIrsxPlugin.so
// RUN: FileCheck %s --check-prefix=REDUCED < %t/reduced.mlir
// REDUCED: func.func @f
// REDUCED-NOT: arith.muli
// REDUCED: irsx.wrap %{{.*}} {irsx.crash}
// REDUCED-NEXT: irsx.unwrap
// REDUCED-NOT: irsx.use
// REDUCED-NOT: func.func @keep
// RUN: FileCheck %s --check-prefix=LIT < %t/lit.mlir
// LIT: // {{R}}UN: not --crash irscope-opt %s --load-dialect-plugin={{.*}}/libIrsxPlugin.so --load-pass-plugin={{.*}}/libIrsxPlugin.so --crash-protection=0 --pass-pipeline='builtin.module(irsx-fold-wrap)'
// RUN: not --crash irscope-opt %t/lit.mlir --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --crash-protection=0 --pass-pipeline='builtin.module(irsx-fold-wrap)' -o /dev/null 2>&1 | FileCheck %t/lit.mlir
// RUN: not --crash mlir-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --run-reproducer %t/reduced-repro.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MLIROPT
// The default (fix) form of the lit test runs mlir-opt with the plugins.
// RUN: opt-reduce %t/reduced.mlir --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin --pass-pipeline="builtin.module(irsx-fold-wrap)" -o %t/reduced2.mlir --emit-lit-test=%t/fix.mlir 2>&1 | FileCheck %s --check-prefix=REDUCE2
// REDUCE2: opt-reduce: done:
// RUN: FileCheck %s --check-prefix=FIX < %t/fix.mlir
// FIX: // {{R}}UN: mlir-opt %s --load-dialect-plugin={{.*}}/libIrsxPlugin.so --load-pass-plugin={{.*}}/libIrsxPlugin.so -pass-pipeline='builtin.module(irsx-fold-wrap)' | FileCheck %s

func.func @keep(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
func.func @f(%a: i32, %q: i64) -> i32 {
  %x = arith.constant 7 : i32
  %y = arith.addi %a, %x : i32
  %b = irsx.wrap %y {irsx.crash} : i32 -> !irsx.box<"x">
  %c = irsx.unwrap %b : !irsx.box<"x"> -> i32
  %d = irsx.wrap %q : i64 -> !irsx.box<"y">
  irsx.use %b, %d : !irsx.box<"x">, !irsx.box<"y">
  return %c : i32
}
