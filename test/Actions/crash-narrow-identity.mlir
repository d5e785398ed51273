// A step that crashes two ways in one function is narrowed, in-process, to
// the crash it reported. The irsx plugin (test/Plugins/irsx) dies of
// SIGSEGV in irsxCrashIfLeft both ways: in the dialect's verifier after
// irsx-fold-wrap, under irsxCheckFolded, once both unwraps below are
// folded (the reported crash: outside any action, so the step is
// narrowed); and inside the pass, under irsxCheckLeft, when the unwrap of
// the wrap marked `irsx.crash_if_left` is left. The greedy driver folds
// %ub first (rewrite #1), then %ua (#2). With no rewrite the step dies the
// second way: one signal, one crash site, but another frame under it, so
// that run does not count as failing; with #1 alone it runs clean; with
// both it dies as reported. The answer is rewrite #2. (Compared by signal
// and site alone, the run without rewrites would count as failing, and no
// single action would be to blame.)
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --failure-dir=%t/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s
// CHECK: irscope-opt: error: step 1 'builtin.module(irsx-fold-wrap)' crashed with SIGSEGV
// CHECK: irscope-opt: note: crashed outside any action, after running pass 'irsx-fold-wrap'
// CHECK-NEXT: irscope-opt: note: first rewrite that crashes the step: #2 of 2 in step 1 'builtin.module(irsx-fold-wrap)': pattern '{{.*}}FoldWrap' on 'irsx.unwrap' at {{.*}}crash-narrow-identity.mlir:[[#@LINE+19]]:9{{$}}
// CHECK: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <action tag="apply-pattern" name="{{.*}}FoldWrap" index="2" of="2" executions="{{[0-9]+}}" op="irsx.unwrap" loc="{{.*}}crash-narrow-identity.mlir:[[#@LINE+16]]:9"

// Upstream's counter by hand on the step's input: no rewrite dies in the
// pass's own check, both die in the verifier's, the one the report names.
// RUN: not --crash %mlir_opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=0 -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONE
// NONE: irsxCrashIfLeft
// NONE-NEXT: irsxCheckLeft
// RUN: %mlir_opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=1 -o /dev/null
// RUN: not --crash %mlir_opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --mlir-disable-threading -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOTH
// BOTH: irsxCrashIfLeft
// BOTH-NEXT: irsxCheckFolded

func.func @f(%a: i32, %b: i32) {
  %wa = irsx.wrap %a : i32 -> !irsx.box<"a">
  %ua = irsx.unwrap %wa : !irsx.box<"a"> -> i32
  %wb = irsx.wrap %b {irsx.crash_if_left} : i32 -> !irsx.box<"b">
  %ub = irsx.unwrap %wb : !irsx.box<"b"> -> i32
  irsx.use %ua, %ub {irsx.crash_if_folded} : i32, i32
  return
}
